// REQUIRES: bobbin
// On Bobbin nesting is on by default: max-active-levels is the supported
// maximum and an inner region gets the threads it asks for.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_max_active_levels(), omp_get_supported_active_levels());
  CHECK(omp_get_supported_active_levels() > 1);
  int inner[3] = {0};
#pragma omp parallel num_threads(3)
  {
    int me = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    {
      CHECK_EQ(omp_get_num_threads(), 2);
      CHECK_EQ(omp_get_active_level(), 2);
#pragma omp atomic
      inner[me]++;
    }
  }
  for (int i = 0; i < 3; i++)
    CHECK_EQ(inner[i], 2);
  printf("nested by default: inner teams of 2\n");
  return 0;
}
// CHECK: nested by default: inner teams of 2
