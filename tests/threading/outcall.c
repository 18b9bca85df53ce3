/* A switch's call out of Bobbin's code is not frozen at the monitor's first
 * asks (threading/preempt.h, "outcall"). A unit that starts with a TLS
 * block borrowed from an empty cache gets a new one, whose making calls the
 * C library's calloc (for the block's DTV) in the middle of its ES's switch
 * to the unit. This test's calloc spins there for two time slices while a
 * unit that stands for a thread (progress) waits for the one ES: the monitor
 * asks the KLT to give the ES up, and a KLT frozen there, in an allocator,
 * may hold the allocator's lock, which every KLT serving the ES next would
 * wait for. Fails if the waiting unit ran during a spin, in ROUNDS rounds
 * (each borrower keeps its block, parked, so that the next makes one).
 *
 * It replaces calloc, so it is not built with a sanitizer, whose allocator
 * must see every allocation. */
#include "check.h"

#include <stdatomic.h>

enum { ROUNDS = 4 };

void *__libc_calloc(size_t n, size_t size);

static bt_unit_t *_Atomic starting; /* the unit whose block is made slowly */
static _Atomic int waiter_ran, spun, ran_during_spin;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void *calloc(size_t n, size_t size) {
  bt_unit_t *u = atomic_load(&starting);
  if (u && bt_self() == u && atomic_compare_exchange_strong(&starting, &u, NULL)) {
    int before = atomic_load(&waiter_ran);
    for (double end = now() + 0.004; now() < end;) /* two default slices */
      ;
    atomic_store(&ran_during_spin, atomic_load(&waiter_ran) != before);
    atomic_store(&spun, 1);
  }
  return __libc_calloc(n, size);
}

static void borrower(void *arg) {
  (void)arg;
  bt_suspend();
}

static void waiter(void *arg) {
  (void)arg;
  atomic_fetch_add(&waiter_ran, 1);
}

int main(void) {
  CHECK(bt_init() == 0);
  bt_unit_t *b[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    bt_unit_attr_t borrow = {.tls = BT_TLS_BORROW};
    b[r] = bt_create(bt_pool_private(0), borrower, NULL, &borrow);
    CHECK(b[r] != NULL);
    atomic_store(&starting, b[r]);
    atomic_store(&spun, 0);
    bt_unit_attr_t thread = {.progress = 1};
    bt_unit_t *w = bt_create(bt_pool_private(0), waiter, NULL, &thread);
    CHECK(w != NULL);
    bt_join_free(w);
    /* The waiter ran, and so ended, while the KLT spun: frozen there. */
    CHECK(atomic_load(&spun) == 1);
    CHECK(atomic_load(&ran_during_spin) == 0);
  }
  CHECK(atomic_load(&waiter_ran) == ROUNDS);
  for (int r = 0; r < ROUNDS; r++) {
    bt_resume(b[r]);
    bt_join_free(b[r]);
  }
  printf("outcall: %d switches' callocs spinning two slices were not preempted\n", ROUNDS);
  bt_finalize();
  return 0;
}
