// master runs on thread 0 only; masked runs on thread 0, or on the thread
// that filter() names, and on none if that thread does not exist.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int master_by = -1, masked_by = -1, filter1_by = -1;
  int master_runs = 0, masked_runs = 0, filter1_runs = 0, filter9_runs = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp master
    {
      master_by = omp_get_thread_num();
      master_runs++;
    }
#pragma omp masked
    {
      masked_by = omp_get_thread_num();
      masked_runs++;
    }
#pragma omp masked filter(1)
    {
      filter1_by = omp_get_thread_num();
      filter1_runs++;
    }
#pragma omp masked filter(9)
    filter9_runs++;
  }
  CHECK_EQ(master_runs, 1);
  CHECK_EQ(master_by, 0);
  CHECK_EQ(masked_runs, 1);
  CHECK_EQ(masked_by, 0);
  CHECK_EQ(filter1_runs, 1);
  CHECK_EQ(filter1_by, 1);
  CHECK_EQ(filter9_runs, 0);
  printf("master %d, masked %d, filter(1) %d\n", master_by, masked_by,
         filter1_by);
  return 0;
}
// CHECK: master 0, masked 0, filter(1) 1
