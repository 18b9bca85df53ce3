// cancel sections with OMP_CANCELLATION=true: the section that cancels stops
// there; sections that poll a cancellation point leave; the sections
// construct ends (no hang), and the next sections construct runs in full.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
#include "check.h"

#define PATIENCE 10.0 // seconds a section waits for the cancellation

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 1);
  int after_cancel = 0, timeouts = 0, started = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp sections
    {
#pragma omp section
      {
#pragma omp atomic
        started++;
        spin_a_bit(100000);
#pragma omp cancel sections
#pragma omp atomic
        after_cancel++;
      }
#pragma omp section
      {
#pragma omp atomic
        started++;
        double t0 = omp_get_wtime();
        while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point sections
          spin_a_bit(100);
        }
#pragma omp atomic
        timeouts++;
      }
#pragma omp section
      {
#pragma omp atomic
        started++;
        double t0 = omp_get_wtime();
        while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point sections
          spin_a_bit(100);
        }
#pragma omp atomic
        timeouts++;
      }
#pragma omp section
      {
#pragma omp atomic
        started++;
        double t0 = omp_get_wtime();
        while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point sections
          spin_a_bit(100);
        }
#pragma omp atomic
        timeouts++;
      }
    }
  }
  CHECK_EQ(after_cancel, 0);
  CHECK_EQ(timeouts, 0);
  CHECK(started >= 1 && started < 4); // the cancel kept some from starting
  printf("sections cancelled, no timeouts\n");

  int ran[3] = {0};
#pragma omp parallel num_threads(2)
  {
#pragma omp sections
    {
#pragma omp section
#pragma omp atomic
      ran[0]++;
#pragma omp section
#pragma omp atomic
      ran[1]++;
#pragma omp section
#pragma omp atomic
      ran[2]++;
    }
  }
  CHECK(ran[0] == 1 && ran[1] == 1 && ran[2] == 1);
  printf("next sections ran in full\n");
  return 0;
}
// CHECK: sections cancelled, no timeouts
// CHECK-NEXT: next sections ran in full
