// taskloop grainsize and num_tasks: each task finds out who it is through a
// firstprivate variable (one copy per task, -1 until its first iteration),
// so the test counts the tasks and their iterations. grainsize(g) gives
// tasks of at least min(g, N) and fewer than 2g iterations; num_tasks(n)
// gives min(n, N) tasks; without a clause every iteration still runs once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define N 1000
#define MAXT (N + 1)

static int owner[N], per_task[MAXT], ntasks;

static void reset(void) {
  ntasks = 0;
  for (int i = 0; i < N; i++)
    owner[i] = -1;
  memset(per_task, 0, sizeof per_task);
}

// Every iteration exactly once; returns the number of tasks that ran.
static int tally(int n, int *min_iters, int *max_iters) {
  for (int i = 0; i < n; i++)
    CHECK(owner[i] >= 0 && owner[i] < ntasks);
  memset(per_task, 0, sizeof per_task);
  for (int i = 0; i < n; i++)
    per_task[owner[i]]++;
  *min_iters = n, *max_iters = 0;
  for (int t = 0; t < ntasks; t++) {
    CHECK(per_task[t] > 0);
    if (per_task[t] < *min_iters)
      *min_iters = per_task[t];
    if (per_task[t] > *max_iters)
      *max_iters = per_task[t];
  }
  return ntasks;
}

#define BODY                                                                   \
  {                                                                            \
    if (me < 0)                                                                \
      me = __atomic_fetch_add(&ntasks, 1, __ATOMIC_SEQ_CST);                   \
    CHECK_EQ(owner[i], -1);                                                    \
    owner[i] = me;                                                             \
  }

int main(void) {
  int lo, hi, tasks;
  const int grains[] = {1, 7, 64, 400, 999, 1000, 5000};
  for (int g = 0; g < 7; g++) {
    int grain = grains[g];
    reset();
#pragma omp parallel
#pragma omp single
    {
      int me = -1;
#pragma omp taskloop grainsize(grain) firstprivate(me)
      for (int i = 0; i < N; i++)
        BODY
    }
    tasks = tally(N, &lo, &hi);
    CHECK(lo >= (grain < N ? grain : N));
    CHECK(hi < 2 * grain);
    printf("grainsize %d: %d tasks\n", grain, tasks);
  }
  const int counts[] = {1, 2, 13, 999, 1000, 5000};
  for (int c = 0; c < 6; c++) {
    int count = counts[c];
    reset();
#pragma omp parallel
#pragma omp single
    {
      int me = -1;
#pragma omp taskloop num_tasks(count) firstprivate(me)
      for (int i = 0; i < N; i++)
        BODY
    }
    tasks = tally(N, &lo, &hi);
    CHECK_EQ(tasks, count < N ? count : N);
    printf("num_tasks %d: %d tasks\n", count, tasks);
  }
  reset();
#pragma omp parallel
#pragma omp single
  {
    int me = -1;
#pragma omp taskloop firstprivate(me)
    for (int i = 0; i < N; i++)
      BODY
  }
  tasks = tally(N, &lo, &hi);
  CHECK(tasks >= 1 && tasks <= N);
  printf("default: every iteration once\n");
  return 0;
}
// CHECK: grainsize 1: 1000 tasks
// CHECK-NEXT: grainsize 7: 142 tasks
// CHECK-NEXT: grainsize 64: 15 tasks
// CHECK-NEXT: grainsize 400: 2 tasks
// CHECK-NEXT: grainsize 999: 1 tasks
// CHECK-NEXT: grainsize 1000: 1 tasks
// CHECK-NEXT: grainsize 5000: 1 tasks
// CHECK-NEXT: num_tasks 1: 1 tasks
// CHECK-NEXT: num_tasks 2: 2 tasks
// CHECK-NEXT: num_tasks 13: 13 tasks
// CHECK-NEXT: num_tasks 999: 999 tasks
// CHECK-NEXT: num_tasks 1000: 1000 tasks
// CHECK-NEXT: num_tasks 5000: 1000 tasks
// CHECK-NEXT: default: every iteration once
