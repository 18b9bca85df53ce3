/* bt_migrate_to: a ULT moved into another ES's private pool continues on
 * that ES, keeps its stack contents, and may move back and forth. */
#include "check.h"

enum { HOPS = 1000, MOVERS = 8 };

static void mover(void *arg) {
  int *hops = arg;
  volatile int on_stack = 12345; /* must survive every move */
  CHECK(bt_self_es() == 0);
  bt_migrate_to(bt_pool_private(1));
  CHECK(bt_self_es() == 1);
  for (int i = 0; i < HOPS; i++) {
    int to = i % 2;
    bt_migrate_to(bt_pool_private(to));
    CHECK(bt_self_es() == to);
    CHECK(bt_unit_es(bt_self()) == to);
    (*hops)++;
  }
  CHECK(on_stack == 12345);
  bt_migrate_to(bt_pool_private(1)); /* ends on ES 1 */
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  bt_unit_t *u[MOVERS];
  int hops[MOVERS] = {0};
  for (int i = 0; i < MOVERS; i++) {
    u[i] = bt_ult_create(bt_pool_private(0), mover, &hops[i]);
    CHECK(u[i] != NULL);
  }
  for (int i = 0; i < MOVERS; i++) {
    bt_join(u[i]);
    CHECK(hops[i] == HOPS);
    CHECK(bt_unit_es(u[i]) == 1);
    bt_free(u[i]);
  }
  bt_finalize();
  printf("migrate: %d ULTs moved %d times between ES 0 and ES 1\n", MOVERS,
         HOPS);
  return 0;
}
