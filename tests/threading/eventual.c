/* bt_eventual: ULT waiters on both ESs and an external pthread all get the
 * value set by another ULT; test reports set/unset and the value; reset
 * makes it unset again and it can be set anew (also to NULL). */
#include "check.h"

#include <stdatomic.h>

enum { WAITERS = 8 };

static bt_eventual_t ev = BT_EVENTUAL_INITIALIZER;
static int token, token2;
static atomic_int arrived, got_token;

static void waiter(void *arg) {
  (void)arg;
  atomic_fetch_add(&arrived, 1);
  void *v = bt_eventual_wait(&ev);
  CHECK(v == &token);
  atomic_fetch_add(&got_token, 1);
}

static void *external_waiter(void *arg) {
  waiter(arg);
  return NULL;
}

/* Sets the value once every waiter has announced itself (most are then
 * blocked in bt_eventual_wait; either way they must get the value). */
static void setter(void *arg) {
  (void)arg;
  while (atomic_load(&arrived) < WAITERS + 1) bt_yield();
  bt_eventual_set(&ev, &token);
}

int main(void) {
  CHECK(bt_init() == 0);
  int n = bt_num_es();
  CHECK(n >= 2);
  void *v = &token2;
  CHECK(bt_eventual_test(&ev, &v) == 0);

  pthread_t t = start_thread(external_waiter, NULL);
  bt_unit_t *w[WAITERS];
  for (int i = 0; i < WAITERS; i++) {
    bt_pool_t *pool = i % 2 ? bt_pool_shared(i % n) : bt_pool_private(i % n);
    w[i] = bt_ult_create(pool, waiter, NULL);
    CHECK(w[i] != NULL);
  }
  bt_unit_t *s = bt_ult_create(bt_pool_private(1), setter, NULL);
  CHECK(s != NULL);
  for (int i = 0; i < WAITERS; i++) bt_join_free(w[i]);
  join_thread(t);
  bt_join_free(s);
  CHECK(atomic_load(&got_token) == WAITERS + 1);

  CHECK(bt_eventual_test(&ev, &v) == 1);
  CHECK(v == &token);
  CHECK(bt_eventual_wait(&ev) == &token); /* already set: returns at once */

  bt_eventual_reset(&ev);
  CHECK(bt_eventual_test(&ev, &v) == 0);
  bt_eventual_set(&ev, &token2);
  CHECK(bt_eventual_test(&ev, &v) == 1 && v == &token2);
  CHECK(bt_eventual_wait(&ev) == &token2);

  /* Set to NULL still counts as set; a run-time initialised one is unset. */
  bt_eventual_reset(&ev);
  bt_eventual_set(&ev, NULL);
  v = &token;
  CHECK(bt_eventual_test(&ev, &v) == 1 && v == NULL);
  bt_eventual_t e2;
  memset(&e2, 0xff, sizeof e2);
  bt_eventual_init(&e2);
  CHECK(bt_eventual_test(&e2, &v) == 0);

  bt_finalize();
  printf("eventual: %d waiters got the value; test/reset behave\n",
         WAITERS + 1);
  return 0;
}
