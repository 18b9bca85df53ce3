// REQUIRES: bobbin, clang19
// The error directive at execution time reaches the tool's error callback
// (severity, message, the directive's address) before the runtime prints
// it, clang 19's __kmpc_error (gcc's: ompt/error.c).
// RUN: %clang19-compile %ompt-flags && %libomp-run 2>/dev/null | FileCheck %s
#include "check.h"
#include "../ompt/tool.h"

int main(void) {
  CHECK(omp_get_max_threads() > 0);
  #pragma omp error at(execution) severity(warning) message("look here")
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 error severity=warning message=look here ra=set
// CHECK-NEXT: 1 mark end
