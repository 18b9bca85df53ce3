// REQUIRES: bobbin
// Bobbin's OMP_DISPLAY_ENV=verbose adds the variables that only verbose
// shows (BOBBIN_STACK_SIZE) to the block; =true leaves them out.
// RUN: %libomp-compile && env OMP_DISPLAY_ENV=verbose BOBBIN_STACK_SIZE=2M %libomp-run 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_STACK_SIZE=2M %libomp-run 2>&1 | FileCheck %s --check-prefix=TRUE
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  printf("done\n");
  return 0;
}
// VERBOSE: OPENMP DISPLAY ENVIRONMENT BEGIN
// VERBOSE-DAG: BOBBIN_NUM_ES = '2'
// VERBOSE-DAG: BOBBIN_STACK_SIZE = '2048K'
// VERBOSE: OPENMP DISPLAY ENVIRONMENT END
// VERBOSE: done
// TRUE: OPENMP DISPLAY ENVIRONMENT BEGIN
// TRUE-NOT: BOBBIN_STACK_SIZE
// TRUE: OPENMP DISPLAY ENVIRONMENT END
// TRUE: done
