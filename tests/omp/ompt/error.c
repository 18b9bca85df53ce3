// The error directive at execution time reaches the tool's error callback
// (severity, message, the directive's address) before the runtime prints
// it, gcc's GOMP_warning here (clang 19's: clang19/ompt_error.c).
// RUN: %libomp-compile %ompt-flags && %libomp-run 2>/dev/null | FileCheck %s
// REQUIRES: bobbin, gcc
#include "check.h"
#include "tool.h"

int main(void) {
  CHECK(omp_get_max_threads() > 0);
  #pragma omp error at(execution) severity(warning) message("look here")
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 error severity=warning message=look here ra=set
// CHECK-NEXT: 1 mark end
