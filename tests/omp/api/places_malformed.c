// REQUIRES: bobbin
// A malformed OMP_PLACES or OMP_PROC_BIND gives one line on stderr naming
// the variable, the value and what is used instead; the program runs on.
// RUN: %libomp-compile
// RUN: env OMP_PLACES="{0," %libomp-run 2>&1 | FileCheck %s --check-prefixes=OPEN,CORES
// RUN: env OMP_PLACES=bogus %libomp-run 2>&1 | FileCheck %s --check-prefixes=BOGUS,CORES
// RUN: env OMP_PLACES="cores(0)" %libomp-run 2>&1 | FileCheck %s --check-prefixes=ZERO,CORES
// RUN: env OMP_PLACES="threads(2" %libomp-run 2>&1 | FileCheck %s --check-prefixes=PAREN,CORES
// RUN: env OMP_PLACES="{0}:0" %libomp-run 2>&1 | FileCheck %s --check-prefixes=LEN,CORES
// RUN: env OMP_PLACES="{0:2}:2:" %libomp-run 2>&1 | FileCheck %s --check-prefixes=STRIDE,CORES
// RUN: env OMP_PLACES="{0},," %libomp-run 2>&1 | FileCheck %s --check-prefixes=COMMA,CORES
// RUN: env OMP_PLACES="{!0:2}" %libomp-run 2>&1 | FileCheck %s --check-prefixes=NEGINT,CORES
// RUN: env OMP_PLACES="{-1}" %libomp-run 2>&1 | FileCheck %s --check-prefixes=NEG,CORES
// RUN: env OMP_PLACES="{99999999999}" %libomp-run 2>&1 | FileCheck %s --check-prefixes=HUGE,CORES
// RUN: env OMP_PLACES="{0}:2:-1" %libomp-run 2>&1 | FileCheck %s --check-prefixes=BELOW,CORES
// RUN: env OMP_PLACES="{65535}" %libomp-run 2>&1 | FileCheck %s --check-prefixes=NOCPU,CORES
// RUN: env OMP_PLACES="" %libomp-run 2>&1 | FileCheck %s --check-prefixes=EMPTY,CORES
// RUN: env OMP_PROC_BIND=bogus %libomp-run 2>&1 | FileCheck %s --check-prefixes=PB,BFALSE
// RUN: env OMP_PROC_BIND=false,spread %libomp-run 2>&1 | FileCheck %s --check-prefixes=PBLIST,BFALSE
// RUN: env OMP_PROC_BIND="close," %libomp-run 2>&1 | FileCheck %s --check-prefixes=PBCOMMA,BFALSE
// RUN: env OMP_PROC_BIND=spread OMP_PLACES=threads:2 %libomp-run 2>&1 | FileCheck %s --check-prefixes=TAIL,CORES
// RUN: env OMP_PROC_BIND=nope OMP_PLACES=cores %libomp-run 2>&1 | FileCheck %s --check-prefixes=PBTRUE,BTRUE
#include "check.h"

int main(void) {
  fflush(stderr);
  int n = omp_get_num_places();
  CHECK(n >= 1);
  for (int p = 0; p < n; p++)
    CHECK(omp_get_place_num_procs(p) >= 1);
  printf("places %s\n", n >= 1 ? "some" : "none");
  printf("bind %d\n", (int)omp_get_proc_bind());
  return 0;
}
// OPEN: bobbin: OMP_PLACES='{0,' is not {{.*}}; using cores
// BOGUS: bobbin: OMP_PLACES='bogus' is not {{.*}}; using cores
// ZERO: bobbin: OMP_PLACES='cores(0)' is not cores or cores(count) with a positive count; using cores
// PAREN: bobbin: OMP_PLACES='threads(2' is not threads or {{.*}}; using threads
// LEN: bobbin: OMP_PLACES='{0}:0' is not {{.*}}; using cores
// STRIDE: bobbin: OMP_PLACES='{0:2}:2:' is not {{.*}}; using cores
// COMMA: bobbin: OMP_PLACES='{0},,' is not {{.*}}; using cores
// NEGINT: bobbin: OMP_PLACES='{!0:2}' is not {{.*}}; using cores
// NEG: bobbin: OMP_PLACES='{-1}' is not {{.*}}; using cores
// HUGE: bobbin: OMP_PLACES='{99999999999}' is not {{.*}}; using cores
// BELOW: bobbin: OMP_PLACES='{0}:2:-1' is not {{.*}}; using cores
// NOCPU: bobbin: OMP_PLACES='{65535}' leaves no place with a CPU this process may use; using cores
// EMPTY: bobbin: OMP_PLACES='' is not {{.*}}; using cores
// TAIL: bobbin: OMP_PLACES='threads:2' is not threads or {{.*}}; using threads
// CORES-NOT: bobbin:
// CORES: places some

// PB: bobbin: OMP_PROC_BIND='bogus' is not true, false or a list of primary, master, close and spread (one per nesting level); using false
// PBLIST: bobbin: OMP_PROC_BIND='false,spread' is not {{.*}}; using false
// PBCOMMA: bobbin: OMP_PROC_BIND='close,' is not {{.*}}; using false
// PBTRUE: bobbin: OMP_PROC_BIND='nope' is not {{.*}}; using true
// BFALSE-NOT: bobbin:
// BFALSE: places some
// BFALSE-NEXT: bind 0
// BTRUE-NOT: bobbin:
// BTRUE: places some
// BTRUE-NEXT: bind 1
