// REQUIRES: bobbin
// A thread making chains of dependent tasks faster than they run keeps its
// memory bounded: tasks held back by their dependences wait in no queue,
// so task throttling never stopped their producer, and 2 x 300 000 tiny
// tasks with depend(inout) on four slots per thread, made without a
// taskwait, grew the peak resident set (VmHWM) by about 380 MiB; now a
// producer with more than 256 incomplete children runs ready ones in place
// before making another with dependences. The growth must stay under
// 64 MiB. (libgomp 12 grows too: 500 MiB for 2 x 10^6.) Every task runs,
// each chain in order. Only memory is checked, never time.
// RUN: %libomp-compile
// RUN: env ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 %libomp-run | FileCheck %s
#include "check.h"

enum { PER_THREAD = 300000 };

static long next[2][4], bad, ran;

int main(void) {
  deadline(120, "depend_memory_bounded");
  long before = proc_status("VmHWM");
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    for (long r = 0; r < PER_THREAD; r++) {
#pragma omp task depend(inout : next[me][r & 3]) firstprivate(r)
      {
        if (next[me][r & 3] != r / 4)
          __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
        next[me][r & 3]++;
        __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
      }
    }
  }
  long grown = proc_status("VmHWM") - before;
  CHECK_EQ(ran, 2L * PER_THREAD);
  CHECK_EQ(bad, 0);
  CHECK(grown < 64 * 1024);
  printf("%ld dependent tasks, peak grew by less than 64 MiB\n", ran);
  return 0;
}
// CHECK: 600000 dependent tasks, peak grew by less than 64 MiB
