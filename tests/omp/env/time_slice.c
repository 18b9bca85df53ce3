// REQUIRES: bobbin
// BOBBIN_TIME_SLICE: OMP_DISPLAY_ENV shows the value in use; a malformed one
// gets one warning naming the variable and the default it falls back to;
// off turns preemption off and a team still runs.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=DEF
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_TIME_SLICE=500us %libomp-run 2>&1 | FileCheck %s --check-prefix=US
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_TIME_SLICE=3 %libomp-run 2>&1 | FileCheck %s --check-prefix=MS
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_TIME_SLICE=off %libomp-run 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_TIME_SLICE=fast %libomp-run 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OMP_DISPLAY_ENV=true BOBBIN_TIME_SLICE=1us %libomp-run 2>&1 | FileCheck %s --check-prefix=BAD
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  n++;
  CHECK_EQ(n, 3);
  printf("team: %d\n", n);
  return 0;
}
// DEF: BOBBIN_TIME_SLICE = '2ms'
// DEF: team: 3
// US: BOBBIN_TIME_SLICE = '500us'
// MS: BOBBIN_TIME_SLICE = '3ms'
// OFF: BOBBIN_TIME_SLICE = 'off'
// OFF: team: 3
// BAD: BOBBIN_TIME_SLICE={{fast|1us}} is not a time from 50us to 10s (e.g. 2ms) or off; using 2ms
// BAD-NOT: BOBBIN_TIME_SLICE=
// BAD: BOBBIN_TIME_SLICE = '2ms'
// BAD: team: 3
