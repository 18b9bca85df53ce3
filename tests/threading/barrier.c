/* bt_barrier: 1000 ULTs on two ESs go through 1000 rounds. Each writes its
 * round number before the barrier; after it, every entry holds that round
 * (two alternating arrays, so a fast ULT's next write cannot be mistaken),
 * and exactly one waiter per round got 1. */
#include "check.h"

#include <stdatomic.h>

enum { N = 1000, ROUNDS = 1000 };

static bt_barrier_t barrier;
static volatile int phase[2][N];
static atomic_int serial[ROUNDS]; /* per round: waiters that got 1 */

static void member(void *arg) {
  int id = (int)(intptr_t)arg;
  for (int r = 0; r < ROUNDS; r++) {
    volatile int *a = phase[r % 2];
    a[id] = r;
    int ret = bt_barrier_wait(&barrier);
    CHECK(ret == 0 || ret == 1);
    CHECK(a[(id + 1) % N] == r);
    CHECK(a[(id + N / 2) % N] == r);
    if (ret) {
      atomic_fetch_add(&serial[r], 1);
      for (int j = 0; j < N; j++) CHECK(a[j] == r);
    }
  }
}

/* A small barrier shared by main, a ULT on ES 1 and an external thread. */
static bt_barrier_t trio;
static atomic_int trio_serial;
static void trio_member(void *arg) {
  (void)arg;
  for (int r = 0; r < 100; r++)
    if (bt_barrier_wait(&trio)) atomic_fetch_add(&trio_serial, 1);
}
static void *trio_thread(void *arg) {
  trio_member(arg);
  return NULL;
}

int main(void) {
  for (int j = 0; j < N; j++) phase[0][j] = phase[1][j] = -1;

  CHECK(bt_init() == 0);
  int n = bt_num_es();
  CHECK(n >= 2);
  bt_barrier_init(&barrier, N);
  static bt_unit_t *u[N];
  for (int i = 0; i < N; i++) {
    u[i] = bt_ult_create(bt_pool_private(i % n), member, (void *)(intptr_t)i);
    CHECK(u[i] != NULL);
  }
  for (int i = 0; i < N; i++) bt_join_free(u[i]);
  for (int r = 0; r < ROUNDS; r++) CHECK(atomic_load(&serial[r]) == 1);

  bt_barrier_init(&trio, 3);
  pthread_t t = start_thread(trio_thread, NULL);
  bt_unit_t *v = bt_ult_create(bt_pool_private(1), trio_member, NULL);
  CHECK(v != NULL);
  trio_member(NULL);
  bt_join_free(v);
  join_thread(t);
  CHECK(atomic_load(&trio_serial) == 100);

  bt_finalize();
  printf("barrier: %d ULTs x %d rounds in phase, one serial waiter each\n", N,
         ROUNDS);
  return 0;
}
