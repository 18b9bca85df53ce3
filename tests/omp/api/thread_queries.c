// omp_get_num_threads, omp_get_thread_num, omp_get_max_threads,
// omp_get_num_procs and omp_in_parallel, outside and inside regions.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=7 %libomp-run | FileCheck %s --check-prefix=SEVEN
#include "check.h"

#include <sched.h>

int main(void) {
  // The reference: the CPUs the process was started with, as its parent
  // (lit, a shell) has them; the runtime may have bound this thread since.
  cpu_set_t set;
  CHECK(sched_getaffinity(getppid(), sizeof set, &set) == 0);
  CHECK_EQ(omp_get_num_procs(), CPU_COUNT(&set));
  CHECK_EQ(omp_get_num_threads(), 1);
  CHECK_EQ(omp_get_thread_num(), 0);
  CHECK(!omp_in_parallel());
  int max = omp_get_max_threads();
  CHECK(max >= 1);
  printf("max threads %d\n", max);

  int members = 0;
#pragma omp parallel reduction(+ : members)
  {
    members++;
    CHECK_EQ(omp_get_num_threads(), max);
    CHECK(omp_get_thread_num() < max);
    CHECK(omp_in_parallel() == (max > 1));
    CHECK_EQ(omp_get_max_threads(), max); // inherited by the implicit tasks
  }
  CHECK_EQ(members, max);

#pragma omp parallel num_threads(2)
  {
    CHECK(omp_in_parallel());
    CHECK_EQ(omp_get_num_threads(), 2);
    // An inactive nested region is still "in parallel".
#pragma omp parallel num_threads(1)
    {
      CHECK(omp_in_parallel());
      CHECK_EQ(omp_get_num_threads(), 1);
      CHECK_EQ(omp_get_thread_num(), 0);
    }
  }
  printf("team of %d ok\n", members);
  return 0;
}
// CHECK: max threads {{[1-9][0-9]*}}
// CHECK-NEXT: team of {{[1-9][0-9]*}} ok
// SEVEN: max threads 7
// SEVEN-NEXT: team of 7 ok
