// Nested regions to depth 4 with team sizes 2, 3, 2, 4: every (level,
// thread-number path) runs exactly once, and the level queries are right at
// each level.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=4 %libomp-run | FileCheck %s
#include "check.h"

static const int sizes[4] = {2, 3, 2, 4};
// runs[level-1][path]: path = thread numbers of levels 1..level, mixed radix.
static int runs[4][2 * 3 * 2 * 4];

static void check_level(int level, int path) {
  CHECK_EQ(omp_get_level(), level);
  CHECK_EQ(omp_get_active_level(), level);
  CHECK_EQ(omp_get_num_threads(), sizes[level - 1]);
  CHECK_EQ(omp_get_team_size(level), sizes[level - 1]);
  CHECK_EQ(omp_get_ancestor_thread_num(0), 0);
  CHECK_EQ(omp_get_team_size(0), 1);
  CHECK_EQ(omp_get_ancestor_thread_num(level), omp_get_thread_num());
  CHECK_EQ(omp_get_ancestor_thread_num(level + 1), -1);
  CHECK_EQ(omp_get_team_size(level + 1), -1);
  // Decode the path back into ancestor thread numbers.
  for (int l = level; l >= 1; l--) {
    CHECK_EQ(omp_get_ancestor_thread_num(l), path % sizes[l - 1]);
    CHECK_EQ(omp_get_team_size(l), sizes[l - 1]);
    path /= sizes[l - 1];
  }
}

static void nest(int level, int path) {
  if (level > 4)
    return;
#pragma omp parallel num_threads(sizes[level - 1])
  {
    int p = path * sizes[level - 1] + omp_get_thread_num();
    check_level(level, p);
#pragma omp atomic
    runs[level - 1][p]++;
    nest(level + 1, p);
    check_level(level, p); // unchanged after the inner region
  }
}

int main(void) {
  CHECK_EQ(omp_get_max_active_levels(), 4);
  nest(1, 0);
  int paths = 1;
  for (int l = 0; l < 4; l++) {
    paths *= sizes[l];
    for (int p = 0; p < paths; p++)
      CHECK_EQ(runs[l][p], 1);
    printf("level %d: %d paths once each\n", l + 1, paths);
  }
  CHECK_EQ(omp_get_level(), 0);
  return 0;
}
// CHECK: level 1: 2 paths once each
// CHECK-NEXT: level 2: 6 paths once each
// CHECK-NEXT: level 3: 12 paths once each
// CHECK-NEXT: level 4: 48 paths once each
