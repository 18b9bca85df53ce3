// distribute parallel for schedule(dynamic) inside teams (clang: a
// distribute static init, then a dispatched loop in each team): every
// iteration runs exactly once, each within its team's block of the
// distribute schedule. Also guided, and a 64-bit loop. (KMP_TEAMS_THREAD_LIMIT:
// LLVM's libomp caps teams x threads at the number of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 %libomp-run | FileCheck %s
#include "check.h"

#define N 1001

static int runs[N], team_of[N];

static void check_blocks(const char *what) {
  for (int i = 0; i < N; i++) {
    CHECK_EQ(runs[i], 1);
    CHECK(team_of[i] >= 0 && team_of[i] < 3);
    if (i > 0)
      CHECK(team_of[i] >= team_of[i - 1]); // one block per team, in order
  }
  CHECK_EQ(team_of[0], 0);
  CHECK_EQ(team_of[N - 1], 2);
  printf("%s: %d iterations once each\n", what, N);
}

int main(void) {
  int bad = 0;
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for schedule(dynamic, 5)
  for (int i = 0; i < N; i++) {
    if (omp_get_num_threads() != 2)
#pragma omp atomic write
      bad = 1;
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
    spin_a_bit(100 * (i % 7));
  }
  CHECK_EQ(bad, 0);
  check_blocks("dynamic, 5");

  for (int i = 0; i < N; i++)
    runs[i] = 0, team_of[i] = -1;
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for schedule(dynamic)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
  }
  check_blocks("dynamic");

  for (int i = 0; i < N; i++)
    runs[i] = 0, team_of[i] = -1;
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp distribute parallel for schedule(guided)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    runs[i]++;
    team_of[i] = omp_get_team_num();
  }
  check_blocks("guided");

  long long sum = 0;
#pragma omp teams num_teams(3) thread_limit(2) reduction(+ : sum)
#pragma omp distribute parallel for schedule(dynamic, 100) reduction(+ : sum)
  for (long long i = 1; i <= 100000; i++)
    sum += i;
  CHECK_EQ(sum, 5000050000LL);
  printf("64-bit sum %lld\n", sum);
  return 0;
}
// CHECK: dynamic, 5: 1001 iterations once each
// CHECK-NEXT: dynamic: 1001 iterations once each
// CHECK-NEXT: guided: 1001 iterations once each
// CHECK-NEXT: 64-bit sum 5000050000
