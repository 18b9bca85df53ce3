// A nested thread's TLS goes with it from ES to ES: its block is its
// master's ES's, whichever ES runs it. On 2 ESs, inner thread 1 of outer
// thread 0 runs
//   in region A on ES 1 (its primary spins, so only ES 1 can take it),
//   in region B on ES 0 (ES 1 sleeps, the primary joins it at once and runs
//     it in place), where it stores V,
//   in region C on ES 1 again, where it must find V (a block given back
//     is the next taken, values kept). Had ES 1 kept values of its own for
//     the thread, it would find there what it stored in region A.
// Region B may lose the race to ES 1, which then runs thread 1 there; such a
// round proves nothing and is repeated. ES 1 idles only 100 probes before it
// sleeps, so that it is asleep by region B: with the default spin a loaded
// machine (lit -j2 under ASan) can leave it spinning past the 2 ms sleep
// below, and a spinning ES 1 races the primary for thread 1 of region B
// (in one CI run it won 191 of 200 rounds).
//
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 OMP_MAX_ACTIVE_LEVELS=2 BOBBIN_SPIN_COUNT=100 %libomp-run | FileCheck %s
#include "check.h"

#include <stdatomic.h>
#include <sys/syscall.h>

static int tp_val;
static int tp_vec[6];
#pragma omp threadprivate(tp_val, tp_vec)

static void put(int v) {
  tp_val = v;
  for (int k = 0; k < 6; k++)
    tp_vec[k] = v + k;
}

static int holds(int v) {
  int ok = tp_val == v;
  for (int k = 0; k < 6; k++)
    ok = ok && tp_vec[k] == v + k;
  return ok;
}

static long os_thread(void) { return syscall(SYS_gettid); }

enum { ROUNDS = 20, TRIES = 1000 };

// One inner region of 2 threads; returns the OS thread thread 1 ran on. If
// `elsewhere`, the primary spins until thread 1 has run, so that another ES
// runs it; thread 1 checks that it holds `expect` (unless it has no value
// yet), then stores `store`.
static long region(int elsewhere, int expect, int store, int *bad) {
  _Atomic int done = 0;
  long where = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      *bad += expect >= 0 && !holds(expect);
      put(store);
      where = os_thread();
      atomic_store(&done, 1);
    } else if (elsewhere) {
      while (!atomic_load(&done))
        ;
    }
  }
  return where;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  int bad = 0, rounds = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    long es0 = os_thread();
    for (int i = 0; i < TRIES && rounds < ROUNDS; i++) {
      int v = 100 * i;
      if (i == 0)
        region(1, -1, v + 1, &bad);
      else
        CHECK(region(1, v - 100 + 3, v + 1, &bad) != es0); // A
      usleep(2000); // ES 1 falls asleep
      if (region(0, v + 1, v + 2, &bad) != es0) { // B
        region(1, v + 2, v + 3, &bad);
        continue;
      }
      CHECK(region(1, v + 2, v + 3, &bad) != es0); // C
      rounds++;
    }
  }
  CHECK_EQ(bad, 0);
  fprintf(stderr, "rounds %d\n", rounds);
  printf("rounds %s\n", rounds >= ROUNDS / 2 ? "enough" : "too few");
  return 0;
}
// CHECK: rounds enough
