// #pragma omp atomic update, capture, read and write on int, long long,
// double and float: no lost updates, captured old values are all distinct,
// reads are never torn.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 4
#define ITERS 4000
#define TOTAL (NT * ITERS)

static char seen[TOTAL];

// Defines test_NAME(): update and capture counters of type T, then a writer
// and readers of a T whose values are all "whole" (pattern * k).
#define ATOMIC_TEST(NAME, T, PATTERN)                                       \
  static void test_##NAME(void) {                                          \
    T sum = 0, cap = 0, shared_v = 0;                                      \
    int torn = 0;                                                          \
    memset(seen, 0, sizeof seen);                                          \
    _Pragma("omp parallel num_threads(NT) reduction(+ : torn)")            \
    {                                                                      \
      for (int i = 0; i < ITERS; i++) {                                    \
        T old;                                                             \
        _Pragma("omp atomic update") sum += (T)2;                          \
        _Pragma("omp atomic") sum -= (T)1;                                 \
        _Pragma("omp atomic capture") { old = cap; cap += (T)1; }          \
        long k = (long)old;                                                \
        CHECK(k >= 0 && k < TOTAL && (T)k == old);                         \
        seen[k]++; /* distinct k: no race */                               \
      }                                                                    \
      _Pragma("omp barrier")                                               \
      for (int i = 1; i <= ITERS; i++) {                                   \
        if (omp_get_thread_num() == 0) {                                   \
          T w = (T)(PATTERN) * (T)(i % 3 + 1);                             \
          _Pragma("omp atomic write") shared_v = w;                        \
        } else {                                                           \
          T r;                                                             \
          _Pragma("omp atomic read") r = shared_v;                         \
          torn += !(r == 0 || r == (T)(PATTERN) || r == (T)(PATTERN) * 2 ||  \
                    r == (T)(PATTERN) * 3);                                \
        }                                                                  \
      }                                                                    \
    }                                                                      \
    CHECK(sum == (T)TOTAL);                                                \
    CHECK(cap == (T)TOTAL);                                                \
    for (int k = 0; k < TOTAL; k++)                                        \
      CHECK_EQ(seen[k], 1);                                                \
    CHECK_EQ(torn, 0);                                                     \
    printf("%s: sum %.0f, %d distinct captures, %d torn\n", #NAME,         \
           (double)sum, TOTAL, torn);                                      \
  }

ATOMIC_TEST(int, int, 0x01010101)
ATOMIC_TEST(long_long, long long, 0x0101010101010101LL)
ATOMIC_TEST(double, double, 1.0 / 3.0)
ATOMIC_TEST(float, float, 1.0f / 3.0f)

int main(void) {
  test_int();
  test_long_long();
  test_double();
  test_float();

  // Other update operators and postfix/prefix forms.
  unsigned mask = 0, xr = 0;
  long long prod = 1;
  int inc = 0, dec = 0, caps = 0;
#pragma omp parallel num_threads(NT)
  {
    int me = omp_get_thread_num();
#pragma omp atomic
    mask |= 1u << me;
#pragma omp atomic
    xr ^= 0xF0u | (1u << me);
#pragma omp atomic
    prod *= 3;
    for (int i = 0; i < 1000; i++) {
#pragma omp atomic
      inc++;
#pragma omp atomic
      --dec;
      int v;
#pragma omp atomic capture
      v = ++caps;
      CHECK(v >= 1 && v <= NT * 1000);
    }
  }
  CHECK_EQ(mask, (1u << NT) - 1);
  CHECK_EQ(xr, (1u << NT) - 1); // NT even: the 0xF0 parts cancel
  CHECK_EQ(prod, 81);
  CHECK_EQ(inc, NT * 1000);
  CHECK_EQ(dec, -NT * 1000);
  CHECK_EQ(caps, NT * 1000);
  printf("or %u xor %u mul %lld inc %d dec %d\n", mask, xr, prod, inc, dec);
  return 0;
}
// CHECK: int: sum 16000, 16000 distinct captures, 0 torn
// CHECK-NEXT: long_long: sum 16000, 16000 distinct captures, 0 torn
// CHECK-NEXT: double: sum 16000, 16000 distinct captures, 0 torn
// CHECK-NEXT: float: sum 16000, 16000 distinct captures, 0 torn
// CHECK-NEXT: or 15 xor 15 mul 81 inc 4000 dec -4000
