// OMPT work and dispatch events of the worksharing constructs both
// compilers hand to the runtime: loops with dynamic, guided and runtime
// schedules (named by their schedule, OpenMP 5.2's ompt_work_loop_dynamic
// and _guided, and a dispatch event per chunk with its bounds, as libomp
// 19 reports them), sections (a dispatch event per section), single (the
// executor's begin and end, the others' at once, both ends counting its
// one block as libomp's do) and taskloop, on each thread of a team of 2;
// sorted by thread, each thread's events are in program order.
// RUN: %libomp-compile %ompt-flags && env OMP_SCHEDULE=dynamic,2 %libomp-run | sort -s -n -k1,1 | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

int main(void) {
  deadline(30, "ompt/work");
  CHECK(omp_get_max_threads() > 0);
  int sum = 0;
  #pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    #pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 6; i++)
      sum += i;
    #pragma omp for schedule(guided)
    for (int i = 0; i < 20; i++)
      sum += i;
    #pragma omp for schedule(runtime)
    for (int i = 0; i < 6; i++)
      sum += i;
    #pragma omp sections
    {
      #pragma omp section
      sum += 100;
      #pragma omp section
      sum += 100;
    }
    #pragma omp single
    sum += 1000;
    #pragma omp single
    {
      #pragma omp taskloop num_tasks(3)
      for (int i = 0; i < 6; i++)
        spin_a_bit(10);
    }
  }
  CHECK_EQ(sum, 2 * 15 + 190 + 200 + 1000);
  printf("1 mark end\n");
  return 0;
}

// One thread's events, thread A's then thread B's: the loops, the sections,
// then which single it ran.
// CHECK: [[A:[1-9][0-9]*]] work_begin loop_dynamic parallel=[[P:[0-9]+]] task=[[TA:[0-9]+]] count=6 ra=set
// CHECK: [[A]] work_end loop_dynamic parallel=[[P]] task=[[TA]] count=0 ra=set
// CHECK: [[A]] work_begin loop_guided parallel=[[P]] task=[[TA]] count=20 ra=set
// CHECK: [[A]] work_end loop_guided parallel=[[P]] task=[[TA]]
// CHECK: [[A]] work_begin loop_dynamic parallel=[[P]] task=[[TA]] count=6 ra=set
// CHECK: [[A]] work_end loop_dynamic parallel=[[P]] task=[[TA]]
// CHECK: [[A]] work_begin sections parallel=[[P]] task=[[TA]]
// CHECK: [[A]] work_end sections parallel=[[P]] task=[[TA]]
// CHECK: [[A]] work_begin single_{{executor|other}} parallel=[[P]] task=[[TA]] count=1 ra=set
// CHECK: [[A]] work_end single_{{executor|other}} parallel=[[P]] task=[[TA]] count=1 ra=set
// CHECK: [[A]] work_begin single_{{executor|other}} parallel=[[P]] task=[[TA]] count=1 ra=set
// CHECK: [[A]] work_end single_{{executor|other}} parallel=[[P]] task=[[TA]] count=1 ra=set
// CHECK: [[B:[1-9][0-9]*]] work_begin loop_dynamic parallel=[[P]] task=[[TB:[0-9]+]] count=6 ra=set
// CHECK: [[B]] work_end loop_dynamic parallel=[[P]] task=[[TB]]
// CHECK: [[B]] work_begin loop_guided parallel=[[P]] task=[[TB]] count=20 ra=set
// CHECK: [[B]] work_end loop_guided parallel=[[P]] task=[[TB]]
// CHECK: [[B]] work_begin loop_dynamic parallel=[[P]] task=[[TB]] count=6 ra=set
// CHECK: [[B]] work_end loop_dynamic parallel=[[P]] task=[[TB]]
// CHECK: [[B]] work_begin sections parallel=[[P]] task=[[TB]]
// CHECK: [[B]] work_end sections parallel=[[P]] task=[[TB]]
// CHECK: [[B]] work_begin single_{{executor|other}} parallel=[[P]] task=[[TB]] count=1 ra=set
// CHECK: [[B]] work_end single_{{executor|other}} parallel=[[P]] task=[[TB]] count=1 ra=set

// Across threads: each single has one executor, the dynamic loop's 6
// chunks and the runtime one's 3 each have a dispatch event, the taskloop
// is reported once, by the thread that ran the second single.
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | FileCheck %s --check-prefix=ALL
// ALL-COUNT-2: work_begin single_executor
// ALL-NOT: work_begin single_executor
// ALL: 1 mark end
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | grep -c "work_begin taskloop .* count=6 ra=set" | FileCheck %s --check-prefix=ONE
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | grep -c "work_end taskloop" | FileCheck %s --check-prefix=ONE
// ONE: {{^1$}}
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | grep -c "dispatch ws_loop_chunk" | FileCheck %s --check-prefix=DISPATCH
// DISPATCH: {{^(1[0-9]|2[0-9])$}}
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | grep -c "dispatch section .* ra=set" | FileCheck %s --check-prefix=SECTIONS
// SECTIONS: {{^2$}}
// The chunks cover the loops' 6 + 20 + 6 iterations.
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | grep "dispatch ws_loop_chunk" | sed 's/.*iterations=//' | awk '{ n += $1 } END { print n }' | FileCheck %s --check-prefix=CHUNKS
// CHUNKS: {{^32$}}
// RUN: env OMP_SCHEDULE=dynamic,2 %libomp-run | FileCheck %s --check-prefix=BALANCE
// BALANCE: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
