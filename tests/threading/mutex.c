/* bt_mutex: 10^4 ULTs on two ESs and an external pthread increment a plain
 * counter under one mutex, yielding inside the critical section to force
 * contention; the count is exact. trylock succeeds only when free. */
#include "check.h"

#include <sched.h>
#include <stdatomic.h>

enum { ULTS = 10000, EXTERNAL_ITERS = 2000 };

static bt_mutex_t lock = BT_MUTEX_INITIALIZER;
static long counter;  /* protected by lock, deliberately not atomic */
static int holders;   /* likewise: must never exceed 1 */
static atomic_int external_done;
static atomic_int ults_done;
static long external_iters;

static void critical(int from_ult) {
  bt_mutex_lock(&lock);
  CHECK(++holders == 1);
  long seen = counter;
  if (from_ult)
    bt_yield();
  else
    sched_yield();
  counter = seen + 1;
  CHECK(--holders == 0);
  bt_mutex_unlock(&lock);
}

static void ult_body(void *arg) {
  (void)arg;
  critical(1);
  atomic_fetch_add(&ults_done, 1);
}

static void *external(void *arg) {
  (void)arg;
  /* Keeps contending for as long as the ULTs do. */
  while (external_iters < EXTERNAL_ITERS || atomic_load(&ults_done) < ULTS) {
    critical(0);
    external_iters++;
  }
  atomic_store(&external_done, 1);
  return NULL;
}

static atomic_int try_result;
static void try_once(void *arg) {
  bt_mutex_t *m = arg;
  int got = bt_mutex_trylock(m);
  if (got) bt_mutex_unlock(m);
  atomic_store(&try_result, got);
}

static void *external_try(void *arg) {
  try_once(arg);
  return NULL;
}

/* trylock by a ULT on ES 1 and by an external thread. */
static int try_elsewhere(bt_mutex_t *m) {
  atomic_store(&try_result, -1);
  bt_unit_t *u = bt_ult_create(bt_pool_private(1), try_once, m);
  CHECK(u != NULL);
  bt_join_free(u);
  int from_ult = atomic_load(&try_result);
  atomic_store(&try_result, -1);
  join_thread(start_thread(external_try, m));
  CHECK(atomic_load(&try_result) == from_ult);
  return from_ult;
}

int main(void) {
  CHECK(bt_init() == 0);
  int n = bt_num_es();
  CHECK(n >= 2);

  bt_mutex_t m;
  bt_mutex_init(&m);
  CHECK(bt_mutex_trylock(&m) == 1);
  CHECK(bt_mutex_trylock(&m) == 0); /* held, even by the caller */
  CHECK(try_elsewhere(&m) == 0);
  bt_mutex_unlock(&m);
  CHECK(try_elsewhere(&m) == 1);
  bt_mutex_lock(&m);
  CHECK(try_elsewhere(&m) == 0);
  bt_mutex_unlock(&m);

  pthread_t t = start_thread(external, NULL);
  static bt_unit_t *u[ULTS];
  for (int i = 0; i < ULTS; i++) {
    int es = i % n;
    bt_pool_t *pool = (i / n) % 2 ? bt_pool_shared(es) : bt_pool_private(es);
    u[i] = bt_ult_create(pool, ult_body, NULL);
    CHECK(u[i] != NULL);
  }
  for (int i = 0; i < ULTS; i++) bt_join_free(u[i]);
  join_thread(t);
  CHECK(atomic_load(&external_done));
  CHECK(counter == ULTS + external_iters);
  CHECK(bt_mutex_trylock(&lock) == 1);
  bt_mutex_unlock(&lock);

  bt_finalize();
  printf("mutex: counter %ld exact after contended ULT and pthread updates\n",
         counter);
  return 0;
}
