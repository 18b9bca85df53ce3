/* The main ULT joins a list of units (bt_join_free_all): one it runs in
 * place, with a block borrowed from ES 0's cache, which stays loaded once
 * the unit is done and back in the cache; then one on ES 1 that is not
 * done, so the main ULT waits and its OS thread gives ES 0 to a spare. It
 * must leave the borrowed block first: the spare lends it from the cache
 * to U3, which takes it to ES 1 (bt_migrate_to) and parks there, and only
 * then does the unit on ES 1 end. The main ULT must go on with its own
 * block (pthread_self() is the block), not with U3's, which names ES 1 as
 * the ES it runs on. */
#include "check.h"

#include <stdatomic.h>

static _Atomic int u3_arrived;
static pthread_t u3_block;

static void in_place(void *arg) { (void)arg; }

static void on_es1(void *arg) {
  (void)arg;
  while (!atomic_load(&u3_arrived))
    bt_yield();
}

static void u3_body(void *arg) {
  (void)arg;
  bt_migrate_to(bt_pool_shared(1));
  u3_block = pthread_self();
  atomic_store(&u3_arrived, 1);
  bt_suspend();
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  deadline(20, "join_aside: the join never ended");
  pthread_t me = pthread_self();
  bt_unit_attr_t borrow = {.tls = BT_TLS_BORROW, .in_place = 1, .kind = BT_ULT_SC};
  bt_unit_attr_t roams = {.tls = BT_TLS_BORROW, .migratable = 1};
  bt_unit_t *units[2] = {bt_create(bt_pool_private(0), in_place, NULL, &borrow),
                         bt_ult_create(bt_pool_private(1), on_es1, NULL)};
  bt_unit_t *u3 = bt_create(bt_pool_private(0), u3_body, NULL, &roams);
  CHECK(units[0] && units[1] && u3);
  bt_join_free_all(units, 2);
  CHECK(!pthread_equal(u3_block, me));
  CHECK(pthread_equal(pthread_self(), me));
  CHECK(bt_self_es() == 0);
  bt_resume(u3);
  bt_join_free(u3);
  deadline(0, "join_aside");
  bt_finalize();
  printf("join_aside: ok\n");
  return 0;
}
