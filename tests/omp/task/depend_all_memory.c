// REQUIRES: clang19
// omp_all_memory (OpenMP 5.1; clang 14 lacks it): a task with
// depend(out: omp_all_memory) starts only after every earlier sibling with
// a dependence (in, out, inout, mutexinoutset, on distinct items), and every
// later sibling with a dependence, even on an item not seen before, starts
// after it. Siblings without any depend clause are not ordered by it. An
// inout omp_all_memory in the middle of a chain behaves the same.
// RUN: %clang19-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

static int clock_;
static int tick(void) { return __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST); }

int main(void) {
  int a = 0, b = 0, c = 0, d = 0, e = 0;
  int before_end[4], all_start = -1, all_end = -1, after_start[3];
  int all2_start = -1, all2_end = -1, last_start = -1, seen_e = -1;
  for (int round = 0; round < 100; round++) {
    clock_ = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out : a) shared(before_end)
      { spin_a_bit(3000); before_end[0] = tick(); }
#pragma omp task depend(in : b) shared(before_end)
      { spin_a_bit(3000); before_end[1] = tick(); }
#pragma omp task depend(inout : c) shared(before_end)
      { spin_a_bit(3000); before_end[2] = tick(); }
#pragma omp task depend(mutexinoutset : d) shared(before_end)
      { spin_a_bit(3000); before_end[3] = tick(); }
#pragma omp task depend(out : omp_all_memory) shared(all_start, all_end, e)
      {
        all_start = tick();
        spin_a_bit(3000);
        e = 5;
        all_end = tick();
      }
#pragma omp task depend(in : a) shared(after_start)
      after_start[0] = tick();
#pragma omp task depend(out : e) shared(after_start, e, seen_e)
      { after_start[1] = tick(); seen_e = e; }
#pragma omp task depend(mutexinoutset : b) shared(after_start)
      after_start[2] = tick();
#pragma omp task depend(inout : omp_all_memory) shared(all2_start, all2_end)
      { all2_start = tick(); all2_end = tick(); }
#pragma omp task depend(in : c) shared(last_start)
      last_start = tick();
    }
    for (int i = 0; i < 4; i++)
      CHECK(before_end[i] < all_start);
    for (int i = 0; i < 3; i++) {
      CHECK(all_end < after_start[i]);
      CHECK(after_start[i] < all2_start);
    }
    CHECK_EQ(seen_e, 5);
    CHECK(all2_end < last_start);
  }
  (void)a, (void)b, (void)c, (void)d;
  printf("omp_all_memory ordered 100 rounds\n");
  return 0;
}
// CHECK: omp_all_memory ordered 100 rounds
