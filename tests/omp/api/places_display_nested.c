// OMP_DISPLAY_AFFINITY with nested regions: the primary thread of a team is
// the thread that encountered its region, so when it is back in the outer
// team, what its line shows has changed and it prints again. Bobbin named a
// primary thread apart from its encountering thread and printed nothing
// there. The second nested round changes nothing: thread 1 of the outer
// team and thread 1 of thread 0's inner team are two threads. LLVM's
// libomp passes too.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="aff L%L n%n N%N" OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// libgomp 12 prints these lines on stderr:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

static void mark(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

static int ran;

static void count(void) {
#pragma omp atomic
  ran++;
}

int main(void) {
  deadline(30, "places_display_nested");
  mark("serial");
#pragma omp parallel num_threads(1)
  {
#pragma omp parallel num_threads(1)
    mark("inner");
    mark("outer again");
  }
  mark("top");
#pragma omp parallel num_threads(1)
  mark("in top");
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
#pragma omp single
    mark("nested");
#pragma omp parallel num_threads(2)
    count();
#pragma omp barrier
#pragma omp single
    mark("nested again");
#pragma omp parallel num_threads(2)
    count();
#pragma omp barrier
  }
  mark("flat again");
#pragma omp parallel num_threads(2)
  count();
  CHECK_EQ(ran, 10);
  mark("end");
  return 0;
}
// CHECK: serial
// CHECK-NEXT: aff L1 n0 N1
// CHECK-NEXT: aff L2 n0 N1
// CHECK-NEXT: inner
// CHECK-NEXT: outer again
// CHECK-NEXT: top
// CHECK-NEXT: aff L1 n0 N1
// CHECK-NEXT: in top
// CHECK-DAG: aff L1 n0 N2
// CHECK-DAG: aff L1 n1 N2
// CHECK: nested
// CHECK-DAG: aff L2 n0 N2
// CHECK-DAG: aff L2 n0 N2
// CHECK-DAG: aff L2 n1 N2
// CHECK-DAG: aff L2 n1 N2
// CHECK: nested again
// CHECK-NOT: aff
// CHECK: flat again
// CHECK-DAG: aff L1 n0 N2
// CHECK-DAG: aff L1 n1 N2
// CHECK: end
