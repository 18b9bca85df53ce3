// Explicit barriers: nobody leaves a barrier before everyone has arrived,
// for teams of 1 to 9 threads, in nested teams and after unbalanced work.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

static int barrier_rounds(int nt, int rounds) {
  int errors = 0, arrived = 0;
#pragma omp parallel num_threads(nt) reduction(+ : errors)
  for (int r = 1; r <= rounds; r++) {
    spin_a_bit((omp_get_thread_num() * 7919 + r * 104729) % 3000);
#pragma omp atomic
    arrived++;
#pragma omp barrier
    int seen;
#pragma omp atomic read
    seen = arrived;
    errors += seen != r * nt;
#pragma omp barrier
  }
  return errors;
}

int main(void) {
  for (int nt = 1; nt <= 9; nt++)
    CHECK_EQ(barrier_rounds(nt, 100), 0);
  printf("teams 1..9: no early exits\n");

  int errors = 0;
#pragma omp parallel num_threads(3) reduction(+ : errors)
  errors += barrier_rounds(3, 100);
  CHECK_EQ(errors, 0);
  printf("nested 3 x 3: no early exits\n");
  return 0;
}
// CHECK: teams 1..9: no early exits
// CHECK-NEXT: nested 3 x 3: no early exits
