// Loops with nowait followed by more loops in the same region: each loop
// runs every iteration once, a loop without nowait ends with a barrier, and
// the region's end waits for every nowait loop.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 2000

int main(void) {
  static int a[N], b[N], c[N];
  int stale = 0;
  for (int rep = 0; rep < 20; rep++) {
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    memset(c, 0, sizeof c);
#pragma omp parallel num_threads(4) reduction(+ : stale)
    {
#pragma omp for schedule(dynamic, 16) nowait
      for (int i = 0; i < N; i++)
        a[i] += 1;
#pragma omp for schedule(static) nowait
      for (int i = 0; i < N; i++)
        b[i] += 2;
#pragma omp for schedule(guided)
      for (int i = 0; i < N; i++)
        c[i] += 3;
      // After the barrier of the third loop every c[] is written.
      for (int i = 0; i < N; i++)
        stale += c[i] != 3;
#pragma omp for schedule(static, 5) nowait
      for (int i = 0; i < N; i++)
        a[i] *= 10;
    }
    for (int i = 0; i < N; i++) {
      CHECK_EQ(b[i], 2);
      CHECK_EQ(c[i], 3);
      CHECK(a[i] == 10); // += before *=: an earlier barrier separated them
    }
  }
  CHECK_EQ(stale, 0);
  printf("nowait loops ok, stale reads %d\n", stale);
  return 0;
}
// CHECK: nowait loops ok, stale reads 0
