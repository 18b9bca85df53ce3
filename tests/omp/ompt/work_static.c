// OMPT work events of what only clang hands to the runtime: static loops
// (with and without a chunk; gcc computes those itself), reported as
// ompt_work_loop_static with a dispatch event for each thread's first
// chunk (OpenMP 5.2, as libomp 19), a teams distribute loop
// (ompt_work_distribute, once per team, in its team's region of one, and
// its team's chunk), masked/master
// regions (gcc tests the thread number inline), a scope region, as clang
// 16 and later call the runtime for it (clang 14 does not know the
// construct, clang 19 cannot outline it yet: called here by hand), a
// flush (gcc emits a fence) and each thread's part of the region's
// reduction (gcc combines inline).
// RUN: %libomp-compile %ompt-flags && %libomp-run | sort -s -n -k1,1 | FileCheck %s
// RUN: %libomp-run | FileCheck %s --check-prefix=ALL
// REQUIRES: bobbin, clang
#include "check.h"
#include "tool.h"

void __kmpc_scope(void *loc, int gtid, void *reserved);
void __kmpc_end_scope(void *loc, int gtid, void *reserved);

int main(void) {
  deadline(30, "ompt/work_static");
  CHECK(omp_get_max_threads() > 0);
  int sum = 0;
  #pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    #pragma omp for schedule(static)
    for (int i = 0; i < 8; i++)
      sum += i;
    #pragma omp for schedule(static, 3)
    for (int i = 0; i < 8; i++)
      sum += i;
    #pragma omp masked filter(1)
    sum += 100;
    #pragma omp master
    sum += 100;
    __kmpc_scope(NULL, 0, NULL);
    sum += 1;
    __kmpc_end_scope(NULL, 0, NULL);
    #pragma omp flush
  }
  CHECK_EQ(sum, 2 * 28 + 200 + 2);
  printf("1 mark teams\n");
  int hits[2] = {0, 0};
  #pragma omp teams distribute num_teams(2)
  for (int i = 0; i < 8; i++)
    __atomic_fetch_add(&hits[omp_get_team_num()], 1, __ATOMIC_RELAXED);
  CHECK_EQ(hits[0] + hits[1], 8);
  printf("1 mark end\n");
  return 0;
}

// Thread 1 (thread 0 of the team) runs the master region, the other one
// the masked one.
// CHECK: 1 work_begin loop_static parallel=[[P:[0-9]+]] task=[[T1:[0-9]+]] count=8 ra=set
// CHECK: 1 dispatch ws_loop_chunk parallel=[[P]] task=[[T1]] start=0 iterations=4
// CHECK: 1 work_end loop_static parallel=[[P]] task=[[T1]] count=0 ra=set
// CHECK: 1 work_begin loop_static parallel=[[P]] task=[[T1]] count=8 ra=set
// CHECK: 1 dispatch ws_loop_chunk parallel=[[P]] task=[[T1]] start=0 iterations=3
// CHECK: 1 work_end loop_static parallel=[[P]] task=[[T1]] count=0 ra=set
// CHECK: 1 masked_begin parallel=[[P]] task=[[T1]] ra=set
// CHECK: 1 masked_end parallel=[[P]] task=[[T1]] ra=set
// CHECK: 1 work_begin scope parallel=[[P]] task=[[T1]] count=0 ra=set
// CHECK: 1 work_end scope parallel=[[P]] task=[[T1]] count=0 ra=set
// CHECK: 1 flush ra=set
// CHECK: 1 reduction_begin reduction parallel=[[P]] task=[[T1]] ra=set
// CHECK: 1 reduction_end reduction parallel=[[P]] task=[[T1]] ra=set
// CHECK: 1 mark teams
// CHECK: 1 work_begin distribute parallel=[[L:[0-9]+]] task=[[D:[0-9]+]] count=8 ra=set
// CHECK: 1 dispatch distribute_chunk parallel=[[L]] task=[[D]] start=0 iterations=4
// CHECK: 1 work_end distribute parallel=[[L]]
// CHECK: 1 mark end
// CHECK: [[W:[2-9]]] work_begin loop_static parallel=[[P]] task=[[T2:[0-9]+]] count=8 ra=set
// CHECK: [[W]] dispatch ws_loop_chunk parallel=[[P]] task=[[T2]] start=4 iterations=4
// CHECK: [[W]] work_end loop_static parallel=[[P]] task=[[T2]]
// CHECK: [[W]] work_begin loop_static parallel=[[P]] task=[[T2]] count=8 ra=set
// CHECK: [[W]] dispatch ws_loop_chunk parallel=[[P]] task=[[T2]] start=3 iterations=3
// CHECK: [[W]] work_end loop_static parallel=[[P]] task=[[T2]]
// CHECK: [[W]] masked_begin parallel=[[P]] task=[[T2]] ra=set
// CHECK: [[W]] masked_end parallel=[[P]] task=[[T2]] ra=set
// CHECK: [[W]] work_begin scope parallel=[[P]] task=[[T2]] count=0 ra=set
// CHECK: [[W]] work_end scope parallel=[[P]] task=[[T2]] count=0 ra=set
// CHECK: [[W]] flush ra=set
// CHECK: [[W]] reduction_begin reduction parallel=[[P]] task=[[T2]] ra=set
// CHECK: [[W]] reduction_end reduction parallel=[[P]] task=[[T2]] ra=set
// CHECK: work_begin distribute parallel=[[L2:[0-9]+]] task=[[D2:[0-9]+]] count=8 ra=set
// CHECK: dispatch distribute_chunk parallel=[[L2]] task=[[D2]] start=4 iterations=4

// ALL-COUNT-2: masked_begin
// ALL-NOT: masked_begin
// ALL: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
