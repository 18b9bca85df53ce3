// REQUIRES: bobbin, clang19
// The error directive at execution time with severity(fatal) (clang 19;
// LLVM 14's libomp crashes on the call): the message appears on stderr with
// the directive's file and line, and the program ends with a failure status
// before the next statement; also from inside a parallel region.
// RUN: %clang19-compile && not %libomp-run 2>&1 | FileCheck %s
// RUN: not %libomp-run parallel 2>&1 | FileCheck %s --check-prefix=PAR
#include "check.h"

int main(int argc, char **argv) {
  if (argc > 1) {
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == 1) {
// PAR: error_fatal.c:[[@LINE+1]]:{{.*}}fatal{{.*}}: stop in parallel
#pragma omp error at(execution) severity(fatal) message("stop in parallel")
      }
    }
    printf("survived\n");
    return 0;
  }
  printf("before\n");
  fflush(stdout);
// CHECK: before
// CHECK-NEXT: error_fatal.c:[[@LINE+1]]:{{.*}}fatal{{.*}}: stop here
#pragma omp error at(execution) severity(fatal) message("stop here")
  printf("survived\n");
  return 0;
}
// CHECK-NOT: survived
// PAR-NOT: survived
