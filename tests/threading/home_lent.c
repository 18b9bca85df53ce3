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
 *   hosted  lending, the main ULT lets V start with its block; V keeps it
 *         while it yields, and the main ULT, waiting meanwhile, is offered
 *         a tasklet T to run in place (bt_run_ready): it must refuse, as T
 *         would run with the block V keeps, and T runs with another. V
 *         finds its __thread value as it left it (before, T overwrote it:
 *         a tied OpenMP task's threadprivate, lost at its taskyield).
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

static __thread int mark;
static _Atomic int v_yielded;

static void v_body(void *unused) {
  (void)unused;
  mark = 1;
  atomic_store(&v_yielded, 1);
  bt_yield();
  CHECK(mark == 1);
}

static void t_body(void *unused) {
  (void)unused;
  mark = 2;
}

static int any(void *arg, void *ctx) { return (void)arg, (void)ctx, 1; }

static void run_hosted_case(void) {
  bt_self_keep_block(0);
  bt_unit_t *v = bt_create(bt_pool_private(0), v_body, NULL,
                           &(bt_unit_attr_t){.keep_block = 1});
  CHECK(v);
  while (!atomic_load(&v_yielded))
    bt_yield();
  bt_unit_t *t = bt_tasklet_create(bt_pool_private(0), t_body, NULL);
  CHECK(t);
  CHECK(bt_run_ready(t_body, any, NULL) == 0);
  bt_join_free(t);
  bt_join_free(v);
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
  deadline(20, "home_lent hosted: a unit never ran");
  run_hosted_case();
  deadline(0, "home_lent");
  bt_finalize();
  printf("home_lent: ok\n");
  return 0;
}
