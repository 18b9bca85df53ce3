// REQUIRES: bobbin
// A malformed setting gives one line on stderr naming the variable and the
// bad value, and the program runs with the default.
// RUN: %libomp-compile
// RUN: env OMP_NUM_THREADS=abc %libomp-run 2>&1 | FileCheck %s --check-prefixes=NT,OK
// RUN: env OMP_SCHEDULE=bogus %libomp-run 2>&1 | FileCheck %s --check-prefixes=SCHED,OK
// RUN: env OMP_STACKSIZE=12Q %libomp-run 2>&1 | FileCheck %s --check-prefixes=STACK,OK
// RUN: env OMP_MAX_ACTIVE_LEVELS=-1 %libomp-run 2>&1 | FileCheck %s --check-prefixes=MAL,OK
// RUN: env BOBBIN_NUM_ES=zero %libomp-run 2>&1 | FileCheck %s --check-prefixes=ES,OK
#include "check.h"

int main(void) {
  int max = omp_get_max_threads(), members = 0;
  CHECK(max >= 1);
  static int count[1000];
#pragma omp parallel reduction(+ : members)
  {
    members++;
#pragma omp for schedule(runtime)
    for (int i = 0; i < 1000; i++)
      count[i]++;
  }
  CHECK_EQ(members, max);
  for (int i = 0; i < 1000; i++)
    CHECK_EQ(count[i], 1);
  CHECK(omp_get_max_active_levels() >= 1);
  printf("ran with %d threads\n", members); // stdout: after stderr's lines
  return 0;
}
// NT-NOT: OMP_NUM_THREADS
// NT: OMP_NUM_THREADS{{.*}}abc
// NT-NOT: OMP_NUM_THREADS
// SCHED-NOT: OMP_SCHEDULE
// SCHED: OMP_SCHEDULE{{.*}}bogus
// SCHED-NOT: OMP_SCHEDULE
// STACK-NOT: OMP_STACKSIZE
// STACK: OMP_STACKSIZE{{.*}}12Q
// STACK-NOT: OMP_STACKSIZE
// MAL-NOT: OMP_MAX_ACTIVE_LEVELS
// MAL: OMP_MAX_ACTIVE_LEVELS{{.*}}-1
// MAL-NOT: OMP_MAX_ACTIVE_LEVELS
// ES-NOT: BOBBIN_NUM_ES
// ES: BOBBIN_NUM_ES{{.*}}zero
// ES-NOT: BOBBIN_NUM_ES
// OK: ran with {{[1-9][0-9]*}} threads
