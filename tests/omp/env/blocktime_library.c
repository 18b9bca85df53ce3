// KMP_BLOCKTIME, KMP_LIBRARY and OMP_WAIT_POLICY as libomp 19 answers them
// through kmp_get_blocktime and kmp_get_library: 200 ms and throughput by
// default; active spins (infinite, turnaround), passive and throughput do
// not (0); KMP_BLOCKTIME (ms, "ms" or "infinite") overrides the time;
// KMP_LIBRARY overrides OMP_WAIT_POLICY with a warning; malformed values
// are warned about and the default used. The serial library runs regions
// with one thread, from the environment or kmp_set_library.
// RUN: %libomp-compile && %libomp-run 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: env OMP_WAIT_POLICY=active %libomp-run 2>&1 | FileCheck %s --check-prefix=ACTIVE
// RUN: env OMP_WAIT_POLICY=passive %libomp-run 2>&1 | FileCheck %s --check-prefix=PASSIVE
// RUN: env KMP_BLOCKTIME=infinite %libomp-run 2>&1 | FileCheck %s --check-prefix=INFINITE
// RUN: env KMP_BLOCKTIME=50ms %libomp-run 2>&1 | FileCheck %s --check-prefix=MS50
// RUN: env OMP_WAIT_POLICY=active KMP_BLOCKTIME=5 %libomp-run 2>&1 | FileCheck %s --check-prefix=ACTIVE5
// RUN: env KMP_BLOCKTIME=soon %libomp-run 2>&1 | FileCheck %s --check-prefix=BADTIME
// RUN: env KMP_LIBRARY=throughput %libomp-run 2>&1 | FileCheck %s --check-prefix=PASSIVE
// RUN: env KMP_LIBRARY=turnaround OMP_WAIT_POLICY=passive %libomp-run 2>&1 | FileCheck %s --check-prefix=TURN
// RUN: env KMP_LIBRARY=fast %libomp-run 2>&1 | FileCheck %s --check-prefix=BADLIB
// RUN: env KMP_LIBRARY=serial %libomp-run 2>&1 | FileCheck %s --check-prefix=SERIAL
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

static int team(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 0)
    n = omp_get_num_threads();
  return n;
}

int main(void) {
  printf("blocktime %d library %d team %d\n", kmp_get_blocktime(), kmp_get_library(), team());
  kmp_set_library_serial();
  CHECK_EQ(team(), 1);
  kmp_set_library_throughput();
  CHECK_EQ(team(), 2);
  return 0;
}
// DEFAULT-NOT: bobbin:
// DEFAULT: blocktime 200 library 3 team 2
// ACTIVE: blocktime 2147483647 library 2 team 2
// PASSIVE: blocktime 0 library 3 team 2
// INFINITE: blocktime 2147483647 library 3 team 2
// MS50: blocktime 50 library 3 team 2
// ACTIVE5: blocktime 5 library 2 team 2
// BADTIME: KMP_BLOCKTIME='soon'
// BADTIME: blocktime 200 library 3 team 2
// TURN: OMP_WAIT_POLICY='passive' is ignored: KMP_LIBRARY is set
// TURN: blocktime 200 library 2 team 2
// BADLIB: KMP_LIBRARY='fast'
// BADLIB: blocktime 200 library 3 team 2
// SERIAL: blocktime 200 library 1 team 1
