// OMP_DISPLAY_AFFINITY prints the lines of all the threads of a region when
// what they show changed for any of them (OpenMP 5.2, 21.2.4), tracked as
// LLVM's libomp does: nesting level, team size, place. A new format alone
// prints nothing. Bobbin compared each thread's text with its last: a
// thread whose place stayed printed nothing when a team-mate's moved, and
// every thread printed again after omp_set_affinity_format. taskset fixes
// the CPU set to {0,1} (the machine needs CPUs 0 and 1). LLVM's libomp
// passes too.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="aff n%n A%A" OMP_PLACES="{0},{1}" taskset -c 0,1 %libomp-run | FileCheck %s
// libgomp 12 prints these lines on stderr:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

static int ran;

static void mark(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

int main(void) {
  deadline(30, "places_display_team");
  mark("spread");
#pragma omp parallel num_threads(2) proc_bind(spread)
  {
#pragma omp atomic
    ran++;
  }
  mark("primary");
#pragma omp parallel num_threads(2) proc_bind(master)
  {
#pragma omp atomic
    ran++;
  }
  omp_set_affinity_format("new n%n A%A");
  mark("new format");
#pragma omp parallel num_threads(2) proc_bind(master)
  {
#pragma omp atomic
    ran++;
  }
  CHECK_EQ(ran, 6);
  mark("end");
  return 0;
}
// CHECK: spread
// CHECK-DAG: aff n0 A0
// CHECK-DAG: aff n1 A1
// CHECK: primary
// CHECK-DAG: aff n0 A0
// CHECK-DAG: aff n1 A0
// CHECK: new format
// CHECK-NEXT: end
