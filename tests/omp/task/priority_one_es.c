// REQUIRES: bobbin
// Task priorities on one ES (BOBBIN_NUM_ES=1, OMP_MAX_TASK_PRIORITY=10):
// while the creating thread holds the ES it creates tasks with priorities 0
// to 10 in increasing order (twice over, interleaved); when it waits, they
// run highest priority first. A priority above the maximum counts as the
// maximum. With OMP_MAX_TASK_PRIORITY unset (0) the clause is only a hint
// and every task still runs once.
// Twice: in a team of one, whose tasks wait in the ES's private pool (a gcc
// binary's: a clang binary's run at once there, in the order made, as
// libomp runs them), and in a team of two whose other thread waits for a
// lock meanwhile, whose tasks wait in the ES's shared pool.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_MAX_TASK_PRIORITY=10 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s --check-prefix=ZERO
#include "check.h"

#define TASKS 22

static int order[TASKS + 1], next;

static void make_tasks(void) {
  for (int k = 0; k < TASKS; k++) {
    int p = k / 2; // 0 0 1 1 2 2 ... 10 10
#pragma omp task priority(p) firstprivate(p)
    order[next++] = p;
  }
  // Above the maximum: treated as 10, runs with the tens (or all of them
  // when the maximum is 0).
#pragma omp task priority(99)
  order[next++] = 10;
#pragma omp taskwait
}

static void check_order(const char *what, int in_priority_order) {
  int max = omp_get_max_task_priority();
  CHECK_EQ(next, TASKS + 1);
  if (max == 10 && in_priority_order) {
    for (int i = 1; i <= TASKS; i++)
      CHECK(order[i - 1] >= order[i]);
    CHECK_EQ(order[0], 10);
    CHECK_EQ(order[TASKS], 0);
  } else if (max == 10) {
    for (int i = 0; i < TASKS; i++)
      CHECK_EQ(order[i], i / 2);
  }
  printf("%s: max priority %d:", what, max);
  for (int i = 0; i <= TASKS; i++)
    printf(" %d", max == 10 ? order[i] : 1);
  printf("\n");
  next = 0;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    CHECK_EQ(omp_get_num_threads(), 1);
    make_tasks();
  }
#ifdef __clang__
  check_order("team of one", 0);
#else
  check_order("team of one", 1);
#endif
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      omp_set_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      make_tasks();
      omp_unset_lock(&lock);
    } else {
      omp_set_lock(&lock);
      omp_unset_lock(&lock);
    }
  }
  omp_destroy_lock(&lock);
  check_order("team of two", 1);
  return 0;
}
// CHECK: team of one: max priority 10: {{(10 10 10 9 9 8 8 7 7 6 6 5 5 4 4 3 3 2 2 1 1 0 0|0 0 1 1 2 2 3 3 4 4 5 5 6 6 7 7 8 8 9 9 10 10 10)$}}
// CHECK: team of two: max priority 10: 10 10 10 9 9 8 8 7 7 6 6 5 5 4 4 3 3 2 2 1 1 0 0
// ZERO: team of one: max priority 0: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// ZERO: team of two: max priority 0: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
