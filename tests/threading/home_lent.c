/* A unit without a TLS block of its own runs with its ES's, which, on ES 0,
 * is the main ULT's (the thread that called bt_init). The main ULT lends
 * it to the units that start while it waits, unless it keeps it
 * (bt_self_keep_block(1)): then a unit that starts meanwhile takes another
 * block, so that preempted halfway (here it spins until the main ULT has
 * seen it start) it never keeps the main ULT from going on.
 *   keep  the main ULT yields, keeping its block, until U runs; U, with a
 *         block of its own, spins until the main ULT sets a flag.
 *   lend  the main ULT yields, lending, until U runs: U runs with its
 *         block (pthread_self() is the block).
 * Each case fails by its own deadline with a message, never hangs. */
#include "check.h"

#include <stdatomic.h>

static _Atomic int started, flag;
static pthread_t seen;

static void u_body(void *spin) {
  seen = pthread_self();
  atomic_store(&started, 1);
  while (spin && !atomic_load(&flag))
    ;
}

static void run_case(int lend) {
  atomic_store(&started, 0);
  atomic_store(&flag, 0);
  bt_self_keep_block(!lend);
  bt_unit_t *u = bt_ult_create(bt_pool_private(0), u_body, lend ? NULL : (void *)1);
  CHECK(u);
  while (!atomic_load(&started))
    bt_yield();
  bt_self_keep_block(0);
  CHECK(lend ? pthread_equal(seen, pthread_self()) : !pthread_equal(seen, pthread_self()));
  atomic_store(&flag, 1);
  bt_join_free(u);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 1);
  CHECK(bt_time_slice_ns() > 0);
  deadline(20, "home_lent keep: the main ULT waited for a unit holding its block");
  for (int i = 0; i < 20; i++)
    run_case(0);
  deadline(20, "home_lent lend: the unit never ran");
  run_case(1);
  deadline(0, "home_lent");
  bt_finalize();
  printf("home_lent: ok\n");
  return 0;
}
