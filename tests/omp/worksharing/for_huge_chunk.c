// A chunk size far beyond the loop's trip count (schedule(kind, 1L << 62)),
// with more threads than 2^64 / chunk: the first chunk holds every
// iteration, and a chunk past the end would start at k << 62, which wraps
// to 0 from k = 4 on (the fifth thread's first chunk, a static schedule's
// stride, the shared counter after the fourth thread's last add). Every
// iteration runs exactly once, with every schedule whose chunks the
// runtime computes, ordered ones too. libomp 14 passes. libgomp 12 hangs
// in the ordered loop, and crashes in the code gcc emits for the static
// schedule, which computes its chunks itself: that case is clang's only.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 100
#define NT 8
#define HUGE (1L << 62)

static int count[N];

static void check_once(const char *name) {
  for (int i = 0; i < N; i++)
    CHECK_EQ(count[i], 1);
  printf("%s: all %d iterations once\n", name, N);
  memset(count, 0, sizeof count);
}

#define HUGE_LOOP(NAME, SCHEDULE)                                          \
  static void NAME(void) {                                                 \
    _Pragma("omp parallel num_threads(NT)")                                \
    for (int rep = 0; rep < 3; rep++) {                                    \
      _Pragma(SCHEDULE)                                                    \
      for (long i = 0; i < N; i++) {                                       \
        _Pragma("omp atomic") count[i]++;                                  \
      }                                                                    \
    }                                                                      \
    for (int i = 0; i < N; i++)                                            \
      CHECK_EQ(count[i], 3);                                               \
    printf("%s: all %d iterations once per loop\n", #NAME, N);             \
    memset(count, 0, sizeof count);                                        \
  }

HUGE_LOOP(dynamic, "omp for schedule(dynamic, HUGE)")
HUGE_LOOP(guided, "omp for schedule(guided, HUGE)")
#ifdef __clang__
HUGE_LOOP(static_chunked, "omp for schedule(static, HUGE)")
#endif
HUGE_LOOP(nonmonotonic, "omp for schedule(nonmonotonic: dynamic, HUGE)")

static void ordered_static(void) {
  long next = 0;
#pragma omp parallel for ordered schedule(static, HUGE) num_threads(NT)
  for (long i = 0; i < N; i++) {
#pragma omp ordered
    {
      CHECK_EQ(i, next);
      next++;
      count[i]++;
    }
  }
  check_once("ordered_static");
}

int main(void) {
  dynamic();
  guided();
#ifdef __clang__
  static_chunked();
#else
  printf("static_chunked: gcc's own\n");
#endif
  nonmonotonic();
  ordered_static();
  return 0;
}
// CHECK: dynamic: all 100 iterations once per loop
// CHECK: guided: all 100 iterations once per loop
// CHECK: static_chunked:
// CHECK: nonmonotonic: all 100 iterations once per loop
// CHECK: ordered_static: all 100 iterations once
