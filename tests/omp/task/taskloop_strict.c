// REQUIRES: gcc
// taskloop's split against the spec's bounds (OpenMP 5.2, 12.6), with and
// without the strict modifier, for loops of 1 to 1000 iterations (gcc 12
// passes strict to the runtime; clang 14 and 19 drop it, see
// taskloop_strict_kmpc.c). Each task learns its number through a
// firstprivate variable (-1 until its first iteration) and records its
// iterations, which must be one contiguous range:
// - grainsize(g): each task has at least min(g, N) and fewer than 2g;
// - grainsize(strict: g): each task exactly g but the one holding the last
//   iteration, which has 1 to g: ceil(N / g) tasks;
// - num_tasks(n) and num_tasks(strict: n): min(n, N) tasks, their sizes
//   differing by at most one.
// The same program passes on libgomp 12 (-D runtime=system).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "taskloop_split.h"

// Runs one taskloop of n iterations under the clause CLAUSE.
#define TASKLOOP(CLAUSE, n)                                                    \
  do {                                                                         \
    reset();                                                                   \
    _Pragma("omp parallel") _Pragma("omp single") {                            \
      int me = -1;                                                             \
      _Pragma(CLAUSE) for (int i = 0; i < (n); i++) record(&me, i);            \
    }                                                                          \
  } while (0)

int main(void) {
  int checked = 0;
  for (int a = 0; a < SPLIT_NS; a++) {
    for (int b = 0; b < SPLIT_SIZES; b++) {
      int n = split_ns[a], k = split_sizes[b];
      TASKLOOP("omp taskloop grainsize(k) firstprivate(me)", n);
      check_grainsize(n, k);
      TASKLOOP("omp taskloop grainsize(strict: k) firstprivate(me)", n);
      check_grainsize_strict(n, k);
      TASKLOOP("omp taskloop num_tasks(k) firstprivate(me)", n);
      check_num_tasks(n, k);
      TASKLOOP("omp taskloop num_tasks(strict: k) firstprivate(me)", n);
      check_num_tasks(n, k);
      checked++;
    }
  }
  printf("%d splits within the bounds\n", checked * 4);
  // the example of LLVM's strict modifier: 22 iterations
  TASKLOOP("omp taskloop grainsize(strict: 4) firstprivate(me)", 22);
  printf("grainsize(strict: 4) of 22: %d tasks\n", ntasks);
  TASKLOOP("omp taskloop num_tasks(strict: 5) firstprivate(me)", 22);
  printf("num_tasks(strict: 5) of 22: %d tasks\n", ntasks);
  return 0;
}
// CHECK: 280 splits within the bounds
// CHECK-NEXT: grainsize(strict: 4) of 22: 6 tasks
// CHECK-NEXT: num_tasks(strict: 5) of 22: 5 tasks
