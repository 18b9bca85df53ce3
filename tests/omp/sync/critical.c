// critical: unnamed, two different names, and with hints. Non-atomic
// read-modify-write sequences inside them lose no updates.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 8
#define ITERS 5000

static volatile long plain, left, right, hinted, nested_count;

static void bump(volatile long *v) {
  long x = *v;
  spin_a_bit(5);
  *v = x + 1;
}

int main(void) {
#pragma omp parallel num_threads(NT)
  for (int i = 0; i < ITERS; i++) {
#pragma omp critical
    bump(&plain);
#pragma omp critical(left_side)
    bump(&left);
#pragma omp critical(right_side)
    bump(&right);
#pragma omp critical(hinted) hint(omp_sync_hint_contended)
    bump(&hinted);
#pragma omp critical(uncontended) hint(omp_sync_hint_uncontended)
    {
      // A different name may be entered inside a critical.
#pragma omp critical(inner)
      bump(&nested_count);
    }
  }
  CHECK_EQ(plain, NT * ITERS);
  CHECK_EQ(left, NT * ITERS);
  CHECK_EQ(right, NT * ITERS);
  CHECK_EQ(hinted, NT * ITERS);
  CHECK_EQ(nested_count, NT * ITERS);
  printf("critical counts %ld %ld %ld %ld %ld\n", plain, left, right, hinted,
         nested_count);
  return 0;
}
// CHECK: critical counts 40000 40000 40000 40000 40000
