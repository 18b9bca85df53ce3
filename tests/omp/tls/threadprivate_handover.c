// A nested thread's TLS block is borrowed from the ES that starts it and
// given back there when it ends, where it may stay loaded while that ES
// runs its own code (threading/tls.h): its primary must never be left
// with it. On 2 ESs, inner thread 1 of outer thread 0 runs
//   in region A on ES 1 (its primary spins, so only ES 1 can take it),
//   in region B on ES 0 (ES 1 sleeps, the primary joins it at once and runs
//     it in place, on a block from ES 0's cache),
//   in region C on ES 1 again.
// In each, thread 1 has a copy of its own (not at its primary's address),
// and the primary keeps its own value throughout, after every region too:
// had the primary gone on with the block thread 1 left loaded (region B,
// run in place at the join), it would read thread 1's values.
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

enum { PRIMARY = 7 }; // the primary's value, kept throughout

// One inner region of 2 threads; returns the OS thread thread 1 ran on. If
// `elsewhere`, the primary spins until thread 1 has run, so that another ES
// runs it. Thread 1 stores `store` in a copy of its own; the primary keeps
// PRIMARY, during and after the region.
static long region(int elsewhere, int store, int *bad) {
  _Atomic int done = 0;
  long where = 0;
  int *primary_copy = &tp_val;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      *bad += &tp_val == primary_copy;
      put(store);
      where = os_thread();
      atomic_store(&done, 1);
    } else if (elsewhere) {
      while (!atomic_load(&done))
        ;
    }
    *bad += !holds(omp_get_thread_num() == 1 ? store : PRIMARY);
  }
  *bad += !holds(PRIMARY);
  return where;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  int bad = 0, rounds = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0) {
    long es0 = os_thread();
    put(PRIMARY);
    for (int i = 0; i < TRIES && rounds < ROUNDS; i++) {
      int v = 100 * i;
      CHECK(region(1, v + 1, &bad) != es0); // A
      usleep(2000); // ES 1 falls asleep
      if (region(0, v + 2, &bad) != es0) { // B
        region(1, v + 3, &bad);
        continue;
      }
      CHECK(region(1, v + 3, &bad) != es0); // C
      rounds++;
    }
  }
  CHECK_EQ(bad, 0);
  fprintf(stderr, "rounds %d\n", rounds);
  printf("rounds %s\n", rounds >= ROUNDS / 2 ? "enough" : "too few");
  return 0;
}
// CHECK: rounds enough
