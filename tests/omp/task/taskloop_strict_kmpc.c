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
#include "taskloop_split.h"

#include "kmpc_task.h"

// a taskloop's task: lb, ub, st and liter, then this test's own private,
// the task's number, -1 until its first iteration
typedef struct {
  kmp_task_t head;
  uint64_t lb, ub;
  int64_t st;
  int32_t liter;
  int32_t me;
} task_t;

enum { SCHED_GRAINSIZE = 1, SCHED_NUM_TASKS = 2 };

static ident_t loc = {0, 2, 0, 0, ";taskloop_strict_kmpc.c;main;1;1;;"};

static int32_t body(int32_t gtid, void *arg) {
  (void)gtid;
  task_t *t = arg;
  for (uint64_t i = t->lb; i <= t->ub; i++)
    record(&t->me, (int)i);
  return 0;
}

// One taskloop of n iterations, its tasks recorded.
static void taskloop(int n, int sched, int k, int strict) {
  reset();
#pragma omp parallel
#pragma omp single
  {
    int gtid = __kmpc_global_thread_num(&loc);
    task_t *t = (task_t *)__kmpc_omp_task_alloc(&loc, gtid, KMP_TASK_TIED, sizeof(task_t), 0,
                                                body);
    t->lb = 0;
    t->ub = (uint64_t)n - 1;
    t->st = 1;
    t->me = -1;
    __kmpc_taskloop_5(&loc, gtid, &t->head, 1, &t->lb, &t->ub, 1, 0, sched, (uint64_t)k,
                      strict, NULL);
  }
}

int main(void) {
  int checked = 0;
  for (int a = 0; a < SPLIT_NS; a++) {
    for (int b = 0; b < SPLIT_SIZES; b++) {
      int n = split_ns[a], k = split_sizes[b];
      taskloop(n, SCHED_GRAINSIZE, k, 0);
      check_grainsize(n, k);
      taskloop(n, SCHED_GRAINSIZE, k, 1);
      check_grainsize_strict(n, k);
      for (int strict = 0; strict < 2; strict++) {
        taskloop(n, SCHED_NUM_TASKS, k, strict);
        check_num_tasks(n, k);
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
