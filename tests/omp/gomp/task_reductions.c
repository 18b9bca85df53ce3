// gcc's task reductions (GOMP_taskgroup_reduction_register, ..._remap,
// GOMP_parallel_reductions, the reductions argument of GOMP_loop_start,
// GOMP_sections2_start and GOMP_scope_start, GOMP_taskloop's REDUCTION flag)
// beyond what task/task_reduction*.c and task/taskloop_reduction.c reach:
// in_reduction tasks created by tasks running on several ESs, nested
// taskgroups, reduction(task, ...) on parallel, for, sections and scope,
// taskloop reduction, an empty taskloop reduction, and teams of 1, 2, 4 and
// 8 threads on 2 ESs and on 1 (more threads than ESs: several team members
// share an ES, and so their chunks). The tasks update their copies with
// plain read-modify-writes many times over, so a chunk used from two ESs at
// once would lose updates.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=4 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#define TASKS 64
#define REPS 200

static long work(long v) {
  spin_a_bit(20);
  return v;
}

// in_reduction tasks created by tasks that run anywhere in the team
static void taskgroup_several_creators(int nt) {
  long sum = 0, prod = 1;
#pragma omp parallel num_threads(nt)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : sum) task_reduction(* : prod)
  for (int k = 0; k < 8; k++) {
#pragma omp task
    for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : sum) in_reduction(* : prod)
      {
        for (int r = 0; r < REPS; r++)
          sum += work(1);
        if (j == 0)
          prod *= 2;
      }
    }
  }
  CHECK_EQ(sum, 8L * TASKS * REPS);
  CHECK_EQ(prod, 256);
}

// every thread its own taskgroup with task_reduction, of a private item
static void taskgroup_per_thread(int nt) {
  long total = 0;
#pragma omp parallel num_threads(nt)
  {
    long mine = 0;
#pragma omp taskgroup task_reduction(+ : mine)
    for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : mine)
      for (int r = 0; r < REPS; r++)
        mine += work(1);
    }
#pragma omp atomic
    total += mine;
  }
  CHECK_EQ(total, (long)nt * TASKS * REPS);
}

static void nested_taskgroups(int nt) {
  long outer = 0, inner = 0;
  int rounds = 0;
#pragma omp parallel num_threads(nt)
#pragma omp single
#pragma omp taskgroup task_reduction(+ : outer)
  {
    for (int k = 0; k < 4; k++) {
#pragma omp taskgroup task_reduction(+ : inner)
      {
        for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : outer, inner)
          {
            for (int r = 0; r < REPS; r++) {
              outer += work(1);
              inner += 2;
            }
          }
#pragma omp task in_reduction(+ : outer)
          outer += 1;
        }
      }
      rounds++;
      CHECK_EQ(inner, (long)rounds * TASKS * REPS * 2);
    }
  }
  CHECK_EQ(outer, 4L * TASKS * (REPS + 1));
}

static void parallel_task_modifier(int nt) {
  long x = 0;
  int team = 0;
#pragma omp parallel num_threads(nt) reduction(task, + : x)
  {
#pragma omp single
    team = omp_get_num_threads();
    for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : x)
      for (int r = 0; r < REPS; r++)
        x += work(1);
    }
    x += 1000;
  }
  CHECK_EQ(team, nt);
  CHECK_EQ(x, (long)nt * (TASKS * REPS + 1000));
}

static void for_task_modifier(int nt) {
  long x = 0, y = 5;
#pragma omp parallel num_threads(nt)
  {
#pragma omp for reduction(task, + : x) schedule(dynamic, 3)
    for (int i = 0; i < 4 * TASKS; i++) {
#pragma omp task in_reduction(+ : x)
      for (int r = 0; r < REPS; r++)
        x += work(i);
      x += 1;
    }
    // a second one right after: the worksharing slots stay in step
#pragma omp for reduction(task, + : y)
    for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+ : y)
      y += i;
    }
  }
  CHECK_EQ(x, (long)REPS * (4 * TASKS) * (4 * TASKS - 1) / 2 + 4 * TASKS);
  CHECK_EQ(y, 5 + (long)TASKS * (TASKS - 1) / 2);
}

static void sections_task_modifier(int nt) {
  long x = 0;
#pragma omp parallel num_threads(nt)
#pragma omp sections reduction(task, + : x)
  {
#pragma omp section
    for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : x)
      for (int r = 0; r < REPS; r++)
        x += work(1);
    }
#pragma omp section
    for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : x)
      x += 3;
    }
#pragma omp section
    x += 7;
  }
  CHECK_EQ(x, (long)TASKS * REPS + 3L * TASKS + 7);
}

static void scope_task_modifier(int nt) {
  long x = 0;
#pragma omp parallel num_threads(nt)
#pragma omp scope reduction(task, + : x)
  {
    for (int j = 0; j < TASKS / 4; j++) {
#pragma omp task in_reduction(+ : x)
      for (int r = 0; r < REPS; r++)
        x += work(1);
    }
    x += 1;
  }
  CHECK_EQ(x, (long)nt * (TASKS / 4 * REPS + 1));
}

static void taskloop_reduction(int nt, int n) {
  long x = 0, y = 0;
#pragma omp parallel num_threads(nt)
#pragma omp single
  {
#pragma omp taskloop reduction(+ : x) grainsize(2)
    for (int i = 0; i < n; i++)
      for (int r = 0; r < REPS; r++)
        x += work(i);
    // in_reduction on a taskloop inside a taskgroup
#pragma omp taskgroup task_reduction(+ : y)
    {
#pragma omp taskloop in_reduction(+ : y) num_tasks(7)
      for (int i = 0; i < n; i++)
        y += i;
#pragma omp task in_reduction(+ : y)
      y += 1;
    }
  }
  CHECK_EQ(x, (long)REPS * n * (n - 1) / 2);
  CHECK_EQ(y, (long)n * (n - 1) / 2 + 1);
}

// no parallel region: the initial thread's team of one
static void orphaned(void) {
  long x = 0, y = 0;
#pragma omp taskgroup task_reduction(+ : x)
  for (int j = 0; j < TASKS; j++) {
#pragma omp task in_reduction(+ : x)
    x += j;
  }
#pragma omp taskloop reduction(+ : y)
  for (int i = 0; i < 10; i++)
    y += i;
  CHECK_EQ(x, (long)TASKS * (TASKS - 1) / 2);
  CHECK_EQ(y, 45);
}

int main(void) {
  static const int sizes[] = {1, 2, 4, 8};
  for (int s = 0; s < 4; s++) {
    int nt = sizes[s];
    taskgroup_several_creators(nt);
    taskgroup_per_thread(nt);
    nested_taskgroups(nt);
    parallel_task_modifier(nt);
    for_task_modifier(nt);
    sections_task_modifier(nt);
    scope_task_modifier(nt);
    taskloop_reduction(nt, 100);
    taskloop_reduction(nt, 0);
    printf("team of %d: ok\n", nt);
  }
  orphaned();
  printf("done\n");
  return 0;
}

// CHECK: team of 1: ok
// CHECK-NEXT: team of 2: ok
// CHECK-NEXT: team of 4: ok
// CHECK-NEXT: team of 8: ok
// CHECK-NEXT: done
