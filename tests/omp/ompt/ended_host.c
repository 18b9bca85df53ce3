// A task that starts in the seat of a member whose body has returned
// never names that member's implicit task in task_schedule once it has
// ended (it ends only after the team's tasks, at the region's end), so a
// tool that frees its tasks' data at implicit_task's end (bobbin-profile
// does) never reads it again. The tool here marks the data ended and lingers in the callback:
// the task thread 1 made, waiting for a seat until thread 1's body
// returned, reported that ended task in every run before.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <omp-tools.h>
#include <stdatomic.h>

enum { ENDED = 0xdead };
static _Atomic int switches;

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                             ompt_data_t *task, unsigned n, unsigned index, int flags) {
  (void)parallel, (void)n, (void)flags;
  if (endpoint != ompt_scope_end || index == 0)
    return;
  task->value = ENDED;
  usleep(20000); /* a task that takes the seat now must not report this one */
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  (void)status;
  if ((prior && prior->value == ENDED) || (next && next->value == ENDED)) {
    fprintf(stderr, "ended_host: task_schedule names an ended implicit task\n");
    _exit(1);
  }
  atomic_fetch_add(&switches, 1);
}

static void tool_register(ompt_set_callback_t set) {
  set(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  set(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
}

#include "tool_min.h"

int main(void) {
  deadline(60, "ompt/ended_host");
  int done = 0;
  for (int r = 0; r < 20; r++) {
    _Atomic int made = 0;
    #pragma omp parallel num_threads(2) shared(made)
    {
      if (omp_get_thread_num() == 1) {
        #pragma omp task shared(done)
        done++;
        atomic_store(&made, 1);
      } else {
        while (!atomic_load(&made)) /* the task waits for a seat meanwhile */
          ;
      }
    }
  }
  CHECK_EQ(done, 20);
  CHECK(atomic_load(&switches) >= 40);
  printf("done\n");
  return 0;
}

// CHECK: done
