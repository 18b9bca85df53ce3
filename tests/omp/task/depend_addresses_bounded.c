// REQUIRES: bobbin
// Dependences on ever new addresses keep memory bounded: a chain of 400 000
// tasks, task i waiting on a[i - 1] and writing a[i], made by one thread of
// two without a taskwait. A context's dependence table once kept an entry,
// and the node of the entry's last task, for every address its children
// had named until the context ended, and the peak resident set (VmHWM)
// grew by about 150 MiB here; the table now drops the entries whose tasks
// are all complete. The growth must stay under 64 MiB. Every task runs,
// after its predecessor. Only memory is checked, never time.
// RUN: %libomp-compile
// RUN: env ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 %libomp-run | FileCheck %s
#include "check.h"

enum { N = 400000 };

static char a[N];
static long bad, ran;

int main(void) {
  deadline(120, "depend_addresses_bounded");
  long before = proc_status("VmHWM");
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 1; i < N; i++) {
#pragma omp task depend(in : a[i - 1]) depend(out : a[i]) firstprivate(i)
    {
      if (i > 1 && !a[i - 1])
        __atomic_fetch_add(&bad, 1, __ATOMIC_RELAXED);
      a[i] = 1;
      __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
    }
  }
  long grown = proc_status("VmHWM") - before;
  CHECK_EQ(ran, N - 1L);
  CHECK_EQ(bad, 0);
  CHECK(grown < 64 * 1024);
  printf("%ld chained tasks on distinct addresses, peak grew by less than 64 MiB\n", ran);
  return 0;
}
// CHECK: 399999 chained tasks on distinct addresses, peak grew by less than 64 MiB
