// A task that runs while a member waits at the region's end is reported on
// that member's thread, as LLVM 19's ompt/tasks/task_in_joinbarrier.c,
// taskyield.c and taskloop_dispatch.c expect (libomp's worker runs the
// team's tasks at the join barrier). Thread 1's body returns at once;
// thread 0 then makes a task and spins, holding its seat, until the task
// has run, so the task can only run in thread 1's. Before, thread 1's
// implicit task ended as its body returned, and the task was reported on
// thread 0's thread in every run. Passes on libomp (clang, -D runtime=system).
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

int main(void) {
  deadline(30, "ompt/join_barrier_task");
  for (int r = 0; r < 10; r++) {
    int arrived = 0, ran = 0;
    uint64_t worker = 0, runner = 0;
    #pragma omp parallel num_threads(2) shared(arrived, ran, worker, runner)
    {
      if (omp_get_thread_num() == 1) {
        worker = tool_self();
        __atomic_store_n(&arrived, 1, __ATOMIC_RELEASE);
      } else {
        while (!__atomic_load_n(&arrived, __ATOMIC_ACQUIRE))
          spin_a_bit(100);
        #pragma omp task shared(ran, runner)
        {
          runner = tool_self();
          __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
        }
        while (!__atomic_load_n(&ran, __ATOMIC_ACQUIRE))
          spin_a_bit(100);
      }
    }
    CHECK(worker != 0);
    CHECK_EQ(runner, worker);
  }
  printf("done\n");
  return 0;
}

// CHECK: done
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
