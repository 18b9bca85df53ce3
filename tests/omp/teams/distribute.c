// distribute inside teams: every iteration runs exactly once, in the team
// the schedule says. Without dist_schedule each team gets one contiguous
// block, and every team gets some; with dist_schedule(static, 4) iteration i
// belongs to team (i / 4) % 3.
// (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps teams x threads at the number
// of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 %libomp-run | FileCheck %s
#include "check.h"

#define N 1000

static int runs[N], owner[N];

static void reset(void) {
  for (int i = 0; i < N; i++)
    runs[i] = 0, owner[i] = -1;
}

int main(void) {
  int nteams = 0;
  reset();
#pragma omp teams num_teams(3)
  {
    if (omp_get_team_num() == 0)
      nteams = omp_get_num_teams();
#pragma omp distribute
    for (int i = 0; i < N; i++) {
#pragma omp atomic
      runs[i]++;
      owner[i] = omp_get_team_num();
    }
  }
  CHECK_EQ(nteams, 3);
  int blocks = 1, seen[3] = {0};
  for (int i = 0; i < N; i++) {
    CHECK_EQ(runs[i], 1);
    CHECK(owner[i] >= 0 && owner[i] < 3);
    seen[owner[i]] = 1;
    if (i > 0 && owner[i] != owner[i - 1]) {
      CHECK(owner[i] > owner[i - 1]); // blocks in team order
      blocks++;
    }
  }
  CHECK_EQ(blocks, 3);
  CHECK(seen[0] && seen[1] && seen[2]);
  printf("distribute: %d iterations once each, %d blocks\n", N, blocks);

  reset();
#pragma omp teams num_teams(3)
#pragma omp distribute dist_schedule(static, 4)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    runs[i]++;
    owner[i] = omp_get_team_num();
  }
  for (int i = 0; i < N; i++) {
    CHECK_EQ(runs[i], 1);
    CHECK_EQ(owner[i], (i / 4) % 3);
  }
  printf("dist_schedule(static, 4): round robin of chunks\n");

  // A loop with fewer iterations than teams, and one that runs downwards.
  int few[2] = {0}, down = 0;
#pragma omp teams num_teams(3)
  {
#pragma omp distribute
    for (int i = 0; i < 2; i++)
#pragma omp atomic
      few[i]++;
#pragma omp distribute
    for (int i = 300; i > 0; i -= 3)
#pragma omp atomic
      down += i;
  }
  CHECK(few[0] == 1 && few[1] == 1);
  CHECK_EQ(down, 15150); // 3 + 6 + ... + 300
  printf("short and downward loops ok\n");
  return 0;
}
// CHECK: distribute: 1000 iterations once each, 3 blocks
// CHECK-NEXT: dist_schedule(static, 4): round robin of chunks
// CHECK-NEXT: short and downward loops ok
