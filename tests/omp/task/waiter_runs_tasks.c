// REQUIRES: tasks-on-waiter-stack
// A thread that waits for tasks runs them itself, on its own stack, as
// libomp and libgomp threads do: at a taskwait its children, at the end
// of a taskgroup the tasks counted in it (a child's child too), at a
// barrier the team's. On one ES nothing else could take them first, so
// every one of them runs where its waiter's frames are.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

#define TASKS 50
#define NEAR (64 << 10) // bytes: the same stack

static int near(const void *a, const void *b) {
  intptr_t d = (intptr_t)a - (intptr_t)b;
  return d > -NEAR && d < NEAR;
}

static const char *waiter[2]; // a local of each thread, at its wait
static int ran_near[TASKS], ran_far[TASKS];

static void note(int i, const char *where) {
  if (near(where, waiter[0]) || near(where, waiter[1]))
    ran_near[i]++;
  else
    ran_far[i]++;
}

static void check_all_near(const char *what) {
  for (int i = 0; i < TASKS; i++) {
    CHECK_EQ(ran_near[i], 1);
    CHECK_EQ(ran_far[i], 0);
    ran_near[i] = 0;
  }
  printf("%s: on the waiter's stack\n", what);
}

int main(void) {
#pragma omp parallel num_threads(2)
  {
    char here;
    int me = omp_get_thread_num();
    waiter[me] = &here;
#pragma omp barrier
#pragma omp single
    {
      for (int i = 0; i < TASKS; i++) {
#pragma omp task
        {
          char t;
          note(i, &t);
        }
#pragma omp taskwait
      }
      check_all_near("taskwait");

#pragma omp taskgroup
      for (int i = 0; i < TASKS; i += 2) {
#pragma omp task
        {
          char t;
          note(i, &t);
#pragma omp task
          {
            char u;
            note(i + 1, &u);
          }
        }
      }
      check_all_near("taskgroup");

      for (int i = 0; i < TASKS; i++) {
#pragma omp task
        {
          char t;
          note(i, &t);
        }
      }
    }
    // the single's barrier: the tasks run at it
  }
  check_all_near("barrier");
  return 0;
}
// CHECK: taskwait: on the waiter's stack
// CHECK-NEXT: taskgroup: on the waiter's stack
// CHECK-NEXT: barrier: on the waiter's stack
