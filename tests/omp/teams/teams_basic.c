// teams on the host: num_teams(3) thread_limit(2) gives a league of three
// teams numbered 0..2, each entered exactly once by its initial thread; a
// teams region is not a parallel region (level 0, thread 0, not in
// parallel); omp_get_thread_limit is the clause's; a parallel region inside
// a team is limited to thread_limit threads and still sees its team's number.
// (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps teams x threads at the number
// of CPUs otherwise.)
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 KMP_TEAMS_THREAD_LIMIT=64 %libomp-run | FileCheck %s
// clang only: gcc rejects omp_* calls strictly nested in teams.
// REQUIRES: clang
#include "check.h"

// No atomic construct may be closely nested in teams: builtins instead.
static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

int main(void) {
  int entered[3] = {0}, league[3] = {0}, members[3] = {0}, bad = 0;
  int inner_size[3] = {0}, inner_team_num_ok[3] = {0};
#pragma omp teams num_teams(3) thread_limit(2)
  {
    int t = omp_get_team_num();
    if (t < 0 || t >= 3 || omp_get_level() != 0 || omp_get_active_level() != 0 ||
        omp_in_parallel() || omp_get_thread_num() != 0 || omp_get_thread_limit() != 2)
      __atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
    if (t >= 0 && t < 3) {
      add1(&entered[t]);
      league[t] = omp_get_num_teams();
#pragma omp parallel num_threads(4)
      {
        add1(&members[t]);
        if (omp_get_thread_num() == 0)
          inner_size[t] = omp_get_num_threads();
        if (omp_get_team_num() == t && omp_get_level() == 1)
          add1(&inner_team_num_ok[t]);
      }
    }
  }
  CHECK_EQ(bad, 0);
  for (int t = 0; t < 3; t++) {
    CHECK_EQ(entered[t], 1);
    CHECK_EQ(league[t], 3);
    CHECK_EQ(inner_size[t], 2); // num_threads(4) capped by thread_limit(2)
    CHECK_EQ(members[t], 2);
    CHECK_EQ(inner_team_num_ok[t], 2);
    printf("team %d of %d: inner team of %d\n", t, league[t], inner_size[t]);
  }
  // Outside teams: one team, number 0.
  CHECK_EQ(omp_get_team_num(), 0);
  CHECK_EQ(omp_get_num_teams(), 1);

  // Without num_threads, the inner team takes nthreads-var (4) capped by the
  // thread limit as well.
  int sizes[3] = {0};
#pragma omp teams num_teams(3) thread_limit(2)
  {
#pragma omp parallel
    if (omp_get_thread_num() == 0)
      sizes[omp_get_team_num()] = omp_get_num_threads();
  }
  for (int t = 0; t < 3; t++)
    CHECK_EQ(sizes[t], 2);
  printf("default inner size capped: %d %d %d\n", sizes[0], sizes[1], sizes[2]);
  return 0;
}
// CHECK: team 0 of 3: inner team of 2
// CHECK-NEXT: team 1 of 3: inner team of 2
// CHECK-NEXT: team 2 of 3: inner team of 2
// CHECK-NEXT: default inner size capped: 2 2 2
