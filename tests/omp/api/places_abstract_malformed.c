// An abstract name with a malformed count (OMP_PLACES='sockets(',
// 'threads()', 'threads(0)', 'cores(2') gets one warning and is taken as
// the name alone, as LLVM's libomp takes it: the place list is the one the
// name gives. Bobbin used cores for it. LLVM's libomp gives the same lists
// (its warnings differ or are missing).
// REQUIRES: bobbin
// RUN: %libomp-compile
// RUN: env OMP_PLACES=sockets %libomp-run > %t.sockets
// RUN: env OMP_PLACES='sockets(' %libomp-run 2> %t.err > %t.bad
// RUN: diff %t.sockets %t.bad
// RUN: FileCheck %s --check-prefix=SOCKETS < %t.err
// RUN: env OMP_PLACES=threads %libomp-run > %t.threads
// RUN: env OMP_PLACES='threads()' %libomp-run 2> %t.err > %t.bad
// RUN: diff %t.threads %t.bad
// RUN: FileCheck %s --check-prefix=EMPTY < %t.err
// RUN: env OMP_PLACES='threads(0)' %libomp-run 2> %t.err > %t.bad
// RUN: diff %t.threads %t.bad
// RUN: FileCheck %s --check-prefix=ZERO < %t.err
// RUN: env OMP_PLACES=cores %libomp-run > %t.cores
// RUN: env OMP_PLACES='cores(2' %libomp-run 2> %t.err > %t.bad
// RUN: diff %t.cores %t.bad
// RUN: FileCheck %s --check-prefix=OPEN < %t.err
#include "check.h"

int main(void) {
  int n = omp_get_num_places();
  CHECK(n >= 1);
  printf("places %d:", n);
  for (int p = 0; p < n; p++) {
    int ids[CPU_SETSIZE];
    omp_get_place_proc_ids(p, ids);
    printf(" {");
    for (int k = 0; k < omp_get_place_num_procs(p); k++)
      printf("%s%d", k ? "," : "", ids[k]);
    printf("}");
  }
  printf("\n");
  return 0;
}
// SOCKETS: bobbin: OMP_PLACES='sockets(' is not sockets or sockets(count) with a positive count; using sockets
// EMPTY: bobbin: OMP_PLACES='threads()' is not threads or {{.*}}; using threads
// ZERO: bobbin: OMP_PLACES='threads(0)' is not threads or {{.*}}; using threads
// OPEN: bobbin: OMP_PLACES='cores(2' is not cores or {{.*}}; using cores
