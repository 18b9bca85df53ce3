// Finding the tool: without one, no event; OMP_TOOL_LIBRARIES tries each
// library in turn (a missing one is passed over) and starts the first whose
// ompt_start_tool answers; OMP_TOOL=disabled starts none, a malformed
// OMP_TOOL gets one line and starts none; OMP_TOOL_VERBOSE_INIT=stdout logs
// the search.
// RUN: %libomp-compile && cc -shared -fPIC -x c %S/tool.h %ompt-flags -o %t.so
// RUN: %libomp-run | FileCheck %s --check-prefix=NONE
// RUN: env OMP_TOOL_LIBRARIES=%t.missing.so:%t.so %libomp-run | FileCheck %s --check-prefix=LIB
// RUN: env OMP_TOOL=disabled OMP_TOOL_LIBRARIES=%t.so %libomp-run | FileCheck %s --check-prefix=NONE
// RUN: env OMP_TOOL=Enabled OMP_TOOL_LIBRARIES=%t.so %libomp-run | FileCheck %s --check-prefix=LIB
// RUN: env OMP_TOOL=sometimes OMP_TOOL_LIBRARIES=%t.so %libomp-run 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OMP_TOOL_VERBOSE_INIT=stdout OMP_TOOL_LIBRARIES=%t.missing.so:%t.so %libomp-run | FileCheck %s --check-prefix=VERBOSE
// REQUIRES: bobbin
#include "check.h"

int main(void) {
  deadline(30, "ompt/discovery");
  int n = 0;
  #pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  printf("main done\n");
  return 0;
}

// NONE-NOT: start_tool
// NONE: main done
// NONE-NOT: finalize

// LIB: 0 start_tool version=201611 runtime=named
// LIB: 1 thread_begin type=initial
// LIB: 1 parallel_begin
// LIB: 1 parallel_end
// LIB: main done
// LIB: 1 thread_end thread=1
// LIB: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0

// BAD: OMP_TOOL='sometimes' is not enabled or disabled; using no tool
// BAD-NOT: start_tool
// BAD: main done

// VERBOSE: ----- START LOGGING OF TOOL REGISTRATION -----
// VERBOSE-NEXT: Search for OMP tool in current address space... Failed.
// VERBOSE-NEXT: Searching tool libraries...
// VERBOSE-NEXT: OMP_TOOL_LIBRARIES = {{.*}}.missing.so:{{.*}}.so
// VERBOSE-NEXT: Opening {{.*}}.missing.so... Failed: {{.*}}
// VERBOSE-NEXT: Opening {{.*}}.so... Success.
// VERBOSE-NEXT: Searching for ompt_start_tool in {{.*}}.so... 0 start_tool
// VERBOSE: Tool was started and is using the OMPT interface.
// VERBOSE-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// VERBOSE: main done
