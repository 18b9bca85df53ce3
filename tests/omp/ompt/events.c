// OMPT events of single entry points: omp_control_tool reaches the tool's
// control_tool callback, its caller in the runtime (its enter frame set,
// as libomp's), and returns its answer; with OMP_CANCELLATION,
// cancel for is reported activated once, cancel taskgroup too, and the
// task its group's cancellation discards (it depends on the cancelling
// one, so it starts after it) is reported discarded, by its taskgroup's
// cancellation (ompt_cancel_taskgroup, as libomp names it), and scheduled
// out with status cancel; the two tasks' dependences (clang makes an out an
// inout) and the edge between them are reported.
// RUN: %libomp-compile %ompt-flags && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
// RUN: env OMP_CANCELLATION=true %libomp-run | grep -c "flags=0x14 ra=set" | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

#include <dlfcn.h>

int main(void) {
  deadline(30, "ompt/events");
  CHECK(omp_get_max_threads() > 0);
  /* libgomp 12, which gcc binaries link against, has no omp_control_tool,
   * nor gcc's omp.h omp_control_tool_flush (3) */
  int (*control_tool)(int, int, void *) =
      (int (*)(int, int, void *))dlsym(RTLD_DEFAULT, "omp_control_tool");
  CHECK(control_tool != NULL);
  CHECK_EQ(control_tool(3, 7, NULL), 3 + 100);
  printf("1 mark loop\n");
  int ran = 0;
  #pragma omp parallel num_threads(2) reduction(+ : ran)
  {
    #pragma omp for schedule(static, 1)
    for (int i = 0; i < 64; i++) {
      if (i == 0) {
        #pragma omp cancel for
      }
      #pragma omp cancellation point for
      ran++;
    }
  }
  CHECK(ran < 64);
  printf("1 mark taskgroup\n");
  int x = 0, late = 0, go = 0;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  #pragma omp taskgroup
  {
    /* the first task waits for the second to exist, so that the second
     * depends on an incomplete task: the edge is made and reported */
    #pragma omp task depend(out : x) shared(x, go)
    {
      while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
        spin_a_bit(100);
      x = 1;
      #pragma omp cancel taskgroup
    }
    #pragma omp task depend(in : x) shared(late)
    late = 1;
    __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
  }
  CHECK_EQ(late, 0);
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 control_tool command=3 modifier=7 arg=null ra=set enter_frame=set
// CHECK: 1 mark loop
// CHECK: cancel task={{[0-9]+}} flags=0x14 ra=set
// CHECK: 1 mark taskgroup
// CHECK: task_create parent={{[0-9]+}} task=[[A:[0-9]+]] flags=0x4 deps=1
// CHECK: dependences task=[[A]] n=1 first_type={{2|3}}
// CHECK: task_create parent={{[0-9]+}} task=[[B:[0-9]+]] flags=0x4 deps=1
// CHECK: dependences task=[[B]] n=1 first_type=1
// CHECK: task_dependence from=[[A]] to=[[B]]
// CHECK: cancel task=[[A]] flags=0x18 ra=set
// CHECK: cancel task=[[B]] flags=0x48 ra=null
// CHECK: task_schedule prior={{[0-9]+}} status=cancel next=
// CHECK: 1 mark end
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
