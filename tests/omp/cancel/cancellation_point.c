// cancellation point with OMP_CANCELLATION=true: without a cancel it does
// nothing (every iteration and every thread runs to the end); after another
// thread's cancel for, the threads polling it leave the loop and only the
// loop (not the region) ends.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
#include "check.h"

#define PATIENCE 10.0

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 1);
  int iters = 0, ends = 0;
#pragma omp parallel num_threads(4) reduction(+ : iters, ends)
  {
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < 1000; i++) {
#pragma omp cancellation point for
      iters++;
    }
#pragma omp cancellation point parallel
    ends++;
  }
  CHECK_EQ(iters, 1000);
  CHECK_EQ(ends, 4);
  printf("no cancel: %d iterations, %d threads at the end\n", iters, ends);

  // Iteration 0 cancels the loop; iterations 1..3 (one per thread with
  // static,1) poll until they see it.
  int timeouts = 0, after_loop = 0;
#pragma omp parallel num_threads(4) reduction(+ : timeouts, after_loop)
  {
#pragma omp for schedule(static, 1)
    for (int i = 0; i < 4; i++) {
      if (i == 0) {
        spin_a_bit(100000);
#pragma omp cancel for
      }
      double t0 = omp_get_wtime();
      while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point for
        spin_a_bit(100);
      }
      timeouts++;
    }
    after_loop++;
  }
  CHECK_EQ(timeouts, 0);
  CHECK_EQ(after_loop, 4);
  printf("cancel for seen at cancellation points; region went on\n");
  return 0;
}
// CHECK: no cancel: 1000 iterations, 4 threads at the end
// CHECK-NEXT: cancel for seen at cancellation points; region went on
