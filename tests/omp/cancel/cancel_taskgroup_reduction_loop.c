// cancel taskgroup in the in_reduction tasks of a `for reduction(task, ...)`
// inside each thread's taskgroup: it cancels that taskgroup, so a task the
// thread makes in it after the loop is discarded, and so are the loop's
// tasks not started yet. gcc's loop keeps its task reductions in a
// taskgroup of its own, which the cancel passes over to the enclosing one,
// as libgomp does (libgomp's cancel-taskgroup-3.c); before, Bobbin
// cancelled that hidden group alone, and the later task ran. Passes on
// libgomp; LLVM's libomp cancels a taskgroup of its own for the loop and
// runs the later task.
// REQUIRES: bobbin
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %libomp-run | FileCheck %s --check-prefix=ON
// RUN: %libomp-run | FileCheck %s --check-prefix=OFF
#include "check.h"

#define N 64

int main(void) {
  deadline(60, "cancel_taskgroup_reduction_loop");
  int on = omp_get_cancellation();
  for (int round = 0; round < 50; round++) {
    int a = 0, past_cancel = 0, later_ran = 0, threads_with_tasks = 0;
#pragma omp parallel reduction(+ : threads_with_tasks)
#pragma omp taskgroup
    {
      int mine = 0;
#pragma omp for reduction(task, + : a)
      for (int i = 0; i < N; ++i) {
        a++;
        mine++;
#pragma omp task in_reduction(+ : a)
        {
          a += 0;
#pragma omp cancel taskgroup
#pragma omp atomic
          past_cancel++;
        }
      }
      threads_with_tasks += mine > 0;
#pragma omp task firstprivate(mine)
      if (mine) {
#pragma omp atomic
        later_ran++;
      }
    }
    CHECK_EQ(a, N);
    if (on) {
      CHECK_EQ(past_cancel, 0);
      CHECK_EQ(later_ran, 0);
    } else {
      CHECK_EQ(past_cancel, N);
      CHECK_EQ(later_ran, threads_with_tasks);
    }
  }
  printf("cancelled: %d\n", on);
  return 0;
}
// ON: cancelled: 1
// OFF: cancelled: 0
