// OMP_WAIT_POLICY and BOBBIN_WAIT_POLICY only change how idle threads wait:
// barriers and loops give the same results with either policy.
// RUN: %libomp-compile && env OMP_WAIT_POLICY=active %libomp-run | FileCheck %s
// RUN: env OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
// RUN: env BOBBIN_WAIT_POLICY=passive %libomp-run | FileCheck %s
// RUN: env BOBBIN_WAIT_POLICY=active %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

int main(void) {
  long sum = 0;
  for (int r = 0; r < 20; r++) {
#pragma omp parallel num_threads(4) reduction(+ : sum)
    {
#pragma omp for schedule(dynamic, 10)
      for (int i = 0; i < 1000; i++)
        sum += i;
      // One thread sleeps; the others wait for it in the barrier.
      if (omp_get_thread_num() == r % 4) {
        struct timespec ts = {0, 2 * 1000 * 1000};
        nanosleep(&ts, NULL);
      }
#pragma omp barrier
    }
  }
  CHECK_EQ(sum, 20 * 499500L);
  printf("sum %ld\n", sum);
  return 0;
}
// CHECK: sum 9990000
