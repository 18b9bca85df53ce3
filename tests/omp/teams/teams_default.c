// REQUIRES: bobbin
// Bobbin's defaults for teams: without num_teams, OMP_NUM_TEAMS or
// omp_set_num_teams the league has one team per CPU, while omp_get_max_teams
// answers nteams-var, which starts at 0 (OpenMP 5.1, table 2.1), as libomp
// and libgomp answer. Inside a teams region
// omp_get_num_threads is 1, as the binding parallel region is the implicit
// one (LLVM's libomp answers the thread limit).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: gcc rejects omp_* calls strictly nested in teams.
// REQUIRES: clang
#include "check.h"

static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

int main(void) {
  int max_teams = omp_get_max_teams(), league = 0, entered = 0, threads = 0;
  CHECK_EQ(max_teams, 0);
  CHECK_EQ(omp_get_teams_thread_limit(), 0);
#pragma omp teams
  {
    add1(&entered);
    if (omp_get_team_num() == 0)
      league = omp_get_num_teams();
    if (omp_get_num_threads() == 1)
      add1(&threads);
  }
  CHECK_EQ(league, omp_get_num_procs());
  CHECK_EQ(entered, league);
  CHECK_EQ(threads, league);
  printf("default league = num_procs, max_teams 0\n");
  return 0;
}
// CHECK: default league = num_procs, max_teams 0
