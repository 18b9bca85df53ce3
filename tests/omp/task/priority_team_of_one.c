// A team of one on two ESs: its tasks with a priority wait, unstolen, for
// its one thread, which runs them highest priority first at the end of
// the single region, as GCC's libgomp.c/priority.c asks (the other ES took
// them from the shared priority pool and ran them beside the creating
// thread, out of order, in about a third of the runs). The shape of that
// test, 50 rounds: 64 tasks with priorities 0 to 63 (pairs swapped) under
// OMP_MAX_TASK_PRIORITY=10, so those of 10 and more first, in any order,
// then 9 down to 0. gcc only: a clang binary's tasks in a team of one run
// at once, as libomp runs them. Passes on libgomp 12.
// RUN: %libomp-compile && env OMP_MAX_TASK_PRIORITY=10 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#define N 64
#define MAX 10

int main(void) {
  deadline(60, "priority_team_of_one");
  CHECK_EQ(omp_get_max_task_priority(), MAX);
  for (int round = 0; round < 50; round++) {
    int ran = 0, prio[N], made_all = -1;
#pragma omp parallel num_threads(1)
#pragma omp single
    {
      for (int i = 0; i < N; i++) {
#pragma omp task priority(i ^ 1) shared(ran, prio) firstprivate(i)
        {
          int t;
#pragma omp atomic capture seq_cst
          t = ran++;
          prio[t] = i ^ 1;
        }
      }
#pragma omp atomic read seq_cst
      made_all = ran;
    }
    CHECK_EQ(made_all, 0);
    CHECK_EQ(ran, N);
    for (int i = 0; i < N - MAX; i++)
      CHECK(prio[i] >= MAX);
    for (int i = N - MAX; i < N; i++)
      CHECK_EQ(prio[i], N - 1 - i);
  }
  printf("50 rounds in priority order\n");
  return 0;
}
// CHECK: 50 rounds in priority order
