/* bt_spin_pays: a unit alone on its ES may spin (1); once another unit is
 * ready there, or under a passive wait policy, or on a thread that is not
 * an ES, spinning does not pay (0). */
#include "check.h"

static int passive;
static int other_ran;

static void other(void *arg) {
  (void)arg;
  other_ran = 1;
}

static void alone(void *arg) {
  (void)arg;
  CHECK(bt_spin_pays() == !passive);
  bt_unit_t *u = bt_ult_create(bt_pool_private(-1), other, NULL);
  CHECK(u != NULL);
  CHECK(bt_spin_pays() == 0); /* `other` waits for this ES */
  bt_join_free(u);
  CHECK(other_ran);
  CHECK(bt_spin_pays() == !passive);
}

static void *external(void *arg) {
  (void)arg;
  CHECK(bt_spin_pays() == 0);
  return NULL;
}

int main(void) {
  const char *policy = getenv("BOBBIN_WAIT_POLICY");
  passive = policy && !strcmp(policy, "passive");
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  bt_unit_t *u = bt_ult_create(bt_pool_private(1), alone, NULL);
  CHECK(u != NULL);
  bt_join_free(u);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, external, NULL) == 0);
  CHECK(pthread_join(t, NULL) == 0);
  bt_finalize();
  printf("spin_pays: ok (%s)\n", passive ? "passive" : "spin then sleep");
  return 0;
}
