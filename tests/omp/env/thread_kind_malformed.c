// REQUIRES: bobbin
// A malformed BOBBIN_THREAD_KIND (an unknown kind, an empty entry) gives one
// warning naming the variable and the value, and every level runs as ult:
// OMP_DISPLAY_ENV shows 'ult', and nested regions with barriers work. Kinds
// are case-insensitive.
// RUN: %libomp-compile
// RUN: env BOBBIN_THREAD_KIND=ult,fiber OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=FIBER
// RUN: env BOBBIN_THREAD_KIND=ult,,tasklet OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: env BOBBIN_THREAD_KIND=ULT,ULT OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=UPPER
#include "check.h"

int main(void) {
  int after = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3)
  {
#pragma omp barrier
#pragma omp atomic
    after++;
  }
  CHECK_EQ(after, 6);
  printf("nested barriers ran: %d\n", after);
  return 0;
}
// FIBER: BOBBIN_THREAD_KIND{{.*}}ult,fiber{{.*}}ult
// FIBER-NOT: bobbin:
// FIBER: BOBBIN_THREAD_KIND = 'ult'
// FIBER: nested barriers ran: 6
// EMPTY: BOBBIN_THREAD_KIND{{.*}}ult,,tasklet
// EMPTY: BOBBIN_THREAD_KIND = 'ult'
// EMPTY: nested barriers ran: 6
// UPPER-NOT: bobbin:
// UPPER: BOBBIN_THREAD_KIND = 'ult,ult'
// UPPER: nested barriers ran: 6
