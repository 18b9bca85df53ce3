// omp_pause_resource and omp_pause_resource_all on the host: a soft or hard
// pause succeeds (returns 0), and parallel regions work afterwards with the
// same results; a pause of a device that does not exist fails.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

static int region(void) {
  int n = 0;
  long sum = 0;
#pragma omp parallel num_threads(3) reduction(+ : n, sum)
  {
    n++;
#pragma omp for
    for (int i = 1; i <= 100; i++)
      sum += i;
  }
  CHECK_EQ(sum, 5050);
  return n;
}

int main(void) {
  CHECK_EQ(region(), 3);
  CHECK_EQ(omp_pause_resource(omp_pause_soft, omp_get_initial_device()), 0);
  CHECK_EQ(region(), 3);
  CHECK_EQ(omp_pause_resource_all(omp_pause_soft), 0);
  CHECK_EQ(region(), 3);
  CHECK_EQ(omp_pause_resource_all(omp_pause_hard), 0);
  CHECK_EQ(region(), 3);
  CHECK(omp_pause_resource(omp_pause_soft, omp_get_num_devices() + 5) != 0);
  CHECK_EQ(region(), 3);
  printf("paused four times, regions fine\n");
  return 0;
}
// CHECK: paused four times, regions fine
