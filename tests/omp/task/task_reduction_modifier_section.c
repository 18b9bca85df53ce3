// reduction(task, +: ...) on a parallel construct over array sections:
// constant-length ones starting at 0 (a[0:N], larger than a cache line) and
// not (b[1:4]), variable-length ones starting at 0 and not (v[0:n],
// w[lo:m]); the team's threads and their in_reduction tasks (and a task's
// child) all add into them. With one thread and several. clang declares one
// element's size for a constant-length section while its functions cover the
// whole section (LLVM's libomp 14 corrupts its heap here with two threads or
// more).
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#define N 20
#define TASKS 8

int main(void) {
  deadline(60, "task_reduction_modifier_section");
  for (int round = 0; round < 5; round++) {
    double a[N] = {0}, b[N] = {0};
    long *v = calloc(N, sizeof *v), *w = calloc(N, sizeof *w);
    CHECK(v && w);
    int n = N - 3 * round, lo = round + 1, m = n - lo, threads = 0;
#pragma omp parallel reduction(task, + : a[0:N], b[1:4], v[0:n], w[lo:m]) \
    reduction(+ : threads)
    {
      threads++;
      a[0] += 1;
      w[lo] += 1;
      for (int t = 0; t < TASKS; t++) {
#pragma omp task in_reduction(+ : a[0:N], b[1:4], v[0:n], w[lo:m])
        {
          for (int j = 0; j < N; j++)
            a[j] += j;
          for (int j = 1; j < 5; j++)
            b[j] += 2;
          for (int j = 0; j < n; j++)
            v[j] += 1;
          for (int j = lo; j < lo + m; j++)
            w[j] += 3;
#pragma omp task in_reduction(+ : b[1:4], v[0:n])
          {
            b[4] += 100;
            v[n - 1] += 100;
          }
        }
      }
    }
    long tasks = (long)threads * TASKS;
    for (int j = 0; j < N; j++) {
      CHECK(a[j] == (double)tasks * j + (j == 0 ? threads : 0));
      CHECK(b[j] == (j >= 1 && j < 5 ? 2.0 * tasks : 0) + (j == 4 ? 100.0 * tasks : 0));
      CHECK_EQ(v[j], (j < n ? tasks : 0) + (j == n - 1 ? 100 * tasks : 0));
      CHECK_EQ(w[j], (j >= lo && j < lo + m ? 3 * tasks : 0) + (j == lo ? threads : 0));
    }
    free(v);
    free(w);
  }
  printf("parallel sections reduced\n");
  return 0;
}
// CHECK: parallel sections reduced
