// cancel parallel also cancels the team's explicit tasks, as libgomp and
// libomp do: tasks that have not started when the region is cancelled are
// discarded, the region still ends (their successors released, nothing
// waits for ever), and with OMP_CANCELLATION unset they all run. Thread 0
// makes a gate task that holds back N dependent tasks until after thread 0
// has cancelled, so none of them can have started before the cancel.
// RUN: %libomp-compile && env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s --check-prefix=OFF
#include "check.h"

#define N 16

int main(void) {
  deadline(60, "cancel_parallel_tasks");
  int ran = 0, gate_started = 0, cancelled = 0;
#pragma omp parallel shared(ran, gate_started, cancelled)
  {
    if (omp_get_thread_num() == 0) {
      int x = 0;
#pragma omp task depend(out : x) shared(gate_started, cancelled)
      {
        __atomic_store_n(&gate_started, 1, __ATOMIC_SEQ_CST);
        while (!__atomic_load_n(&cancelled, __ATOMIC_SEQ_CST))
          ;
        double until = omp_get_wtime() + 0.02; // the cancel has been made by then
        while (omp_get_wtime() < until)
          ;
      }
      for (int i = 0; i < N; i++)
#pragma omp task depend(in : x) shared(ran)
        __atomic_fetch_add(&ran, 1, __ATOMIC_SEQ_CST);
      while (!__atomic_load_n(&gate_started, __ATOMIC_SEQ_CST))
        ;
      __atomic_store_n(&cancelled, omp_get_cancellation() ? 1 : 2, __ATOMIC_SEQ_CST);
#pragma omp cancel parallel
    }
#pragma omp barrier
  }
  if (omp_get_cancellation())
    CHECK_EQ(ran, 0);
  else
    CHECK_EQ(ran, N);
  printf("%d of %d tasks ran\n", ran, N);
  return 0;
}
// ON: 0 of 16 tasks ran
// OFF: 16 of 16 tasks ran
