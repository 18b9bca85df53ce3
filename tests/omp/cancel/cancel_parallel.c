// cancel parallel with OMP_CANCELLATION=true: the cancelling thread leaves
// the region at once; threads asleep in a barrier and threads polling a
// cancellation point leave too, skipping the rest of the region; the region
// ends (no hang), and the next region runs in full.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

#define NT 4
#define PATIENCE 10.0 // seconds a thread waits for the cancellation

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 1);
  int after_cancel = 0, after_barrier = 0, timeouts = 0, entered = 0;

  // Threads 1..3 wait in a barrier that thread 0 never reaches: it cancels.
#pragma omp parallel num_threads(NT)
  {
#pragma omp atomic
    entered++;
    if (omp_get_thread_num() == 0) {
      double t0 = omp_get_wtime();
      while (omp_get_wtime() - t0 < 0.05) // let the others fall asleep
        spin_a_bit(1000);
#pragma omp cancel parallel
#pragma omp atomic
      after_cancel++;
    }
#pragma omp barrier
#pragma omp atomic
    after_barrier++;
  }
  CHECK_EQ(entered, NT);
  CHECK_EQ(after_cancel, 0);
  CHECK_EQ(after_barrier, 0);
  printf("barrier waiters released, nothing after the cancel ran\n");

  // Threads 1..3 poll a cancellation point.
  entered = 0;
#pragma omp parallel num_threads(NT)
  {
#pragma omp atomic
    entered++;
    if (omp_get_thread_num() == 0) {
      spin_a_bit(100000);
#pragma omp cancel parallel
#pragma omp atomic
      after_cancel++;
    } else {
      double t0 = omp_get_wtime();
      while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point parallel
        spin_a_bit(100);
      }
#pragma omp atomic
      timeouts++;
    }
  }
  CHECK_EQ(entered, NT);
  CHECK_EQ(after_cancel, 0);
  CHECK_EQ(timeouts, 0);
  printf("cancellation points left the region\n");

  // The next region is not cancelled.
  int all = 0;
#pragma omp parallel num_threads(NT)
  {
#pragma omp barrier
#pragma omp cancellation point parallel
#pragma omp atomic
    all++;
  }
  CHECK_EQ(all, NT);
  printf("next region: %d threads ran to the end\n", all);
  return 0;
}
// CHECK: barrier waiters released, nothing after the cancel ran
// CHECK-NEXT: cancellation points left the region
// CHECK-NEXT: next region: 4 threads ran to the end
