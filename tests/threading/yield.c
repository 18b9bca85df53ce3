/* bt_yield: ULTs of one ES take turns round-robin and all finish.
 * bt_yield_to: the target runs before the caller continues, ahead of other
 * ready units; on a target that is not ready it acts as a yield. */
#include "check.h"

#include <stdatomic.h>

enum { N = 8, ROUNDS = 200 };

static atomic_int go;
static atomic_int log_len;
static int log_ids[N * ROUNDS];

static void turn_taker(void *arg) {
  int id = (int)(intptr_t)arg;
  while (!atomic_load(&go)) bt_yield();
  for (int r = 0; r < ROUNDS; r++) {
    CHECK(bt_self_es() == 1);
    log_ids[atomic_fetch_add(&log_len, 1)] = id;
    bt_yield();
  }
}

static void check_round_robin(void) {
  CHECK(atomic_load(&log_len) == N * ROUNDS);
  int first[N], last[N], count[N] = {0};
  for (int p = N * ROUNDS - 1; p >= 0; p--) first[log_ids[p]] = p;
  for (int p = 0; p < N * ROUNDS; p++) {
    last[log_ids[p]] = p;
    count[log_ids[p]]++;
  }
  for (int i = 0; i < N; i++) CHECK(count[i] == ROUNDS);
  /* Between two consecutive turns of i, every other ULT that started before
   * and ends after runs exactly once, and no ULT runs more than once. */
  for (int p = 0; p < N * ROUNDS; p++) {
    int i = log_ids[p], q = p + 1;
    while (q < N * ROUNDS && log_ids[q] != i) q++;
    if (q == N * ROUNDS) continue;
    int seen[N] = {0};
    for (int k = p + 1; k < q; k++) seen[log_ids[k]]++;
    for (int j = 0; j < N; j++) {
      if (j == i) continue;
      CHECK(seen[j] <= 1);
      if (first[j] < p && last[j] > q) CHECK(seen[j] == 1);
    }
  }
}

static char order[8];
static atomic_int order_len;
static bt_unit_t *a_self;

static void mark(void *arg) {
  order[atomic_fetch_add(&order_len, 1)] = *(const char *)arg;
}

/* B hands the ES straight back to A, which sits in the pool behind C:
 * a plain yield would let C run first. */
static void b_body(void *arg) {
  mark(arg);
  bt_yield_to(a_self);
}

/* On ES 1: B then C become ready behind A. yield_to(B) runs B before A
 * continues, and B's yield_to(A) runs A before C. (The header only promises
 * the switch when the target "can be taken" from the pool, so the targets
 * here are next in line; what a far-back target does is not tested.) */
static void yielder(void *arg) {
  (void)arg;
  a_self = bt_self();
  bt_unit_t *b = bt_ult_create(NULL, b_body, "B");
  bt_unit_t *c = bt_ult_create(NULL, mark, "C");
  CHECK(b && c);
  bt_yield_to(b);
  mark("A");
  CHECK(order[0] == 'B' && order[1] == 'A');
  bt_join(b);
  bt_yield_to(b); /* finished: acts as a yield */
  bt_join_free(c);
  bt_free(b);
  CHECK(atomic_load(&order_len) == 3 && order[2] == 'C');
  /* A target in another ES's private pool is not taken; it runs there. */
  bt_unit_t *d = bt_ult_create(bt_pool_private(0), mark, "D");
  CHECK(d != NULL);
  bt_yield_to(d);
  bt_join(d);
  CHECK(bt_unit_es(d) == 0);
  bt_free(d);
  CHECK(bt_self_es() == 1);
}

static atomic_int ran;
static void set_ran(void *arg) {
  (void)arg;
  atomic_store(&ran, 1);
}

int main(void) {
  /* Main's yield lets x run first only without time slices (see
   * bt_yield); preempt.c checks slices. */
  setenv("BOBBIN_TIME_SLICE", "off", 1);
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() >= 2);

  bt_unit_t *u[N];
  for (int i = 0; i < N; i++) {
    u[i] = bt_ult_create(bt_pool_private(1), turn_taker, (void *)(intptr_t)i);
    CHECK(u[i] != NULL);
  }
  atomic_store(&go, 1);
  for (int i = 0; i < N; i++) bt_join_free(u[i]);
  check_round_robin();

  bt_unit_t *a = bt_ult_create(bt_pool_private(1), yielder, NULL);
  CHECK(a != NULL);
  bt_join_free(a);
  CHECK(atomic_load(&order_len) == 4);
  CHECK(order[0] == 'B' && order[1] == 'A' && order[2] == 'C');

  /* main is a ULT of ES 0: a ready unit there runs during main's yield. */
  bt_unit_t *x = bt_ult_create(NULL, set_ran, NULL);
  CHECK(x != NULL);
  bt_yield();
  CHECK(atomic_load(&ran) == 1);
  bt_join_free(x);
  bt_yield(); /* nothing else ready: returns */

  bt_finalize();
  printf("yield: %d ULTs took %d round-robin turns; yield_to ran target first\n",
         N, ROUNDS);
  return 0;
}
