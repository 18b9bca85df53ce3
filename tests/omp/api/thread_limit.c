// omp_get_thread_limit: the default is at least what a region may ask for;
// with OMP_THREAD_LIMIT=3 a team is cut to 3 threads and an inner team to
// what its outer team leaves of the contention group's 3.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s --check-prefix=DEFAULT
// RUN: env OMP_THREAD_LIMIT=3 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s --check-prefix=LIMIT3
#include "check.h"

int main(void) {
  int limit = omp_get_thread_limit();
  CHECK(limit >= 1);
  int size = 0;
#pragma omp parallel num_threads(8)
#pragma omp master
  size = omp_get_num_threads();
  CHECK_EQ(size, limit < 8 ? limit : 8);
  // A thread of the outer team and its inner team exist together, so an
  // inner team has at most limit - 1 threads; whether both inner teams can
  // be that large depends on whether they overlap in time, so only the
  // largest is checked.
  int largest = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
  {
    int n = omp_get_num_threads();
    CHECK(2 + n - 1 <= limit || n == 1);
#pragma omp critical
    largest = n > largest ? n : largest;
  }
  CHECK_EQ(largest, limit < 3 ? 1 : 2); // the limit does not serialize everything
  printf("limit %d: team %d, largest inner team %d\n", limit, size, largest);
  return 0;
}
// DEFAULT: limit {{[1-9][0-9]*}}: team 8, largest inner team 2
// LIMIT3: limit 3: team 3, largest inner team 2
