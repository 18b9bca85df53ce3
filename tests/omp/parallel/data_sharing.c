// shared, private and firstprivate (scalars and arrays) in a parallel region.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int shared_sum = 0, priv = -1, first = 42;
  int arr[3] = {7, 8, 9};
#pragma omp parallel num_threads(6) private(priv) firstprivate(first, arr) \
    shared(shared_sum)
  {
    int me = omp_get_thread_num();
    CHECK_EQ(first, 42);
    CHECK(arr[0] == 7 && arr[1] == 8 && arr[2] == 9);
    priv = me * 10;
    first += me; // private copies: no race
    arr[me % 3] = me;
#pragma omp barrier
    CHECK_EQ(priv, me * 10);
    CHECK_EQ(first, 42 + me);
    CHECK_EQ(arr[me % 3], me);
#pragma omp atomic
    shared_sum += me;
  }
  CHECK_EQ(shared_sum, 0 + 1 + 2 + 3 + 4 + 5);
  CHECK_EQ(priv, -1); // the originals are untouched
  CHECK_EQ(first, 42);
  CHECK(arr[0] == 7 && arr[1] == 8 && arr[2] == 9);
  printf("shared sum %d, first %d\n", shared_sum, first);
  return 0;
}
// CHECK: shared sum 15, first 42
