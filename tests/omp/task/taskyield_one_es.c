// REQUIRES: bobbin
// On one ES with a team of one thread (BOBBIN_NUM_ES=1), a task that waits
// for a flag with taskyield lets the task that sets it run on the same ES:
// taskyield gives the ES to the other ready units. LLVM's libomp runs tasks
// of a one-thread team at once when created, so this is Bobbin's only.
// The waiters are untied: a tied task's taskyield lets only its descendants
// run in its thread (OpenMP's task scheduling constraint), and a setter is a
// sibling.
// The pairs stay fewer than the 64 queued tasks past which a new task runs
// at once (throttling): a waiter run so would wait for a setter that its
// creator, suspended under it, has yet to make.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#define PAIRS 30

int main(void) {
  int flags[PAIRS] = {0}, waited = 0, order[2 * PAIRS], next = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int p = 0; p < PAIRS; p++) {
#pragma omp task untied shared(flags, waited, order, next) firstprivate(p)
      {
        order[__atomic_fetch_add(&next, 1, __ATOMIC_SEQ_CST)] = -1 - p;
        long spins = 0;
        while (!__atomic_load_n(&flags[p], __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
          CHECK(++spins < 100000000L);
        }
#pragma omp atomic
        waited++;
      }
#pragma omp task shared(flags, order, next) firstprivate(p)
      {
        order[__atomic_fetch_add(&next, 1, __ATOMIC_SEQ_CST)] = p;
        __atomic_store_n(&flags[p], 1, __ATOMIC_SEQ_CST);
      }
    }
  }
  CHECK_EQ(waited, PAIRS);
  CHECK_EQ(next, 2 * PAIRS);
  printf("%d waiters released on one ES\n", waited);
  return 0;
}
// CHECK: 30 waiters released on one ES
