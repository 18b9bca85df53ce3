// cancel taskgroup and C++ firstprivate objects: every copy a task was
// given is destroyed, whether the task ran or was discarded. A discarded
// clang task runs only its destructors. gcc builds a task's copies with
// its copy function and destroys them only in the task's body, so a gcc
// task made before the cancel still runs (libgomp does the same), and gcc
// makes no task in a cancelled group (nor copies). With clang the first
// part fails before tasks were discarded, with both compilers the second.
// RUN: %libomp-compile -lstdc++ && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
#include "check.h"

#define N 16

static int live, bodies;

struct Obj {
  int v;
  Obj() : v(1) { __atomic_fetch_add(&live, 1, __ATOMIC_RELAXED); }
  Obj(const Obj &o) : v(o.v) { __atomic_fetch_add(&live, 1, __ATOMIC_RELAXED); }
  ~Obj() { __atomic_fetch_sub(&live, 1, __ATOMIC_RELAXED); }
};

// The tasks wait behind the cancelling one, which cancels once all are
// made.
static void made_before(void) {
  Obj o;
  int x = 0, made = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task depend(out : x) shared(made)
    {
      double t0 = omp_get_wtime();
      while (!__atomic_load_n(&made, __ATOMIC_ACQUIRE) && omp_get_wtime() - t0 < 10.0)
        spin_a_bit(100);
#pragma omp cancel taskgroup
    }
    for (int i = 0; i < N; i++) {
#pragma omp task depend(in : x) firstprivate(o)
      __atomic_fetch_add(&bodies, o.v, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&made, 1, __ATOMIC_RELEASE);
  }
  CHECK_EQ(live, 1);
#ifdef __clang__
  CHECK_EQ(bodies, 0);
#else
  CHECK_EQ(bodies, N);
#endif
  printf("made before the cancel: every copy destroyed\n");
}

// The undeferred task cancels before the others are made.
static void made_after(void) {
  Obj o;
  bodies = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task if (0)
    {
#pragma omp cancel taskgroup
    }
    for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(o)
      __atomic_fetch_add(&bodies, o.v, __ATOMIC_RELAXED);
    }
  }
  CHECK_EQ(live, 1);
  CHECK_EQ(bodies, 0);
  printf("made after the cancel: none ran, every copy destroyed\n");
}

int main() {
  deadline(60, "cancel_taskgroup_objects");
  CHECK_EQ(omp_get_cancellation(), 1);
  made_before();
  made_after();
  CHECK_EQ(live, 0);
  return 0;
}
// CHECK: made before the cancel: every copy destroyed
// CHECK-NEXT: made after the cancel: none ran, every copy destroyed
