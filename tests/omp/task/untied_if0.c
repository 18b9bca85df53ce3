// An undeferred untied task runs to its end before its creator goes on,
// every part of it: clang runs an untied task as parts, each resubmitting
// the task for the next, its first part at once, so `untied if(0)` left
// only complete_if0 for the rest. Before, the body never ran at all, and
// the creator went on without a word. Parts here end at a taskyield, a
// task creation and a taskwait; the task is undeferred by if(0), and by
// final and a team of one. LLVM's libomp 14 and 19 stop at an assertion
// (td_last_tied) on a clang binary; GNU libgomp, which runs gcc's untied
// tasks whole, passes.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

static void body(int *a, int *b, int *c) {
  *a = 1;
#pragma omp taskyield
  *b = 1;
#pragma omp task shared(c)
  *c = 1;
#pragma omp taskwait
  *b = 2;
}

int main(void) {
  deadline(30, "untied_if0");
  int a = 0, b = 0, c = 0, fa = 0, fb = 0, fc = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task untied if(0) shared(a, b, c)
    body(&a, &b, &c);
    CHECK(a == 1 && b == 2 && c == 1);
#pragma omp task untied final(1) shared(fa, fb, fc)
    body(&fa, &fb, &fc);
#pragma omp taskwait
    CHECK(fa == 1 && fb == 2 && fc == 1);
  }
  printf("untied if0 ran whole\n");
  return 0;
}
// CHECK: untied if0 ran whole
