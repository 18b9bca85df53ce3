// omp_control_tool with no tool attached answers omp_control_tool_notool for
// every command, outside and inside a parallel region.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_TOOL=disabled %libomp-run | FileCheck %s
// clang only: LLVM's omp.h.
// REQUIRES: clang
#include "check.h"

int main(void) {
  CHECK_EQ(omp_control_tool(omp_control_tool_start, 0, NULL), omp_control_tool_notool);
  CHECK_EQ(omp_control_tool(omp_control_tool_pause, 0, NULL), omp_control_tool_notool);
  CHECK_EQ(omp_control_tool(omp_control_tool_flush, 0, NULL), omp_control_tool_notool);
  int bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  bad += omp_control_tool(omp_control_tool_flush, 1, NULL) != omp_control_tool_notool;
  CHECK_EQ(bad, 0);
  CHECK_EQ(omp_control_tool(omp_control_tool_end, 0, NULL), omp_control_tool_notool);
  printf("notool: %d\n", omp_control_tool_notool);
  return 0;
}
// CHECK: notool: -2
