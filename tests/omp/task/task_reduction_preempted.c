// Tasks updating a task reduction item while time slices preempt them: a
// task keeps its private copy across the whole loop (the compiler holds the
// sum in a register), so two tasks given one copy lose updates when one is
// preempted mid-loop and the other runs. Each task's copy is its thread
// number's, and no two tasks running at once have the same number.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

enum { ROUNDS = 5, TASKS = 16 };
#define PER 2000000L

int main(void) {
  deadline(60, "task_reduction_preempted");
  for (int r = 0; r < ROUNDS; r++) {
    long sum = 0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+ : sum)
      for (int t = 0; t < TASKS; t++) {
#pragma omp task in_reduction(+ : sum)
        for (long i = 0; i < PER; i++)
          sum += 1;
      }
    }
    CHECK_EQ(sum, TASKS * PER);
  }
  printf("%d rounds of %d tasks summed right\n", ROUNDS, TASKS);
  return 0;
}
// CHECK: 5 rounds of 16 tasks summed right
