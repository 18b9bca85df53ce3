// Inside explicit tasks, omp_get_thread_num() is a thread number of the
// generating team (0 <= n < team size) and omp_get_num_threads() is the team's
// size, for teams of 1 to 5 threads; omp_get_level and omp_in_parallel match
// the region. Outside any region a task sees a team of one.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define PER 200

int main(void) {
  int bad = 0, ran = 0;
#pragma omp task shared(bad, ran)
  {
    if (omp_get_thread_num() != 0 || omp_get_num_threads() != 1 || omp_in_parallel())
      bad = 1;
    ran++;
  }
#pragma omp taskwait
  CHECK_EQ(ran, 1);
  for (int size = 1; size <= 5; size++) {
    static int seen[5][5 * PER];
    int count = 0;
    memset(seen, 0, sizeof seen);
#pragma omp parallel num_threads(size) shared(bad, count)
    {
      int creator = omp_get_thread_num();
      for (int k = 0; k < PER; k++)
#pragma omp task firstprivate(creator, k) shared(bad, count, size)
      {
        int me = omp_get_thread_num();
        if (me < 0 || me >= size || omp_get_num_threads() != size ||
            omp_get_level() != 1 || omp_in_parallel() != (size > 1))
          bad = 1;
        else
          __atomic_fetch_add(&seen[me][creator * PER + k], 1, __ATOMIC_RELAXED);
#pragma omp atomic
        count++;
      }
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(count, size * PER);
    // Each task ran exactly once, under some thread number of the team.
    for (int t = 0; t < size * PER; t++) {
      int total = 0;
      for (int me = 0; me < size; me++)
        total += seen[me][t];
      CHECK_EQ(total, 1);
    }
    printf("team of %d: %d tasks saw valid thread numbers\n", size, count);
  }
  return 0;
}
// CHECK: team of 1: 200 tasks saw valid thread numbers
// CHECK-NEXT: team of 2: 400 tasks saw valid thread numbers
// CHECK-NEXT: team of 3: 600 tasks saw valid thread numbers
// CHECK-NEXT: team of 4: 800 tasks saw valid thread numbers
// CHECK-NEXT: team of 5: 1000 tasks saw valid thread numbers
