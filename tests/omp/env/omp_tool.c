// OMP_TOOL (and OMP_TOOL_LIBRARIES naming no library) is accepted without a
// word on stderr; with no tool found the program runs as usual and
// omp_control_tool answers that no tool is attached.
// RUN: %libomp-compile
// RUN: env OMP_TOOL=disabled %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_TOOL=enabled %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_TOOL=enabled OMP_TOOL_LIBRARIES= %libomp-run 2>&1 | FileCheck %s
// clang only: omp_control_tool's constants are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  n++;
  CHECK_EQ(n, 3);
  CHECK_EQ(omp_control_tool(omp_control_tool_flush, 0, NULL), omp_control_tool_notool);
  printf("ran with %d threads, no tool\n", n);
  return 0;
}
// CHECK-NOT: {{.}}
// CHECK: ran with 3 threads, no tool
// CHECK-NOT: {{.}}
