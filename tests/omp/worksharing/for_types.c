// Worksharing loops over int, unsigned, long long and unsigned long long
// induction variables, with positive and negative strides and bounds near
// the ends of each type: every iteration runs exactly once, and
// lastprivate gives the loop variable's final value and the last
// iteration's value, as a sequential run does; in a team of one too
// (OMP_THREAD_LIMIT=1), which takes a static loop's chunks all at once.
// RUN: %libomp-compile && env OMP_SCHEDULE=static %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=static,1 %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=static,1 OMP_THREAD_LIMIT=1 %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=dynamic,7 %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=guided,3 %libomp-run | FileCheck %s
// gcc 12 runs none of uint_down's iterations, on its own libgomp too (a
// descending unsigned int loop whose bounds do not fit int).
// XFAIL: gcc
#include "check.h"

#include <limits.h>

#define MAXN 20000
static int count[MAXN];

// Defines NAME(): the loop `for (i = LB; i CMP UB; i OP STEP)` in parallel,
// then sequentially as the reference.
#define LOOP_TEST(NAME, T, LB, CMP, UB, OP, STEP)                           \
  static void NAME(void) {                                                 \
    T i = (LB), ref_i; /* lastprivate leaves i alone if nothing runs */    \
    long long n = 0, last = -1, ref_last = -1;                             \
    memset(count, 0, sizeof count);                                        \
    _Pragma("omp parallel for schedule(runtime) num_threads(3) lastprivate(i, last)") \
    for (i = (LB); i CMP (UB); i OP (STEP)) {                              \
      T dist = (LB) <= i ? (T)(i - (LB)) : (T)((LB) - i);                  \
      last = (long long)(dist / (STEP));                                   \
      CHECK(last >= 0 && last < MAXN);                                     \
      _Pragma("omp atomic") count[last]++;                                 \
    }                                                                      \
    for (ref_i = (LB); ref_i CMP (UB); ref_i OP (STEP))                    \
      ref_last = n++;                                                      \
    for (long long k = 0; k < MAXN; k++)                                   \
      CHECK_EQ(count[k], k < n);                                           \
    CHECK(i == ref_i);                                                     \
    CHECK_EQ(last, ref_last);                                              \
    printf("%s: %lld iterations\n", #NAME, n);                             \
  }

LOOP_TEST(int_up, int, INT_MIN + 5, <, INT_MIN + 5 + 3 * 1000, +=, 3)
LOOP_TEST(int_down, int, INT_MAX - 2, >=, INT_MAX - 4000, -=, 4)
LOOP_TEST(int_cross, int, 1000, >, -1000, -=, 7)
LOOP_TEST(int_le, int, -50, <=, 50, +=, 1)
LOOP_TEST(uint_up, unsigned, UINT_MAX - 30000u, <, UINT_MAX - 10u, +=, 11u)
LOOP_TEST(uint_down, unsigned, UINT_MAX, >, 3000000000u, -=, 250000u)
LOOP_TEST(uint_to_zero, unsigned, 999u, >, 0u, -=, 1u)
LOOP_TEST(ll_up, long long, -(1LL << 40), <, 1LL << 40, +=, (1LL << 40) / 5000)
LOOP_TEST(ll_down, long long, LLONG_MAX, >, LLONG_MAX - 9999LL * 1000003, -=,
          1000003LL)
LOOP_TEST(ull_up, unsigned long long, (1ULL << 63) - 6000ULL * 999983,
          <=, (1ULL << 63) + 6000ULL * 999983, +=, 999983ULL)
LOOP_TEST(ull_down, unsigned long long, ULLONG_MAX, >=, ULLONG_MAX / 2, -=,
          ULLONG_MAX / 2 / 19000)
LOOP_TEST(empty, int, 10, <, 10, +=, 1)

int main(void) {
  int_up();
  int_down();
  int_cross();
  int_le();
  uint_up();
  uint_down();
  uint_to_zero();
  ll_up();
  ll_down();
  ull_up();
  ull_down();
  empty();
  return 0;
}
// CHECK: int_up: 1000 iterations
// CHECK-NEXT: int_down: 1000 iterations
// CHECK-NEXT: int_cross: 286 iterations
// CHECK-NEXT: int_le: 101 iterations
// CHECK-NEXT: uint_up: 2727 iterations
// CHECK-NEXT: uint_down: 5180 iterations
// CHECK-NEXT: uint_to_zero: 999 iterations
// CHECK-NEXT: ll_up: 10001 iterations
// CHECK-NEXT: ll_down: 9999 iterations
// CHECK-NEXT: ull_up: 12001 iterations
// CHECK-NEXT: ull_down: 19001 iterations
// CHECK-NEXT: empty: 0 iterations
