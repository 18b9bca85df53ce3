// Recursive Fibonacci with one task per call: fib(25) comes out exact with
// a task at every level and with a serial cutoff, under several team sizes;
// the number of tasks created and run matches the recursion exactly.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=5 %libomp-run | FileCheck %s
#include "check.h"

static long tasks_run;

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

// Every call above the cutoff spawns two tasks and waits for both.
static long fib_task(int n, int cutoff) {
  if (n < 2)
    return n;
  if (n <= cutoff)
    return fib_serial(n);
  long a = 0, b = 0;
#pragma omp task shared(a) firstprivate(n, cutoff)
  {
#pragma omp atomic
    tasks_run++;
    a = fib_task(n - 1, cutoff);
  }
#pragma omp task shared(b) firstprivate(n, cutoff)
  {
#pragma omp atomic
    tasks_run++;
    b = fib_task(n - 2, cutoff);
  }
#pragma omp taskwait
  return a + b;
}

// Tasks the recursion creates: two per call with n >= 2 and n > cutoff.
static long expected_tasks(int n, int cutoff) {
  if (n < 2 || n <= cutoff)
    return 0;
  return 2 + expected_tasks(n - 1, cutoff) + expected_tasks(n - 2, cutoff);
}

int main(void) {
  const int cutoffs[] = {1, 10, 18};
  CHECK_EQ(fib_serial(25), 75025);
  for (int c = 0; c < 3; c++) {
    long result = -1;
    tasks_run = 0;
#pragma omp parallel
#pragma omp single
    result = fib_task(25, cutoffs[c]);
    CHECK_EQ(result, 75025);
    CHECK_EQ(tasks_run, expected_tasks(25, cutoffs[c]));
    printf("cutoff %d: fib(25) = %ld\n", cutoffs[c], result);
  }
  // The task count without cutoff is known in closed form: 2 * (fib(26) - 1).
  CHECK_EQ(expected_tasks(25, 1), 2 * (121393 - 1));
  return 0;
}
// CHECK: cutoff 1: fib(25) = 75025
// CHECK-NEXT: cutoff 10: fib(25) = 75025
// CHECK-NEXT: cutoff 18: fib(25) = 75025
