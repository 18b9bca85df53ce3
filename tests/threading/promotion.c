/* Dynamic promotion: under every ULT kind (and BT_ULT_DEFAULT, which
 * BOBBIN_ULT_KIND picks), units that suspend several times on different
 * sync objects (yield, a contended mutex, a barrier, a condition variable, an
 * eventual, a futex, suspend/resume) come back each time with their stack
 * intact: a checksum over a frame chain built before the first suspension
 * still holds after the last. Units that never suspend run beside them. A
 * promoted unit's stack must also survive moving between ESs (shared pools
 * let the other ES steal unstarted units) and deep calls after promotion. */
#include "check.h"

#include <stdatomic.h>

enum { UNITS = 32, QUIET = 32, DEPTH = 40 };

static bt_mutex_t mutex;
static bt_cond_t cond;
static bt_barrier_t barrier;
static bt_eventual_t eventual;
static uint32_t futex_word;
static int cond_arrived, in_mutex, mutex_overlap;
static atomic_int suspended_once, quiet_ran;
static _Atomic(bt_unit_t *) sleepers[UNITS];

static void suspend_everywhere(int id) {
  bt_yield();

  bt_mutex_lock(&mutex);
  if (in_mutex++) mutex_overlap = 1;
  bt_yield(); /* holding it: the others block on the mutex */
  in_mutex--;
  bt_mutex_unlock(&mutex);

  bt_barrier_wait(&barrier);

  bt_mutex_lock(&mutex);
  if (++cond_arrived == UNITS)
    bt_cond_broadcast(&cond);
  while (cond_arrived < UNITS) bt_cond_wait(&cond, &mutex);
  bt_mutex_unlock(&mutex);

  CHECK(bt_eventual_wait(&eventual) == &eventual);

  while (__atomic_load_n(&futex_word, __ATOMIC_ACQUIRE) == 0)
    bt_futex_wait(&futex_word, 0);

  atomic_store(&sleepers[id], bt_self());
  atomic_fetch_add(&suspended_once, 1);
  bt_suspend();
}

static void yield_at_bottom(int id) {
  (void)id;
  bt_yield();
}

static void nothing_at_bottom(int id) { (void)id; }

static void suspender(void *arg) {
  int id = (int)(intptr_t)arg;
  CHECK(frame_chain(DEPTH, id, suspend_everywhere, id) == frame_chain_sum(DEPTH, id));
  /* deep calls on the promoted stack */
  CHECK(frame_chain(DEPTH, id + 7, yield_at_bottom, id) == frame_chain_sum(DEPTH, id + 7));
}

static void quiet(void *arg) {
  int id = (int)(intptr_t)arg;
  CHECK(frame_chain(DEPTH, id, nothing_at_bottom, id) == frame_chain_sum(DEPTH, id));
  atomic_fetch_add(&quiet_ran, 1);
}

static void run_kind(enum bt_ult_kind kind) {
  bt_mutex_init(&mutex);
  bt_cond_init(&cond);
  bt_barrier_init(&barrier, UNITS);
  bt_eventual_init(&eventual);
  futex_word = 0;
  cond_arrived = in_mutex = mutex_overlap = 0;
  atomic_store(&suspended_once, 0);
  atomic_store(&quiet_ran, 0);
  for (int i = 0; i < UNITS; i++) atomic_store(&sleepers[i], NULL);

  bt_unit_attr_t attr = {.kind = kind};
  bt_unit_t *units[UNITS + QUIET];
  for (int i = 0; i < UNITS + QUIET; i++) {
    bt_pool_t *pool = i % 2 ? bt_pool_shared(i % bt_num_es()) : bt_pool_private(i % bt_num_es());
    units[i] = bt_create(pool, i < UNITS ? suspender : quiet, (void *)(intptr_t)i, &attr);
    CHECK(units[i] != NULL);
  }
  bt_eventual_set(&eventual, &eventual);
  __atomic_store_n(&futex_word, 1, __ATOMIC_RELEASE);
  bt_futex_wake(&futex_word, UNITS);
  double end = now_sec() + GIVE_UP_SEC;
  while (atomic_load(&suspended_once) < UNITS) {
    CHECK(now_sec() < end);
    bt_yield();
  }
  for (int i = 0; i < UNITS; i++) bt_resume(atomic_load(&sleepers[i]));
  for (int i = 0; i < UNITS + QUIET; i++) bt_join_free(units[i]);
  CHECK(!mutex_overlap);
  CHECK(atomic_load(&quiet_ran) == QUIET);
}

int main(void) {
  bt_init();
  static const char *const names[] = {"default", "full", "lsa", "roc", "ss", "sc"};
  for (int k = BT_ULT_DEFAULT; k <= BT_ULT_SC; k++) {
    for (int round = 0; round < 3; round++) run_kind((enum bt_ult_kind)k);
    printf("%s: %d units suspended on 7 objects, %d never suspended\n", names[k], UNITS,
           QUIET);
  }
  bt_finalize();
  return 0;
}
