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
#include "check.h"

#define MAXN 1000

static int first[MAXN + 1], last[MAXN + 1], size[MAXN + 1], ntasks;

// Records iteration i for task *me, numbering the task at its first one.
static void record(int *me, int i) {
  if (*me < 0) {
    *me = __atomic_fetch_add(&ntasks, 1, __ATOMIC_SEQ_CST);
    first[*me] = i;
  }
  CHECK(i == first[*me] + size[*me]); // a task's iterations run in order
  last[*me] = i;
  size[*me]++;
}

static void reset(void) {
  ntasks = 0;
  memset(size, 0, sizeof size);
}

// The tasks' ranges tile 0..n-1; returns the smallest and largest task and
// the size of the one holding iteration n-1.
static void ranges(int n, int *lo, int *hi, int *tail) {
  static int owner[MAXN];
  memset(owner, -1, sizeof owner);
  *lo = n, *hi = 0, *tail = 0;
  for (int t = 0; t < ntasks; t++) {
    CHECK(size[t] > 0 && last[t] - first[t] + 1 == size[t]);
    for (int i = first[t]; i <= last[t]; i++) {
      CHECK_EQ(owner[i], -1);
      owner[i] = t;
    }
    *lo = size[t] < *lo ? size[t] : *lo;
    *hi = size[t] > *hi ? size[t] : *hi;
    if (last[t] == n - 1)
      *tail = size[t];
  }
  for (int i = 0; i < n; i++)
    CHECK(owner[i] >= 0);
}

// Runs one taskloop of n iterations under the clause CLAUSE.
#define TASKLOOP(CLAUSE, n)                                                    \
  do {                                                                         \
    reset();                                                                   \
    _Pragma("omp parallel") _Pragma("omp single") {                            \
      int me = -1;                                                             \
      _Pragma(CLAUSE) for (int i = 0; i < (n); i++) record(&me, i);            \
    }                                                                          \
  } while (0)

static int min(int a, int b) { return a < b ? a : b; }

int main(void) {
  const int ns[] = {1, 2, 7, 22, 100, 999, 1000};
  const int sizes[] = {1, 2, 3, 4, 7, 10, 64, 333, 1000, 5000};
  int checked = 0;
  for (int a = 0; a < 7; a++) {
    for (int b = 0; b < 10; b++) {
      int n = ns[a], k = sizes[b], lo, hi, tail;

      TASKLOOP("omp taskloop grainsize(k) firstprivate(me)", n);
      ranges(n, &lo, &hi, &tail);
      CHECK(lo >= min(k, n) && hi < 2 * k);

      TASKLOOP("omp taskloop grainsize(strict: k) firstprivate(me)", n);
      ranges(n, &lo, &hi, &tail);
      CHECK_EQ(ntasks, (n + k - 1) / k);
      CHECK(tail >= 1 && tail <= k);
      for (int t = 0; t < ntasks; t++)
        CHECK(size[t] == k || last[t] == n - 1);

      TASKLOOP("omp taskloop num_tasks(k) firstprivate(me)", n);
      ranges(n, &lo, &hi, &tail);
      CHECK_EQ(ntasks, min(k, n));
      CHECK(hi - lo <= 1);

      TASKLOOP("omp taskloop num_tasks(strict: k) firstprivate(me)", n);
      ranges(n, &lo, &hi, &tail);
      CHECK_EQ(ntasks, min(k, n));
      CHECK(hi - lo <= 1);
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
