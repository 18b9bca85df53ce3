// REQUIRES: bobbin, clang19
// The error directive at execution time with severity(fatal) (clang 19;
// LLVM 14's libomp crashes on the call): the message appears on stderr as
// libomp 19 prints it, with the directive's file, line and column, and the
// program aborts before the next statement, as libomp 19's does; also from
// inside a parallel region.
// RUN: %clang19-compile && not --crash %libomp-run 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run parallel 2>&1 | FileCheck %s --check-prefix=PAR
#include "check.h"

int main(int argc, char **argv) {
  if (argc > 1) {
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 1) {
// PAR: OMP: Error #282: {{.*}}error_fatal.c:[[@LINE+1]]:1: Encountered user-directed error: stop in parallel.
#pragma omp error at(execution) severity(fatal) message("stop in parallel")
      }
    }
    printf("survived\n");
    return 0;
  }
  printf("before\n");
  fflush(stdout);
// CHECK: before
// CHECK-NEXT: OMP: Error #282: {{.*}}error_fatal.c:[[@LINE+1]]:1: Encountered user-directed error: stop here.
#pragma omp error at(execution) severity(fatal) message("stop here")
  printf("survived\n");
  return 0;
}
// CHECK-NOT: survived
// PAR-NOT: survived
