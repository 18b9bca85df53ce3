// libomp's KMP_ENABLE_TASK_THROTTLING. Thread 0 makes N tasks while thread 1
// is held by the first one it takes (each task taken by another thread
// before all are made waits until they are). By default the queue fills,
// and thread 0 runs some of its new tasks at once (task throttling); with
// KMP_ENABLE_TASK_THROTTLING=0 every task is queued, however many wait, as
// LLVM's tasking/omp_fill_taskqueue.c expects. A malformed value gets a
// warning and keeps throttling. Before, Bobbin ignored the variable. Passes
// on LLVM's libomp 19 (libgomp, which has no such variable, throttles).
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env KMP_ENABLE_TASK_THROTTLING=1 %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env KMP_ENABLE_TASK_THROTTLING=0 %libomp-run | FileCheck %s --check-prefix=OFF
// RUN: env KMP_ENABLE_TASK_THROTTLING=maybe %libomp-run 2>&1 | FileCheck %s --check-prefixes=BAD,ON
#include "check.h"

#define N 1000

int main(void) {
  deadline(60, "throttling_disabled");
  int all_made = 0, at_once = 0, ran = 0;
#pragma omp parallel num_threads(2)
#pragma omp master
  {
    for (int i = 0; i < N; i++) {
#pragma omp task shared(all_made, at_once, ran)
      {
        if (!__atomic_load_n(&all_made, __ATOMIC_ACQUIRE)) {
          if (omp_get_thread_num() == 0)
            __atomic_fetch_add(&at_once, 1, __ATOMIC_RELAXED);
          else
            while (!__atomic_load_n(&all_made, __ATOMIC_ACQUIRE))
              ;
        }
        __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
      }
    }
    __atomic_store_n(&all_made, 1, __ATOMIC_RELEASE);
  }
  CHECK_EQ(ran, N);
  printf("throttled: %s\n", at_once ? "yes" : "no");
  return 0;
}
// BAD: bobbin: KMP_ENABLE_TASK_THROTTLING='maybe' is not true or false; using true
// ON: throttled: yes
// OFF: throttled: no
