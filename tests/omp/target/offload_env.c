// OMP_TARGET_OFFLOAD and device numbers, for a gcc binary, which has no
// device but the host (the initial device, numbered 0 = the number of
// devices, or gcc's -2): under mandatory, a construct on any other device
// ends the program with libgomp 12's message and exit status 1, before
// anything runs; the default device (0 unless OMP_DEFAULT_DEVICE or
// omp_set_default_device says otherwise) and device(0) run on the host.
// Without mandatory (default, disabled), a device that does not exist runs
// on the host too.
// RUN: %libomp-compile
// RUN: env OMP_TARGET_OFFLOAD=mandatory %libomp-run host | FileCheck %s --check-prefix=HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run target 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run nowait 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run data 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run enter 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run update 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run default1 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=mandatory OMP_DEFAULT_DEVICE=1 not %libomp-run default 2>&1 | FileCheck %s --check-prefix=MANDATORY
// RUN: env OMP_TARGET_OFFLOAD=disabled %libomp-run absent | FileCheck %s --check-prefix=ABSENT
// RUN: env OMP_TARGET_OFFLOAD=default %libomp-run absent | FileCheck %s --check-prefix=ABSENT
// RUN: %libomp-run absent | FileCheck %s --check-prefix=ABSENT
// REQUIRES: gcc
#include "check.h"

static int on_host(int device) {
  int x = 0;
  if (device == -1) {
#pragma omp target map(tofrom : x)
    x = omp_is_initial_device() + 10 * omp_get_level();
  } else {
#pragma omp target map(tofrom : x) device(device)
    x = omp_is_initial_device() + 10 * omp_get_level();
  }
  return x;
}

int main(int argc, char **argv) {
  CHECK_EQ(argc, 2);
  const char *mode = argv[1];
  int x = 0;
  if (!strcmp(mode, "host")) {
    CHECK_EQ(on_host(-1), 1);
    CHECK_EQ(on_host(0), 1);
    CHECK_EQ(on_host(omp_get_initial_device()), 1);
#pragma omp target data map(tofrom : x) device(0)
    {
#pragma omp target update to(x)
    }
#pragma omp target enter data map(to : x) device(0)
#pragma omp target exit data map(from : x)
    omp_set_default_device(0);
    CHECK_EQ(on_host(-1), 1);
    printf("host: ran\n");
  } else if (!strcmp(mode, "target")) {
    on_host(1);
  } else if (!strcmp(mode, "nowait")) {
#pragma omp target map(tofrom : x) device(3) nowait
    x = 1;
#pragma omp taskwait
  } else if (!strcmp(mode, "data")) {
#pragma omp target data map(tofrom : x) device(1)
    x = 1;
  } else if (!strcmp(mode, "enter")) {
#pragma omp target enter data map(to : x) device(1)
  } else if (!strcmp(mode, "update")) {
#pragma omp target update to(x) device(1)
  } else if (!strcmp(mode, "default1")) {
    omp_set_default_device(1);
    on_host(-1);
  } else if (!strcmp(mode, "default")) {
    on_host(-1);
  } else if (!strcmp(mode, "absent")) {
    CHECK_EQ(on_host(1), 1);
    CHECK_EQ(on_host(7), 1);
#pragma omp target data map(tofrom : x) device(5)
    {
#pragma omp target update to(x) device(5)
      x = 2;
    }
    CHECK_EQ(x, 2);
    printf("absent: ran on the host\n");
  }
  printf("ran %s\n", mode);
  return 0;
}
// HOST: host: ran
// MANDATORY: {{^}}libgomp: OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found
// MANDATORY-NOT: ran
// ABSENT: absent: ran on the host
