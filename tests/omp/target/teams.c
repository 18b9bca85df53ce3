// target teams on the host: gcc's GOMP_teams4 runs the league's teams one
// after the other on the region's initial thread. num_teams and
// thread_limit are honoured, omp_get_num_teams/omp_get_team_num answer
// inside, distribute splits a loop among the teams, parallel for inside
// each team splits its part among threads, and reductions come back
// through map(tofrom). A parallel region in a team is at level 1.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

enum { N = 10000 };

static double x[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 7;
  double expect = 0;
  for (int i = 0; i < N; i++)
    expect += x[i] * 2;

  double sum = 0;
  long count = 0;
#pragma omp target teams distribute parallel for num_teams(4) thread_limit(3) \
    map(to : x) map(tofrom : sum, count) reduction(+ : sum, count)
  for (int i = 0; i < N; i++) {
    sum += x[i] * 2;
    count++;
  }
  CHECK(sum == expect);
  CHECK_EQ(count, N);
  printf("reduction: ok\n");

  // Who ran what: each team's part of a distributed loop, the team count
  // and number, the threads of a parallel region in a team.
  int team_of[N], nteams[8] = {0}, threads[8] = {0}, limit[8] = {0};
  int levels_inside[8];
#pragma omp target teams num_teams(5) thread_limit(2) \
    map(from : team_of, nteams, threads, limit, levels_inside)
  {
    int t = omp_get_team_num();
    nteams[t] = omp_get_num_teams();
#pragma omp distribute
    for (int i = 0; i < N; i++)
      team_of[i] = omp_get_team_num();
#pragma omp parallel num_threads(4)
    if (omp_get_thread_num() == 0) {
      threads[t] = omp_get_num_threads();
      limit[t] = omp_get_thread_limit();
      levels_inside[t] = omp_get_level() * 10 + omp_in_parallel();
    }
  }
  for (int t = 0; t < 5; t++) {
    CHECK_EQ(nteams[t], 5);
    CHECK_EQ(threads[t], 2); // thread_limit(2) caps num_threads(4)
    CHECK_EQ(limit[t], 2);
    CHECK_EQ(levels_inside[t], 11);
  }
  for (int i = 1; i < N; i++)
    CHECK(team_of[i] >= team_of[i - 1]); // contiguous blocks, in team order
  CHECK_EQ(team_of[0], 0);
  CHECK_EQ(team_of[N - 1], 4);
  printf("teams: %d of %d threads\n", nteams[0], threads[0]);

  // Without clauses: one team; the thread limit is the initial one.
  int n = -1, lim = -1;
#pragma omp target teams map(from : n, lim)
  {
    n = omp_get_num_teams();
#pragma omp parallel
#pragma omp master
    lim = omp_get_thread_limit();
  }
  CHECK_EQ(n, 1);
  CHECK_EQ(lim, omp_get_thread_limit());
  printf("default: %d team\n", n);
  return 0;
}
// CHECK: reduction: ok
// CHECK-NEXT: teams: 5 of 2 threads
// CHECK-NEXT: default: 1 team
