// taskwait depend(in: x) waits for the task that produces x and not for an
// unrelated sibling: the sibling (out: y) is a detached task whose event the
// waiting task fulfills only after its taskwait returned, so a taskwait that
// waited for it too would never return. A later taskwait depend(in: y) then
// waits for the sibling, which completes only once fulfilled. (No
// one-thread run: LLVM 14's libomp asserts on detach in a serialized team.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int rounds = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < 100; round++) {
    int x = 0, y = 0, y_body_ran = 0, fulfilled = 0, z = 0;
    omp_event_handle_t ev;
#pragma omp task depend(out : y) detach(ev) shared(y, y_body_ran)
    {
      y = 2;
      __atomic_store_n(&y_body_ran, 1, __ATOMIC_SEQ_CST);
    }
#pragma omp task depend(out : x) shared(x)
    {
      spin_a_bit(10000);
      x = 1;
    }
#pragma omp task depend(out : z) shared(z)
    z = 3; // no depend(in: z) below: the wait need not cover it
#pragma omp taskwait depend(in : x)
    CHECK_EQ(x, 1);
    // The sibling on y cannot have completed: nobody fulfilled its event.
    // Its completion is checked through a task that depends on it.
    int y_done_before = -1;
#pragma omp task depend(in : y) shared(y_done_before, fulfilled)
    y_done_before = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
    __atomic_store_n(&fulfilled, 1, __ATOMIC_SEQ_CST);
    omp_fulfill_event(ev);
#pragma omp taskwait depend(in : y)
    CHECK_EQ(y, 2);
    CHECK_EQ(y_body_ran, 1);
#pragma omp taskwait
    CHECK_EQ(y_done_before, 1);
    CHECK_EQ(z, 3);
    rounds++;
  }
  printf("%d rounds: taskwait depend waited for the right producer\n", rounds);
  return 0;
}
// CHECK: 100 rounds: taskwait depend waited for the right producer
