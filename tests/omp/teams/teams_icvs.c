// omp_set_num_teams / omp_get_max_teams and omp_set_teams_thread_limit /
// omp_get_teams_thread_limit: the values set are read back, and a teams
// construct without clauses uses them (num_teams clause still wins).
// (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps teams x threads at the number
// of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp does not take OMP_NUM_TEAMS into omp_get_max_teams):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

// No atomic construct may be closely nested in teams: builtins instead.
static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

int main(void) {
  omp_set_num_teams(3);
  CHECK_EQ(omp_get_max_teams(), 3);
  omp_set_teams_thread_limit(2);
  CHECK_EQ(omp_get_teams_thread_limit(), 2);

  int league = 0, entered = 0, inner = 0;
#pragma omp teams
  {
    add1(&entered);
    if (omp_get_team_num() == 0)
      league = omp_get_num_teams();
#pragma omp parallel
    if (omp_get_thread_num() == 0 && omp_get_team_num() == 0)
      inner = omp_get_num_threads();
  }
  CHECK_EQ(league, 3);
  CHECK_EQ(entered, 3);
  CHECK_EQ(inner, 2);
  printf("teams: %d teams of %d threads\n", league, inner);

  omp_set_num_teams(5);
  CHECK_EQ(omp_get_max_teams(), 5);
  entered = 0;
#pragma omp teams num_teams(2)
  add1(&entered);
  CHECK_EQ(entered, 2); // the clause overrides the ICV
  // Non-positive values are ignored.
  omp_set_num_teams(0);
  CHECK_EQ(omp_get_max_teams(), 5);
  omp_set_teams_thread_limit(-1);
  CHECK_EQ(omp_get_teams_thread_limit(), 2);
  printf("clause %d, ICVs kept %d %d\n", entered, omp_get_max_teams(),
         omp_get_teams_thread_limit());
  return 0;
}
// CHECK: teams: 3 teams of 2 threads
// CHECK-NEXT: clause 2, ICVs kept 5 2
