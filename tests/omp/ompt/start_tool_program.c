// A clang program's own ompt_start_tool starts the tool without
// -rdynamic, as with LLVM's libomp: the runtime's reference to its weak
// default makes the linker export the program's definition, whether the
// program is linked against Bobbin or against LLVM's libomp and run on
// Bobbin through LD_PRELOAD.
// RUN: %libomp-compile %ompt-include && %libomp-run | FileCheck %s
// RUN: %system-libomp-compile %ompt-include && env LD_PRELOAD=%bobbin-preload %t | FileCheck %s
// clang only: a gcc binary links libgomp, which has no ompt_start_tool to
// refer to, and needs -rdynamic (%ompt-flags).
// REQUIRES: bobbin, clang
#include "check.h"
#include "tool.h"

int main(void) {
  int n = 0;
  #pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  return 0;
}

// CHECK: 0 start_tool version=201611 runtime=named
// CHECK: 1 thread_begin type=initial
// CHECK: 1 parallel_begin
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
