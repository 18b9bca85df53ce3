// omp_nest_lock_t: the owner may set it again; test_nest_lock returns the
// new nesting count to the owner and 0 to other threads; the lock is free
// only after as many unsets as sets.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

static omp_nest_lock_t lock;
static volatile long counter;

static void recurse(int depth) {
  omp_set_nest_lock(&lock);
  long c = counter;
  spin_a_bit(5);
  counter = c + 1;
  if (depth > 1)
    recurse(depth - 1);
  omp_unset_nest_lock(&lock);
}

int main(void) {
  omp_init_nest_lock(&lock);
  CHECK_EQ(omp_test_nest_lock(&lock), 1);
  CHECK_EQ(omp_test_nest_lock(&lock), 2);
  omp_set_nest_lock(&lock);
  CHECK_EQ(omp_test_nest_lock(&lock), 4);
  for (int i = 0; i < 4; i++)
    omp_unset_nest_lock(&lock);
  printf("nesting counts 1 2 4\n");

#pragma omp parallel num_threads(6)
  for (int i = 0; i < 500; i++)
    recurse(1 + i % 4);
  CHECK_EQ(counter, 6 * 500 / 4 * (1 + 2 + 3 + 4));
  printf("recursive counter %ld\n", counter);

  // Another thread's test fails while the owner holds it at any depth.
  int other_test[3] = {-1, -1, -1}, after = -1;
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      omp_set_nest_lock(&lock);
      omp_set_nest_lock(&lock);
    }
#pragma omp barrier
    if (me == 1)
      other_test[0] = omp_test_nest_lock(&lock);
#pragma omp barrier
    if (me == 0)
      omp_unset_nest_lock(&lock); // still held once
#pragma omp barrier
    if (me == 1)
      other_test[1] = omp_test_nest_lock(&lock);
#pragma omp barrier
    if (me == 0)
      omp_unset_nest_lock(&lock); // free now
#pragma omp barrier
    if (me == 1) {
      after = omp_test_nest_lock(&lock);
      other_test[2] = omp_test_nest_lock(&lock);
      omp_unset_nest_lock(&lock);
      omp_unset_nest_lock(&lock);
    }
  }
  CHECK_EQ(other_test[0], 0);
  CHECK_EQ(other_test[1], 0);
  CHECK_EQ(after, 1);
  CHECK_EQ(other_test[2], 2);
  omp_destroy_nest_lock(&lock);
  printf("other thread: %d %d, after release %d then %d\n", other_test[0],
         other_test[1], after, other_test[2]);
  return 0;
}
// CHECK: nesting counts 1 2 4
// CHECK-NEXT: recursive counter 7500
// CHECK-NEXT: other thread: 0 0, after release 1 then 2
