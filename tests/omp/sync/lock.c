// omp_lock_t: init, set, unset, test, destroy. Mutual exclusion under
// contention; test_lock fails while another thread holds the lock and
// succeeds once it is free; a lock can be reinitialized after destroy.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 6
#define ITERS 3000

int main(void) {
  omp_lock_t lock;
  omp_init_lock(&lock);
  volatile long counter = 0;
  int inside = 0, overlap = 0, test_wins = 0;
#pragma omp parallel num_threads(NT) reduction(+ : overlap, test_wins)
  for (int i = 0; i < ITERS; i++) {
    if (i % 4 == 0) {
      while (!omp_test_lock(&lock))
        ;
      test_wins++;
    } else {
      omp_set_lock(&lock);
    }
    overlap += __atomic_add_fetch(&inside, 1, __ATOMIC_RELAXED) != 1;
    long c = counter;
    spin_a_bit(10);
    counter = c + 1;
    __atomic_sub_fetch(&inside, 1, __ATOMIC_RELAXED);
    omp_unset_lock(&lock);
  }
  CHECK_EQ(counter, NT * ITERS);
  CHECK_EQ(overlap, 0);
  CHECK_EQ(test_wins, NT * (ITERS / 4));
  printf("lock: counter %ld, overlap %d\n", counter, overlap);

  // While thread 0 holds the lock, thread 1's test fails; after it lets go,
  // thread 1's test succeeds.
  int failed_test = -1, later_test = -1;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      omp_set_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      failed_test = omp_test_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      omp_unset_lock(&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 1) {
      later_test = omp_test_lock(&lock);
      if (later_test)
        omp_unset_lock(&lock);
    }
  }
  CHECK_EQ(failed_test, 0);
  CHECK_EQ(later_test, 1);
  omp_destroy_lock(&lock);
  omp_init_lock(&lock);
  CHECK_EQ(omp_test_lock(&lock), 1);
  omp_unset_lock(&lock);
  omp_destroy_lock(&lock);
  printf("test while held %d, after release %d\n", failed_test, later_test);

  // Many locks at once.
  omp_lock_t many[64];
  int cnt[64] = {0};
  for (int k = 0; k < 64; k++)
    omp_init_lock(&many[k]);
#pragma omp parallel for num_threads(NT) schedule(dynamic)
  for (int i = 0; i < 64 * 100; i++) {
    omp_set_lock(&many[i % 64]);
    cnt[i % 64]++;
    omp_unset_lock(&many[i % 64]);
  }
  for (int k = 0; k < 64; k++) {
    CHECK_EQ(cnt[k], 100);
    omp_destroy_lock(&many[k]);
  }
  printf("64 locks ok\n");
  return 0;
}
// CHECK: lock: counter 18000, overlap 0
// CHECK-NEXT: test while held 0, after release 1
// CHECK-NEXT: 64 locks ok
