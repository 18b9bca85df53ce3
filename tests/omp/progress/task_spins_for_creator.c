// A task spins until its creator, which waits for it to start by yielding
// its CPU in a loop (sched_yield, not a scheduling point), sets a flag: a
// Pthread runtime runs the task on the team-mate waiting at the region's
// end, and both go on. The creator is the initial thread, then thread 1;
// each ES here runs a thread's code with the ES's own TLS block, which the
// task must not take from its creator: preempted with it, it would keep the
// creator from running, and spin for ever.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// RUN: %libomp-run | FileCheck %s
#include "check.h"

#include <sched.h>

enum { ROUNDS = 10, SPIN_MS = 3 };

static int started, flag;

static void round_by(int creator) {
  started = flag = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == creator) {
#pragma omp task
    {
      __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
      while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        for (volatile int i = 0; i < 100; i++)
          ;
    }
    while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE))
      sched_yield();
    double t0 = omp_get_wtime();
    while (omp_get_wtime() - t0 < SPIN_MS * 1e-3)
      ;
    __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
  }
}

int main(void) {
  deadline(60, "task_spins_for_creator");
  for (int creator = 0; creator < 2; creator++) {
    for (int r = 0; r < ROUNDS; r++)
      round_by(creator);
    printf("creator %d: done\n", creator);
  }
  return 0;
}
// CHECK: creator 0: done
// CHECK: creator 1: done
