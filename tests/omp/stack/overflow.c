// REQUIRES: bobbin
// A frame past the end of an OpenMP thread's or task's stack ends the
// program with one line naming the cause and the variables that size
// stacks, then SIGSEGV's default action: never a bare SIGSEGV, and never
// a write into whatever lies below the stack. Two ways to go past the end:
// recursion without bound, and one frame that leaps past it at once,
// touched at its far end only. Each in an OpenMP thread of the
// first team, a thread of a nested team and an explicit task; on two ESs
// they run on the ESs' own stacks, on one in place on the initial
// thread's stack (the kernel's) or their joiner's. As tasklets, tasks run
// on the stack of whoever runs them.
// RUN: %libomp-compile
// RUN: not --crash %libomp-run thread recurse 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run thread leap 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run nested recurse 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run nested leap 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run task recurse 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: not --crash %libomp-run task leap 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run thread recurse 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run thread leap 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run task recurse 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_NUM_ES=1 not --crash %libomp-run task leap 2>&1 | FileCheck %s -DSTACK=%default-stack --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env OMP_STACKSIZE=2M not --crash %libomp-run thread recurse 2>&1 | FileCheck %s --check-prefix=TWO --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_TASK_KIND=tasklet not --crash %libomp-run task recurse 2>&1 | FileCheck %s --check-prefix=TASKLET --implicit-check-not=bobbin --implicit-check-not=survived
// RUN: env BOBBIN_TASK_KIND=tasklet not --crash %libomp-run task leap 2>&1 | FileCheck %s --check-prefix=TASKLET --implicit-check-not=bobbin --implicit-check-not=survived
#include "check.h"
#include <pthread.h>

static volatile int forever = 1;

static __attribute__((noinline)) int recurse(int depth) {
  volatile char frame[512];
  frame[0] = (char)depth;
  frame[sizeof frame - 1] = 1;
  if (forever)
    return recurse(depth + 1) + frame[0];
  return frame[sizeof frame - 1];
}

// A frame that reaches a quarter of its stack below the stack's end (in the
// guard, which is half the span of a unit's stack, threading/stack.h; below
// the initial thread's, where nothing is mapped), touched at that end only.
static __attribute__((noinline)) int leap(void) {
  pthread_attr_t attr;
  void *lo;
  size_t size;
  CHECK(pthread_getattr_np(pthread_self(), &attr) == 0);
  CHECK(pthread_attr_getstack(&attr, &lo, &size) == 0);
  pthread_attr_destroy(&attr);
  static volatile size_t leap_size;
  leap_size = (size_t)((char *)__builtin_frame_address(0) - (char *)lo) + size / 4;
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
// CHECK: bobbin: stack overflow in a ULT whose stack is [[STACK]]; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
// TWO: bobbin: stack overflow in a ULT whose stack is 2M; set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
// TASKLET: bobbin: stack overflow in a tasklet (it runs on the stack of the scheduler or unit that runs it); set BOBBIN_STACK_SIZE (OMP_STACKSIZE for OpenMP threads and tasks) larger
