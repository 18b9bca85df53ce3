// OMP_STACKSIZE gives every OpenMP thread, the ULTs of nested teams
// included, a stack that large: each uses 3 MiB of stack under 4M.
// RUN: %libomp-compile && env OMP_STACKSIZE=4M OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// RUN: env OMP_STACKSIZE=4096K OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int ok = 0;
#pragma omp parallel num_threads(4) reduction(+ : ok)
  {
    int me = omp_get_thread_num();
    ok += uses_stack(3 << 20, me);
#pragma omp parallel num_threads(2) reduction(+ : ok)
    ok += uses_stack(3 << 20, me + 4);
  }
  CHECK_EQ(ok, 12);
  printf("%d threads used 3 MiB of stack\n", ok);
  return 0;
}
// CHECK: 12 threads used 3 MiB of stack
