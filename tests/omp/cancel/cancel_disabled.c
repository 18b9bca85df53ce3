// With OMP_CANCELLATION unset (or false) cancel and cancellation point do
// nothing: omp_get_cancellation is 0, and code after a cancel of a
// parallel region, a loop or sections runs as if it were absent.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=false %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 0);
  int after_cancel = 0, after_barrier = 0;
#pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp cancel parallel
#pragma omp atomic
      after_cancel++;
    }
#pragma omp cancellation point parallel
#pragma omp barrier
#pragma omp atomic
    after_barrier++;
  }
  CHECK_EQ(after_cancel, 1);
  CHECK_EQ(after_barrier, 4);
  printf("cancel parallel ignored\n");

  int ran[400] = {0};
#pragma omp parallel for num_threads(4) schedule(static, 1)
  for (int i = 0; i < 400; i++) {
    if (i == 1) {
#pragma omp cancel for
    }
#pragma omp cancellation point for
    ran[i]++;
  }
  for (int i = 0; i < 400; i++)
    CHECK_EQ(ran[i], 1);
  printf("cancel for ignored\n");

  int sec[3] = {0};
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    {
#pragma omp cancel sections
      sec[0]++;
    }
#pragma omp section
    {
#pragma omp cancellation point sections
      sec[1]++;
    }
#pragma omp section
    sec[2]++;
  }
  CHECK(sec[0] == 1 && sec[1] == 1 && sec[2] == 1);
  printf("cancel sections ignored\n");
  return 0;
}
// CHECK: cancel parallel ignored
// CHECK-NEXT: cancel for ignored
// CHECK-NEXT: cancel sections ignored
