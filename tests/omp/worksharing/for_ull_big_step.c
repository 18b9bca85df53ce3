// unsigned long long loops whose step exceeds LLONG_MAX: one iteration,
// with the loop variable's right value, under every schedule (gcc passes
// such a step to GOMP_loop_ull_* with an `up` flag, as an unsigned that no
// sign can give the direction of), counting up and down, ordered too.
// (libgomp 12 itself runs the gcc binary's dynamic loop 5 times; LLVM's libomp
// passes.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=guided,3 %libomp-run | FileCheck %s
// RUN: env OMP_SCHEDULE=dynamic %libomp-run | FileCheck %s
#include "check.h"

#include <limits.h>

typedef unsigned long long ull;

static const ull step = (ull)LLONG_MAX + 2;

#define PRAGMA(x) _Pragma(#x)

/* Runs one loop up from 0 below 10 and one down from ULLONG_MAX above
 * ULLONG_MAX - 10, with the given schedule clause; each has one iteration. */
#define UP_AND_DOWN(name, ...)                                                   \
  do {                                                                           \
    int n = 0;                                                                   \
    ull seen = 1;                                                                \
    PRAGMA(omp parallel for reduction(+ : n) __VA_ARGS__)                        \
    for (ull i = 0; i < 10; i += step) {                                         \
      n++;                                                                       \
      seen = i;                                                                  \
    }                                                                            \
    CHECK_EQ(n, 1);                                                              \
    CHECK_EQ(seen, 0ull);                                                        \
    n = 0;                                                                       \
    PRAGMA(omp parallel for reduction(+ : n) __VA_ARGS__)                        \
    for (ull i = ULLONG_MAX; i > ULLONG_MAX - 10; i -= step) {                   \
      n++;                                                                       \
      seen = i;                                                                  \
    }                                                                            \
    CHECK_EQ(n, 1);                                                              \
    CHECK_EQ(seen, ULLONG_MAX);                                                  \
    printf("%s ok\n", name);                                                     \
  } while (0)

int main(void) {
  UP_AND_DOWN("static", schedule(static));
  UP_AND_DOWN("static,1", schedule(static, 1));
  UP_AND_DOWN("dynamic", schedule(dynamic));
  UP_AND_DOWN("guided", schedule(guided));
  UP_AND_DOWN("runtime", schedule(runtime));
  UP_AND_DOWN("nonmonotonic", schedule(nonmonotonic : dynamic, 2));
  int n = 0;
#pragma omp parallel for ordered schedule(dynamic) reduction(+ : n)
  for (ull i = 0; i < 10; i += step) {
#pragma omp ordered
    n++;
  }
  CHECK_EQ(n, 1);
  printf("ordered ok\n");
  return 0;
}
// CHECK: static ok
// CHECK: static,1 ok
// CHECK: dynamic ok
// CHECK: guided ok
// CHECK: runtime ok
// CHECK: nonmonotonic ok
// CHECK: ordered ok
