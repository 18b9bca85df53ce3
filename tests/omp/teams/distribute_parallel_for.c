// distribute parallel for inside teams (clang lowers it to a distribute
// static init, then a loop static init in each team): every iteration
// runs exactly once, on a thread of the team its block belongs to, and the
// inner teams have thread_limit threads. Also with a chunked inner schedule
// and a chunked dist_schedule. (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps
// teams x threads at the number of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 %libomp-run | FileCheck %s
#include "check.h"

#define N 997

static int runs[N], team_of[N], thread_of[N];

static void reset(void) {
  for (int i = 0; i < N; i++)
    runs[i] = 0, team_of[i] = thread_of[i] = -1;
}

static void check_all(const char *what) {
  int threads_seen[3][2] = {{0}};
  for (int i = 0; i < N; i++) {
    CHECK_EQ(runs[i], 1);
    CHECK(team_of[i] >= 0 && team_of[i] < 3);
    CHECK(thread_of[i] >= 0 && thread_of[i] < 2);
    threads_seen[team_of[i]][thread_of[i]] = 1;
  }
  for (int t = 0; t < 3; t++)
    CHECK(threads_seen[t][0] && threads_seen[t][1]);
  printf("%s: %d iterations once each, 3 teams x 2 threads\n", what, N);
}

int main(void) {
  int bad = 0;
  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for
  for (int i = 0; i < N; i++) {
    if (omp_get_num_threads() != 2)
#pragma omp atomic write
      bad = 1;
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
    thread_of[i] = omp_get_thread_num();
  }
  CHECK_EQ(bad, 0);
  check_all("distribute parallel for");
  // Each team's iterations form one contiguous block, in team order.
  for (int i = 1; i < N; i++)
    CHECK(team_of[i] >= team_of[i - 1]);

  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for schedule(static, 3)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
    thread_of[i] = omp_get_thread_num();
  }
  check_all("schedule(static, 3)");

  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for dist_schedule(static, 64)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
    thread_of[i] = omp_get_thread_num();
  }
  check_all("dist_schedule(static, 64)");
  for (int i = 0; i < N; i++)
    CHECK_EQ(team_of[i], (i / 64) % 3);

  // A reduction over the combined construct.
  long sum = 0;
#pragma omp teams num_teams(3) thread_limit(2) reduction(+ : sum)
#pragma omp distribute parallel for reduction(+ : sum)
  for (int i = 1; i <= 10000; i++)
    sum += i;
  CHECK_EQ(sum, 50005000);
  printf("reduction %ld\n", sum);
  return 0;
}
// CHECK: distribute parallel for: 997 iterations once each, 3 teams x 2 threads
// CHECK-NEXT: schedule(static, 3): 997 iterations once each, 3 teams x 2 threads
// CHECK-NEXT: dist_schedule(static, 64): 997 iterations once each, 3 teams x 2 threads
// CHECK-NEXT: reduction 50005000
