// REQUIRES: bobbin, clang19
// The error directive at execution time with severity(warning) (clang 19
// emits __kmpc_error; LLVM 14's libomp crashes on that call): each
// encounter prints the message on stderr as libomp 19 prints it, with the
// directive's file, line and column, and the program goes on; in a parallel
// region, once per thread; without a message, "(null)" as libomp 19's.
// RUN: %clang19-compile && %libomp-run 2>&1 | FileCheck %s
#include "check.h"

int main(void) {
  printf("before\n");
  fflush(stdout);
// CHECK: before
// CHECK-NEXT: OMP: Warning #283: {{.*}}error_warning.c:[[@LINE+1]]:1: Encountered user-directed warning: careful here.
#pragma omp error at(execution) severity(warning) message("careful here")
  printf("after the warning\n");
  fflush(stdout);
  // CHECK-NEXT: after the warning
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  {
#pragma omp error at(execution) severity(warning) message("from each thread")
    n++;
  }
  CHECK_EQ(n, 3);
  printf("parallel went on: %d\n", n);
  fflush(stdout);
#pragma omp error at(execution) severity(warning)
  return 0;
}
// CHECK-COUNT-3: OMP: Warning #283: {{.*}}error_warning.c:{{[0-9]+}}:1: Encountered user-directed warning: from each thread.
// CHECK-NEXT: parallel went on: 3
// CHECK-NEXT: OMP: Warning #283: {{.*}}error_warning.c:{{[0-9]+}}:1: Encountered user-directed warning: (null).
