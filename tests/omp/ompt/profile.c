// tools/profile, the OMPT profiler, through OMP_TOOL_LIBRARIES: at exit it
// lists each parallel region by the function that forked it (with its
// runs and team size), the waits by kind, and the tasks created and
// completed; BOBBIN_PROFILE sends the report to a file.
// RUN: %libomp-compile -rdynamic && env OMP_TOOL_LIBRARIES=%profile-lib %libomp-run 2>&1 | FileCheck %s
// RUN: rm -f %t.report && env OMP_TOOL_LIBRARIES=%profile-lib BOBBIN_PROFILE=%t.report %libomp-run 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: FileCheck %s < %t.report
// REQUIRES: bobbin
#include "check.h"

__attribute__((noinline)) static void tasks(int *sum) {
  #pragma omp parallel num_threads(2)
  #pragma omp single
  for (int i = 0; i < 10; i++) {
    #pragma omp task shared(sum)
    {
      #pragma omp atomic
      (*sum)++;
    }
  }
}

int main(void) {
  deadline(30, "ompt/profile");
  int sum = 0;
  for (int r = 0; r < 3; r++) {
    #pragma omp parallel num_threads(2)
    {
      #pragma omp barrier
      #pragma omp critical
      sum++;
    }
  }
  tasks(&sum);
  CHECK_EQ(sum, 16);
  printf("done\n");
  return 0;
}

// QUIET: done
// QUIET-NOT: bobbin-profile

// CHECK: bobbin-profile: {{[0-9.]+}} s, {{[0-9]+}} OMPT threads
// CHECK: bobbin-profile: parallel regions (forked at, runs, threads, seconds)
// CHECK-DAG: bobbin-profile:   0x{{[0-9a-f]+}} main+0x{{[0-9a-f]+}}  runs=3 threads=2 seconds=
// CHECK-DAG: bobbin-profile:   0x{{[0-9a-f]+}} {{.*}}  runs=1 threads=2 seconds=
// CHECK: bobbin-profile: waits (kind, count, seconds)
// CHECK-NEXT: bobbin-profile:   barrier count={{[1-9][0-9]*}} seconds=
// CHECK-NEXT: bobbin-profile:   taskwait count=0 seconds=
// CHECK-NEXT: bobbin-profile:   taskgroup count=0 seconds=
// CHECK-NEXT: bobbin-profile:   lock/critical count=6 seconds=
// CHECK-NEXT: bobbin-profile:   ordered count=0 seconds=
// CHECK-NEXT: bobbin-profile: tasks created=10 completed=10 seconds=
