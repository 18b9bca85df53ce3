// omp_get_max_task_priority returns OMP_MAX_TASK_PRIORITY, 0 when unset,
// the same inside a parallel region and inside a task.
// RUN: %libomp-compile && %libomp-run | FileCheck %s --check-prefix=UNSET
// RUN: env OMP_MAX_TASK_PRIORITY=10 %libomp-run | FileCheck %s --check-prefix=TEN
// RUN: env OMP_MAX_TASK_PRIORITY=255 %libomp-run | FileCheck %s --check-prefix=BIG
#include "check.h"

int main(void) {
  int outside = omp_get_max_task_priority(), in_region = -1, in_task = -1;
#pragma omp parallel
#pragma omp single
  {
    in_region = omp_get_max_task_priority();
#pragma omp task shared(in_task) priority(3)
    in_task = omp_get_max_task_priority();
  }
  CHECK_EQ(in_region, outside);
  CHECK_EQ(in_task, outside);
  printf("max task priority %d\n", outside);
  return 0;
}
// UNSET: max task priority 0
// TEN: max task priority 10
// BIG: max task priority 255
