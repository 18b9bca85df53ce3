// The end of a taskgroup whose task depends on sibling tasks made outside
// the group: before any taskgroup, and in each of the enclosing ones, a
// task reads x; the innermost group's one task writes it, and may start
// only once every reader has ended. The waiter at each group's end must
// let those readers run, though they are not the group's: in a team of one
// it runs them itself (issue 49: a gcc build's only thread, which keeps
// its deferred tasks in a list of its own, ran only the group's tasks
// there and slept for ever, as in GCC's libgomp.c/depend-8.c). The waiter
// is the implicit task, then an explicit task. Also passes on libomp and
// libgomp.
// RUN: %libomp-compile && env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
#include "check.h"

enum { DEPTH = 4, ROUNDS = 50 };

static int x, readers_done, writes;

static void reader(void) {
  usleep(100);
  CHECK_EQ(x, 0);
#pragma omp atomic
  readers_done++;
}

// A reader at this level, then, but at the innermost level, a group
// holding the next level; the innermost group holds the writer.
static void nest(int level) {
#pragma omp task depend(in : x)
  reader();
  if (level == DEPTH) {
#pragma omp taskgroup
    {
#pragma omp task depend(out : x)
      {
        CHECK_EQ(readers_done, DEPTH + 1);
        x = 1;
#pragma omp atomic
        writes++;
      }
    }
    CHECK_EQ(x, 1);
    return;
  }
#pragma omp taskgroup
  nest(level + 1);
}

// One round: a reader outside every group, then DEPTH nested groups.
static void round_of_groups(void) {
  x = 0;
  readers_done = 0;
#pragma omp task depend(in : x)
  reader();
  nest(1);
  CHECK_EQ(readers_done, DEPTH + 1);
}

int main(void) {
  deadline(30, "taskgroup_depend_outside");
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++)
      round_of_groups();
#pragma omp task
    for (int r = 0; r < ROUNDS; r++)
      round_of_groups();
#pragma omp taskwait
  }
  printf("%d writes, each after its %d readers\n", writes, DEPTH + 1);
  return 0;
}
// CHECK: 100 writes, each after its 5 readers
