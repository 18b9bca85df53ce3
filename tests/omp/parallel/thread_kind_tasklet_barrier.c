// REQUIRES: bobbin
// A barrier in a region whose OpenMP threads are tasklets
// (BOBBIN_THREAD_KIND=ult,tasklet, level 2) cannot be honoured: the program
// ends with a message that names BOBBIN_THREAD_KIND rather than hanging or
// going on wrongly. The same program runs fine with ult at every level.
// RUN: %libomp-compile && env BOBBIN_THREAD_KIND=ult,tasklet not --crash %libomp-run 2>&1 | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=ult %libomp-run 2>&1 | FileCheck %s --check-prefix=ULT
#include "check.h"

int main(void) {
  int after = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(4)
    {
      spin_a_bit(1000 * omp_get_thread_num());
#pragma omp barrier
#pragma omp atomic
      after++;
    }
  }
  CHECK_EQ(after, 8);
  printf("finished with %d\n", after);
  return 0;
}
// CHECK: BOBBIN_THREAD_KIND
// CHECK-NOT: finished with
// ULT-NOT: bobbin:
// ULT: finished with 8
