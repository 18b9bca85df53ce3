// REQUIRES: bobbin
// A frame past the end of an OpenMP thread's or task's stack ends the
// program with one line naming the cause and the variables that size
// stacks, then SIGSEGV's default action: never a bare SIGSEGV, and never
// a write into whatever lies below the stack. Two ways to go past the end:
// recursion without bound, and one frame that leaps 2 MiB past it at once
// (the stack maps twice the size asked for: a 10 MiB frame on a 4 MiB
// stack), touched at its far end only. Each in an OpenMP thread of the
// first team, a thread of a nested team and an explicit task; on two ESs
// they run on the ESs' own stacks, on one in place on the initial
// thread's stack (the kernel's) or their joiner's. As tasklets, tasks run
// on the stack of whoever runs them.
// RUN: %libomp-compile
// RUN: not --crash %libomp-run thread recurse 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run thread leap 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run nested recurse 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run nested leap 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run task recurse 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run task leap 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run thread recurse 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run thread leap 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run task recurse 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run task leap 2>&1 | FileCheck %s --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env OMP_STACKSIZE=2M not --crash %libomp-run thread recurse 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_TASK_KIND=tasklet not --crash %libomp-run task recurse 2>&1 | FileCheck %s --check-prefix=TASKLET --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_TASK_KIND=tasklet not --crash %libomp-run task leap 2>&1 | FileCheck %s --check-prefix=TASKLET --implicit-check-not=bobbin --implicit-check-not=survived
#include "check.h"

static volatile int forever = 1;

static __attribute__((noinline)) int recurse(int depth) {
  volatile char frame[512];
  frame[0] = (char)depth;
  frame[sizeof frame - 1] = 1;
  if (forever)
    return recurse(depth + 1) + frame[0];
  return frame[sizeof frame - 1];
}

static volatile size_t leap_size = (size_t)10 << 20;

// A frame of leap_size bytes that only its lowest byte touches.
static __attribute__((noinline)) int leap(void) {
  volatile char *frame = __builtin_alloca(leap_size);
  __asm__ volatile("" : : "r"(frame) : "memory"); // keeps the whole frame
  frame[0] = 1;
  return frame[0];
}

static int overflow(const char *how) { return strcmp(how, "leap") ? recurse(0) : leap(); }

int main(int argc, char **argv) {
  CHECK(argc == 3);
  deadline(60, "overflow");
  const char *where = argv[1], *how = argv[2];
  int r = 0;
  if (!strcmp(where, "thread")) {
#pragma omp parallel num_threads(2) reduction(+ : r)
    if (omp_get_thread_num() == 1)
      r += overflow(how);
  } else if (!strcmp(where, "nested")) {
    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2) reduction(+ : r)
    if (omp_get_thread_num() == 1 && omp_get_ancestor_thread_num(1) == 1)
      r += overflow(how);
  } else {
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task shared(r)
      r = overflow(how);
#pragma omp taskwait
    }
  }
  printf("survived %d\n", r);
  return 0;
}
// CHECK: bobbin: stack overflow in a ULT whose stack is 4M; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
// TWO: bobbin: stack overflow in a ULT whose stack is 2M; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
// TASKLET: bobbin: stack overflow in a tasklet (it runs on the stack of the scheduler or unit that runs it); set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
