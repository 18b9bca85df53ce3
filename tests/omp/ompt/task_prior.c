// task_schedule always names the task a starting task interrupts, never
// NULL: thread 1 makes tasks and its body returns while thread 0 sits in
// a nested region of its own; the tasks then start in thread 1's seat,
// reported on thread 1, which waits at the region's end until they are
// done (or, where its implicit task is not in progress, on thread 0's,
// which lasts until the region joins). Before, their prior task was NULL, which LLVM's test tool
// dereferences (ompt/tasks/kmp_task_depend_all.c crashed 2 runs in 10).
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <omp-tools.h>
#include <stdatomic.h>

static _Atomic int null_prior, switches, made;

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  (void)next;
  if (status == ompt_task_switch) {
    if (!prior)
      atomic_fetch_add(&null_prior, 1);
    atomic_fetch_add(&switches, 1);
  }
}

static void tool_register(ompt_set_callback_t set) {
  set(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
}

#include "tool_min.h"

int main(void) {
  deadline(60, "ompt/task_prior");
  int done = 0;
  for (int r = 0; r < 10; r++) {
    atomic_store(&made, 0);
#pragma omp parallel num_threads(2) shared(done)
    {
      if (omp_get_thread_num() == 1) {
        for (int i = 0; i < 4; i++) {
#pragma omp task shared(done)
          {
#pragma omp atomic
            done++;
          }
        }
        atomic_store(&made, 1);
      } else {
        while (!atomic_load(&made))
          ;
#pragma omp parallel num_threads(2)
        usleep(20000); /* the outer tasks start meanwhile, elsewhere */
      }
    }
  }
  CHECK_EQ(done, 40);
  CHECK(atomic_load(&switches) >= 40);
  CHECK_EQ(atomic_load(&null_prior), 0);
  printf("done\n");
  return 0;
}
// CHECK: done
