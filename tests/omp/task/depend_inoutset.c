// REQUIRES: clang19
// inoutset (OpenMP 5.1; clang 14 lacks it): the members of a group may run
// at the same time (two members meet in a rendezvous, each waiting for the
// other, yielding meanwhile), yet the group is ordered against the out task
// before it, the in tasks after it, and a second group after those ins.
// RUN: %clang19-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

#define MEMBERS 16
#define READERS 8

static int clock_;
static int tick(void) { return __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST); }

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// Arrives at the rendezvous and waits (yielding) until both have arrived. A
// runtime that serialized the group would keep the second member out; the
// generous limit only turns that hang into a failure.
static int meeting;
static void meet(void) {
  __atomic_add_fetch(&meeting, 1, __ATOMIC_SEQ_CST);
  double limit = now() + 60;
  while (__atomic_load_n(&meeting, __ATOMIC_SEQ_CST) < 2) {
#pragma omp taskyield
    CHECK(now() < limit);
  }
}

int main(void) {
  int x = 0, sum = 0, writer_end = -1, readers_start[READERS], readers_end[READERS];
  int set1_start[MEMBERS], set1_end[MEMBERS], set2_start[MEMBERS], read_val[READERS];
  int final_x = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x, writer_end)
    {
      spin_a_bit(20000);
      x = 1;
      writer_end = tick();
    }
    for (int i = 0; i < MEMBERS; i++)
#pragma omp task depend(inoutset : x) shared(x, sum, set1_start, set1_end) firstprivate(i)
      {
        set1_start[i] = tick();
        if (i < 2)
          meet();
#pragma omp atomic
        sum += x; // x is 1 here, in every member
        set1_end[i] = tick();
      }
    for (int i = 0; i < READERS; i++)
#pragma omp task depend(in : x) shared(x, sum, readers_start, readers_end, read_val) \
    firstprivate(i)
      {
        readers_start[i] = tick();
        read_val[i] = sum;
        readers_end[i] = tick();
      }
    for (int i = 0; i < MEMBERS; i++)
#pragma omp task depend(inoutset : x) shared(x, set2_start) firstprivate(i)
      {
        set2_start[i] = tick();
#pragma omp atomic
        x += 1;
      }
#pragma omp task depend(in : x) shared(x, final_x)
    final_x = x;
  }
  CHECK_EQ(meeting, 2);
  CHECK_EQ(sum, MEMBERS);
  CHECK_EQ(final_x, 1 + MEMBERS);
  for (int i = 0; i < MEMBERS; i++) {
    CHECK(writer_end < set1_start[i]);
    for (int r = 0; r < READERS; r++) {
      CHECK(set1_end[i] < readers_start[r]);
      CHECK(readers_end[r] < set2_start[i]);
    }
  }
  for (int r = 0; r < READERS; r++)
    CHECK_EQ(read_val[r], MEMBERS);
  printf("inoutset: %d members met, ordered against out and in\n", MEMBERS);
  return 0;
}
// CHECK: inoutset: 16 members met, ordered against out and in
