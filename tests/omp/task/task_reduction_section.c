// Task reductions over array sections in a taskgroup: task_reduction on the
// taskgroup, in_reduction on its tasks and on tasks those tasks create, for
// constant-length sections starting at 0 (a[0:N], larger than a cache line)
// and not (b[2:8]), and variable-length ones starting at 0 and not
// (v[0:n], w[lo:n]), over rounds whose lengths shrink. Every sum is checked.
// clang declares one element's size for a constant-length section while its
// initializer and combiner cover the whole section (LLVM's libomp 14
// corrupts its heap here with two threads or more); a variable-length
// section's functions read its length from a thread-local variable the task
// sets just before asking for its copy, so a copy is only initialised then,
// and combined as the task ends; an untied task, which may resume on another
// ES after a taskyield, sets it again in each part.
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#define N 24
#define TASKS 40
#define ROUNDS 6

int main(void) {
  deadline(60, "task_reduction_section");
  for (int round = 0; round < ROUNDS; round++) {
    double a[N] = {0}, b[N] = {0};
    long *v = calloc(N, sizeof *v), *w = calloc(N, sizeof *w);
    CHECK(v && w);
    int n = N - 4 * round, lo = round % 3 + 1, m = n - lo; // lengths shrink
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+ : a[0:N], b[2:8]) task_reduction(+ : v[0:n], w[lo:m])
      {
        for (int t = 0; t < TASKS; t++) {
#pragma omp task in_reduction(+ : a[0:N], b[2:8]) in_reduction(+ : v[0:n], w[lo:m]) \
    firstprivate(t)
          {
            for (int j = 0; j < N; j++)
              a[j] += j + 1;
            for (int j = 2; j < 10; j++)
              b[j] += t;
            for (int j = 0; j < n; j++)
              v[j] += 1;
            for (int j = lo; j < lo + m; j++)
              w[j] += j;
            // A child names the copy its parent was given.
#pragma omp task in_reduction(+ : a[0:N], w[lo:m])
            {
              a[N - 1] += 1000;
              w[lo + m - 1] += 1000;
            }
          }
#pragma omp task untied in_reduction(+ : v[0:n])
          {
            v[0] += 1;
#pragma omp taskyield
            for (int j = 0; j < n; j++)
              v[j] += 2;
          }
        }
      }
    }
    for (int j = 0; j < N; j++) {
      CHECK(a[j] == (double)TASKS * (j + 1) + (j == N - 1 ? 1000.0 * TASKS : 0));
      CHECK(b[j] == (j >= 2 && j < 10 ? TASKS * (TASKS - 1) / 2.0 : 0));
      CHECK_EQ(v[j], (j < n ? 3 * TASKS : 0) + (j == 0 ? TASKS : 0));
      CHECK_EQ(w[j], (j >= lo && j < lo + m ? (long)TASKS * j : 0) +
                         (j == lo + m - 1 ? 1000L * TASKS : 0));
    }
    free(v);
    free(w);
  }
  printf("sections reduced in %d rounds\n", ROUNDS);
  return 0;
}
// CHECK: sections reduced in 6 rounds
