// A worker thread outlives its region, as libomp's pool threads do: thread
// 1 of two regions in a row is one OMPT thread, which begins once (the
// tool numbers threads at thread_begin) and ends when the tool does,
// reported in its own name (tool.h checks that ompt_get_thread_data is the
// ending thread's) though the thread that exits made no OpenMP call: the
// regions run on an application thread. LLVM 19's
// ompt/cancel/cancel_taskgroup.c expects a task of the second region on
// the worker that began in the first. Before, each region's thread 1 was
// a new OMPT thread. The program's checks pass on libomp 14 too (clang,
// -D runtime=system), which reports the ends in another order.
// RUN: %libomp-compile %ompt-flags -lpthread && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

#include <pthread.h>

static uint64_t workers[2];

static void *regions(void *arg) {
  (void)arg;
  for (int r = 0; r < 2; r++) {
    #pragma omp parallel num_threads(2)
    if (omp_get_thread_num() == 1)
      workers[r] = tool_self();
  }
  return NULL;
}

int main(void) {
  deadline(30, "ompt/worker_kept");
  pthread_t t;
  CHECK_EQ(pthread_create(&t, NULL, regions, NULL), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  CHECK(workers[0] != 0);
  CHECK_EQ(workers[1], workers[0]);
  CHECK_EQ(atomic_load(&tool_next_thread), 3); /* the initial thread and one worker */
  printf("done\n");
  return 0;
}

// CHECK: done
// CHECK-NEXT: [[W:[0-9]+]] thread_end thread=[[W]]
// CHECK-NEXT: 0 finalize
// CHECK-NEXT: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
