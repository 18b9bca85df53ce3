// OMPT and detached tasks: a task whose body ends before its event is
// fulfilled (undeferred here, so that it has ended when the creator goes
// on) is scheduled out with status detach, and the fulfilment, on the
// thread that fulfils it, is late_fulfill; a task that fulfils its own
// event in its body reports early_fulfill there, and completes as usual.
// RUN: %libomp-compile %ompt-flags && %libomp-run > %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=EARLY < %t.out
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

int main(void) {
  deadline(30, "ompt/detach");
  int x = 0;
  omp_event_handle_t late, early;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    #pragma omp task detach(late) shared(x) if(0)
    x = 1;
    CHECK_EQ(x, 1);
    #pragma omp task detach(early)
    omp_fulfill_event(early);
    printf("%llu mark fulfil\n", (unsigned long long)tool_get_thread_data()->value);
    omp_fulfill_event(late);
    #pragma omp taskwait
  }
  printf("1 mark end\n");
  return 0;
}

// CHECK: task_create parent={{[0-9]+}} task=[[LATE:[0-9]+]] flags=0x8000004
// CHECK: task_schedule prior=[[LATE]] status=detach next=
// CHECK: [[S:[0-9]+]] mark fulfil
// CHECK: [[S]] task_schedule prior=[[LATE]] status=late_fulfill next=0
// CHECK: 1 mark end

// EARLY: task_create parent={{[0-9]+}} task=[[EARLY:[0-9]+]] flags=0x4
// EARLY: task_schedule prior=[[EARLY]] status=early_fulfill next=0
// EARLY: task_schedule prior=[[EARLY]] status=complete next=
