// An undeferred task (if(0)) with dependences first waits for the siblings
// it depends on, then runs at once on the encountering thread before the
// construct returns; later siblings that depend on it see its result.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int rounds = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < 200; round++) {
    int x = 0, y = 0, ran = 0, ran_on = -1, creator = omp_get_thread_num(), seen = -1;
#pragma omp task depend(out : x) shared(x)
    {
      spin_a_bit(5000);
      x = 41;
    }
#pragma omp task depend(out : y) shared(y)
    y = 1;
#pragma omp task if (0) depend(inout : x) shared(x, ran, ran_on)
    {
      x++;
      ran = 1;
      ran_on = omp_get_thread_num();
    }
    CHECK_EQ(ran, 1); // undeferred: complete when the construct returns
    CHECK_EQ(x, 42);
    CHECK_EQ(ran_on, creator);
#pragma omp task depend(in : x) shared(x, seen)
    seen = x;
#pragma omp taskwait
    CHECK_EQ(seen, 42);
    CHECK_EQ(y, 1);
    rounds++;
  }
  printf("%d undeferred tasks waited for their producers\n", rounds);
  return 0;
}
// CHECK: 200 undeferred tasks waited for their producers
