// With no stack size set, an OpenMP thread of the first team, a thread of
// a nested team and an explicit task each run a frame of 3 MiB, as they do
// on LLVM's libomp (whose threads have 4 MiB where it cannot read ulimit
// -s, and ulimit -s where it can) and on libgomp (ulimit -s): the default
// stack is 4 MiB. On one ES the team's threads and the tasks also run in
// place on the initial thread's stack or on their joiner's.
// Passes on libomp 14 and libgomp 12 at ulimit -s 8192.
// UNSUPPORTED: sanitize
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "frames.h"

#define FRAME (3 << 20)

int main(void) {
  deadline(60, "large_frames");
  omp_set_max_active_levels(2);
  int ok = frames_everywhere(FRAME);
  CHECK_EQ(ok, 1 + 2 + 4);
  printf("%d frames of 3 MiB ran\n", ok);
  return 0;
}
// CHECK: 7 frames of 3 MiB ran
