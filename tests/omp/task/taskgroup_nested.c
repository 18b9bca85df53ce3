// The end of a taskgroup waits for every descendant of the tasks created in
// it: a recursive tree 6 levels deep (3^6 leaves, no taskwait anywhere) and a
// detached great-grandchild fulfilled late by another task of the group. A
// task created before the taskgroup is not waited for (its event is
// fulfilled only after the group ended). Nested taskgroups inside tasks wait
// for their own descendants. (No one-thread run: LLVM 14's libomp asserts on
// detach in a serialized team.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

static int leaves, late_done, inner_ok;

static void tree(int depth) {
  if (depth == 0) {
    spin_a_bit(500);
#pragma omp atomic
    leaves++;
    return;
  }
  for (int i = 0; i < 3; i++)
#pragma omp task firstprivate(depth)
    tree(depth - 1);
}

// A taskgroup inside a task: its own subtree is complete at its end.
static void inner_group(void) {
  int sub = 0;
#pragma omp taskgroup
  {
    for (int i = 0; i < 4; i++)
#pragma omp task shared(sub)
    {
#pragma omp task shared(sub)
      {
        spin_a_bit(2000);
#pragma omp atomic
        sub++;
      }
    }
  }
  if (sub == 4) {
#pragma omp atomic
    inner_ok++;
  }
}

int main(void) {
  int rounds = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < 20; round++) {
    leaves = late_done = inner_ok = 0;
    int outside_done = 0, posted = 0;
    omp_event_handle_t outside_ev, late_ev;
#pragma omp task detach(outside_ev) shared(outside_done)
    outside_done = 1;
#pragma omp taskgroup
    {
#pragma omp task
      tree(6);
#pragma omp task shared(late_ev, posted)
      {
#pragma omp task shared(late_ev, posted)
        {
#pragma omp task detach(late_ev)
          late_done = 1;
          __atomic_store_n(&posted, 1, __ATOMIC_SEQ_CST);
        }
      }
#pragma omp task shared(late_ev, posted)
      {
        while (!__atomic_load_n(&posted, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
        }
        spin_a_bit(20000);
        omp_fulfill_event(late_ev);
      }
      for (int i = 0; i < 3; i++)
#pragma omp task
        inner_group();
    }
    CHECK_EQ(leaves, 729);
    CHECK_EQ(late_done, 1);
    CHECK_EQ(inner_ok, 3);
    omp_fulfill_event(outside_ev); // the group did not wait for this one
#pragma omp taskwait
    CHECK_EQ(outside_done, 1);
    rounds++;
  }
  printf("%d taskgroups waited for all descendants\n", rounds);
  return 0;
}
// CHECK: 20 taskgroups waited for all descendants
