/* bt_cond: a bounded buffer between producer and consumer ULTs (on both
 * ESs) and external pthreads delivers every item exactly once; a single
 * broadcast wakes every waiter, ULTs and an external thread alike. */
#include "check.h"

#include <stdatomic.h>

enum { SIDE = 5, PER = 2000, TOTAL = SIDE * PER, CAP = 4, WAITERS = 16 };

static bt_mutex_t m = BT_MUTEX_INITIALIZER;
static bt_cond_t not_full = BT_COND_INITIALIZER;
static bt_cond_t not_empty; /* bt_cond_init'ed in main */
static int buf[CAP], head, len;
static atomic_int seen[TOTAL];

static void produce(void *arg) {
  int base = (int)(intptr_t)arg * PER;
  for (int k = 0; k < PER; k++) {
    bt_mutex_lock(&m);
    while (len == CAP) bt_cond_wait(&not_full, &m);
    buf[(head + len++) % CAP] = base + k;
    bt_cond_signal(&not_empty);
    bt_mutex_unlock(&m);
  }
}

static void consume(void *arg) {
  (void)arg;
  for (int k = 0; k < PER; k++) {
    bt_mutex_lock(&m);
    while (len == 0) bt_cond_wait(&not_empty, &m);
    int v = buf[head];
    head = (head + 1) % CAP;
    len--;
    bt_cond_broadcast(&not_full);
    bt_mutex_unlock(&m);
    CHECK(v >= 0 && v < TOTAL);
    atomic_fetch_add(&seen[v], 1);
  }
}

static void *external_side(void *arg) {
  int id = (int)(intptr_t)arg;
  if (id < SIDE)
    produce(arg);
  else
    consume(NULL);
  return NULL;
}

/* Broadcast: everyone waits for `go`, counted in `waiting` under m. */
static bt_cond_t go_cond = BT_COND_INITIALIZER;
static int go, waiting, woken;

static void go_waiter(void *arg) {
  (void)arg;
  bt_mutex_lock(&m);
  waiting++;
  while (!go) bt_cond_wait(&go_cond, &m);
  woken++;
  bt_mutex_unlock(&m);
}

static void *external_go_waiter(void *arg) {
  go_waiter(arg);
  return NULL;
}

int main(void) {
  CHECK(bt_init() == 0);
  int n = bt_num_es();
  CHECK(n >= 2);
  bt_cond_init(&not_empty);

  /* Producers 0..SIDE-2 and consumers are ULTs; one of each is external. */
  pthread_t ext_prod = start_thread(external_side, (void *)(intptr_t)(SIDE - 1));
  pthread_t ext_cons = start_thread(external_side, (void *)(intptr_t)SIDE);
  bt_unit_t *u[2 * (SIDE - 1)];
  for (int i = 0; i < SIDE - 1; i++) {
    u[2 * i] = bt_ult_create(bt_pool_private(i % n), consume, NULL);
    u[2 * i + 1] =
        bt_ult_create(bt_pool_shared(i % n), produce, (void *)(intptr_t)i);
    CHECK(u[2 * i] && u[2 * i + 1]);
  }
  for (int i = 0; i < 2 * (SIDE - 1); i++) bt_join_free(u[i]);
  join_thread(ext_prod);
  join_thread(ext_cons);
  CHECK(len == 0);
  for (int v = 0; v < TOTAL; v++) CHECK(atomic_load(&seen[v]) == 1);

  bt_unit_t *w[WAITERS];
  pthread_t ext_w = start_thread(external_go_waiter, NULL);
  for (int i = 0; i < WAITERS; i++) {
    w[i] = bt_ult_create(bt_pool_private(i % n), go_waiter, NULL);
    CHECK(w[i] != NULL);
  }
  /* Once all have counted themselves under m, all sit in bt_cond_wait. */
  for (;;) {
    bt_mutex_lock(&m);
    if (waiting == WAITERS + 1) break;
    bt_mutex_unlock(&m);
    bt_yield();
  }
  go = 1;
  bt_cond_broadcast(&go_cond);
  bt_mutex_unlock(&m);
  for (int i = 0; i < WAITERS; i++) bt_join_free(w[i]);
  join_thread(ext_w);
  CHECK(woken == WAITERS + 1);

  bt_finalize();
  printf("cond: %d items delivered once each; one broadcast woke %d waiters\n",
         TOTAL, WAITERS + 1);
  return 0;
}
