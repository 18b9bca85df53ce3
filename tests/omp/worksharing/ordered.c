// ordered regions inside static and dynamic loops run in iteration order,
// while the rest of the body runs in parallel. Then the same in teams of
// one (OMP_THREAD_LIMIT=1), which take a static loop's chunks all at once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %libomp-run | FileCheck %s
#include "check.h"

#define N 300

static int seq[N], pos;

static void note(int i) {
  seq[pos++] = i; // no race: ordered regions run one at a time
}

static void check_order(const char *what) {
  CHECK_EQ(pos, N);
  for (int i = 0; i < N; i++)
    CHECK_EQ(seq[i], i);
  pos = 0;
  printf("%s: in order\n", what);
}

int main(void) {
#pragma omp parallel for ordered schedule(static) num_threads(4)
  for (int i = 0; i < N; i++) {
    spin_a_bit((N - i) * 20);
#pragma omp ordered
    note(i);
  }
  check_order("static");

#pragma omp parallel for ordered schedule(static, 1) num_threads(4)
  for (int i = 0; i < N; i++) {
#pragma omp ordered
    note(i);
  }
  check_order("static,1");

#pragma omp parallel for ordered schedule(dynamic) num_threads(4)
  for (int i = 0; i < N; i++) {
    spin_a_bit((i % 7) * 300);
#pragma omp ordered
    note(i);
  }
  check_order("dynamic");

#pragma omp parallel for ordered schedule(dynamic, 5) num_threads(3)
  for (int i = 0; i < N; i++) {
#pragma omp ordered
    note(i);
  }
  check_order("dynamic,5");

#pragma omp parallel for ordered schedule(guided) num_threads(3)
  for (int i = 0; i < N; i++) {
#pragma omp ordered
    note(i);
  }
  check_order("guided");

  // Printing from the ordered region gives ordered output.
#pragma omp parallel for ordered schedule(dynamic) num_threads(4)
  for (int i = 0; i < 4; i++) {
#pragma omp ordered
    printf("line %d\n", i);
  }
  return 0;
}
// CHECK: static: in order
// CHECK-NEXT: static,1: in order
// CHECK-NEXT: dynamic: in order
// CHECK-NEXT: dynamic,5: in order
// CHECK-NEXT: guided: in order
// CHECK-NEXT: line 0
// CHECK-NEXT: line 1
// CHECK-NEXT: line 2
// CHECK-NEXT: line 3
