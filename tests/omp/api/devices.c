// Device queries on the host: no non-host devices, the host's device number
// is omp_get_num_devices(), and code runs on the initial device.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int ndev = omp_get_num_devices();
  CHECK_EQ(ndev, 0);
  CHECK_EQ(omp_get_initial_device(), ndev);
  CHECK_EQ(omp_get_device_num(), omp_get_initial_device());
  CHECK_EQ(omp_is_initial_device(), 1);
  int ok = 0;
#pragma omp parallel num_threads(3) reduction(+ : ok)
  ok += omp_is_initial_device() == 1 &&
        omp_get_device_num() == omp_get_initial_device();
  CHECK_EQ(ok, 3);
  printf("devices %d, initial %d\n", ndev, omp_get_initial_device());
  return 0;
}
// CHECK: devices 0, initial 0
