// REQUIRES: bobbin
// BOLT's variable names are accepted: KMP_ABT_NUM_ESS sets the number of
// ESs when BOBBIN_NUM_ES is unset (OMP_DISPLAY_ENV shows BOBBIN_NUM_ES, and
// the default team size follows it), BOBBIN_NUM_ES wins over it, and
// KMP_ABT_SCHED_SLEEP=1 or 0 is taken silently.
// RUN: %libomp-compile
// RUN: env -u BOBBIN_NUM_ES KMP_ABT_NUM_ESS=1 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env -u BOBBIN_NUM_ES KMP_ABT_NUM_ESS=3 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: env BOBBIN_NUM_ES=2 KMP_ABT_NUM_ESS=3 OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env KMP_ABT_SCHED_SLEEP=1 %libomp-run 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: env KMP_ABT_SCHED_SLEEP=0 %libomp-run 2>&1 | FileCheck %s --check-prefix=QUIET
#include "check.h"

int main(void) {
  int n = 0;
  long sum = 0;
#pragma omp parallel reduction(+ : n, sum)
  {
    n++;
#pragma omp for schedule(dynamic)
    for (int i = 1; i <= 1000; i++)
      sum += i;
#pragma omp barrier
  }
  CHECK_EQ(n, omp_get_max_threads());
  CHECK_EQ(sum, 500500);
  printf("team of %d, sum %ld\n", n, sum);
  return 0;
}
// ONE: BOBBIN_NUM_ES = '1'
// ONE: team of 1, sum 500500
// THREE: BOBBIN_NUM_ES = '3'
// THREE: team of 3, sum 500500
// TWO: BOBBIN_NUM_ES = '2'
// TWO: team of 2, sum 500500
// QUIET-NOT: bobbin:
// QUIET: team of 2, sum 500500
// QUIET-NOT: bobbin:
