/* Work stealing: ULTs created into ES 0's shared pool while ES 0 stays busy
 * are taken by ES 1. Main (a ULT of ES 0) never yields until one of them has
 * run on ES 1, so ES 0 cannot run any of them first: only a steal makes
 * progress. Main gives up (and fails) only after a generous deadline. */
#include "check.h"

#include <stdatomic.h>

enum { N = 64 };

static atomic_int seen_es1;
static int ran_on[N];
static volatile unsigned sink;

static void worker(void *arg) {
  int id = (int)(intptr_t)arg;
  for (unsigned i = 0; i < 10000; i++) sink += i; /* some busy work */
  ran_on[id] = bt_self_es();
  if (ran_on[id] == 1) atomic_store(&seen_es1, 1);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);

  bt_unit_t *u[N];
  for (int i = 0; i < N; i++) {
    ran_on[i] = -1;
    u[i] = bt_ult_create(bt_pool_shared(0), worker, (void *)(intptr_t)i);
    CHECK(u[i] != NULL);
  }
  /* Busy without yielding: ES 0 runs nothing else meanwhile. */
  double deadline = now_sec() + GIVE_UP_SEC;
  while (!atomic_load(&seen_es1)) CHECK(now_sec() < deadline);

  int on_es1 = 0;
  for (int i = 0; i < N; i++) {
    bt_join(u[i]);
    CHECK(ran_on[i] == 0 || ran_on[i] == 1);
    CHECK(bt_unit_es(u[i]) == ran_on[i]);
    on_es1 += ran_on[i] == 1;
    bt_free(u[i]);
  }
  CHECK(on_es1 >= 1);
  bt_finalize();
  printf("steal: %d of %d ULTs of ES 0's shared pool ran on ES 1\n", on_es1, N);
  return 0;
}
