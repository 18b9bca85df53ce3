// Untied tasks in a task reduction that yield between their updates: each
// updates the copy it was given at its start, and must be the only task
// updating that copy whenever it runs, wherever it resumes. With gcc the
// copy is the chunk of the thread (in Bobbin, of the seat) the task started
// on, taken once at its start; an untied task that resumed in another seat
// after a taskyield went on updating its first seat's chunk while the task
// then in that seat did too, and sums lost updates. Tied tasks that update
// between stretches of work run beside them, to be in that seat meanwhile.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#define TASKS 64
#define STEPS 40
#define ROUNDS 4

static void work(void) {
  volatile double x = 1;
  for (int i = 0; i < 500; i++)
    x = x * 0.999 + 1e-9;
}

int main(void) {
  deadline(60, "task_reduction_untied");
  for (int round = 0; round < ROUNDS; round++) {
    long sum = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+ : sum)
      for (int t = 0; t < TASKS; t++) {
#pragma omp task untied in_reduction(+ : sum)
        for (int s = 0; s < STEPS; s++) {
          sum += 1;
#pragma omp taskyield
        }
#pragma omp task in_reduction(+ : sum)
        for (int s = 0; s < STEPS; s++) {
          sum += 1;
          work();
        }
      }
    }
    CHECK_EQ(sum, 2L * TASKS * STEPS);
  }
  printf("untied tasks reduced in %d rounds\n", ROUNDS);
  return 0;
}
// CHECK: untied tasks reduced in 4 rounds
