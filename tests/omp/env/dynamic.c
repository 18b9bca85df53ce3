// OMP_DYNAMIC sets dyn-var; with it true a team never exceeds the request
// and the program still gets every iteration done.
// RUN: %libomp-compile && env OMP_DYNAMIC=true %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env OMP_DYNAMIC=false %libomp-run | FileCheck %s --check-prefix=OFF
// RUN: %libomp-run | FileCheck %s --check-prefix=OFF
#include "check.h"

int main(void) {
  printf("dynamic %d\n", omp_get_dynamic());
  static int count[5000];
  int size = 0;
#pragma omp parallel num_threads(6)
  {
#pragma omp single
    size = omp_get_num_threads();
#pragma omp for schedule(static)
    for (int i = 0; i < 5000; i++)
      count[i]++;
  }
  CHECK(size >= 1 && size <= 6);
  if (!omp_get_dynamic())
    CHECK_EQ(size, 6);
  for (int i = 0; i < 5000; i++)
    CHECK_EQ(count[i], 1);
  printf("team within request\n");
  return 0;
}
// ON: dynamic 1
// ON-NEXT: team within request
// OFF: dynamic 0
// OFF-NEXT: team within request
