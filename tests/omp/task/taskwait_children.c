// taskwait waits for the children of the current task and not for its
// grandchildren: every child's work is visible after it, while a grandchild
// (a detached task whose event only the waiting task fulfills, after the
// taskwait) is still incomplete. The end of the region then waits for it.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define CHILDREN 16
#define ROUNDS 100

int main(void) {
  static int grandchild_done[ROUNDS];
  int rounds = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < ROUNDS; round++) {
    int done[CHILDREN] = {0}, handed = 0;
    omp_event_handle_t ev;
    for (int i = 0; i < CHILDREN; i++)
#pragma omp task shared(done) firstprivate(i)
    {
      spin_a_bit(1000 * (i % 4));
      done[i] = 1;
    }
    // A child that leaves a detached grandchild behind and hands its event
    // up; the child itself ends at once.
#pragma omp task shared(ev, handed) firstprivate(round)
    {
      omp_event_handle_t g;
#pragma omp task detach(g) firstprivate(round)
      grandchild_done[round] = 1;
      ev = g;
      __atomic_store_n(&handed, 1, __ATOMIC_SEQ_CST);
    }
#pragma omp taskwait
    for (int i = 0; i < CHILDREN; i++)
      CHECK_EQ(done[i], 1);
    CHECK_EQ(__atomic_load_n(&handed, __ATOMIC_SEQ_CST), 1);
    omp_fulfill_event(ev); // only now can the grandchild complete
    rounds++;
  }
  for (int r = 0; r < ROUNDS; r++)
    CHECK_EQ(grandchild_done[r], 1);
  printf("%d taskwaits returned before their grandchildren completed\n", rounds);
  return 0;
}
// CHECK: 100 taskwaits returned before their grandchildren completed
