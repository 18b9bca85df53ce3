// With no stack size set and ulimit -s at 32 MiB, an OpenMP thread of the
// first team, a thread of a nested team and explicit tasks each run a frame
// of 20 MiB, more than the 4 MiB default and the 8 MiB a stack spans: as
// libomp gives its workers the primary thread's stack size where that is
// larger than its default, the default stack is then half of ulimit -s,
// so that a unit on a stack of its own (twice its size) has all of it. On
// one ES the team's threads and the tasks also run in place on the initial
// thread's stack or on their joiner's. LLVM 19's misc_bugs/stack-propagate.c
// asks this at 4.8 MB. Passes on libomp 14 and libgomp 12.
// RUN: %libomp-compile
// RUN: prlimit --stack=33554432 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 prlimit --stack=33554432 %libomp-run | FileCheck %s
#include "frames.h"

#include <sys/resource.h>

#define FRAME (20 << 20)

int main(void) {
  deadline(60, "primary_stack");
  struct rlimit r;
  CHECK(getrlimit(RLIMIT_STACK, &r) == 0 && r.rlim_cur == 32 << 20);
  omp_set_max_active_levels(2);
  int ok = frames_everywhere(FRAME);
  CHECK_EQ(ok, 1 + 2 + 4);
  printf("%d frames of 20 MiB ran\n", ok);
  return 0;
}
// CHECK: 7 frames of 20 MiB ran
