// REQUIRES: bobbin
// Bobbin's interop queries on omp_interop_none also set the return code to
// omp_irc_empty, as the specification asks (LLVM 14's libomp leaves it),
// and name no property.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: omp_interop_t is in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

int main(void) {
  omp_interop_t none = omp_interop_none;
  int rc = 12345;
  CHECK_EQ(omp_get_interop_int(none, omp_ipr_fr_id, &rc), 0);
  CHECK_EQ(rc, omp_irc_empty);
  rc = 12345;
  CHECK(omp_get_interop_ptr(none, omp_ipr_device, &rc) == NULL);
  CHECK_EQ(rc, omp_irc_empty);
  rc = 12345;
  CHECK(omp_get_interop_str(none, omp_ipr_vendor_name, &rc) == NULL);
  CHECK_EQ(rc, omp_irc_empty);
  CHECK(omp_get_interop_name(none, omp_ipr_vendor) == NULL);
  CHECK(omp_get_interop_type_desc(none, omp_ipr_vendor) == NULL);
  CHECK(omp_get_interop_rc_desc(none, omp_irc_empty) != NULL);
  printf("rc empty\n");
  return 0;
}
// CHECK: rc empty
