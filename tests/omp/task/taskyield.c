// taskyield: a task that waits for a flag, yielding meanwhile, lets the task
// that sets the flag run, and many tasks that yield over and over all finish
// with their work done once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

#define TASKS 200
#define YIELDS 100

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  int flag = 0, waited = 0;
  long sum = 0;
  static int count[TASKS];
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(flag, waited)
    {
      double limit = now() + 60; // only turns a hang into a failure
      while (!__atomic_load_n(&flag, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
        CHECK(now() < limit);
      }
      waited = 1;
    }
#pragma omp task shared(flag)
    __atomic_store_n(&flag, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < TASKS; i++)
#pragma omp task shared(sum, count) firstprivate(i)
    {
      for (int k = 0; k < YIELDS; k++) {
#pragma omp atomic
        sum += k;
#pragma omp taskyield
      }
      count[i]++;
    }
  }
  CHECK_EQ(waited, 1);
  CHECK_EQ(sum, (long)TASKS * YIELDS * (YIELDS - 1) / 2);
  for (int i = 0; i < TASKS; i++)
    CHECK_EQ(count[i], 1);
  printf("taskyield: waiter released, %d yielding tasks done\n", TASKS);
  return 0;
}
// CHECK: taskyield: waiter released, 200 yielding tasks done
