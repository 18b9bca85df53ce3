// REQUIRES: bobbin
// Task priorities on one ES (BOBBIN_NUM_ES=1, OMP_MAX_TASK_PRIORITY=10):
// while the creating thread holds the ES it creates tasks with priorities 0
// to 10 in increasing order (twice over, interleaved); when it waits, they
// run highest priority first. A priority above the maximum counts as the
// maximum. With OMP_MAX_TASK_PRIORITY unset (0) the clause is only a hint
// and every task still runs once.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_MAX_TASK_PRIORITY=10 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s --check-prefix=ZERO
#include "check.h"

#define TASKS 22

int main(void) {
  int order[TASKS + 1], next = 0, max = omp_get_max_task_priority();
#pragma omp parallel
#pragma omp single
  {
    CHECK_EQ(omp_get_num_threads(), 1);
    for (int k = 0; k < TASKS; k++) {
      int p = k / 2; // 0 0 1 1 2 2 ... 10 10
#pragma omp task priority(p) firstprivate(p) shared(order, next)
      order[next++] = p;
    }
    // Above the maximum: treated as 10, runs with the tens (or all of them
    // when the maximum is 0).
#pragma omp task priority(99) shared(order, next)
    order[next++] = 10;
#pragma omp taskwait
  }
  CHECK_EQ(next, TASKS + 1);
  if (max == 10) {
    for (int i = 1; i <= TASKS; i++)
      CHECK(order[i - 1] >= order[i]);
    CHECK_EQ(order[0], 10);
    CHECK_EQ(order[TASKS], 0);
  }
  printf("max priority %d:", max);
  for (int i = 0; i <= TASKS; i++)
    printf(" %d", max == 10 ? order[i] : 1);
  printf("\n");
  return 0;
}
// CHECK: max priority 10: 10 10 10 9 9 8 8 7 7 6 6 5 5 4 4 3 3 2 2 1 1 0 0
// ZERO: max priority 0: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
