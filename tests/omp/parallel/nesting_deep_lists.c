// No fixed limit on per-level lists: an OMP_NUM_THREADS list of 12 levels
// sizes the twelfth nested team, and a BOBBIN_THREAD_KIND list of 10 levels
// is taken whole (OMP_DISPLAY_ENV shows it, no warning).
// RUN: %libomp-compile && env OMP_NUM_THREADS=1,1,1,1,1,1,1,1,1,1,1,3 OMP_MAX_ACTIVE_LEVELS=20 %libomp-run 2>&1 | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=ult,ult,ult,ult,ult,ult,ult,ult,tasklet,ult OMP_DISPLAY_ENV=true %libomp-run kinds 2>&1 | FileCheck %s --check-prefix=KINDS
// REQUIRES: bobbin
#include "check.h"

#include <string.h>

static int deepest_size, deepest_level;

/* Opens nested regions down to level 12 and records the last one's size. */
static void descend(int level) {
  if (level == 12) {
    deepest_size = omp_get_num_threads();
    deepest_level = omp_get_level();
    return;
  }
  if (level == 11)
    CHECK_EQ(omp_get_max_threads(), 3);
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      descend(level + 1);
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "kinds")) {
    int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
    n++;
    CHECK_EQ(n, 2);
    printf("kinds ok\n");
    return 0;
  }
  descend(0);
  CHECK_EQ(deepest_level, 12);
  CHECK_EQ(deepest_size, 3);
  printf("level %d: %d threads\n", deepest_level, deepest_size);
  return 0;
}
// CHECK-NOT: bobbin:
// CHECK: level 12: 3 threads

// KINDS-NOT: bobbin:
// KINDS: BOBBIN_THREAD_KIND = 'ult,ult,ult,ult,ult,ult,ult,ult,tasklet,ult'
// KINDS: kinds ok
