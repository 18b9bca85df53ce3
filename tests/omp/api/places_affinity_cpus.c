// %A, the CPUs of a thread's place, lists two CPUs as "0,1" and keeps
// ranges for three or more ("0-2"), as LLVM's libomp prints them; Bobbin
// printed "0-1". taskset fixes the CPU set to {0,1} (the machine needs
// CPUs 0 and 1). LLVM's libomp passes too.
// RUN: %libomp-compile
// RUN: env OMP_PLACES="{0,1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// libgomp 12 fills %A differently:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

int main(void) {
  char cpus[2][64];
#pragma omp parallel num_threads(2)
  omp_capture_affinity(cpus[omp_get_thread_num()], sizeof cpus[0], "%A");
  printf("thread 0: %s\nthread 1: %s\n", cpus[0], cpus[1]);
  return 0;
}
// ONE: thread 0: 0,1
// ONE-NEXT: thread 1: 0,1
// TWO: thread 0: 0
// TWO-NEXT: thread 1: 1
