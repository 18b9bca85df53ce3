// A tied task keeps its thread's TLS across its scheduling points, as it
// would on a Pthread: 400 tied tasks of a team of 4 on 2 ESs each write
// their thread's threadprivate and __thread variables and errno, then
// yield (taskyield) or wait for a child that another thread may start
// (taskwait), and find them as they left them. Only their descendants may
// run in their thread meanwhile, and these write none of them. Before,
// while a task waited, the tasks its ES started ran with the same TLS
// block and overwrote its values (most runs lost some). Also passes on
// LLVM's libomp and GNU libgomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>

enum { ROUNDS = 3, TASKS = 400, CHILD_WAIT = 100000 };

// Not static: the calls to the runtime may change them, as far as the
// compiler knows, which so reads them again after a scheduling point.
int tp;
#pragma omp threadprivate(tp)
__thread int tv;
static int lost_tp, lost_tv, lost_errno, done;

// A scheduling point of the calling task: k odd yields, k even waits for
// a child that sleeps, after waiting a little for another thread to start
// it (else it runs the child itself).
static void suspend(int k) {
  if (k % 2) {
#pragma omp taskyield
    return;
  }
  int started = 0;
#pragma omp task shared(started)
  {
    __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
    usleep(200);
  }
  for (int i = 0; i < CHILD_WAIT && !__atomic_load_n(&started, __ATOMIC_ACQUIRE); i++)
    ;
#pragma omp taskwait
}

int main(void) {
  deadline(60, "tied_tls_kept");
  for (int round = 0; round < ROUNDS; round++) {
#pragma omp parallel num_threads(4)
#pragma omp single
    for (int k = 0; k < TASKS; k++) {
#pragma omp task firstprivate(k)
      {
        tp = 1000 + k;
        tv = 2000 + k;
        errno = 3000 + k;
        suspend(k);
        if (tp != 1000 + k)
          __atomic_fetch_add(&lost_tp, 1, __ATOMIC_RELAXED);
        if (tv != 2000 + k)
          __atomic_fetch_add(&lost_tv, 1, __ATOMIC_RELAXED);
        if (errno != 3000 + k)
          __atomic_fetch_add(&lost_errno, 1, __ATOMIC_RELAXED);
        __atomic_fetch_add(&done, 1, __ATOMIC_RELAXED);
      }
    }
  }
  CHECK_EQ(done, ROUNDS * TASKS);
  CHECK_EQ(lost_tp, 0);
  CHECK_EQ(lost_tv, 0);
  CHECK_EQ(lost_errno, 0);
  printf("tls kept\n");
  return 0;
}
// CHECK: tls kept
