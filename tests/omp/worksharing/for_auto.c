// schedule(auto): every iteration runs once, inside a team and in a
// combined construct, with a reduction.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 10000

int main(void) {
  static int count[N];
  long sum = 0;
#pragma omp parallel for schedule(auto) num_threads(4) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    count[i]++;
    sum += i;
  }
  for (int i = 0; i < N; i++)
    CHECK_EQ(count[i], 1);
  CHECK_EQ(sum, (long)N * (N - 1) / 2);
  printf("auto: sum %ld\n", sum);
  return 0;
}
// CHECK: auto: sum 49995000
