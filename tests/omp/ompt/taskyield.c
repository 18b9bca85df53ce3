// A task that starts while its creator waits at a taskyield switches from
// the yielding task with status yield (the first one it lets run), as
// libomp 19 reports it (LLVM 19's ompt/tasks/taskyield.c); a task started
// anywhere else switches in with status switch. Thread 0 yields until its
// child has run while thread 1 is kept busy, so that the child can only
// run in thread 0's seat, lent while it yields.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static ompt_data_t *current_task(void) {
  ompt_data_t *d = NULL;
  CHECK_EQ(tool_get_task_info(0, NULL, &d, NULL, NULL, NULL), 2);
  return d;
}

int main(void) {
  deadline(30, "ompt/taskyield");
  int done = 0, released = 0;
  #pragma omp parallel num_threads(2) shared(done, released)
  {
    if (omp_get_thread_num() == 0) {
      printf("%llu yielder=%llu\n", (unsigned long long)tool_self(),
             (unsigned long long)tool_id(current_task()));
      #pragma omp task shared(done)
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE)) {
        #pragma omp taskyield
      }
      __atomic_store_n(&released, 1, __ATOMIC_RELEASE);
    } else {
      while (!__atomic_load_n(&released, __ATOMIC_ACQUIRE))
        spin_a_bit(100);
    }
  }
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    #pragma omp task
    printf("%llu second task\n", (unsigned long long)tool_self());
    #pragma omp taskwait
  }
  return 0;
}

// CHECK: [[T:[0-9]+]] yielder=[[Y:[0-9]+]]
// CHECK: [[T]] task_create parent=[[Y]] task=[[X:[0-9]+]]
// CHECK-NOT: task_schedule prior={{[0-9]+}} status=switch next=[[X]]
// CHECK: task_schedule prior=[[Y]] status=yield next=[[X]]
// CHECK: task_schedule prior=[[X]] status=complete next=[[Y]]
// CHECK-NOT: status=yield
// CHECK: second task
// CHECK-NOT: status=yield
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
