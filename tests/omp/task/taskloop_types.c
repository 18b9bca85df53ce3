// taskloop over every kind of induction variable: int with a step of 3,
// unsigned across 2^31, long long across negative and positive values beyond
// 32 bits, int and unsigned counting down, and a loop that starts negative.
// Every iteration runs exactly once, under grainsize, num_tasks and the
// default split; an empty range runs nothing (clang still calls the runtime,
// with ub = lb - 1).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// gcc 12 runs none of the unsigned counting-down iterations, on its own
// libgomp too (it passes the step zero-extended, as if positive).
// XFAIL: gcc
#include "check.h"

#define SLOTS 4096
static int hits[SLOTS];

static void reset(void) { memset(hits, 0, sizeof hits); }
static void hit(long long slot) {
  CHECK(slot >= 0 && slot < SLOTS);
  __atomic_fetch_add(&hits[slot], 1, __ATOMIC_RELAXED);
}
static void expect(int n, const char *what) {
  for (int s = 0; s < SLOTS; s++)
    CHECK_EQ(hits[s], s < n ? 1 : 0);
  printf("%s: %d iterations once\n", what, n);
}

static void run_all(int mode) {
  // mode selects the split: 0 default, 1 grainsize(3), 2 num_tasks(7)
  reset();
#pragma omp taskloop grainsize(mode == 1 ? 3 : 1000000) if (mode != 2)
  for (int i = 5; i < 3005; i += 3)
    hit((i - 5) / 3);
  expect(1000, "int step 3");

  reset();
#pragma omp taskloop num_tasks(mode == 2 ? 7 : 50)
  for (unsigned u = 100u; u < 4000000000u; u += 2000003u)
    hit((u - 100u) / 2000003u);
  expect(2000, "unsigned across 2^31");

  reset();
#pragma omp taskloop grainsize(mode + 1)
  for (long long k = -5000000000LL; k < 5000000000LL; k += 10000000LL)
    hit((k + 5000000000LL) / 10000000LL);
  expect(1000, "long long across 0");

  reset();
#pragma omp taskloop num_tasks(mode * 5 + 1)
  for (int i = 100; i > -100; i -= 3)
    hit((100 - i) / 3);
  expect(67, "int counting down");

  reset();
#pragma omp taskloop grainsize(mode + 2)
  for (unsigned u = 1000u; u > 10u; u -= 7u)
    hit((1000u - u) / 7u);
  expect(142, "unsigned counting down");

  reset();
#pragma omp taskloop
  for (int i = -2000; i <= -1000; i++)
    hit(i + 2000);
  expect(1001, "negative int range");

  reset();
  int empty = 0;
#pragma omp taskloop shared(empty)
  for (int i = 10; i < 10; i++)
    empty++;
  CHECK_EQ(empty, 0);
  printf("empty range: %d iterations\n", empty);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int mode = 0; mode < 3; mode++)
    run_all(mode);
  return 0;
}
// CHECK: int step 3: 1000 iterations once
// CHECK-NEXT: unsigned across 2^31: 2000 iterations once
// CHECK-NEXT: long long across 0: 1000 iterations once
// CHECK-NEXT: int counting down: 67 iterations once
// CHECK-NEXT: unsigned counting down: 142 iterations once
// CHECK-NEXT: negative int range: 1001 iterations once
// CHECK-NEXT: empty range: 0 iterations
// CHECK: int step 3
// CHECK: empty range
// CHECK: int step 3
// CHECK: negative int range: 1001 iterations once
// CHECK-NEXT: empty range: 0 iterations
// CHECK-NOT: iterations
