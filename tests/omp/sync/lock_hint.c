// omp_init_lock_with_hint and omp_init_nest_lock_with_hint with each hint:
// the locks exclude as plain locks do.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: gcc 12's libgomp has no omp_init_lock_with_hint to link against.
// REQUIRES: clang
#include "check.h"

static const omp_sync_hint_t hints[] = {
    omp_sync_hint_none, omp_sync_hint_uncontended, omp_sync_hint_contended,
    omp_sync_hint_nonspeculative, omp_sync_hint_speculative,
    omp_sync_hint_contended | omp_sync_hint_nonspeculative};
#define NH (int)(sizeof hints / sizeof hints[0])

int main(void) {
  for (int h = 0; h < NH; h++) {
    omp_lock_t l;
    omp_nest_lock_t nl;
    volatile long a = 0, b = 0;
    omp_init_lock_with_hint(&l, hints[h]);
    omp_init_nest_lock_with_hint(&nl, hints[h]);
#pragma omp parallel num_threads(4)
    for (int i = 0; i < 2000; i++) {
      omp_set_lock(&l);
      long x = a;
      spin_a_bit(3);
      a = x + 1;
      omp_unset_lock(&l);
      omp_set_nest_lock(&nl);
      CHECK(omp_test_nest_lock(&nl) == 2);
      long y = b;
      b = y + 1;
      omp_unset_nest_lock(&nl);
      omp_unset_nest_lock(&nl);
    }
    CHECK_EQ(a, 8000);
    CHECK_EQ(b, 8000);
    omp_destroy_lock(&l);
    omp_destroy_nest_lock(&nl);
  }
  printf("%d hints ok\n", NH);
  return 0;
}
// CHECK: 6 hints ok
