// Doacross loops, one dimension: for ordered(1) with depend(sink: i-1) and
// depend(source) computes a prefix sum that is only right if each iteration
// waited for its predecessor, and records the order in which iterations
// passed the sink: exactly 0, 1, 2, ... Static,1 and dynamic schedules on 4
// threads, a strided loop, and a sink two iterations back.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

#define N 2000

static long x[N], a[N];
static int order[N];

static void reset(void) {
  for (int i = 0; i < N; i++)
    x[i] = (i * 7919) % 101 - 50, a[i] = 0, order[i] = -1;
}

static void check_prefix(const char *what) {
  long s = 0;
  for (int i = 0; i < N; i++) {
    s += x[i];
    CHECK_EQ(a[i], s);
    CHECK_EQ(order[i], i);
  }
  printf("%s: prefix sum %ld, order kept\n", what, s);
}

int main(void) {
  int counter = 0;
  reset();
#pragma omp parallel num_threads(4)
#pragma omp for ordered(1) schedule(static, 1)
  for (int i = 0; i < N; i++) {
    long mine = x[i];
    spin_a_bit((i * 13) % 300); // uneven work before the wait
#pragma omp ordered depend(sink : i - 1)
    a[i] = (i ? a[i - 1] : 0) + mine;
    order[i] = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
#pragma omp ordered depend(source)
    spin_a_bit(100);
  }
  check_prefix("static,1");

  counter = 0;
  reset();
#pragma omp parallel num_threads(4)
#pragma omp for ordered(1) schedule(dynamic)
  for (int i = 0; i < N; i++) {
    long mine = x[i];
    spin_a_bit((i * 31) % 500);
#pragma omp ordered depend(sink : i - 1)
    a[i] = (i ? a[i - 1] : 0) + mine;
    order[i] = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
#pragma omp ordered depend(source)
  }
  check_prefix("dynamic");

  // A strided loop from N-1 down to 0 (step -1 in the original space)
  // whose iterations wait on the one before: a suffix sum.
  counter = 0;
  reset();
#pragma omp parallel num_threads(4)
#pragma omp for ordered(1) schedule(static, 1)
  for (int i = N - 1; i >= 0; i--) {
#pragma omp ordered depend(sink : i + 1)
    a[i] = (i < N - 1 ? a[i + 1] : 0) + x[i];
    order[i] = __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
#pragma omp ordered depend(source)
  }
  long s = 0;
  for (int i = N - 1; i >= 0; i--) {
    s += x[i];
    CHECK_EQ(a[i], s);
    CHECK_EQ(order[i], N - 1 - i);
  }
  printf("downward: suffix sum %ld, order kept\n", s);

  // Step 2, sink two iterations back: two interleaved chains.
  reset();
#pragma omp parallel num_threads(4)
#pragma omp for ordered(1) schedule(dynamic, 1)
  for (int i = 0; i < N; i += 2) {
    spin_a_bit((i * 17) % 400);
#pragma omp ordered depend(sink : i - 2)
    a[i] = (i ? a[i - 2] : 0) + x[i];
#pragma omp ordered depend(source)
  }
  s = 0;
  for (int i = 0; i < N; i += 2) {
    s += x[i];
    CHECK_EQ(a[i], s);
  }
  printf("step 2: sum %ld\n", s);
  return 0;
}
// CHECK: static,1: prefix sum [[S:-?[0-9]+]], order kept
// CHECK-NEXT: dynamic: prefix sum [[S]], order kept
// CHECK-NEXT: downward: suffix sum [[S]], order kept
// CHECK-NEXT: step 2: sum {{-?[0-9]+}}
