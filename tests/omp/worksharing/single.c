// single: exactly one thread runs it each time; its implicit barrier holds
// the others back, nowait does not; copyprivate broadcasts scalars and an
// array to the whole team.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 6

int main(void) {
  int runs = 0, seen_after = 0, nowait_runs = 0;
#pragma omp parallel num_threads(NT) reduction(+ : seen_after)
  {
    for (int r = 0; r < 200; r++) {
#pragma omp single
      {
        spin_a_bit(200);
        runs++; // one thread at a time, separated by barriers
      }
      seen_after += runs == r + 1;
#pragma omp barrier
    }
    for (int r = 0; r < 200; r++) {
#pragma omp single nowait
#pragma omp atomic
      nowait_runs++;
    }
  }
  CHECK_EQ(runs, 200);
  CHECK_EQ(seen_after, NT * 200);
  CHECK_EQ(nowait_runs, 200);
  printf("single: %d runs, nowait: %d runs\n", runs, nowait_runs);

  int bad = 0;
#pragma omp parallel num_threads(NT) reduction(+ : bad)
  {
    int s;
    double d;
    int arr[8];
    for (int r = 0; r < 50; r++) {
#pragma omp single copyprivate(s, d, arr)
      {
        s = 1000 + r;
        d = r * 0.5;
        for (int k = 0; k < 8; k++)
          arr[k] = r * k;
      }
      bad += s != 1000 + r || d != r * 0.5;
      for (int k = 0; k < 8; k++)
        bad += arr[k] != r * k;
    }
  }
  CHECK_EQ(bad, 0);
  printf("copyprivate: %d bad values\n", bad);
  return 0;
}
// CHECK: single: 200 runs, nowait: 200 runs
// CHECK-NEXT: copyprivate: 0 bad values
