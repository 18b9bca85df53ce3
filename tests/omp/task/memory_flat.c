// REQUIRES: bobbin
// Memory stays flat while tasks come and go: 10^7 tasks, created and
// finished in 100 batches of 10^5 (each batch by one producer, ended by a
// taskwait; every other batch also with dependences), leave the resident set
// size (VmRSS, /proc/self/status) after the last batch within twice that
// after the first batch plus 8 MiB. Only memory is checked, never time.
// ASan holds up to 256 MiB of freed blocks in quarantine by design; the
// sanitized build turns that off here so that the test measures Bobbin.
// RUN: %libomp-compile
// RUN: env ASAN_OPTIONS=detect_leaks=0:quarantine_size_mb=0 %libomp-run | FileCheck %s
#include "check.h"

#define BATCHES 100
#define PER_BATCH 100000

int main(void) {
  long first = -1, last = -1, done = 0, at[BATCHES];
  int dep = 0;
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < BATCHES; b++) {
    for (int i = 0; i < PER_BATCH; i++) {
      if (b % 2 && i % 10 == 0) {
#pragma omp task depend(inout : dep) shared(done, dep)
        {
          dep++;
#pragma omp atomic
          done++;
        }
      } else {
#pragma omp task shared(done)
#pragma omp atomic
        done++;
      }
    }
#pragma omp taskwait
    at[b] = last = proc_status("VmRSS");
    if (b == 0)
      first = last;
  }
  CHECK_EQ(done, (long)BATCHES * PER_BATCH);
  CHECK_EQ(dep, BATCHES / 2 * PER_BATCH / 10);
  if (last > 2 * first + 8192) // say whether it keeps growing or levels off
    fprintf(stderr, "VmRSS grew from %ld KiB after the first batch to %ld KiB (batch 2: %ld, 10: "
            "%ld, 50: %ld)\n", first, last, at[1], at[9], at[49]);
  CHECK(last <= 2 * first + 8192);
  printf("%ld tasks; memory flat\n", done);
  return 0;
}
// CHECK: 10000000 tasks; memory flat
