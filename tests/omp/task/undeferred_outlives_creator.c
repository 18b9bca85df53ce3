// A task run at once (if(0)) whose deferred child outlives it, and its
// creator too: the child's own tasks must still find their way up the
// chain of ancestors (a waiter at the end of a taskgroup lends its seat
// only to its descendants) after the creator's memory went to new tasks of
// the same size. The creator C, run by another thread than the single one,
// makes B at once; B makes A and ends; C ends. A, once C is gone, makes
// tasks as large as C, which may reuse C's memory, and leaves them to the
// single thread, which waits at the taskgroup's end.
//
// On one ES, the single thread spins for C while C waits in the ES's pool
// and the other thread waits for the region's end: at the single's
// barrier (clang), or at none, done with the region (gcc drops the barrier
// of a single that ends a region). In a Pthread runtime that thread would
// run C, so either way it counts as a thread that wants units run, and the
// spinner is preempted for C. Under a 100 us slice too, where the monitor
// disarms and arms again often: C, queued while the monitor disarmed, must
// still be seen.
// RUN: %libomp-compile && env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

enum { ROUNDS = 2000, GRANDCHILDREN = 3 };

struct pad {
  char bytes[72];
};

int main(void) {
  deadline(60, "tasks of a task that outlived its creator");
  struct pad pad = {{1}};
  int ran = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < ROUNDS; round++) {
    int creator_done = 0;
#pragma omp taskgroup
    {
#pragma omp task firstprivate(pad) shared(creator_done, ran)
      {
#pragma omp task if(0) firstprivate(pad) shared(creator_done, ran)
        {
#pragma omp task shared(creator_done, ran)
          {
            while (!__atomic_load_n(&creator_done, __ATOMIC_ACQUIRE))
              ;
            spin_a_bit(2000); // its creator completes meanwhile
            for (int g = 0; g < GRANDCHILDREN; g++)
#pragma omp task firstprivate(pad) shared(ran)
              {
                spin_a_bit(200 + pad.bytes[0]);
                __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
              }
            // Meanwhile the single thread, at the taskgroup's end, may
            // take them.
            spin_a_bit(200000);
          }
        }
        __atomic_store_n(&creator_done, 1, __ATOMIC_RELEASE);
      }
      // The creator runs on another thread.
      while (!__atomic_load_n(&creator_done, __ATOMIC_ACQUIRE))
        ;
    }
  }
  CHECK_EQ(ran, ROUNDS * GRANDCHILDREN);
  printf("%d rounds ran every grandchild\n", ROUNDS);
  return 0;
}
// CHECK: 2000 rounds ran every grandchild
