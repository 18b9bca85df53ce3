// Untied tasks that run at once on their creator (throttled: more than 64
// wait) complete as any task does: a taskwait in one waits for every child
// it made, those queued (with a dependence, never run at once) as well as
// those run at once inside it.
// gcc's untied task is one function: run at once it runs as a tied one
// (libgomp runs every task tied), and on gcc's path in Bobbin without a
// context until its body asks for one (runtime/task_elide.c), so its
// taskwait may return at once only while every child it made ran at once.
// Both threads produce, so that neither ES drains the other's queue and
// throttling sets in. (clang 14 never runs the body of an untied if(0)
// task, and libomp asserts on one: none here.) Passes on libomp and libgomp
// too.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { PER_THREAD = 2000 };

static long inner, queued_done;
static int bad;

static void add(long *p) { __atomic_add_fetch(p, 1, __ATOMIC_RELAXED); }

// A child that a taskwait must wait for, made with a dependence so that no
// runtime runs it at once; it lingers so that a taskwait that did not wait
// returns first.
static void queued_child(int *flag) {
#pragma omp task untied depend(out : *flag)
  {
    for (volatile int k = 0; k < 2000; k++)
      ;
    __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
    add(&queued_done);
  }
}

// An untied task's body: untied children, run at once while throttled
// (elided ones on gcc's path), then every 7th time one queued; the
// taskwait waits for all.
static void body(int i) {
  long before = __atomic_load_n(&inner, __ATOMIC_RELAXED);
  int flag = 0;
#pragma omp task untied
  add(&inner);
  if (i % 7 == 0)
    queued_child(&flag);
#pragma omp task untied
  add(&inner);
#pragma omp taskwait
  if (i % 7 == 0 && !__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
    __atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
  if (__atomic_load_n(&inner, __ATOMIC_RELAXED) < before + 2)
    __atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
}

int main(void) {
  deadline(60, "untied_at_once");
  long expect_queued = 0;
  for (int i = 0; i < PER_THREAD; i++)
    expect_queued += i % 7 == 0;
#pragma omp parallel num_threads(2)
  for (int i = 0; i < PER_THREAD; i++) {
#pragma omp task untied firstprivate(i)
    body(i);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(inner, 2L * 2 * PER_THREAD);
  CHECK_EQ(queued_done, 2 * expect_queued);
  printf("untied tasks run at once waited for %ld queued children\n", queued_done);
  return 0;
}
// CHECK: untied tasks run at once waited for 572 queued children
