// What taskloop_strict.c and taskloop_strict_kmpc.c record of a taskloop's
// split, and check against the spec's bounds: each task, numbered at its
// first iteration, notes its iterations, which must run in order.
#include "check.h"

#define MAXN 1000

static int first[MAXN + 1], last[MAXN + 1], size[MAXN + 1], ntasks;

static void reset(void) {
  ntasks = 0;
  memset(size, 0, sizeof size);
}

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

static int min(int a, int b) { return a < b ? a : b; }

// The loop sizes and clause values the tests try.
static const int split_ns[] = {1, 2, 7, 22, 100, 999, 1000};
static const int split_sizes[] = {1, 2, 3, 4, 7, 10, 64, 333, 1000, 5000};
enum { SPLIT_NS = 7, SPLIT_SIZES = 10 };

// The bounds for n iterations under grainsize(k), grainsize(strict: k) and
// num_tasks(k), with or without strict, after the taskloop ran.
static void check_grainsize(int n, int k) {
  int lo, hi, tail;
  ranges(n, &lo, &hi, &tail);
  CHECK(lo >= min(k, n) && hi < 2 * k);
}

static void check_grainsize_strict(int n, int k) {
  int lo, hi, tail;
  ranges(n, &lo, &hi, &tail);
  CHECK_EQ(ntasks, (n + k - 1) / k);
  CHECK(tail >= 1 && tail <= k);
  for (int t = 0; t < ntasks; t++)
    CHECK(size[t] == k || last[t] == n - 1);
}

static void check_num_tasks(int n, int k) {
  int lo, hi, tail;
  ranges(n, &lo, &hi, &tail);
  CHECK_EQ(ntasks, min(k, n));
  CHECK(hi - lo <= 1);
}
