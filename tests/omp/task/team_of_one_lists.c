// A team of one's tasks, which a gcc binary defers (as libgomp) and a
// clang binary runs at once (as libomp): tasks that end before their
// children, whose children then outlive them (a tree where no task waits,
// and tasks past the throttle, run at once, that leave children behind);
// a taskwait with dependences and an undeferred task with dependences on
// tasks still waiting to run; a parallel region inside a task; and
// 100 000 tasks with the right sum. Run with one ES too, and by the
// sanitized build (a context freed while its descendants still name it).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { DEPTH = 10, MAKERS = 200, MANY = 100000 };

static long nodes, left_behind, sum, inner;

/* A node makes its two children and returns without waiting for them. */
static void tree(int depth) {
#pragma omp atomic
  nodes++;
  if (depth == 1)
    return;
#pragma omp task
  tree(depth - 1);
#pragma omp task
  tree(depth - 1);
}

int main(void) {
  deadline(60, "team_of_one_lists");
  int x = 0, seen_by_wait = -1, seen_by_if0 = -1;
#pragma omp parallel num_threads(1)
  {
#pragma omp task
    tree(DEPTH);
    for (int i = 0; i < MAKERS; i++) {
#pragma omp task firstprivate(i)
      {
#pragma omp task firstprivate(i)
#pragma omp atomic
        left_behind += i;
      }
    }
#pragma omp taskwait
#pragma omp task depend(out : x) shared(x)
    x = 1;
#pragma omp taskwait depend(in : x)
    seen_by_wait = x;
#pragma omp task depend(out : x) shared(x)
    x = 2;
#pragma omp task if (0) depend(in : x) shared(x, seen_by_if0)
    seen_by_if0 = x;
#pragma omp task
    {
#pragma omp parallel num_threads(2)
#pragma omp atomic
      inner++;
    }
    for (long i = 1; i <= MANY; i++) {
#pragma omp task firstprivate(i)
#pragma omp atomic
      sum += i;
    }
  }
  CHECK_EQ(nodes, (1L << DEPTH) - 1);
  CHECK_EQ(left_behind, (long)MAKERS * (MAKERS - 1) / 2);
  CHECK_EQ(sum, (long)MANY * (MANY + 1) / 2);
  printf("nodes %ld, left behind %ld, taskwait depend %d, if(0) depend %d, inner %ld, "
         "sum %ld\n", nodes, left_behind, seen_by_wait, seen_by_if0, inner, sum);
  return 0;
}
// CHECK: nodes 1023, left behind 19900, taskwait depend 1, if(0) depend 2, inner 2, sum 5000050000
