/* Unit-local keys: values are per unit (also across yields on a shared ES),
 * start NULL in every new unit, and a key's destructor runs exactly once per
 * unit that ends with a non-NULL value, on that value. Outside a unit (an
 * external pthread) bt_key_set fails. */
#include "check.h"

#include <stdatomic.h>

enum { N = 200 };

static bt_key_t with_dtor, plain;
static atomic_int dtor_calls[N + 1]; /* index N: values that must not die */
static int slot[N + 1];
static atomic_int bodies;
static int main_value;

static void dtor(void *value) {
  CHECK(value != NULL);
  atomic_fetch_add(&dtor_calls[(int *)value - slot], 1);
}

/* Even ids keep their value to the end; odd ids clear it again. */
static void body(void *arg) {
  int id = (int)(intptr_t)arg;
  CHECK(bt_key_get(with_dtor) == NULL);
  CHECK(bt_key_get(plain) == NULL);
  CHECK(bt_key_set(with_dtor, &slot[N]) == 0); /* replaced below */
  CHECK(bt_key_set(with_dtor, &slot[id]) == 0);
  CHECK(bt_key_set(plain, (void *)(intptr_t)(id + 1)) == 0);
  for (int i = 0; i < 3; i++) {
    bt_yield();
    CHECK(bt_key_get(with_dtor) == &slot[id]);
    CHECK(bt_key_get(plain) == (void *)(intptr_t)(id + 1));
  }
  if (id % 2) CHECK(bt_key_set(with_dtor, NULL) == 0);
  atomic_fetch_add(&bodies, 1);
}

static void *external(void *arg) {
  (void)arg;
  CHECK(bt_key_set(plain, (void *)1) == -1);
  CHECK(bt_key_get(plain) == NULL);
  return NULL;
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_key_create(&with_dtor, dtor) == 0);
  CHECK(bt_key_create(&plain, NULL) == 0);
  CHECK(with_dtor.id != plain.id);

  /* main is a unit: its value is its own. */
  CHECK(bt_key_get(plain) == NULL);
  CHECK(bt_key_set(plain, (void *)&main_value) == 0);
  CHECK(bt_key_get(plain) == (void *)&main_value);

  bt_unit_t *u[N];
  int n = bt_num_es();
  for (int i = 0; i < N; i++) {
    bt_pool_t *pool =
        i % 3 ? bt_pool_private(i % n) : bt_pool_shared(i % n);
    u[i] = i % 5 == 2 ? bt_tasklet_create(pool, body, (void *)(intptr_t)i)
                      : bt_ult_create(pool, body, (void *)(intptr_t)i);
    CHECK(u[i] != NULL);
  }
  /* Destructors run when the unit ends, so they are done once joined. */
  for (int i = 0; i < N; i++) {
    bt_join_free(u[i]);
    CHECK(atomic_load(&dtor_calls[i]) == (i % 2 ? 0 : 1));
  }
  CHECK(atomic_load(&bodies) == N);
  CHECK(atomic_load(&dtor_calls[N]) == 0);
  CHECK(bt_key_get(plain) == (void *)&main_value);

  pthread_t t = start_thread(external, NULL);
  join_thread(t);

  bt_finalize();
  printf("keys: per-unit values, %d destructor calls as expected\n", N / 2);
  return 0;
}
