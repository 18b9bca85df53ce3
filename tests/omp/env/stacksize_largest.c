// REQUIRES: bobbin
// A stack size beyond the largest Bobbin maps (1G) is lowered to it, with
// one line naming the variable and the value, and the program runs, as it
// does on libomp: KMP_STACKSIZE of 2 GiB + 1 once ended at start-up when
// stacks that large did not fit in the address space.
// RUN: %libomp-compile
// RUN: env KMP_STACKSIZE=2147483649 %libomp-run 2>&1 | FileCheck %s --check-prefixes=KMP,RAN
// RUN: env OMP_STACKSIZE=5G %libomp-run 2>&1 | FileCheck %s --check-prefixes=OMP,RAN
#include "check.h"

int main(void) {
  int members = 0;
#pragma omp parallel num_threads(4) reduction(+ : members)
  {
    members++;
#pragma omp barrier
#pragma omp single
    for (int i = 0; i < 8; i++) {
#pragma omp task shared(members)
      {
#pragma omp atomic
        members++;
      }
    }
  }
  CHECK_EQ(members, 4 + 8);
  printf("ran with %d units\n", members); // stdout: after stderr's lines
  return 0;
}
// KMP: bobbin: KMP_STACKSIZE='2147483649' is more than 1G, the largest stack size; using 1G
// OMP: bobbin: OMP_STACKSIZE='5G' is more than 1G, the largest stack size; using 1G
// RAN: ran with 12 units
