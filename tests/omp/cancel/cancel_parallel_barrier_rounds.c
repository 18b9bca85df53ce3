// cancel parallel while the rest of the team meets a barrier, round after
// round, for teams of 1 to 6 threads on 2 ESs, the cancelling thread
// changing from round to round: every waiter leaves, and nothing after the
// barrier runs. Issue 49: a waiter that found the region not cancelled and
// then went to sleep on the barrier's word, just as the cancel's wake-up
// went by, slept for ever (thread 0 in GOMP_barrier_cancel, in most runs
// of a gcc build). Also passes on libomp and libgomp.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

#define ROUNDS 100
#define MAX_TEAM 6

int main(void) {
  deadline(60, "cancel_parallel_barrier_rounds");
  CHECK_EQ(omp_get_cancellation(), 1);
  for (int round = 0; round < ROUNDS; round++)
    for (int n = 1; n <= MAX_TEAM; n++) {
      int entered = 0, cancelled = 0, after_barrier = 0;
#pragma omp parallel num_threads(n)
      {
        CHECK_EQ(omp_get_num_threads(), n);
#pragma omp atomic
        entered++;
        if (omp_get_thread_num() == (round + n) % n) {
#pragma omp atomic
          cancelled++;
#pragma omp cancel parallel
        }
#pragma omp barrier
#pragma omp atomic
        after_barrier++;
      }
      CHECK_EQ(entered, n);
      CHECK_EQ(cancelled, 1);
      CHECK_EQ(after_barrier, 0);
    }
  printf("%d rounds of teams of 1 to %d: every barrier left on cancel\n", ROUNDS, MAX_TEAM);
  return 0;
}
// CHECK: 100 rounds of teams of 1 to 6: every barrier left on cancel
