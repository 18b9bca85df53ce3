// omp_get_thread_num() in a task names the thread executing it: two tasks
// that run at the same time never report the same number, so code may use
// per-thread scratch indexed by it between scheduling points. Each task
// marks its number's slot busy while it works and counts a clash if the slot
// was busy already; tasks make children and wait for them (taskwait,
// taskgroup), yield, and are untied, so numbers are lent and taken back.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#define TASKS 300

static int busy[64], clashes, bad_numbers;

// Uses the slot of the calling thread's number for a while.
static void use_scratch(void) {
  int me = omp_get_thread_num();
  if (me < 0 || me >= omp_get_num_threads() || me >= 64) {
    __atomic_fetch_add(&bad_numbers, 1, __ATOMIC_RELAXED);
    return;
  }
  if (__atomic_exchange_n(&busy[me], 1, __ATOMIC_ACQ_REL))
    __atomic_fetch_add(&clashes, 1, __ATOMIC_RELAXED);
  for (volatile int i = 0; i < 20000; i++)
    ;
  __atomic_store_n(&busy[me], 0, __ATOMIC_RELEASE);
}

static void child(void) {
#pragma omp task
  use_scratch();
}

int main(void) {
  deadline(60, "thread_num_unique");
#pragma omp parallel
  {
#pragma omp for schedule(static, 1) nowait
    for (int k = 0; k < TASKS; k++) {
      switch (k % 4) {
      case 0:
#pragma omp task
        use_scratch();
        break;
      case 1:
#pragma omp task
        {
          use_scratch();
          child();
          child();
#pragma omp taskwait
          use_scratch();
        }
        break;
      case 2:
#pragma omp task untied
        {
          use_scratch();
#pragma omp taskgroup
          child();
          use_scratch();
#pragma omp taskyield
          use_scratch();
        }
        break;
      default:
#pragma omp task
        {
          use_scratch();
#pragma omp taskyield
          use_scratch();
        }
      }
    }
  }
  CHECK_EQ(bad_numbers, 0);
  printf("clashes: %d\n", clashes);
  return 0;
}
// CHECK: clashes: 0
