// OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT set the initial values of
// omp_get_max_teams / omp_get_teams_thread_limit, and a teams construct
// without clauses follows them.
// (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps teams x threads at the number
// of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=2 OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env KMP_TEAMS_THREAD_LIMIT=64 OMP_NUM_TEAMS=5 OMP_TEAMS_THREAD_LIMIT=1 OMP_NUM_THREADS=4 %libomp-run | FileCheck %s --check-prefix=FIVE
#include "check.h"

// No atomic construct may be closely nested in teams: builtins instead.
static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

int main(void) {
  int max_teams = omp_get_max_teams(), limit = omp_get_teams_thread_limit();
  int league = 0, entered = 0, inner[8] = {0};
#pragma omp teams
  {
    add1(&entered);
    if (omp_get_team_num() == 0)
      league = omp_get_num_teams();
#pragma omp parallel
    if (omp_get_thread_num() == 0)
      inner[omp_get_team_num()] = omp_get_num_threads();
  }
  CHECK_EQ(league, max_teams);
  CHECK_EQ(entered, max_teams);
  for (int t = 0; t < league; t++)
    CHECK_EQ(inner[t], limit);
  printf("max_teams %d, teams_thread_limit %d, league %d, inner %d\n", max_teams,
         limit, league, inner[0]);
  return 0;
}
// CHECK: max_teams 3, teams_thread_limit 2, league 3, inner 2
// FIVE: max_teams 5, teams_thread_limit 1, league 5, inner 1
