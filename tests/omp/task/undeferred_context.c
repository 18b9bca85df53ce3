// A task run at once on its creator (if(0) here; throttled tasks take the
// same path) is a task of its own, though a runtime may run it without a
// context until it needs one (gcc's path in Bobbin: elided tasks,
// runtime/task.c): inquiries inside it answer as its creator's would; an
// ICV it sets stays in it; its taskwait waits for its own children only,
// not for a sibling that waits for it; final(1) makes it final, not its
// creator; a nested parallel region inside it forks from it; a nest lock it
// takes is its own. So for one run at once inside another, whose body
// changes its own ICVs before and after the inner task changes its. The
// chunks of a taskloop that run at once (here all but the first few, or
// shared with the team) are such tasks as well.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int bad;
static void expect(int ok) {
  if (!ok)
    __atomic_add_fetch(&bad, 1, __ATOMIC_RELAXED);
}

static void inquiries(int me) {
  int tid = -1, nthreads = -1, max = -1, level = -1, final = -1;
#pragma omp task if (0) shared(tid, nthreads, max, level, final)
  {
    tid = omp_get_thread_num();
    nthreads = omp_get_num_threads();
    max = omp_get_max_threads();
    level = omp_get_level();
    final = omp_in_final();
  }
  expect(tid == me && nthreads == omp_get_num_threads());
  expect(max == omp_get_max_threads() && level == 1 && final == 0);
}

static void icv_stays(void) {
  int before = omp_get_max_threads(), inside = -1;
#pragma omp task if (0) shared(inside)
  {
    omp_set_num_threads(before + 3);
    inside = omp_get_max_threads();
  }
  expect(inside == before + 3);
  expect(omp_get_max_threads() == before);
}

// The sibling is deferred and waits until the undeferred task has passed
// its taskwait: a taskwait that also waited for the sibling would never end.
static void own_children(void) {
  int passed = 0, child_ran = 0;
  double deadline = now() + 60;
#pragma omp task shared(passed, deadline)
  while (!__atomic_load_n(&passed, __ATOMIC_ACQUIRE)) {
    CHECK(now() < deadline);
#pragma omp taskyield
  }
#pragma omp task if (0) shared(passed, child_ran)
  {
#pragma omp task shared(child_ran)
    __atomic_store_n(&child_ran, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
    expect(__atomic_load_n(&child_ran, __ATOMIC_ACQUIRE) == 1);
    __atomic_store_n(&passed, 1, __ATOMIC_RELEASE);
  }
#pragma omp taskwait
}

static void nested_icvs(void) {
  int before = omp_get_max_threads(), inner = -1, outer_before = -1, outer_after = -1;
  int innermost = -1, child_ran = 0;
#pragma omp task if (0) shared(inner, outer_before, outer_after, innermost, child_ran)
  {
#pragma omp task if (0) shared(inner, innermost, child_ran)
    {
#pragma omp task if (0) shared(innermost)
      {
        omp_set_num_threads(before + 5);
        innermost = omp_get_max_threads();
      }
      inner = omp_get_max_threads();
      omp_set_num_threads(before + 2);
#pragma omp task shared(child_ran)
      __atomic_store_n(&child_ran, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
      inner = inner == before && omp_get_max_threads() == before + 2 ? before + 2 : -1;
    }
    outer_before = omp_get_max_threads();
    omp_set_num_threads(before + 1);
    outer_after = omp_get_max_threads();
  }
  expect(innermost == before + 5 && inner == before + 2);
  expect(__atomic_load_n(&child_ran, __ATOMIC_ACQUIRE) == 1);
  expect(outer_before == before && outer_after == before + 1);
  expect(omp_get_max_threads() == before);
}

static void final_task(void) {
  int inside = -1;
#pragma omp task if (0) final(1) shared(inside)
  inside = omp_in_final();
  expect(inside == 1);
  expect(omp_in_final() == 0);
}

static void nested_region(int me) {
  int sum = 0, outer_tid = -1;
#pragma omp task if (0) shared(sum, outer_tid)
  {
#pragma omp parallel num_threads(2) reduction(+ : sum)
    {
      sum += 1;
      if (omp_get_thread_num() == 0)
        outer_tid = omp_get_ancestor_thread_num(1);
    }
  }
  expect(outer_tid == me);
  expect(sum == (omp_get_max_active_levels() > 1 ? 2 : 1));
}

static void nest_lock(void) {
  omp_nest_lock_t lock;
  omp_init_nest_lock(&lock);
  int depth = -1;
#pragma omp task if (0) shared(lock, depth)
  {
    omp_set_nest_lock(&lock);
    depth = omp_test_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
  }
  expect(depth == 2);
  expect(omp_test_nest_lock(&lock) == 1);
  omp_unset_nest_lock(&lock);
  omp_destroy_nest_lock(&lock);
}

static void taskloop_chunks(void) {
  int before = omp_get_max_threads();
#pragma omp taskloop num_tasks(1000)
  for (int i = 0; i < 1000; i++) {
    expect(omp_get_max_threads() == before);
    if (i % 2 == 0) {
      omp_set_num_threads(before + 1 + i % 4);
      expect(omp_get_max_threads() == before + 1 + i % 4);
    } else {
      int child_ran = 0;
#pragma omp task shared(child_ran)
      __atomic_store_n(&child_ran, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
      expect(__atomic_load_n(&child_ran, __ATOMIC_ACQUIRE) == 1);
    }
  }
  expect(omp_get_max_threads() == before);
}

int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    inquiries(me);
    icv_stays();
    own_children();
    nested_icvs();
    final_task();
    nested_region(me);
    nest_lock();
    taskloop_chunks();
  }
  CHECK_EQ(bad, 0);
  printf("undeferred tasks: inquiries, ICVs, taskwait, nested ICVs, final, nested region, nest lock, "
         "taskloop chunks ok\n");
  return 0;
}
// CHECK: undeferred tasks: inquiries, ICVs, taskwait, nested ICVs, final, nested region, nest lock, taskloop chunks ok
