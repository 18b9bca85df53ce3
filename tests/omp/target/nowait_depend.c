// target nowait is a deferred task: with depend clauses it runs in its
// chain's order, with target tasks, explicit tasks and the data constructs
// (target enter/exit data, target update with nowait: tasks that do
// nothing but hold their place in the chain); depend without nowait waits
// for the dependences before the construct. A nowait region's firstprivate
// values are those of the moment it was encountered, and it runs as an
// initial thread even when the task runs inside a parallel region.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

static int clock_;
static int tick(void) { return __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST); }

static void chain(void) {
  int x = 0, w1 = 0, w2 = 0, seen_w1 = -1, level = -1;
  int start[6], end[6];
  clock_ = 0;
#pragma omp target map(tofrom : x) map(from : start[0 : 1], end[0 : 1], level) \
    depend(out : x) nowait
  {
    start[0] = tick();
    spin_a_bit(200000);
    x = 1;
    level = omp_get_level();
    end[0] = tick();
  }
#pragma omp task depend(inout : x) shared(x, start, end)
  {
    start[1] = tick();
    x = x * 10 + 2;
    end[1] = tick();
  }
#pragma omp target map(tofrom : x) map(from : start[2 : 1], end[2 : 1]) depend(inout : x) nowait
  {
    start[2] = tick();
    spin_a_bit(100000);
    x = x * 10 + 3;
    end[2] = tick();
  }
  // A data construct as the only link between two tasks: the second task
  // must wait for the first through it.
#pragma omp task depend(out : w1) shared(w1, start, end)
  {
    start[3] = tick();
    spin_a_bit(200000);
    w1 = 1;
    end[3] = tick();
  }
#pragma omp target update to(w1) depend(in : w1) depend(out : w2) nowait
#pragma omp target enter data map(to : w2) depend(inout : w2) nowait
#pragma omp target exit data map(release : w2) depend(inout : w2) nowait
#pragma omp task depend(in : w2) shared(w1, seen_w1, start, end)
  {
    start[4] = tick();
    seen_w1 = w1;
    end[4] = tick();
  }
#pragma omp taskwait
  CHECK_EQ(x, 123);
  CHECK(end[0] < start[1]);
  CHECK(end[1] < start[2]);
  CHECK(end[3] < start[4]);
  CHECK_EQ(seen_w1, 1);
  CHECK_EQ(level, 0);
}

// depend without nowait: the construct waits for its dependences.
static void undeferred(void) {
  int y = 0, z = 0, seen = -1;
#pragma omp task depend(out : y) shared(y)
  {
    spin_a_bit(200000);
    y = 1;
  }
#pragma omp target map(tofrom : y, seen) depend(in : y)
  seen = y;
  CHECK_EQ(seen, 1);
#pragma omp task depend(out : z) shared(z)
  {
    spin_a_bit(200000);
    z = 1;
  }
#pragma omp target update from(z) depend(in : z)
  CHECK_EQ(z, 1);
  z = 0;
#pragma omp task depend(out : z) shared(z)
  {
    spin_a_bit(200000);
    z = 2;
  }
#pragma omp target enter data map(to : z) depend(inout : z)
  CHECK_EQ(z, 2);
#pragma omp taskwait
}

// firstprivate of a deferred region: its value at the construct.
static void captured(void) {
  int v = 1, got = 0;
#pragma omp target firstprivate(v) map(from : got) nowait
  got = v;
  v = 2;
#pragma omp taskwait
  CHECK_EQ(got, 1);
  CHECK_EQ(v, 2);
}

int main(void) {
  for (int round = 0; round < 20; round++) {
    chain();
    undeferred();
    captured();
  }
  printf("alone: ok\n");
  int done = 0;
#pragma omp parallel reduction(+ : done)
  {
#pragma omp single
    for (int round = 0; round < 20; round++) {
      chain();
      undeferred();
      captured();
    }
    done = 1;
  }
  CHECK_EQ(done, omp_get_max_threads());
  // Many nowait regions from every thread at once, waited for by the barrier.
  int hits[64] = {0};
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 64; i++) {
#pragma omp target map(tofrom : hits[i : 1]) firstprivate(i) nowait
      hits[i] += i;
    }
  }
  for (int i = 0; i < 64; i++)
    CHECK_EQ(hits[i], i);
  printf("in a parallel region: ok\n");
  return 0;
}
// CHECK: alone: ok
// CHECK-NEXT: in a parallel region: ok
