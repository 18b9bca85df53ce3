// REQUIRES: bobbin
// OMP_DISPLAY_AFFINITY as a variable: true, false and their spellings; a
// malformed value gets one warning naming it and the default, false, and no
// line is printed; OMP_DISPLAY_ENV lists it and OMP_AFFINITY_FORMAT, as
// libgomp 12 does. Neither was read nor listed before.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_AFFINITY=maybe %libomp-run 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env OMP_DISPLAY_AFFINITY=0 %libomp-run 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: env OMP_DISPLAY_AFFINITY=on OMP_AFFINITY_FORMAT="shown %n" %libomp-run 2>&1 | FileCheck %s --check-prefix=ON
// RUN: env OMP_DISPLAY_ENV=true OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT="x %n" %libomp-run 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: env OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=ENVDEF
#include "check.h"

int main(void) {
  int count = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    count++;
  }
  CHECK_EQ(count, 2);
  printf("end\n");
  return 0;
}
// BAD: bobbin: OMP_DISPLAY_AFFINITY='maybe' is not true or false; using false
// BAD-NOT: OMP: pid
// BAD: end
// OFF-NOT: OMP: pid
// OFF: end
// ON-DAG: shown 0
// ON-DAG: shown 1
// ON: end
// ENV-DAG: OMP_DISPLAY_AFFINITY = 'TRUE'
// ENV-DAG: OMP_AFFINITY_FORMAT = 'x %n'
// ENVDEF-DAG: OMP_DISPLAY_AFFINITY = 'FALSE'
// ENVDEF-DAG: OMP_AFFINITY_FORMAT = 'OMP: pid %P tid %i thread %n bound to OS proc set {%A}'
