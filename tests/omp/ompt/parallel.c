// OMPT threads and parallel regions: the initial thread begins with its
// implicit task, a region of 3 threads reports parallel_begin/end on the
// encountering thread, an implicit task per member, a new OMPT thread per
// member but thread 0 (a worker, idle from the region's implicit barrier
// on, which ends with the tool, before the initial thread), and
// that barrier as barrier_implicit_parallel on every member (its end names
// no region, which has ended there, as libomp's does); the inquiries
// (thread data, parallel and task info, state) agree with the events. The
// region is a gcc binary's first OpenMP call, which starts the runtime and
// the tool: its return address is reported all the same.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

int main(void) {
  deadline(30, "ompt/parallel");
  uint64_t seen_thread[3] = {0};
  ompt_data_t *region = NULL;
  #pragma omp parallel num_threads(3)
  {
    int me = omp_get_thread_num();
    seen_thread[me] = tool_get_thread_data()->value;
    ompt_data_t *pd = NULL;
    int size = 0;
    CHECK_EQ(tool_get_parallel_info(0, &pd, &size), 2);
    CHECK_EQ(size, 3);
    #pragma omp critical
    {
      if (!region)
        region = pd;
      CHECK(region == pd);
    }
    CHECK_EQ(tool_get_parallel_info(1, &pd, &size), 2);
    CHECK_EQ(size, 1);
    int flags = 0, thread_num = -1;
    ompt_data_t *task = NULL;
    CHECK_EQ(tool_get_task_info(0, &flags, &task, NULL, NULL, &thread_num), 2);
    CHECK_EQ(flags, ompt_task_implicit | ompt_task_undeferred); /* as libomp 19 says */
    CHECK_EQ(thread_num, me);
    CHECK_EQ(tool_get_task_info(1, &flags, NULL, NULL, NULL, NULL), 2);
    CHECK_EQ(flags, ompt_task_initial);
    CHECK_EQ(tool_get_task_info(2, &flags, NULL, NULL, NULL, NULL), 0);
    CHECK_EQ(tool_get_state(NULL), ompt_state_work_parallel);
  }
  CHECK_EQ(seen_thread[0], 1);
  CHECK(seen_thread[1] > 1 && seen_thread[2] > 1 && seen_thread[1] != seen_thread[2]);
  CHECK_EQ(tool_get_state(NULL), ompt_state_work_serial);
  printf("1 main done\n");
  return 0;
}

// CHECK: 0 start_tool version=201611 runtime=named
// CHECK: 0 initialize device=0
// CHECK: 1 thread_begin type=initial
// CHECK: 1 implicit_task_begin parallel=[[P0:[0-9]+]] task=[[T0:[0-9]+]] n=1 index=1 flags=0x1
// CHECK: 1 parallel_begin parallel=[[P:[0-9]+]] task=[[T0]] requested=3 flags=0x80000002 ra=set
// CHECK-DAG: 1 implicit_task_begin parallel=[[P]] task={{[0-9]+}} n=3 index=0 flags=0x2
// CHECK-DAG: {{^[0-9]+}} thread_begin type=worker
// CHECK-DAG: {{^[0-9]+}} thread_begin type=worker
// CHECK-DAG: implicit_task_begin parallel=[[P]] task={{[0-9]+}} n=3 index=1 flags=0x2
// CHECK-DAG: implicit_task_begin parallel=[[P]] task={{[0-9]+}} n=3 index=2 flags=0x2
// CHECK-DAG: 1 sync_begin barrier_implicit_parallel parallel=[[P]] task={{[0-9]+}} ra=set
// CHECK-DAG: wait_begin barrier_implicit_parallel parallel=[[P]]
// CHECK-DAG: wait_end barrier_implicit_parallel parallel=0
// CHECK-DAG: sync_end barrier_implicit_parallel parallel=0
// CHECK-DAG: implicit_task_end parallel=0 task={{[0-9]+}} n=3 index=1 flags=0x2
// CHECK-DAG: implicit_task_end parallel=0 task={{[0-9]+}} n=3 index=2 flags=0x2
// CHECK: 1 parallel_end parallel=[[P]] task=[[T0]] flags=0x80000002 ra=set
// CHECK: 1 main done
// CHECK: thread_end thread=
// CHECK: thread_end thread=
// CHECK: 1 implicit_task_end parallel=[[P0]] task=[[T0]] n=0 index=1 flags=0x1
// CHECK: 1 thread_end thread=1
// CHECK: 0 finalize
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
