// A taskwait with depend, and an undeferred task with dependences, wait
// for those dependences as libomp 19 reports it (LLVM 19's
// ompt/tasks/taskwait-depend.c, task_if0-depend.c, task_late_fulfill.c):
// a task_create of type taskwait|undeferred|mergeable with dependences,
// its creator's return address, and its creator in the runtime (enter
// frame set), then its dependences, then, once they hold, its
// task_schedule with status taskwait_complete and no next task. The
// undeferred task itself is made and run after that wait.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static void on_task_create_frame(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                                 int flags, int has_deps, const void *ra) {
  printf("%llu create parent=%llu task=%llu flags=0x%x deps=%d ra=%s enter=%s\n",
         (unsigned long long)tool_self(), (unsigned long long)tool_id(parent),
         (unsigned long long)tool_id(task), flags, has_deps, ra ? "set" : "null",
         frame && frame->enter_frame.ptr ? "set" : "null");
}

int main(void) {
  deadline(30, "ompt/taskwait_depend");
  CHECK(omp_get_max_threads() > 0); /* starts the runtime, and the tool */
  tool_set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create_frame);
  int x = 0, seen = -1, seen_if0 = -1;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    #pragma omp task depend(out : x) shared(x)
    {
      spin_a_bit(1000);
      x = 1;
    }
    #pragma omp taskwait depend(in : x)
    seen = x;
    printf("%llu mark if0\n", (unsigned long long)tool_self());
    #pragma omp task depend(inout : x) shared(x)
    x = 2;
    #pragma omp task if (0) depend(in : x) shared(x, seen_if0)
    seen_if0 = x;
  }
  CHECK_EQ(seen, 1);
  CHECK_EQ(seen_if0, 2);
  return 0;
}

// CHECK: create parent=[[P:[0-9]+]] task=[[A:[0-9]+]] flags=0x4 deps=1 ra=set
// CHECK: create parent=[[P]] task=[[W:[0-9]+]] flags=0x48000010 deps=1 ra=set enter=set
// CHECK: dependences task=[[W]] n=1 first_type=1
// CHECK: task_schedule prior=[[W]] status=taskwait_complete next=0
// CHECK: mark if0
// CHECK: create parent=[[P]] task=[[B:[0-9]+]] flags=0x4 deps=1 ra=set
// CHECK: create parent=[[P]] task=[[W2:[0-9]+]] flags=0x48000010 deps=1 ra=set enter=set
// CHECK: dependences task=[[W2]] n=1 first_type=1
// CHECK: task_schedule prior=[[W2]] status=taskwait_complete next=0
// CHECK: create parent=[[P]] task={{[0-9]+}} flags=0x8000004 deps=0 ra=set
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
