// omp_get_wtime advances with elapsed time and never goes back, on every
// thread; omp_get_wtick is a positive, fine resolution.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

int main(void) {
  double tick = omp_get_wtick();
  CHECK(tick > 0 && tick <= 1e-3);
  double t0 = omp_get_wtime();
  struct timespec ts = {0, 50 * 1000 * 1000};
  nanosleep(&ts, NULL);
  double t1 = omp_get_wtime();
  CHECK(t1 - t0 >= 0.049);
  CHECK(t1 - t0 < 10.0);
  int backwards = 0;
#pragma omp parallel num_threads(4) reduction(+ : backwards)
  {
    double prev = omp_get_wtime();
    CHECK(prev >= t1 - 1.0); // one clock for all threads, roughly
    for (int i = 0; i < 10000; i++) {
      double now = omp_get_wtime();
      backwards += now < prev;
      prev = now;
    }
  }
  CHECK_EQ(backwards, 0);
  printf("wtick ok, 50 ms measured, %d backward steps\n", backwards);
  return 0;
}
// CHECK: wtick ok, 50 ms measured, 0 backward steps
