/* bt_pool_length, the hint task throttling reads, on a private pool: its
 * own ES sees the units waiting in it, each leaving the count as it
 * starts; another ES reads 0. */
#include "check.h"

enum { N = 40 };

static int ran;
static size_t seen_from_es1 = 99;

static void count_run(void *arg) {
  (void)arg;
  ran++;
}

static void read_es0_private(void *arg) {
  (void)arg;
  seen_from_es1 = bt_pool_length(bt_pool_private(0));
}

int main(void) {
  /* Main's yield lets all N run first only without time slices (see
   * bt_yield); preempt.c checks slices. */
  setenv("BOBBIN_TIME_SLICE", "off", 1);
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  CHECK(bt_self_es() == 0);

  bt_unit_t *u[N];
  for (int i = 0; i < N; i++) {
    u[i] = bt_ult_create(bt_pool_private(-1), count_run, NULL);
    CHECK(u[i] != NULL);
    CHECK(bt_pool_length(bt_pool_private(-1)) == (size_t)i + 1);
  }
  /* Another ES reads 0: the count is its owner's alone. */
  bt_unit_t *reader = bt_ult_create(bt_pool_private(1), read_es0_private, NULL);
  bt_join(reader);
  bt_free(reader);
  CHECK(seen_from_es1 == 0);

  bt_yield(); /* a yielding unit runs after everything ready */
  CHECK(ran == N);
  CHECK(bt_pool_length(bt_pool_private(-1)) == 0);
  for (int i = 0; i < N; i++) {
    bt_join(u[i]);
    bt_free(u[i]);
  }

  CHECK(bt_pool_length(bt_pool_shared(-1)) == 0);
  bt_finalize();
  printf("pool_length: %d units counted in and out of ES 0's private pool\n", N);
  return 0;
}
