// A clang taskloop's tasks, as libomp 19 reports them (LLVM 19's
// ompt/tasks/taskloop.c and taskloop_dispatch.c): each task_create names
// the taskloop's return address, and each task, as it starts, is followed
// by a dispatch event of kind taskloop_chunk naming the task, its chunk's
// first iteration value and its number of iterations (clang passes the
// loop's logical iterations, from 0).
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// clang only: gcc's taskloop chunks are reported without their chunk.
// REQUIRES: bobbin, clang
#include "check.h"
#include "tool.h"

static void on_task_create_ra(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                              int flags, int has_deps, const void *ra) {
  (void)parent, (void)frame, (void)flags, (void)has_deps;
  printf("%llu created task=%llu ra=%p\n", (unsigned long long)tool_self(),
         (unsigned long long)tool_id(task), ra);
}

static void on_work_ra(ompt_work_t kind, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                       ompt_data_t *task, uint64_t count, const void *ra) {
  (void)parallel, (void)task;
  if (kind == ompt_work_taskloop)
    printf("%llu taskloop_%s count=%llu ra=%p\n", (unsigned long long)tool_self(),
           tool_endpoint(endpoint), (unsigned long long)count, ra);
}

int main(void) {
  deadline(30, "ompt/taskloop_chunks");
  CHECK(omp_get_max_threads() > 0); /* starts the runtime, and the tool */
  tool_set_callback(ompt_callback_task_create, (ompt_callback_t)on_task_create_ra);
  tool_set_callback(ompt_callback_work, (ompt_callback_t)on_work_ra);
  int sum = 0;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    #pragma omp taskloop grainsize(4) reduction(+ : sum)
    for (int i = 16; i < 32; i++)
      sum += i;
  }
  CHECK_EQ(sum, (16 + 31) * 16 / 2);
  return 0;
}

// CHECK: taskloop_begin count=16 ra=[[RA:0x[0-9a-f]+]]
// a chunk may start before the last task is made: the four tasks in the
// order made, each with its chunk, in any order
// CHECK-DAG: created task=[[A:[0-9]+]] ra=[[RA]]
// CHECK-DAG: created task=[[B:[0-9]+]] ra=[[RA]]
// CHECK-DAG: created task=[[C:[0-9]+]] ra=[[RA]]
// CHECK-DAG: created task=[[D:[0-9]+]] ra=[[RA]]
// CHECK-DAG: dispatch taskloop_chunk parallel={{[0-9]+}} task=[[A]] start=0 iterations=4
// CHECK-DAG: dispatch taskloop_chunk parallel={{[0-9]+}} task=[[B]] start=4 iterations=4
// CHECK-DAG: dispatch taskloop_chunk parallel={{[0-9]+}} task=[[C]] start=8 iterations=4
// CHECK-DAG: dispatch taskloop_chunk parallel={{[0-9]+}} task=[[D]] start=12 iterations=4
// CHECK-DAG: taskloop_end count=16 ra=[[RA]]
