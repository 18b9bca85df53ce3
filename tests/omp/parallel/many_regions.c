// 20000 consecutive small parallel regions of varying size all run fully.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  long total = 0, expect = 0;
  for (int r = 0; r < 20000; r++) {
    int n = 1 + r % 5;
#pragma omp parallel num_threads(n) reduction(+ : total)
    total += omp_get_thread_num() + 1;
    expect += n * (n + 1) / 2;
  }
  printf("total %ld\n", total);
  CHECK_EQ(total, expect);
  return 0;
}
// CHECK: total 140000
