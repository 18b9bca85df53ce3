// OMP_STACKSIZE gives every OpenMP thread, the ULTs of nested teams
// included, a stack that large: each uses 3 MiB of stack under 4M.
// RUN: %libomp-compile && env OMP_STACKSIZE=4M OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// RUN: env OMP_STACKSIZE=4096K OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

#define USE (3 << 20)

// Fills a 3 MiB stack array and returns a checksum that depends on all of it.
static __attribute__((noinline)) long deep(int seed) {
  volatile char buf[USE];
  for (int i = 0; i < USE; i += 512)
    buf[i] = (char)(seed + i / 512);
  long sum = 0;
  for (int i = 0; i < USE; i += 512)
    sum += buf[i];
  return sum;
}

int main(void) {
  long expect[8];
  for (int t = 0; t < 8; t++)
    expect[t] = deep(t);
  int ok = 0;
#pragma omp parallel num_threads(4) reduction(+ : ok)
  {
    int me = omp_get_thread_num();
    ok += deep(me) == expect[me];
#pragma omp parallel num_threads(2) reduction(+ : ok)
    ok += deep(me + 4) == expect[me + 4];
  }
  CHECK_EQ(ok, 12);
  printf("%d threads used 3 MiB of stack\n", ok);
  return 0;
}
// CHECK: 12 threads used 3 MiB of stack
