// An idle ES takes over an OpenMP thread that waits for a busy one, with
// no time slice to preempt the busy one (BOBBIN_TIME_SLICE=off). Three
// threads on two ESs: thread 2 shares an ES with thread 0. Thread 2
// blocks on a lock thread 1 holds; thread 0 then spins, without any
// OpenMP call, until thread 2 has the lock; thread 1 releases it and
// waits at the barrier, leaving its ES idle. Thread 2, woken while its
// ES is busy with thread 0, must go on on the idle ES: were it to wait
// for its own, the program would never end (the deadline fails it).
// Thread 2 runs with a TLS block of its own, which moves with it: its
// __thread variable keeps its address and value.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=off %libomp-run | FileCheck %s
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=off OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

#include <unistd.h>

enum { ROUNDS = 20 };

static __thread int mine;

int main(void) {
  deadline(60, "roam_woken");
  omp_lock_t lock;
  omp_init_lock(&lock);
  for (int r = 0; r < ROUNDS; r++) {
    int got = 0, moved_ok = 1;
#pragma omp parallel num_threads(3) shared(got, moved_ok)
    {
      int me = omp_get_thread_num();
      if (me == 1)
        omp_set_lock(&lock);
#pragma omp barrier
      if (me == 2) {
        mine = r + 100;
        int *before = &mine;
        omp_set_lock(&lock); // parks: thread 1 holds it a while
        if (&mine != before || mine != r + 100)
          moved_ok = 0;
        omp_unset_lock(&lock);
#pragma omp atomic write
        got = 1;
      } else if (me == 1) {
        usleep(2000); // thread 2 parks on the lock meanwhile
        omp_unset_lock(&lock);
      } else {
        int seen;
        do {
#pragma omp atomic read
          seen = got;
        } while (!seen);
      }
    }
    CHECK_EQ(got, 1);
    CHECK_EQ(moved_ok, 1);
  }
  omp_destroy_lock(&lock);
  printf("roam_woken: %d rounds\n", ROUNDS);
  return 0;
}
// CHECK: roam_woken: 20 rounds
