// The interop queries on omp_interop_none (the only object a host-only
// runtime has): no properties, and every typed query returns nothing.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: omp_interop_t is in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

int main(void) {
  omp_interop_t none = omp_interop_none;
  CHECK_EQ(omp_get_num_interop_properties(none), 0);
  int rc = 12345;
  CHECK_EQ(omp_get_interop_int(none, omp_ipr_fr_id, &rc), 0);
  CHECK(omp_get_interop_ptr(none, omp_ipr_device, &rc) == NULL);
  CHECK(omp_get_interop_str(none, omp_ipr_vendor_name, &rc) == NULL);
  // A NULL ret_code is allowed.
  CHECK_EQ(omp_get_interop_int(none, omp_ipr_device_num, NULL), 0);
  int bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  bad += omp_get_num_interop_properties(none) != 0;
  CHECK_EQ(bad, 0);
  printf("interop none: no properties\n");
  return 0;
}
// CHECK: interop none: no properties
