// Team sizes from num_threads and omp_set_num_threads; every thread number
// in [0, n) occurs exactly once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

// Runs a region with num_threads(n); returns the team size after checking
// the thread numbers.
static int team(int n) {
  int seen[64] = {0}, size = -1;
#pragma omp parallel num_threads(n)
  {
    int me = omp_get_thread_num();
    CHECK(me >= 0 && me < 64);
#pragma omp atomic
    seen[me]++;
#pragma omp single
    size = omp_get_num_threads();
  }
  for (int i = 0; i < 64; i++)
    CHECK_EQ(seen[i], i < size ? 1 : 0);
  return size;
}

int main(void) {
  for (int n = 1; n <= 17; n++)
    CHECK_EQ(team(n), n);
  printf("clause 1..17 ok\n");

  omp_set_num_threads(5);
  CHECK_EQ(omp_get_max_threads(), 5);
  int size = 0;
#pragma omp parallel
#pragma omp master
  size = omp_get_num_threads();
  CHECK_EQ(size, 5);
  CHECK_EQ(team(3), 3); // the clause wins over the ICV
  printf("set_num_threads(5): %d\n", size);

  omp_set_num_threads(1);
#pragma omp parallel
  {
    CHECK_EQ(omp_get_num_threads(), 1);
    CHECK_EQ(omp_get_thread_num(), 0);
  }
  omp_set_num_threads(48);
#pragma omp parallel
#pragma omp master
  size = omp_get_num_threads();
  CHECK_EQ(size, 48);
  printf("set_num_threads(48): %d\n", size);
  return 0;
}
// CHECK: clause 1..17 ok
// CHECK-NEXT: set_num_threads(5): 5
// CHECK-NEXT: set_num_threads(48): 48
