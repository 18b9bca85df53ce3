// REQUIRES: gcc
// A gcc binary's team of one defers its tasks, as libgomp does, and its
// scheduling points run only what they wait for: a taskwait the waiting
// task's children, the end of a taskgroup the group's tasks. Each case
// leaves a task that spins until its creator has gone past that point
// (a grandchild left behind by a child that did not wait for it; a task
// made before the taskgroup): libgomp runs both, after that point, at
// the barrier; a runtime that ran them at the point would spin for ever.
// On one ES too, and under a 100 us time slice.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

static int past_taskwait, past_taskgroup, grandchild_ran, early_ran, in_group;

static void spin_until(int *flag) {
  int seen;
  do {
#pragma omp atomic read
    seen = *flag;
  } while (!seen);
}

int main(void) {
  deadline(30, "team_of_one_waits");
#pragma omp parallel num_threads(1)
  {
#pragma omp task
    {
#pragma omp task
      {
#pragma omp task
        {
          spin_until(&past_taskwait);
          grandchild_ran = 1;
        }
      }
#pragma omp taskwait
#pragma omp atomic write
      past_taskwait = 1;
    }
#pragma omp task
    {
      spin_until(&past_taskgroup);
      early_ran = 1;
    }
#pragma omp taskgroup
    {
      for (int i = 0; i < 10; i++) {
#pragma omp task
        {
#pragma omp task
#pragma omp atomic
          in_group++;
#pragma omp atomic
          in_group++;
        }
      }
    }
    CHECK_EQ(in_group, 20);
#pragma omp atomic write
    past_taskgroup = 1;
  }
  printf("grandchild %d, task before the group %d, in the group %d\n", grandchild_ran,
         early_ran, in_group);
  return 0;
}
// CHECK: grandchild 1, task before the group 1, in the group 20
