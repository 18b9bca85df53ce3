// if(0) serializes a region: a team of one, the encountering thread, an
// inactive level.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int zero = 0, calls = 0;
  omp_set_num_threads(4);
#pragma omp parallel if (zero)
  {
    calls++; // no race: a team of one
    CHECK_EQ(omp_get_num_threads(), 1);
    CHECK_EQ(omp_get_thread_num(), 0);
    CHECK_EQ(omp_get_level(), 1);
    CHECK_EQ(omp_get_active_level(), 0);
    CHECK(!omp_in_parallel());
  }
  CHECK_EQ(calls, 1);
  printf("if(0): one thread, level 1, active level 0\n");

  // if(0) inside an active region: a team of one at level 2.
  int inner[4] = {0};
#pragma omp parallel num_threads(4)
  {
    int me = omp_get_thread_num();
#pragma omp parallel if (zero) num_threads(3)
    {
      CHECK_EQ(omp_get_num_threads(), 1);
      CHECK_EQ(omp_get_level(), 2);
      CHECK_EQ(omp_get_active_level(), 1);
      CHECK_EQ(omp_get_ancestor_thread_num(1), me);
      CHECK(omp_in_parallel());
      inner[me]++;
    }
  }
  for (int i = 0; i < 4; i++)
    CHECK_EQ(inner[i], 1);

  int one = 1, size = 0;
#pragma omp parallel if (one) num_threads(3)
#pragma omp single
  size = omp_get_num_threads();
  CHECK_EQ(size, 3);
  printf("if(1): %d threads\n", size);
  return 0;
}
// CHECK: if(0): one thread, level 1, active level 0
// CHECK-NEXT: if(1): 3 threads
