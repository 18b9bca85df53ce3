/* bt_suspend/bt_resume: a suspended ULT continues after a resume from main,
 * from another ULT or from an external pthread; a resume that comes before
 * the suspend is remembered; every suspend pairs with exactly one resume. */
#include "check.h"

#include <stdatomic.h>

static _Atomic(bt_unit_t *) published;
static atomic_int stage;

/* Publishes itself, suspends, and records that it came back. */
static void sleeper(void *arg) {
  (void)arg;
  atomic_store(&published, bt_self());
  atomic_store(&stage, 1);
  bt_suspend();
  atomic_store(&stage, 2);
}

static bt_unit_t *wait_published(void) {
  bt_unit_t *u;
  while (!(u = atomic_load(&published))) bt_yield();
  return u;
}

/* Main resumes a ULT that suspended on ES 1. */
static void resume_from_main(void) {
  atomic_store(&published, NULL);
  atomic_store(&stage, 0);
  bt_unit_t *u = bt_ult_create(bt_pool_private(1), sleeper, NULL);
  CHECK(u == wait_published());
  for (int i = 0; i < 100; i++) bt_yield(); /* most likely suspended now */
  CHECK(atomic_load(&stage) == 1);           /* it cannot pass the suspend */
  bt_resume(u);
  bt_join_free(u);
  CHECK(atomic_load(&stage) == 2);
}

/* A ULT resumes itself, then suspends: returns at once, twice over. */
static void self_resumer(void *arg) {
  int *done = arg;
  for (int i = 0; i < 2; i++) {
    bt_resume(bt_self());
    bt_suspend();
  }
  *done = 1;
}

/* Resumed from ES 0 while still running on ES 1, before its suspend. */
static atomic_int resumed;
static void early_resumed(void *arg) {
  (void)arg;
  atomic_store(&published, bt_self());
  while (!atomic_load(&resumed)) bt_yield();
  bt_suspend(); /* the resume already came */
  atomic_store(&stage, 3);
}

static void *external_resumer(void *arg) {
  (void)arg;
  CHECK(bt_self() == NULL);
  bt_unit_t *u;
  while (!(u = atomic_load(&published))) nap_ms(1);
  while (atomic_load(&stage) != 1) nap_ms(1);
  bt_resume(u);
  return NULL;
}

/* Ping-pong across two ESs: each suspend is paired with one resume. */
enum { PINGS = 20000 };
static _Atomic(bt_unit_t *) peer[2];
static long pings[2];

static void pinger(void *arg) {
  int me = (int)(intptr_t)arg, other = 1 - me;
  atomic_store(&peer[me], bt_self());
  bt_unit_t *p;
  while (!(p = atomic_load(&peer[other]))) bt_yield();
  for (int i = 0; i < PINGS; i++) {
    if (me == 0) {
      bt_resume(p);
      bt_suspend();
    } else {
      bt_suspend();
      bt_resume(p);
    }
    pings[me]++;
  }
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() >= 2);

  resume_from_main();

  int done = 0;
  bt_unit_t *s = bt_ult_create(NULL, self_resumer, &done);
  bt_join_free(s);
  CHECK(done == 1);

  atomic_store(&published, NULL);
  atomic_store(&stage, 0);
  bt_unit_t *e = bt_ult_create(bt_pool_private(1), early_resumed, NULL);
  bt_resume(wait_published());
  atomic_store(&resumed, 1);
  bt_join_free(e);
  CHECK(atomic_load(&stage) == 3);

  atomic_store(&published, NULL);
  atomic_store(&stage, 0);
  pthread_t t = start_thread(external_resumer, NULL);
  bt_unit_t *x = bt_ult_create(bt_pool_private(1), sleeper, NULL);
  bt_join_free(x);
  join_thread(t);
  CHECK(atomic_load(&stage) == 2);

  bt_unit_t *a = bt_ult_create(bt_pool_private(0), pinger, (void *)0);
  bt_unit_t *b = bt_ult_create(bt_pool_private(1), pinger, (void *)1);
  bt_join_free(a);
  bt_join_free(b);
  CHECK(pings[0] == PINGS && pings[1] == PINGS);

  bt_finalize();
  printf("suspend: resumes from main, ULTs, an external thread and early "
         "resumes all paired\n");
  return 0;
}
