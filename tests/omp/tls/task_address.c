// Explicit tasks and TLS. An explicit task may see the TLS of any thread of
// its team, so only this is checked of them: a tied task that suspends in
// a taskwait (its children still running) sees its __thread and
// threadprivate variables at the same addresses before and after, since a
// tied task resumes where it started. The implicit tasks (the OpenMP
// threads themselves, 64 on 2 ESs) keep their own values across their
// taskwaits and barriers, during which they run others' tasks and other
// OpenMP threads run on their ES; the tasks only read TLS.
//
// With BOBBIN_TLS=off the implicit tasks' values are lost (the OpenMP
// threads of an ES share one copy) and the test fails; the address check
// of the tied tasks does not depend on BOBBIN_TLS.
// gcc: its builds of task tests wait for Bobbin's GOMP_task* (as task/ does).
// REQUIRES: clang
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

static __thread int app_var;
static int tp_var;
#pragma omp threadprivate(tp_var)

__attribute__((noinline)) static int *app_addr(void) { return &app_var; }
__attribute__((noinline)) static int *tp_addr(void) { return &tp_var; }

static int moved, tasks_done, reads;

static void child(int depth) {
  volatile int sink = app_var + tp_var; // any thread's values: not checked
  (void)sink;
  __atomic_add_fetch(&reads, 1, __ATOMIC_RELAXED);
  spin_a_bit(2000);
  if (depth > 0) {
#pragma omp task
    child(depth - 1);
#pragma omp taskwait
  }
}

static void tied_task(void) {
  int *a = app_addr(), *t = tp_addr();
  for (int k = 0; k < 4; k++) {
#pragma omp task
    child(1);
  }
#pragma omp taskwait
  if (app_addr() != a || tp_addr() != t)
    __atomic_add_fetch(&moved, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&tasks_done, 1, __ATOMIC_RELAXED);
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  int bad = 0;
#pragma omp parallel num_threads(64) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    app_var = 100 + me;
    tp_var = 200 + me;
    int *a = app_addr(), *t = tp_addr();
    // Every thread makes tied tasks, then waits for them.
    for (int k = 0; k < 3; k++) {
#pragma omp task
      tied_task();
    }
#pragma omp taskwait
    bad += app_addr() != a || tp_addr() != t;
    bad += app_var != 100 + me || tp_var != 200 + me;
#pragma omp barrier
    // One thread makes all of them; the others run them at the barrier.
#pragma omp single nowait
    for (int k = 0; k < 128; k++) {
#pragma omp task
      tied_task();
    }
#pragma omp barrier
    bad += app_addr() != a || tp_addr() != t;
    bad += app_var != 100 + me || tp_var != 200 + me;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(moved, 0);
  CHECK_EQ(tasks_done, 64 * 3 + 128);
  CHECK_EQ(reads, (64 * 3 + 128) * 4 * 2);
  printf("tied tasks kept their TLS addresses: %d tasks\n", tasks_done);
  return 0;
}
// CHECK: tied tasks kept their TLS addresses: 320 tasks
