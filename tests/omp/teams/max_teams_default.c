// nteams-var starts at 0 (OpenMP 5.1, table 2.1): without OMP_NUM_TEAMS or
// omp_set_num_teams, omp_get_max_teams() answers 0, as libomp and libgomp
// do, in clang and gcc binaries; OMP_NUM_TEAMS and omp_set_num_teams set it.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_TEAMS=3 %libomp-run set | FileCheck %s --check-prefix=SET
#include "check.h"

#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "set")) {
    printf("max_teams %d\n", omp_get_max_teams());
    omp_set_num_teams(5);
    printf("after set %d\n", omp_get_max_teams());
    return 0;
  }
  CHECK_EQ(omp_get_max_teams(), 0);
  printf("max_teams %d\n", omp_get_max_teams());
  return 0;
}
// CHECK: max_teams 0
// SET: max_teams 3
// SET: after set 5
