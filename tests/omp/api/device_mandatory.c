// OMP_TARGET_OFFLOAD=mandatory: the host device still works, a negative
// invalid device number is only invalid, and a non-negative one that names
// no device ends the program with status 1 and libgomp 12's message, from
// each device memory routine (except with a NULL pointer to free or to look
// up, which needs no device).
// REQUIRES: bobbin || gcc
// RUN: %libomp-compile
// RUN: env OMP_TARGET_OFFLOAD=mandatory %libomp-run host | FileCheck %s --check-prefix=HOST
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run alloc 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run free 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run present 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run memcpy 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run rect 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run associate 2>&1 | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=mandatory not %libomp-run disassociate 2>&1 | FileCheck %s
#include "check.h"

#include <errno.h>

int main(int argc, char **argv) {
  CHECK_EQ(argc, 2);
  const char *what = argv[1];
  int host = omp_get_initial_device(), bad = host + 1;
  char buf[16] = {0};
  size_t vol[1] = {4}, off[1] = {0}, dims[1] = {16};
  if (!strcmp(what, "host")) {
    void *p = omp_target_alloc(16, host);
    CHECK(p != NULL);
    CHECK_EQ(omp_target_memcpy(p, buf, 16, 0, 0, host, host), 0);
    omp_target_free(p, host);
    CHECK(omp_target_alloc(16, -2) == NULL);
    CHECK_EQ(omp_target_memcpy(buf, buf, 4, 0, 0, -5, host), EINVAL);
    CHECK_EQ(omp_target_is_present(NULL, bad), 1);
    omp_target_free(NULL, bad);
    printf("host ok\n");
    return 0;
  }
  fflush(stdout);
  if (!strcmp(what, "alloc"))
    omp_target_alloc(16, bad);
  else if (!strcmp(what, "free"))
    omp_target_free(buf, bad);
  else if (!strcmp(what, "present"))
    omp_target_is_present(buf, bad);
  else if (!strcmp(what, "memcpy"))
    omp_target_memcpy(buf, buf + 8, 4, 0, 0, host, bad);
  else if (!strcmp(what, "rect"))
    omp_target_memcpy_rect(buf, buf + 8, 1, 1, vol, off, off, dims, dims, bad, host);
  else if (!strcmp(what, "associate"))
    omp_target_associate_ptr(buf, buf + 8, 4, 0, bad);
  else if (!strcmp(what, "disassociate"))
    omp_target_disassociate_ptr(buf, bad);
  printf("survived %s\n", what);
  return 0;
}
// HOST: host ok
// CHECK: {{^}}libgomp: OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found
// CHECK-NOT: survived
