// REQUIRES: gcc
// The error directive at execution time in a gcc binary (GOMP_warning,
// GOMP_error): each encounter prints what libgomp prints, a blank line then
// "libgomp: error directive encountered" and the message if there is one;
// the program goes on after a warning, in a parallel region once per
// thread; severity(fatal) ends it with status 1 before the next statement.
// `-D runtime=system` checks the expectations against libgomp itself.
// RUN: %libomp-compile && %libomp-run 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// RUN: not %libomp-run fatal 2>&1 | FileCheck %s --check-prefix=FATAL --match-full-lines --strict-whitespace
#include "check.h"

int main(int argc, char **argv) {
  if (argc > 1) {
    printf("before\n");
    fflush(stdout);
#pragma omp error at(execution) severity(fatal) message("stop here")
    printf("survived\n");
    return 0;
  }
  printf("before\n");
  fflush(stdout);
#pragma omp error at(execution) severity(warning) message("careful here")
  printf("after the warning\n");
  fflush(stdout);
#pragma omp error at(execution) severity(warning)
  printf("after the bare one\n");
  fflush(stdout);
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  {
#pragma omp error at(execution) severity(warning) message("from each thread")
    n++;
  }
  CHECK_EQ(n, 3);
  printf("parallel went on: %d\n", n);
  return 0;
}
// CHECK:before
// CHECK-EMPTY:
// CHECK-NEXT:libgomp: error directive encountered: careful here
// CHECK-NEXT:after the warning
// CHECK-EMPTY:
// CHECK-NEXT:libgomp: error directive encountered
// CHECK-NEXT:after the bare one
// CHECK-COUNT-3:libgomp: error directive encountered: from each thread
// CHECK:parallel went on: 3

// FATAL:before
// FATAL-EMPTY:
// FATAL-NEXT:libgomp: fatal error: error directive encountered: stop here
// FATAL-NOT:survived
