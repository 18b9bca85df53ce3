// REQUIRES: tasks-on-waiter-stack
// An explicit task that waits for its children at a taskwait runs them
// itself, on its own stack, as a libomp or libgomp thread runs them on its
// own: a tree of tasks that each wait for their two children runs depth
// first, every child on its parent's stack. Both in a team of one, whose
// tasks wait in its ES's private pool, and in a team of two that share
// one ES, each thread making a tree of its own. With one ES and no time
// slice nothing else could run a task first.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 BOBBIN_TIME_SLICE=off %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

#define DEPTH 8
#define NEAR (64 << 10) // bytes: the same stack

static int near(const void *a, const void *b) {
  intptr_t d = (intptr_t)a - (intptr_t)b;
  return d > -NEAR && d < NEAR;
}

static int ran_near, ran_far;

static void node(int depth, const char *parent) {
  char here;
#pragma omp atomic
  ran_near += near(&here, parent);
#pragma omp atomic
  ran_far += !near(&here, parent);
  if (depth == 1)
    return;
  const char *me = &here;
#pragma omp task firstprivate(me)
  node(depth - 1, me);
#pragma omp task firstprivate(me)
  node(depth - 1, me);
#pragma omp taskwait
}

static void check_tree(const char *what, int trees) {
  CHECK_EQ(ran_near, trees * ((1 << DEPTH) - 1));
  CHECK_EQ(ran_far, 0);
  ran_near = 0;
  printf("%s: every task on its parent's stack\n", what);
}

int main(void) {
#pragma omp parallel num_threads(1)
  {
    char root;
    node(DEPTH, &root);
  }
  check_tree("team of one", 1);

#pragma omp parallel num_threads(2)
  {
    char root;
    node(DEPTH, &root);
  }
  check_tree("team of two", 2);
  return 0;
}
// CHECK: team of one: every task on its parent's stack
// CHECK-NEXT: team of two: every task on its parent's stack
