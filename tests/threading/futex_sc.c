/* bt_futex_wake_sc: a waker that skips the table's lock when no waiter is
 * counted loses no wake-up. Rounds of a count that ULTs of another ES take
 * to zero (seq_cst decrements, the last one waking with bt_futex_wake_sc)
 * while the main ULT, then an external thread, waits for zero with
 * bt_futex_wait: a lost wake-up leaves the waiter asleep, and the test
 * ends at its deadline. A wake with nobody waiting wakes no one. */
#include "check.h"

#include <limits.h>

enum { ROUNDS = 2000, WORKERS = 4 };

static uint32_t count;

static void worker(void *arg) {
  (void)arg;
  if (__atomic_sub_fetch(&count, 1, __ATOMIC_SEQ_CST) == 0)
    bt_futex_wake_sc(&count, INT_MAX);
}

static void wait_zero(void) {
  uint32_t c;
  while ((c = __atomic_load_n(&count, __ATOMIC_SEQ_CST)) != 0)
    bt_futex_wait(&count, c);
}

static void rounds(void) {
  for (int r = 0; r < ROUNDS; r++) {
    bt_unit_t *u[WORKERS];
    __atomic_store_n(&count, WORKERS, __ATOMIC_SEQ_CST);
    for (int i = 0; i < WORKERS; i++)
      CHECK((u[i] = bt_ult_create(bt_pool_private(1), worker, NULL)));
    wait_zero();
    for (int i = 0; i < WORKERS; i++) bt_join_free(u[i]);
  }
}

static void *external_rounds(void *arg) {
  (void)arg;
  rounds();
  return NULL;
}

int main(void) {
  deadline(100, "futex_sc: a waiter was never woken");
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() >= 2);
  CHECK(bt_futex_wake_sc(&count, INT_MAX) == 0);
  rounds();
  join_thread(start_thread(external_rounds, NULL));
  bt_finalize();
  printf("futex_sc: %d rounds, every waiter woken\n", 2 * ROUNDS);
  return 0;
}
