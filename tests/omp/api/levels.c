// omp_get_level, omp_get_active_level, omp_get_ancestor_thread_num and
// omp_get_team_size, including inactive levels and out-of-range arguments.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=8 %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_level(), 0);
  CHECK_EQ(omp_get_active_level(), 0);
  CHECK_EQ(omp_get_ancestor_thread_num(0), 0);
  CHECK_EQ(omp_get_team_size(0), 1);
  CHECK_EQ(omp_get_ancestor_thread_num(1), -1);
  CHECK_EQ(omp_get_team_size(1), -1);
  CHECK_EQ(omp_get_ancestor_thread_num(-1), -1);
  CHECK_EQ(omp_get_team_size(-1), -1);

  int leaves = 0;
  // Levels: 1 active (3 threads), 2 inactive (if(0)), 3 active (2 threads).
#pragma omp parallel num_threads(3)
  {
    int t1 = omp_get_thread_num();
#pragma omp parallel num_threads(4) if (0)
    {
      CHECK_EQ(omp_get_level(), 2);
      CHECK_EQ(omp_get_active_level(), 1);
      CHECK_EQ(omp_get_team_size(2), 1);
      CHECK_EQ(omp_get_ancestor_thread_num(2), 0);
#pragma omp parallel num_threads(2)
      {
        CHECK_EQ(omp_get_level(), 3);
        CHECK_EQ(omp_get_active_level(), 2);
        CHECK_EQ(omp_get_ancestor_thread_num(0), 0);
        CHECK_EQ(omp_get_ancestor_thread_num(1), t1);
        CHECK_EQ(omp_get_ancestor_thread_num(2), 0);
        CHECK_EQ(omp_get_ancestor_thread_num(3), omp_get_thread_num());
        CHECK_EQ(omp_get_ancestor_thread_num(4), -1);
        CHECK_EQ(omp_get_team_size(0), 1);
        CHECK_EQ(omp_get_team_size(1), 3);
        CHECK_EQ(omp_get_team_size(2), 1);
        CHECK_EQ(omp_get_team_size(3), 2);
        CHECK_EQ(omp_get_team_size(4), -1);
        CHECK_EQ(omp_get_ancestor_thread_num(-3), -1);
#pragma omp atomic
        leaves++;
      }
    }
    CHECK_EQ(omp_get_level(), 1);
    CHECK_EQ(omp_get_active_level(), 1);
  }
  CHECK_EQ(leaves, 6);
  printf("levels ok, %d leaves\n", leaves);
  return 0;
}
// CHECK: levels ok, 6 leaves
