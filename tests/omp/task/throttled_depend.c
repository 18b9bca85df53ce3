// Tasks that run at once because many wait already (throttling) keep their
// dependences and their taskgroup. Thread 0 makes every task while thread 1
// is busy without a scheduling point until thread 0 is done, so the queue
// fills (FILL tasks first) and later tasks run on their creator at once:
// - a chain of tasks with depend(inout: chain), mixed with independent
//   ones that keep the queue full, runs in creation order;
// - depend(in) readers between writers see the last writer's value;
// - in a taskgroup, tasks that each make a child with depend(out) on its
//   own slot: at the group's end every child has run, even those of tasks
//   run at once (their children outlive them).
// Some links of the chain must have run while thread 1 was busy: each ran
// at once, its dependences met when it was made (throttling happened) (libgomp and libomp throttle too: -D runtime=system passes).
// On one ES, thread 1's spin, which never reaches a scheduling point, holds
// the only ES while thread 0 sleeps at the taskgroup's end: the tasks it
// waits for must preempt the spinner (bt_units_wanted), or it waits for
// ever (as it did, in the Debug build, where thread 1 starts first).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { CHAIN = 3000, FILL = 1000 };

static int chain, next_link, readers_bad, free_ran, early;
static int slot[CHAIN];
static int busy = 1;

int main(void) {
  deadline(60, "throttled_depend");
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      for (int i = 0; i < FILL; i++) {
#pragma omp task
        __atomic_fetch_add(&free_ran, 1, __ATOMIC_RELAXED);
      }
      for (int i = 0; i < CHAIN; i++) {
#pragma omp task depend(inout : chain) firstprivate(i)
        {
          CHECK_EQ(__atomic_load_n(&next_link, __ATOMIC_RELAXED), i);
          __atomic_store_n(&next_link, i + 1, __ATOMIC_RELAXED);
          if (__atomic_load_n(&busy, __ATOMIC_ACQUIRE))
            __atomic_fetch_add(&early, 1, __ATOMIC_RELAXED);
        }
#pragma omp task depend(in : chain) firstprivate(i)
        if (__atomic_load_n(&next_link, __ATOMIC_RELAXED) != i + 1)
          __atomic_fetch_add(&readers_bad, 1, __ATOMIC_RELAXED);
#pragma omp task
        __atomic_fetch_add(&free_ran, 1, __ATOMIC_RELAXED);
      }
#pragma omp taskgroup
      for (int i = 0; i < CHAIN; i++) {
#pragma omp task firstprivate(i)
        {
#pragma omp task depend(out : slot[i]) firstprivate(i)
          __atomic_store_n(&slot[i], 1, __ATOMIC_RELEASE);
        }
#pragma omp task
        __atomic_fetch_add(&free_ran, 1, __ATOMIC_RELAXED);
      }
      for (int i = 0; i < CHAIN; i++)
        CHECK_EQ(__atomic_load_n(&slot[i], __ATOMIC_ACQUIRE), 1);
      __atomic_store_n(&busy, 0, __ATOMIC_RELEASE);
    } else {
      while (__atomic_load_n(&busy, __ATOMIC_ACQUIRE))
        ;
    }
  }
  CHECK_EQ(next_link, CHAIN);
  CHECK_EQ(readers_bad, 0);
  CHECK_EQ(free_ran, FILL + 2 * CHAIN);
  CHECK(early > 0);
  printf("chain of %d in order, taskgroup waited for %d children\n", CHAIN, CHAIN);
  return 0;
}
// CHECK: chain of 3000 in order, taskgroup waited for 3000 children
