// REQUIRES: clang
// taskloop's split against the spec's bounds (OpenMP 5.2, 12.6) through
// LLVM's entry point, __kmpc_taskloop_5, called as a compiler that keeps
// the strict modifier calls it (clang 14 and 19 drop strict and call
// __kmpc_taskloop): a pattern task whose privates hold lb, ub and the
// task's number, -1 until its first iteration, copied per task. For loops
// of 1 to 1000 iterations:
// - grainsize(g): each task has at least min(g, N) and fewer than 2g;
// - grainsize(strict: g): each task exactly g but the one holding the last
//   iteration, which has 1 to g: ceil(N / g) tasks;
// - num_tasks(n) and num_tasks(strict: n): min(n, N) tasks, their sizes
//   differing by at most one.
// The same program passes on LLVM's libomp 14 (-D runtime=system).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;

// kmp_task_t and the privates a taskloop's task carries after it
typedef struct {
  void *shareds;
  int32_t (*routine)(int32_t, void *);
  int32_t part_id;
  void *data1, *data2;
  uint64_t lb, ub;
  int64_t st;
  int32_t liter;
  int32_t me; // this test's own private: the task's number
} task_t;

enum { SCHED_GRAINSIZE = 1, SCHED_NUM_TASKS = 2, TIED = 1 };

int32_t __kmpc_global_thread_num(ident_t *);
task_t *__kmpc_omp_task_alloc(ident_t *, int32_t gtid, int32_t flags, size_t sizeof_task,
                              size_t sizeof_shareds, int32_t (*entry)(int32_t, void *));
void __kmpc_taskloop_5(ident_t *, int gtid, task_t *task, int if_val, uint64_t *lb,
                       uint64_t *ub, int64_t st, int nogroup, int sched, uint64_t grainsize,
                       int modifier, void *task_dup);

static ident_t loc = {0, 2, 0, 0, ";taskloop_strict_kmpc.c;main;1;1;;"};

#define MAXN 1000

static int first[MAXN + 1], last[MAXN + 1], size[MAXN + 1], ntasks;

static int32_t body(int32_t gtid, void *arg) {
  (void)gtid;
  task_t *t = arg;
  for (uint64_t i = t->lb; i <= t->ub; i++) {
    if (t->me < 0) {
      t->me = __atomic_fetch_add(&ntasks, 1, __ATOMIC_SEQ_CST);
      first[t->me] = (int)i;
    }
    CHECK(i == (uint64_t)(first[t->me] + size[t->me]));
    last[t->me] = (int)i;
    size[t->me]++;
  }
  return 0;
}

// One taskloop of n iterations, its tasks recorded.
static void taskloop(int n, int sched, int k, int strict) {
  ntasks = 0;
  memset(size, 0, sizeof size);
#pragma omp parallel
#pragma omp single
  {
    int gtid = __kmpc_global_thread_num(&loc);
    task_t *t = __kmpc_omp_task_alloc(&loc, gtid, TIED, sizeof(task_t), 0, body);
    t->lb = 0;
    t->ub = (uint64_t)n - 1;
    t->st = 1;
    t->me = -1;
    __kmpc_taskloop_5(&loc, gtid, t, 1, &t->lb, &t->ub, 1, 0, sched, (uint64_t)k, strict,
                      NULL);
  }
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

int main(void) {
  const int ns[] = {1, 2, 7, 22, 100, 999, 1000};
  const int sizes[] = {1, 2, 3, 4, 7, 10, 64, 333, 1000, 5000};
  int checked = 0;
  for (int a = 0; a < 7; a++) {
    for (int b = 0; b < 10; b++) {
      int n = ns[a], k = sizes[b], lo, hi, tail;

      taskloop(n, SCHED_GRAINSIZE, k, 0);
      ranges(n, &lo, &hi, &tail);
      CHECK(lo >= min(k, n) && hi < 2 * k);

      taskloop(n, SCHED_GRAINSIZE, k, 1);
      ranges(n, &lo, &hi, &tail);
      CHECK_EQ(ntasks, (n + k - 1) / k);
      CHECK(tail >= 1 && tail <= k);
      for (int t = 0; t < ntasks; t++)
        CHECK(size[t] == k || last[t] == n - 1);

      for (int strict = 0; strict < 2; strict++) {
        taskloop(n, SCHED_NUM_TASKS, k, strict);
        ranges(n, &lo, &hi, &tail);
        CHECK_EQ(ntasks, min(k, n));
        CHECK(hi - lo <= 1);
      }
      checked++;
    }
  }
  printf("%d splits within the bounds\n", checked * 4);
  taskloop(22, SCHED_GRAINSIZE, 4, 1);
  printf("grainsize(strict: 4) of 22: %d tasks\n", ntasks);
  taskloop(22, SCHED_NUM_TASKS, 5, 1);
  printf("num_tasks(strict: 5) of 22: %d tasks\n", ntasks);
  return 0;
}
// CHECK: 280 splits within the bounds
// CHECK-NEXT: grainsize(strict: 4) of 22: 6 tasks
// CHECK-NEXT: num_tasks(strict: 5) of 22: 5 tasks
