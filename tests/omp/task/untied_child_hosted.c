// REQUIRES: bobbin, tasks-on-waiter-stack
// An untied task that its parent task finds unstarted at a taskwait runs
// in place, as a tied one does: on the parent's stack, just below the
// parent's frame, and with the parent's TLS block, so the parent does not
// suspend for it (libgomp and libomp would not run it elsewhere once it
// suspended either). An untied task that an implicit task waits for keeps
// the freedom to resume in another thread (untied_migrate.c). Two threads
// on one ES: the child waits where its parent's taskwait finds it; on two,
// another ES may take it first, and only the results are checked.
// RUN: %libomp-compile && env OMP_NUM_THREADS=2 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 BOBBIN_NUM_ES=2 %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

enum { TASKS = 200, NEAR = 64 * 1024 };

static __thread int tv;
static int hosted, results;

// Not in the untied task itself: gcc refuses a threadprivate variable
// there, and clang keeps an untied task's locals off the stack.
static __attribute__((noinline)) int *tv_address(void) { return &tv; }
static __attribute__((noinline)) uintptr_t frame_address(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

// The parent's frame and TLS variable, against the child's.
static void parent(int i) {
  uintptr_t frame = frame_address();
  int *mine = tv_address();
  int in_place = 0, value = 0;
#pragma omp task untied shared(in_place, value) firstprivate(frame, mine, i)
  {
    uintptr_t at = frame_address();
    in_place = at < frame && frame - at < NEAR && tv_address() == mine;
    value = i * 2;
  }
#pragma omp taskwait
  __atomic_fetch_add(&hosted, in_place, __ATOMIC_RELAXED);
  __atomic_fetch_add(&results, value == i * 2, __ATOMIC_RELAXED);
}

int main(void) {
  deadline(60, "untied_child_hosted");
  int one_es = getenv("BOBBIN_NUM_ES") && atoi(getenv("BOBBIN_NUM_ES")) == 1;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < TASKS; i++) {
#pragma omp task firstprivate(i)
    parent(i);
  }
  CHECK_EQ(results, TASKS);
  if (one_es)
    CHECK_EQ(hosted, TASKS);
  printf("untied children done: %d\n", results);
  return 0;
}
// CHECK: untied children done: 200
