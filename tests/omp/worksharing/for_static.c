// schedule(static) without a chunk, with chunk 1 and with chunk 7: every
// iteration runs once, on the thread the specification assigns it to.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 1003
#define NT 4

static int owner[N], count[N];

static void reset(void) {
  for (int i = 0; i < N; i++)
    owner[i] = -1, count[i] = 0;
}

static void record(int i) {
  owner[i] = omp_get_thread_num();
#pragma omp atomic
  count[i]++;
}

// Chunked static: chunk k of size c goes to thread k mod NT.
static void check_chunked(int c) {
  for (int i = 0; i < N; i++) {
    CHECK_EQ(count[i], 1);
    CHECK_EQ(owner[i], (i / c) % NT);
  }
}

int main(void) {
  reset();
#pragma omp parallel for schedule(static) num_threads(NT)
  for (int i = 0; i < N; i++)
    record(i);
  // One contiguous block per thread, in thread order, sizes within one.
  int lo = N, hi = 0;
  for (int i = 0; i < N; i++) {
    CHECK_EQ(count[i], 1);
    if (i > 0)
      CHECK(owner[i] == owner[i - 1] || owner[i] == owner[i - 1] + 1);
  }
  for (int t = 0, start = 0; t < NT; t++) {
    int end = start;
    while (end < N && owner[end] == t)
      end++;
    if (end - start < lo) lo = end - start;
    if (end - start > hi) hi = end - start;
    start = end;
  }
  CHECK(hi - lo <= 1 && lo > 0);
  printf("static: blocks of %d..%d\n", lo, hi);

  reset();
#pragma omp parallel for schedule(static, 1) num_threads(NT)
  for (int i = 0; i < N; i++)
    record(i);
  check_chunked(1);
  printf("static,1: round robin\n");

  reset();
#pragma omp parallel num_threads(NT)
#pragma omp for schedule(static, 7)
  for (int i = 0; i < N; i++)
    record(i);
  check_chunked(7);
  printf("static,7: chunks of 7 round robin\n");

  // Fewer iterations than threads, and none at all.
  reset();
#pragma omp parallel for schedule(static) num_threads(NT)
  for (int i = 0; i < 3; i++)
    record(i);
  for (int i = 0; i < 3; i++)
    CHECK_EQ(count[i], 1);
#pragma omp parallel for schedule(static) num_threads(NT)
  for (int i = 0; i < 0; i++)
    record(i);
  printf("short loops ok\n");
  return 0;
}
// CHECK: static: blocks of 250..251
// CHECK-NEXT: static,1: round robin
// CHECK-NEXT: static,7: chunks of 7 round robin
// CHECK-NEXT: short loops ok
