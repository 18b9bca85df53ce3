// REQUIRES: bobbin
// UNSUPPORTED: sanitize
// A stack that goes back to its ES's cache keeps only its warm top: the
// pages a deep frame touched below it go back to the kernel once the ES has
// nothing to run. 32 threads on two ESs each write a frame of 3 MiB and
// wait at a barrier, so most suspend and keep the stack they ran on, which
// goes to a cache when they end (about 90 MiB touched in all). Then the
// initial thread waits in regions of two threads (so that a spare OS
// thread serves ES 0 and idles) until the process holds at most 16 MiB more
// than before: the initial thread's own 3 MiB, the scheduler stacks of the
// ESs and of their spare OS threads (the last unit run on one may have
// written 3 MiB there) and the caches' warm tops. Under
// OMP_WAIT_POLICY=active the ESs never sleep, and trim where they would
// have. (ASan's shadow of every stack reused grows the measure itself.)
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env OMP_WAIT_POLICY=active %libomp-run | FileCheck %s
// RUN: env OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

#define FRAME (3 << 20)

int main(void) {
  deadline(60, "cached_trim");
#pragma omp parallel num_threads(2)
  uses_stack(FRAME, 0);
  long before = proc_status("VmRSS"), peak = 0;
  int ok = 0;
#pragma omp parallel num_threads(32) reduction(+ : ok)
  {
    ok += uses_stack(FRAME, omp_get_thread_num());
#pragma omp barrier
#pragma omp masked
    peak = proc_status("VmRSS");
#pragma omp barrier
  } // no stack went back before the peak was read
  CHECK_EQ(ok, 32);
  CHECK(peak - before >= 48 << 10); // KiB: the frames were there
  while (proc_status("VmRSS") - before > 16 << 10) {
#pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  printf("the cached stacks' deep pages went back\n");
  return 0;
}
// CHECK: the cached stacks' deep pages went back
