// sections: each section runs exactly once, with more and with fewer
// sections than threads, with nowait, and with lastprivate taking the
// lexically last section's value.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int ran[5] = {0}, who[5];
  int last = -1, after_barrier_ok = 1;
#pragma omp parallel num_threads(3)
  {
#pragma omp sections lastprivate(last)
    {
#pragma omp section
      { ran[0]++; who[0] = omp_get_thread_num(); last = 0; spin_a_bit(20000); }
#pragma omp section
      { ran[1]++; who[1] = omp_get_thread_num(); last = 1; }
#pragma omp section
      { ran[2]++; who[2] = omp_get_thread_num(); last = 2; }
#pragma omp section
      { ran[3]++; who[3] = omp_get_thread_num(); last = 3; }
#pragma omp section
      { ran[4]++; who[4] = omp_get_thread_num(); last = 4; spin_a_bit(1000); }
    }
    // The implicit barrier: all five sections are done.
    int done = ran[0] + ran[1] + ran[2] + ran[3] + ran[4];
    if (done != 5)
#pragma omp atomic write
      after_barrier_ok = 0;
  }
  for (int s = 0; s < 5; s++) {
    CHECK_EQ(ran[s], 1);
    CHECK(who[s] >= 0 && who[s] < 3);
  }
  CHECK_EQ(after_barrier_ok, 1);
  CHECK_EQ(last, 4);
  printf("5 sections on 3 threads, lastprivate %d\n", last);

  // Two sections, eight threads, nowait, run many times.
  int a = 0, b = 0;
#pragma omp parallel num_threads(8)
  for (int r = 0; r < 100; r++) {
#pragma omp sections nowait
    {
#pragma omp section
#pragma omp atomic
      a++;
#pragma omp section
#pragma omp atomic
      b++;
    }
  }
  CHECK_EQ(a, 100);
  CHECK_EQ(b, 100);
  printf("nowait: %d %d\n", a, b);

  // parallel sections, combined.
  int x = 0, y = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    x = 1;
#pragma omp section
    y = 2;
  }
  CHECK(x == 1 && y == 2);
  printf("parallel sections ok\n");
  return 0;
}
// CHECK: 5 sections on 3 threads, lastprivate 4
// CHECK-NEXT: nowait: 100 100
// CHECK-NEXT: parallel sections ok
