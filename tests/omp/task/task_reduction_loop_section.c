// Array sections in the task reductions of loops: taskloop reduction over a
// constant-length section starting at 0 and a variable-length one starting
// at 2, and a worksharing loop's reduction(task, ...) over sections not
// starting at 0 (b[3:6], w[1:n]) whose in_reduction tasks add into them;
// with one thread and several, on one ES and more. clang declares one
// element's size for a constant-length section (LLVM's libomp 14 corrupts
// its heap here with two threads or more).
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 BOBBIN_NUM_ES=4 %libomp-run | FileCheck %s
#include "check.h"

#define N 24
#define ITERS 100

int main(void) {
  deadline(60, "task_reduction_loop_section");
  for (int round = 0; round < 4; round++) {
    int n = 12 - 3 * round;
    double a[N] = {0}, b[N] = {0};
    long *v = calloc(N, sizeof *v), *w = calloc(N, sizeof *w);
    CHECK(v && w);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : a[0:N], v[2:n])
    for (int i = 0; i < ITERS; i++) {
      for (int j = 0; j < N; j++)
        a[j] += 1;
      for (int j = 2; j < 2 + n; j++)
        v[j] += 1;
    }
#pragma omp parallel
    {
#pragma omp for reduction(task, + : b[3:6], w[1:n])
      for (int i = 0; i < ITERS; i++) {
        b[3] += 1; // the thread's own part
#pragma omp task in_reduction(+ : b[3:6], w[1:n])
        {
          for (int j = 3; j < 9; j++)
            b[j] += 1;
          for (int j = 1; j < 1 + n; j++)
            w[j] += 2;
        }
      }
    }
    for (int j = 0; j < N; j++) {
      CHECK(a[j] == ITERS);
      CHECK_EQ(v[j], j >= 2 && j < 2 + n ? ITERS : 0);
      CHECK(b[j] == (j >= 3 && j < 9 ? ITERS : 0) + (j == 3 ? ITERS : 0));
      CHECK_EQ(w[j], j >= 1 && j < 1 + n ? 2 * ITERS : 0);
    }
    free(v);
    free(w);
  }
  printf("loop sections reduced\n");
  return 0;
}
// CHECK: loop sections reduced
