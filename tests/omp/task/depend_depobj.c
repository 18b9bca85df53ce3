// depobj: dependences held in depend objects order tasks like the same
// depend clauses written inline; an object updated from inout to in lets
// readers overlap the way in does, and destroying it is accepted. Objects
// and inline clauses on the same item order against each other.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

static int clock_;
static int tick(void) { return __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST); }

int main(void) {
  int x = 0, y = 0, seen[3] = {-1, -1, -1}, w_end = -1, r_start[2] = {-1, -1};
  int r_end[2] = {-1, -1}, last_start = -1, last_seen = -1;
  omp_depend_t ox, oy;
#pragma omp depobj(ox) depend(inout : x)
#pragma omp depobj(oy) depend(out : y)
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(depobj : ox) shared(x)
    { spin_a_bit(20000); x = 1; }
#pragma omp task depend(depobj : ox) shared(x, seen)
    { seen[0] = x; x = 2; }
#pragma omp task depend(in : x) depend(depobj : oy) shared(x, y, seen, w_end)
    { seen[1] = x; spin_a_bit(20000); y = 10 * x; w_end = tick(); }
  }
  // Now make oy an "in" dependence on y: two readers through it.
#pragma omp depobj(oy) update(in)
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : y) shared(y, w_end)
    { spin_a_bit(20000); y = 30; w_end = tick(); }
    for (int i = 0; i < 2; i++)
#pragma omp task depend(depobj : oy) shared(y, r_start, r_end, seen) firstprivate(i)
      { r_start[i] = tick(); seen[2] = y; r_end[i] = tick(); }
#pragma omp task depend(inout : y) shared(y, last_start, last_seen)
    { last_start = tick(); last_seen = y; y = 40; }
  }
#pragma omp depobj(ox) destroy
#pragma omp depobj(oy) destroy
  CHECK_EQ(seen[0], 1);
  CHECK_EQ(seen[1], 2);
  CHECK_EQ(seen[2], 30);
  CHECK_EQ(last_seen, 30);
  CHECK_EQ(y, 40);
  for (int i = 0; i < 2; i++) {
    CHECK(w_end < r_start[i]);
    CHECK(r_end[i] < last_start);
  }
  printf("depobj: x %d, y %d\n", x, y);
  return 0;
}
// CHECK: depobj: x 2, y 40
