// A task run at once on its creator because the queue is full (throttling)
// may run in the memory its creator's previous such task used, and must
// not inherit that task's state: its final flag, its ICVs, the taskgroup
// its children count in. A thread of a team of one queues 300 tasks, which
// nobody runs before it waits, so the tasks it makes next are throttled,
// and alternate those states.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { QUEUED = 300, ROUNDS = 100 };

static int queued_ran;

// A child with a dependence is always queued, so it counts where its
// parent's context says; a taskgroup that missed it ends while it waits.
static int grouped_round(void) {
  int child_done = 0;
#pragma omp taskgroup
  {
#pragma omp task shared(child_done)
    {
#pragma omp task depend(out : child_done) shared(child_done)
      __atomic_store_n(&child_done, 1, __ATOMIC_RELEASE);
    }
  }
  return __atomic_load_n(&child_done, __ATOMIC_ACQUIRE);
}

int main(void) {
  int bad_final = 0, bad_plain = 0, bad_icv = 0, bad_group = 0;
#pragma omp parallel num_threads(1)
  {
    int max_threads = omp_get_max_threads();
    for (int r = 0; r < ROUNDS; r++) {
      // the taskgroup's end below runs them all, so each round queues anew
      for (int i = 0; i < QUEUED; i++) {
#pragma omp task
        __atomic_fetch_add(&queued_ran, 1, __ATOMIC_RELAXED);
      }
#pragma omp task final(1) shared(bad_final)
      {
        bad_final += !omp_in_final();
        omp_set_num_threads(max_threads + 3);
      }
#pragma omp task shared(bad_plain, bad_icv)
      {
        bad_plain += omp_in_final();
        bad_icv += omp_get_max_threads() != max_threads;
      }
      bad_group += !grouped_round();
    }
  }
  CHECK_EQ(queued_ran, ROUNDS * QUEUED);
  CHECK_EQ(bad_final, 0);
  CHECK_EQ(bad_plain, 0);
  CHECK_EQ(bad_icv, 0);
  CHECK_EQ(bad_group, 0);
  printf("throttled reuse ok\n");
  return 0;
}

// CHECK: throttled reuse ok
