/* Started units that roam: a migratable ULT that waits for its ES while
 * that ES is busy goes on on an idle one. ES 1 is kept busy by a hog, a
 * unit that spins until the unit under test reports; main leaves ES 0
 * idle by joining. Without the roaming, each case but the last hangs
 * until the hog's deadline fails it.
 *   - woken: a unit resumed from bt_suspend runs on ES 0, with its TLS
 *     block if it has one (ES 1 keeps the block loaded until it runs the
 *     hog, and ES 0 must wait for that);
 *   - yielded: a unit that yields while another yielder waits on ES 1
 *     too is taken by ES 0;
 *   - in place: a unit run in place by its joiner (both migratable, the
 *     joiner with a TLS block of its own) suspends, and the two go on
 *     together on ES 0, the joiner's frames intact;
 *   - resumed while parking: a unit resumed as it suspends, before its
 *     ES has parked it, stays ready where ES 0 takes it, while ES 1 runs
 *     the hog it made first;
 *   - stays: a unit that is not migratable resumes on ES 1 all the same,
 *     once the hog yields, and so does a unit run in place on a block
 *     that belongs to an ES (its joiner has none of its own).
 * No unit here stands for a thread, so no time slice preempts the hog. */
#include "check.h"

#include <stdatomic.h>

static _Atomic(bt_unit_t *) sleeper;
static atomic_int released, hog_running;
static int es_before, es_after, tls_kept;
static __thread int mine; /* in a unit's own block, it moves with the unit */

static void hog(void *yields) {
  atomic_store(&hog_running, 1);
  double deadline = now_sec() + GIVE_UP_SEC;
  while (!atomic_load(&released)) {
    CHECK(now_sec() < deadline); /* the unit under test never ran elsewhere */
    if (yields) bt_yield();
  }
}

static void sleep_once(void *unused) {
  (void)unused;
  es_before = bt_self_es();
  mine = 42;
  int *before = &mine;
  atomic_store(&sleeper, bt_self());
  bt_suspend();
  es_after = bt_self_es();
  tls_kept = mine == 42 && &mine == before;
  atomic_store(&released, 1);
}

static void reset(void) {
  atomic_store(&sleeper, NULL);
  atomic_store(&released, 0);
  atomic_store(&hog_running, 0);
  es_before = es_after = -1;
}

static void wait_for(atomic_int *flag) {
  double deadline = now_sec() + GIVE_UP_SEC;
  while (!atomic_load(flag)) CHECK(now_sec() < deadline);
}

static bt_unit_t *wait_for_sleeper(void) {
  double deadline = now_sec() + GIVE_UP_SEC;
  bt_unit_t *u;
  while (!(u = atomic_load(&sleeper))) CHECK(now_sec() < deadline);
  return u;
}

/* sleep_once on ES 1, with a block of its own if tls, resumed while the
 * hog holds ES 1. */
static int woken(int migratable, int hog_yields, bt_tls_t *tls) {
  reset();
  bt_unit_attr_t attr = {.migratable = migratable, .tls = tls};
  bt_unit_t *u = bt_create(bt_pool_private(1), sleep_once, NULL, &attr);
  CHECK(u != NULL);
  bt_unit_t *s = wait_for_sleeper();
  CHECK(s == u);
  bt_unit_t *h = bt_ult_create(bt_pool_private(1), hog, hog_yields ? &released : NULL);
  CHECK(h != NULL);
  wait_for(&hog_running);
  bt_resume(u);
  bt_join_free(u);
  bt_join_free(h);
  CHECK(es_before == 1);
  CHECK(!tls || tls_kept);
  return es_after;
}

static void yield_until_es0(void *unused) {
  (void)unused;
  es_before = bt_self_es();
  mine = 7;
  int *before = &mine;
  double deadline = now_sec() + GIVE_UP_SEC;
  while (bt_self_es() != 0) {
    CHECK(now_sec() < deadline); /* never taken by idle ES 0 */
    bt_yield();
  }
  es_after = bt_self_es();
  tls_kept = mine == 7 && &mine == before;
  atomic_store(&released, 1);
}

static void yielded(bt_tls_t *tls) {
  reset();
  bt_unit_attr_t attr = {.migratable = 1, .tls = tls};
  bt_unit_t *u = bt_create(bt_pool_private(1), yield_until_es0, NULL, &attr);
  bt_unit_t *h = bt_ult_create(bt_pool_private(1), hog, &released);
  CHECK(u && h);
  bt_join_free(u);
  bt_join_free(h);
  CHECK(es_before == 1 && es_after == 0);
  CHECK(!tls || tls_kept);
}

/* A unit with a block of its own suspends on ES 1 and is resumed at once,
 * many times, while both ESs look for work: whichever takes it must wait
 * until ES 1 has let go of its block (which ES 1 keeps loaded while it
 * looks), or two OS threads run with one block. */
static void bounce(void *rounds) {
  for (int i = 0; i < *(int *)rounds; i++) {
    mine = i;
    atomic_store(&sleeper, bt_self());
    bt_suspend();
    CHECK(mine == i);
    CHECK(bt_self_es() == 0 || bt_self_es() == 1);
  }
}

enum { BOUNCES = 2000 };

/* An application thread resumes it, so that ES 0 is idle meanwhile: as
 * soon as it names itself, *rounds times. */
static void *resumer(void *rounds) {
  for (int i = 0; i < *(int *)rounds; i++) {
    double deadline = now_sec() + GIVE_UP_SEC;
    bt_unit_t *u;
    while (!(u = atomic_exchange(&sleeper, NULL))) CHECK(now_sec() < deadline);
    bt_resume(u);
  }
  return NULL;
}

static void resumed_at_once(bt_tls_t *tls) {
  int rounds = BOUNCES;
  reset();
  bt_unit_attr_t attr = {.migratable = 1, .tls = tls};
  bt_unit_t *u = bt_create(bt_pool_private(1), bounce, &rounds, &attr);
  CHECK(u != NULL);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, resumer, &rounds) == 0);
  bt_join_free(u);
  CHECK(pthread_join(t, NULL) == 0);
}

/* Makes the hog on its own ES, ahead of itself there, then suspends. */
static _Atomic(bt_unit_t *) made_hog;

static void hog_then_sleep(void *unused) {
  atomic_store(&made_hog, bt_ult_create(bt_pool_private(bt_self_es()), hog, NULL));
  sleep_once(unused);
}

/* The resume comes as soon as the unit names itself: often before its ES
 * has parked it, which then leaves it ready rather than parked. */
static void resumed_while_parking(void) {
  int rounds = 50;
  pthread_t t;
  atomic_store(&sleeper, NULL);
  CHECK(pthread_create(&t, NULL, resumer, &rounds) == 0);
  for (int i = 0; i < rounds; i++) {
    atomic_store(&released, 0);
    bt_unit_attr_t attr = {.migratable = 1};
    bt_unit_t *u = bt_create(bt_pool_private(1), hog_then_sleep, NULL, &attr);
    CHECK(u != NULL);
    bt_join_free(u);
    bt_join_free(atomic_exchange(&made_hog, NULL));
  }
  CHECK(pthread_join(t, NULL) == 0);
}

/* The joiner: runs sleep_once in place, with the hog queued behind it. */
static int joiner_es, chain_hog_yields;
static long joiner_sum;

static void sleep_in_chain(int unused) {
  (void)unused;
  bt_unit_attr_t attr = {.kind = BT_ULT_SC, .in_place = 1, .migratable = 1};
  bt_unit_t *k = bt_create(bt_pool_private(1), sleep_once, NULL, &attr);
  bt_unit_t *h = bt_ult_create(bt_pool_private(1), hog, chain_hog_yields ? &released : NULL);
  CHECK(k && h);
  bt_join_free(k); /* ready first in this ES's pool: run in place */
  joiner_es = bt_self_es();
  bt_join_free(h);
}

static void joiner(void *unused) {
  (void)unused;
  joiner_sum = frame_chain(8, 5, sleep_in_chain, 0);
}

/* tls: the joiner's block, or NULL for the ES's, with which the chain
 * must stay on ES 1, where the hog then yields to it. */
static void in_place(bt_tls_t *tls) {
  reset();
  joiner_es = -1;
  chain_hog_yields = !tls;
  bt_unit_attr_t attr = {.kind = BT_ULT_SC, .migratable = 1, .tls = tls};
  bt_unit_t *j = bt_create(bt_pool_private(1), joiner, NULL, &attr);
  CHECK(j != NULL);
  bt_unit_t *k = wait_for_sleeper();
  wait_for(&hog_running);
  bt_resume(k);
  bt_join_free(j);
  int expect_es = tls ? 0 : 1;
  CHECK(es_before == 1);
  CHECK(es_after == expect_es);
  CHECK(joiner_es == expect_es);
  CHECK(joiner_sum == frame_chain_sum(8, 5));
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  for (int round = 0; round < 20; round++) {
    bt_tls_t *tls = bt_tls_take();
    CHECK(tls != NULL);
    CHECK(woken(1, 0, NULL) == 0);
    CHECK(woken(1, 0, tls) == 0);
    CHECK(woken(0, 1, NULL) == 1);
    yielded(NULL);
    yielded(tls);
    in_place(tls);
    resumed_at_once(tls);
    resumed_while_parking();
    bt_tls_give(tls);
    in_place(NULL);
  }
  bt_finalize();
  printf("roam: woken, yielding and in-place units go on on the idle ES; "
         "those that may not stay\n");
  return 0;
}
