// kmp_set_defaults("OMP_TARGET_OFFLOAD=...") after the first parallel
// region still sets target-offload-var, which __kmpc_get_target_offload
// hands to LLVM's libomptarget (libomp's values: 0 disabled, 1 default, 2
// mandatory; names in any case, anything else is default with a warning),
// as libomp does; a setting of the ICVs that teams copied (OMP_NUM_THREADS)
// then has no effect (Bobbin warns). Passes on libomp 19.
// RUN: %libomp-compile && %libomp-run 2>&1 | FileCheck %s
// REQUIRES: clang
#include "check.h"

int __kmpc_get_target_offload(void);

static int offload_after(const char *setting) {
  kmp_set_defaults(setting);
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK(n >= 1);
  return __kmpc_get_target_offload();
}

int main(void) {
  int before = omp_get_max_threads();
#pragma omp parallel
  {}
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=mandatory"), 2);
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=DiSaBlEd"), 0);
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=MANDATORY"), 2);
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=Default"), 1);
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=disabled"), 0);
  fprintf(stderr, "good values\n");
  CHECK_EQ(offload_after("OMP_TARGET_OFFLOAD=mandatorynot"), 1);
  fprintf(stderr, "good values\n");
  kmp_set_defaults("OMP_NUM_THREADS=7");
  CHECK_EQ(omp_get_max_threads(), before);
  return 0;
}
// CHECK-NOT: OMP_TARGET_OFFLOAD
// CHECK: good values
// CHECK-NEXT: OMP_TARGET_OFFLOAD
// CHECK-NEXT: good values
