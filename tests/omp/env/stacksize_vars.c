// Every stack size variable libomp and libgomp read reaches every OpenMP
// thread and task that runs user code: threads of the first team, threads
// of a nested team made in a later region, and deferred tasks, each using a
// 10 MiB frame (more than the default stack). As in libomp and
// libgomp, the initial thread keeps the process's stack, so only teams
// without it (and their tasks) use the large frames. KMP_STACKSIZE
// counts bytes without a suffix, GOMP_STACKSIZE and OMP_STACKSIZE
// kilobytes; KMP_STACKSIZE wins over the others, GOMP_STACKSIZE over
// OMP_STACKSIZE, as in libomp, and the one ignored is named.
// RUN: %libomp-compile
// RUN: env KMP_STACKSIZE=12M %libomp-run 10 | FileCheck %s
// RUN: env KMP_STACKSIZE=12582912 %libomp-run 10 | FileCheck %s
// RUN: env GOMP_STACKSIZE=12288 %libomp-run 10 | FileCheck %s
// RUN: env OMP_STACKSIZE=12M %libomp-run 10 | FileCheck %s
// RUN: env OMP_STACKSIZE=12288 %libomp-run 10 | FileCheck %s
// RUN: env KMP_STACKSIZE=12M OMP_STACKSIZE=1M %libomp-run 10 2>&1 | FileCheck %s --check-prefixes=CHECK,KMP
// RUN: env GOMP_STACKSIZE=12M OMP_STACKSIZE=1M %libomp-run 10 2>&1 | FileCheck %s --check-prefixes=CHECK,GOMP
// REQUIRES: bobbin
#include "check.h"

#include <stdlib.h>

int main(int argc, char **argv) {
  unsigned mib = argc > 1 ? (unsigned)atoi(argv[1]) : 10;
  deadline(60, "stacksize_vars");
  omp_set_max_active_levels(2);
  int ok = 0;
#pragma omp parallel num_threads(2) reduction(+ : ok)
  if (omp_get_thread_num() != 0)
    ok += uses_stack((size_t)mib << 20, 1);
#pragma omp parallel num_threads(2) reduction(+ : ok)
  {
#pragma omp parallel num_threads(2) reduction(+ : ok)
    if (omp_get_ancestor_thread_num(1) != 0) {
      ok += uses_stack((size_t)mib << 20, 2 + omp_get_thread_num());
#pragma omp task shared(ok)
      {
        int r = uses_stack((size_t)mib << 20, 4);
#pragma omp atomic
        ok += r;
      }
#pragma omp taskwait
    }
  }
  CHECK_EQ(ok, 1 + 2 + 2);
  printf("%d units used %u MiB of stack\n", ok, mib);
  return 0;
}
// KMP: OMP_STACKSIZE is ignored because KMP_STACKSIZE is set
// GOMP: OMP_STACKSIZE is ignored because GOMP_STACKSIZE is set
// CHECK: 5 units used 10 MiB of stack
