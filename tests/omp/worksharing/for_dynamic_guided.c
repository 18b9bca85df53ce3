// schedule(dynamic) and schedule(guided), with and without a chunk size:
// every iteration runs once; a dynamic chunk of c iterations runs on one
// thread; the first guided chunk is at least the chunk size.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 5000
#define NT 4

static int owner[N], count[N];

static void reset(void) {
  memset(count, 0, sizeof count);
}

static void record(int i) {
  owner[i] = omp_get_thread_num();
#pragma omp atomic
  count[i]++;
  spin_a_bit(50);
}

static void check_once(const char *name) {
  for (int i = 0; i < N; i++)
    CHECK_EQ(count[i], 1);
  printf("%s: all %d iterations once\n", name, N);
}

// Aligned blocks of c iterations have one owner each.
static void check_blocks(int c) {
  for (int i = 0; i < N; i++)
    CHECK_EQ(owner[i], owner[i - i % c]);
}

int main(void) {
  reset();
#pragma omp parallel for schedule(dynamic) num_threads(NT)
  for (int i = 0; i < N; i++)
    record(i);
  check_once("dynamic");

  reset();
#pragma omp parallel for schedule(dynamic, 3) num_threads(NT)
  for (int i = 0; i < N; i++)
    record(i);
  check_once("dynamic,3");
  check_blocks(3);

  reset();
#pragma omp parallel for schedule(guided) num_threads(NT)
  for (int i = 0; i < N; i++)
    record(i);
  check_once("guided");

  reset();
#pragma omp parallel num_threads(NT)
  {
#pragma omp for schedule(guided, 16)
    for (int i = 0; i < N; i++)
      record(i);
  }
  check_once("guided,16");
  // Iterations 0..15 are in the first chunk, so they have one owner.
  for (int i = 1; i < 16; i++)
    CHECK_EQ(owner[i], owner[0]);

  // A loop whose trip count is below the chunk size.
  reset();
#pragma omp parallel for schedule(dynamic, 100) num_threads(NT)
  for (int i = 0; i < 10; i++)
    record(i);
  for (int i = 0; i < 10; i++)
    CHECK_EQ(count[i], 1);
  printf("short dynamic loop ok\n");
  return 0;
}
// CHECK: dynamic: all 5000 iterations once
// CHECK-NEXT: dynamic,3: all 5000 iterations once
// CHECK-NEXT: guided: all 5000 iterations once
// CHECK-NEXT: guided,16: all 5000 iterations once
// CHECK-NEXT: short dynamic loop ok
