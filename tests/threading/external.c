/* External pthreads (not work units): they see no unit and no ES, may create
 * units in any pool (e.g. bt_pool_private(1), where they run on ES 1) and
 * join them, blocking in the kernel while the unit is unfinished. */
#include "check.h"

#include <stdatomic.h>

static void where(void *arg) { *(int *)arg = bt_self_es(); }

static void *identity_and_create(void *arg) {
  (void)arg;
  CHECK(bt_self() == NULL);
  CHECK(bt_self_es() == -1);
  CHECK(bt_self_is_tasklet() == 0);
  bt_yield(); /* does nothing here */
  CHECK(bt_pool_private(-1) == bt_pool_private(0));
  int es = -2;
  bt_unit_t *u = bt_ult_create(bt_pool_private(1), where, &es);
  CHECK(u != NULL);
  bt_join(u);
  CHECK(es == 1 && bt_unit_es(u) == 1);
  bt_free(u);
  es = -2;
  u = bt_tasklet_create(bt_pool_private(1), where, &es);
  CHECK(u != NULL);
  bt_join_free(u);
  CHECK(es == 1);
  es = -2;
  u = bt_ult_create(NULL, where, &es); /* NULL: ES 0's private pool */
  CHECK(u != NULL);
  bt_join_free(u);
  CHECK(es == 0);
  return NULL;
}

/* A ULT that stays suspended until main resumes it. */
static _Atomic(bt_unit_t *) sleeper_self;
static void sleeper(void *arg) {
  (void)arg;
  atomic_store(&sleeper_self, bt_self());
  bt_suspend();
}

static atomic_int joiner_tid;
static void *joiner(void *arg) {
  atomic_store(&joiner_tid, (int)my_tid());
  bt_join((bt_unit_t *)arg);
  return NULL;
}

/* Several external threads creating and joining many units at once. */
enum { CREATORS = 2, PER_CREATOR = 20000, BATCH = 500 };
static atomic_long runs;
static void count(void *arg) {
  (void)arg;
  atomic_fetch_add(&runs, 1);
}
static void *creator(void *arg) {
  int id = (int)(intptr_t)arg, n = bt_num_es();
  bt_unit_t *u[BATCH];
  for (int done = 0; done < PER_CREATOR; done += BATCH) {
    for (int i = 0; i < BATCH; i++) {
      int es = (i + id) % n;
      bt_pool_t *pool = i % 3 ? bt_pool_private(es) : bt_pool_shared(es);
      u[i] = i % 4 ? bt_ult_create(pool, count, NULL)
                   : bt_tasklet_create(pool, count, NULL);
      CHECK(u[i] != NULL);
    }
    for (int i = 0; i < BATCH; i++) bt_join_free(u[i]);
  }
  return NULL;
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);

  struct ext_thread x;
  ext_start(&x, identity_and_create, NULL);
  ext_join(&x);

  bt_unit_t *s = bt_ult_create(bt_pool_private(1), sleeper, NULL);
  CHECK(s != NULL);
  pthread_t j = start_thread(joiner, s);
  while (!atomic_load(&joiner_tid)) bt_yield();
  bt_unit_t *self;
  while (!(self = atomic_load(&sleeper_self))) bt_yield();
  CHECK(self == s);
  /* The joiner must block in the kernel, not spin, while s is suspended. */
  CHECK(wait_thread_sleeping((pid_t)atomic_load(&joiner_tid)));
  bt_resume(s);
  join_thread(j);
  bt_free(s);

  struct ext_thread c[CREATORS];
  for (int i = 0; i < CREATORS; i++)
    ext_start(&c[i], creator, (void *)(intptr_t)i);
  for (int i = 0; i < CREATORS; i++) ext_join(&c[i]);
  CHECK(atomic_load(&runs) == (long)CREATORS * PER_CREATOR);

  bt_finalize();
  printf("external: pthreads created, joined (sleeping) and ran %ld units\n",
         atomic_load(&runs));
  return 0;
}
