/* Stress: 10^6 ULTs and 10^5 tasklets created and joined in batches spread
 * over the private and shared pools of all ESs; every unit runs exactly once. */
#include "check.h"

#include <stdatomic.h>

enum { BATCH = 1000, ULTS = 1000000, TASKLETS = 100000 };

static atomic_long total;
static atomic_int hits[BATCH];

static void body(void *arg) {
  atomic_fetch_add((atomic_int *)arg, 1);
  atomic_fetch_add(&total, 1);
}

static void run(long count, int tasklets) {
  static bt_unit_t *u[BATCH];
  int n = bt_num_es();
  atomic_store(&total, 0);
  for (long done = 0; done < count; done += BATCH) {
    for (int i = 0; i < BATCH; i++) {
      atomic_store(&hits[i], 0);
      int es = i % n;
      bt_pool_t *pool = (i / n) % 2 ? bt_pool_shared(es) : bt_pool_private(es);
      u[i] = tasklets ? bt_tasklet_create(pool, body, &hits[i])
                      : bt_ult_create(pool, body, &hits[i]);
      CHECK(u[i] != NULL);
    }
    for (int i = 0; i < BATCH; i++) {
      bt_join_free(u[i]);
      CHECK(atomic_load(&hits[i]) == 1);
    }
    CHECK(atomic_load(&total) == done + BATCH);
  }
  CHECK(atomic_load(&total) == count);
}

int main(void) {
  CHECK(bt_init() == 0);
  run(ULTS, 0);
  run(TASKLETS, 1);
  bt_finalize();
  printf("many: %d ULTs and %d tasklets ran once each\n", ULTS, TASKLETS);
  return 0;
}
