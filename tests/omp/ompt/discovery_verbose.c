// OMP_TOOL_VERBOSE_INIT's log of a search that finds no tool, in libomp
// 19's words (LLVM 19's ompt/loadtool tests read it): a library without
// ompt_start_tool fails with dlerror's text, one whose ompt_start_tool
// declines is "Found but not using the OMPT interface." and the search
// goes on, and a search that found nothing says "...searching tool
// libraries failed." before "No OMP tool loaded.", with or without
// OMP_TOOL_LIBRARIES.
// RUN: %libomp-compile && cc -shared -fPIC -x c /dev/null -o %t.empty.so
// RUN: cc -shared -fPIC -DDECLINING_TOOL %ompt-include %s -o %t.declines.so
// RUN: env OMP_TOOL_VERBOSE_INIT=stdout OMP_TOOL_LIBRARIES=%t.empty.so:%t.declines.so %libomp-run | FileCheck %s
// RUN: env OMP_TOOL_VERBOSE_INIT=stdout %libomp-run | FileCheck %s --check-prefix=NONE
// REQUIRES: bobbin

#ifdef DECLINING_TOOL
#include <omp-tools.h>
#include <stdio.h>

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  (void)version, (void)runtime;
  printf("declined\n");
  return NULL;
}
#else
#include "check.h"

int main(void) {
  deadline(30, "ompt/discovery_verbose");
  int n = 0;
  #pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  printf("main done\n");
  return 0;
}
#endif

// CHECK: ----- START LOGGING OF TOOL REGISTRATION -----
// CHECK-NEXT: Search for OMP tool in current address space... Failed.
// CHECK-NEXT: Searching tool libraries...
// CHECK-NEXT: OMP_TOOL_LIBRARIES = {{.*}}.empty.so:{{.*}}.declines.so
// CHECK-NEXT: Opening {{.*}}.empty.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in {{.*}}.empty.so... Failed: {{.*}}.empty.so: undefined symbol: ompt_start_tool
// CHECK-NEXT: Opening {{.*}}.declines.so... Success.
// CHECK-NEXT: Searching for ompt_start_tool in {{.*}}.declines.so... declined
// CHECK-NEXT: Found but not using the OMPT interface.
// CHECK-NEXT: Continuing search...
// CHECK-NEXT: ...searching tool libraries failed.
// CHECK-NEXT: No OMP tool loaded.
// CHECK-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// CHECK: main done

// NONE: Search for OMP tool in current address space... Failed.
// NONE-NEXT: No OMP_TOOL_LIBRARIES defined.
// NONE-NEXT: ...searching tool libraries failed.
// NONE-NEXT: No OMP tool loaded.
// NONE-NEXT: ----- END LOGGING OF TOOL REGISTRATION -----
// NONE: main done
