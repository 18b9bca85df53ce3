/* Creating, joining and freeing ULTs and tasklets in the private and shared
 * pool of every ES: each runs its function exactly once with its argument,
 * reports where it ran, and knows whether it is a tasklet. */
#include "check.h"

#include <stdatomic.h>

struct rec {
  atomic_int runs;
  int es;
  int is_tasklet;
  bt_unit_t *self;
};

static void body(void *arg) {
  struct rec *r = arg;
  r->es = bt_self_es();
  r->is_tasklet = bt_self_is_tasklet();
  r->self = bt_self();
  atomic_fetch_add(&r->runs, 1);
}

/* Runs on a ULT with a given stack size: touches most of the stack. */
static void big_frame(void *arg) {
  volatile char buf[48 * 1024];
  for (size_t i = 0; i < sizeof buf; i += 512) buf[i] = (char)i;
  body(arg);
}

/* A ULT on some ES creating children into its own private pool (NULL) and
 * joining them: they run on the same ES. */
static void parent(void *arg) {
  struct rec *r = arg;
  struct rec kids[4];
  bt_unit_t *u[4];
  memset(kids, 0, sizeof kids);
  for (int i = 0; i < 4; i++)
    u[i] = i % 2 ? bt_tasklet_create(NULL, body, &kids[i])
                 : bt_ult_create(NULL, body, &kids[i]);
  for (int i = 0; i < 4; i++) {
    CHECK(u[i] != NULL);
    bt_join_free(u[i]);
    CHECK(atomic_load(&kids[i].runs) == 1);
    CHECK(kids[i].es == bt_self_es());
  }
  body(r);
}

static void check_unit(bt_unit_t *u, struct rec *r, int tasklet, int want_es) {
  CHECK(u != NULL);
  bt_join(u);
  CHECK(atomic_load(&r->runs) == 1);
  CHECK(r->self == u);
  CHECK(r->is_tasklet == tasklet);
  CHECK(bt_unit_is_tasklet(u) == tasklet);
  CHECK(bt_unit_es(u) == r->es);
  CHECK(r->es >= 0 && r->es < bt_num_es());
  if (want_es >= 0) CHECK(r->es == want_es);
  bt_join(u); /* joining a finished unit returns at once */
  bt_free(u);
}

int main(void) {
  CHECK(bt_init() == 0);
  int n = bt_num_es();
  CHECK(n >= 2);

  for (int es = 0; es < n; es++) {
    for (int shared = 0; shared < 2; shared++) {
      bt_pool_t *pool = shared ? bt_pool_shared(es) : bt_pool_private(es);
      for (int tasklet = 0; tasklet < 2; tasklet++) {
        struct rec r;
        memset(&r, 0, sizeof r);
        bt_unit_t *u = tasklet ? bt_tasklet_create(pool, body, &r)
                               : bt_ult_create(pool, body, &r);
        /* Units of a shared pool may be stolen by any ES. */
        check_unit(u, &r, tasklet, shared ? -1 : es);
      }
    }
  }

  /* Not started yet: ES 0 only runs it once main (a ULT of ES 0) lets it. */
  struct rec r0;
  memset(&r0, 0, sizeof r0);
  bt_unit_t *u0 = bt_ult_create(NULL, body, &r0);
  CHECK(u0 != NULL);
  CHECK(bt_unit_es(u0) == -1);
  CHECK(atomic_load(&r0.runs) == 0);
  check_unit(u0, &r0, 0, 0);

  /* Many at once, joined with bt_join_free, in every pool. */
  enum { M = 64 };
  static struct rec rs[M];
  bt_unit_t *us[M];
  memset(rs, 0, sizeof rs);
  for (int i = 0; i < M; i++) {
    int es = i % n;
    bt_pool_t *pool = (i / n) % 2 ? bt_pool_shared(es) : bt_pool_private(es);
    us[i] = (i / (2 * n)) % 2 ? bt_tasklet_create(pool, body, &rs[i])
                              : bt_ult_create(pool, body, &rs[i]);
    CHECK(us[i] != NULL);
  }
  for (int i = 0; i < M; i++) {
    bt_join_free(us[i]);
    CHECK(atomic_load(&rs[i].runs) == 1);
    if ((i / n) % 2 == 0) CHECK(rs[i].es == i % n);
  }

  /* Explicit stack size, and ULTs that create and join units themselves. */
  for (int es = 0; es < n; es++) {
    struct rec a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    bt_unit_t *ua =
        bt_ult_create_sized(bt_pool_private(es), big_frame, &a, 256 * 1024);
    bt_unit_t *ub = bt_ult_create(bt_pool_private(es), parent, &b);
    check_unit(ua, &a, 0, es);
    check_unit(ub, &b, 0, es);
  }

  bt_finalize();
  printf("create: ULTs and tasklets ran once each in all %d ESs' pools\n", n);
  return 0;
}
