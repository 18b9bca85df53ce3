// reduction(task, +: x) on a parallel construct and on a worksharing loop:
// tasks created in the region (by any thread, and by tasks) take part with
// in_reduction, and the result combines the threads' own contributions and
// the tasks'. Also with max on the loop.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#define N 1000

int main(void) {
  long x = 7, y = 0, threads = 0;
  int big = -1;
  for (int round = 0; round < 20; round++) {
    x = 7;
    y = 0;
    big = -1;
    threads = 0;
#pragma omp parallel reduction(task, + : x) reduction(+ : threads)
    {
      threads++;
      x += 1; // the thread's own part
      for (int k = 0; k < 10; k++)
#pragma omp task in_reduction(+ : x)
      {
        x += 10;
#pragma omp task in_reduction(+ : x)
        x += 100;
      }
    }
    CHECK_EQ(x, 7 + threads * (1 + 10 * 110));

#pragma omp parallel
    {
#pragma omp for reduction(task, + : y) reduction(task, max : big)
      for (int i = 0; i < N; i++) {
        y += 1;
        if (i % 50 == 0) {
#pragma omp task in_reduction(+ : y) in_reduction(max : big) firstprivate(i)
          {
            y += i;
            if (3 * i > big)
              big = 3 * i;
          }
        }
      }
    }
    // i = 0, 50, ..., 950 add their values; the loop adds N ones.
    CHECK_EQ(y, N + 50 * (19 * 20 / 2));
    CHECK_EQ(big, 3 * 950);
  }
  printf("parallel: x %ld with %ld threads; for: y %ld max %d\n", x - threads * 1101, threads,
         y, big);
  return 0;
}
// CHECK: parallel: x 7 with {{[1-9]}} threads; for: y 10500 max 2850
