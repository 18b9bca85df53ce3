// A task that ends while its taskgroup is cancelled is scheduled out with
// status cancel, as libomp 19 reports it (LLVM 19's
// ompt/cancel/cancel_taskgroup.c): the task that cancelled the group
// (here an undeferred one) too, though it ran to its end; a task of a
// group not cancelled, before or after, completes.
// RUN: %libomp-compile %ompt-flags && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static void name_task(const char *what) {
  ompt_data_t *d = NULL;
  CHECK_EQ(tool_get_task_info(0, NULL, &d, NULL, NULL, NULL), 2);
  printf("%llu %s=%llu\n", (unsigned long long)tool_self(), what,
         (unsigned long long)tool_id(d));
}

int main(void) {
  deadline(30, "ompt/cancel_status");
  CHECK(omp_get_cancellation());
  int ran_after = 0;
  #pragma omp parallel num_threads(2) shared(ran_after)
  #pragma omp single
  {
    #pragma omp taskgroup
    {
      #pragma omp task
      name_task("before");
    }
    #pragma omp taskgroup
    {
      #pragma omp task if (0)
      {
        name_task("canceller");
        #pragma omp cancel taskgroup
      }
    }
    #pragma omp taskgroup
    {
      #pragma omp task shared(ran_after)
      {
        name_task("after");
        ran_after = 1;
      }
    }
  }
  CHECK_EQ(ran_after, 1);
  return 0;
}

// CHECK: before=[[B:[0-9]+]]
// CHECK: task_schedule prior=[[B]] status=complete
// CHECK: canceller=[[C:[0-9]+]]
// CHECK: cancel task=[[C]] flags=0x18
// CHECK: task_schedule prior=[[C]] status=cancel
// CHECK: after=[[A:[0-9]+]]
// CHECK: task_schedule prior=[[A]] status=complete
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
