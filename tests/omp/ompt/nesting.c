// OMPT threads of nested regions, teams and application threads: thread 0
// of an inner team is the outer member's OMPT thread (same thread data),
// its other members are workers (idle ones again, once the first inner
// team is done with them; all end with the tool); a host teams construct is a league
// (parallel_begin with ompt_parallel_league) whose teams' initial tasks are
// reported as implicit tasks with ompt_task_initial, indexed by team (with
// no parallelism left at their end), each running the construct's body in
// the implicit task of a region of one thread, as libomp forks one; an
// application thread's first OpenMP call makes it an initial OMPT thread,
// which ends with the thread.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

#include <pthread.h>

static void *application_thread(void *arg) {
  (void)arg;
  #pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    CHECK(tool_get_thread_data()->value > 1);
    printf("%llu app region\n", (unsigned long long)tool_get_thread_data()->value);
  }
  return NULL;
}

int main(void) {
  deadline(30, "ompt/nesting");
  CHECK(omp_get_max_threads() > 0);
  omp_set_max_active_levels(2);
  uint64_t outer[2] = {0}, inner0[2] = {0};
  #pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
    outer[o] = tool_get_thread_data()->value;
    #pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 0)
        inner0[o] = tool_get_thread_data()->value;
      int size = 0;
      CHECK_EQ(tool_get_parallel_info(2, NULL, &size), 2);
      CHECK_EQ(size, 1);
      CHECK_EQ(tool_get_task_info(2, NULL, NULL, NULL, NULL, NULL), 2);
    }
  }
  CHECK_EQ(outer[0], 1);
  CHECK_EQ(inner0[0], outer[0]);
  CHECK_EQ(inner0[1], outer[1]);
  CHECK(outer[1] != outer[0]);
  printf("1 mark teams\n");
  #pragma omp teams num_teams(2)
  {
    int flags = 0, size = 0;
    CHECK_EQ(tool_get_task_info(0, &flags, NULL, NULL, NULL, NULL), 2);
    CHECK_EQ(flags, ompt_task_implicit | ompt_task_undeferred);
    CHECK_EQ(tool_get_parallel_info(0, NULL, &size), 2);
    CHECK_EQ(size, 1);
    CHECK_EQ(tool_get_task_info(1, &flags, NULL, NULL, NULL, NULL), 2);
    CHECK_EQ(flags, ompt_task_initial);
    CHECK(tool_get_thread_data() != NULL);
  }
  printf("1 mark application\n");
  pthread_t app;
  CHECK_EQ(pthread_create(&app, NULL, application_thread, NULL), 0);
  CHECK_EQ(pthread_join(app, NULL), 0);
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 mark teams
// CHECK-NEXT: 1 parallel_begin parallel=[[L:[0-9]+]] task=[[T0:[0-9]+]] requested=2 flags=0x40000002 ra=set
// CHECK-DAG: 1 implicit_task_begin parallel=[[L]] task=[[I0:[0-9]+]] n=2 index=0 flags=0x1
// CHECK-DAG: 1 parallel_begin parallel={{[0-9]+}} task=[[I0]] requested=1 flags=0x80000002
// CHECK-DAG: [[W:[0-9]+]] implicit_task_begin parallel=[[L]] task=[[I1:[0-9]+]] n=2 index=1 flags=0x1
// CHECK-DAG: [[W]] parallel_begin parallel={{[0-9]+}} task=[[I1]] requested=1 flags=0x80000002
// CHECK-DAG: [[W]] implicit_task_end parallel={{[0-9]+}} task=[[I1]] n=0 index=1 flags=0x1
// CHECK: 1 parallel_end parallel=[[L]] task=[[T0]] flags=0x40000002 ra=set
// CHECK: 1 mark application
// CHECK-NEXT: [[A:[0-9]+]] thread_begin type=initial
// CHECK-NEXT: [[A]] implicit_task_begin parallel={{[0-9]+}} task=[[AT:[0-9]+]] n=1 index=1 flags=0x1
// CHECK-NEXT: [[A]] parallel_begin parallel={{[0-9]+}} task=[[AT]] requested=2
// CHECK: [[A]] app region
// CHECK: [[A]] implicit_task_end parallel={{[0-9]+}} task=[[AT]] n=0 index=1 flags=0x1
// CHECK-NEXT: [[A]] thread_end thread=[[A]]
// CHECK-NEXT: 1 mark end
// CHECK-NEXT: [[W]] thread_end thread=[[W]]
// CHECK: 1 thread_end thread=1
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
