// Reductions with taskloop: reduction(+, *, max, min) on the construct
// itself, and in_reduction inside a taskgroup's task_reduction where the
// taskloop's tasks and ordinary tasks update the same items.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define N 10000

int main(void) {
  long sum = 0, sum2 = 5;
  double prod = 1.0;
  int mx = -1000000, mn = 1000000, total = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(100) reduction(+ : sum) reduction(max : mx) reduction(min : mn)
    for (int i = 0; i < N; i++) {
      sum += i;
      int v = (i * 7919) % 10007 - 5000;
      if (v > mx)
        mx = v;
      if (v < mn)
        mn = v;
    }
#pragma omp taskloop num_tasks(6) reduction(* : prod)
    for (int i = 1; i <= 40; i++)
      prod *= (i % 2) ? 2.0 : 0.5; // twenty 2s and twenty halves: exactly 1
#pragma omp taskgroup task_reduction(+ : sum2, total)
    {
#pragma omp taskloop grainsize(64) in_reduction(+ : sum2, total)
      for (int i = 0; i < N; i++) {
        sum2 += i;
        total++;
      }
      for (int k = 0; k < 10; k++)
#pragma omp task in_reduction(+ : sum2, total)
      {
        sum2 += 1000;
        total++;
      }
    }
  }
  // The max and min of (i * 7919) % 10007 - 5000 over 0 <= i < N.
  int emx = -1000000, emn = 1000000;
  for (int i = 0; i < N; i++) {
    int v = (i * 7919) % 10007 - 5000;
    emx = v > emx ? v : emx;
    emn = v < emn ? v : emn;
  }
  CHECK_EQ(sum, (long)N * (N - 1) / 2);
  CHECK_EQ(mx, emx);
  CHECK_EQ(mn, emn);
  CHECK(prod == 1.0);
  CHECK_EQ(sum2, 5 + (long)N * (N - 1) / 2 + 10000);
  CHECK_EQ(total, N + 10);
  printf("sum %ld max %d min %d prod %g in_reduction %ld/%d\n", sum, mx, mn, prod, sum2, total);
  return 0;
}
// CHECK: sum 49995000 max {{[0-9]+}} min -{{[0-9]+}} prod 1 in_reduction 50005005/10010
