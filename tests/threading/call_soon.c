/* bt_call_soon: calls posted from signal handlers, on ES threads and
 * others, all run, once each and in the order they were posted, on the
 * service thread (outside every ES); units waiting for them are woken by
 * what the calls do. */
#include "check.h"

#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

enum { CALLS = 2000 };

static bt_call_t calls[CALLS];
static atomic_int next_post, ran, in_order = 1, off_es = 1;
static uint32_t all_ran;

static void count(bt_call_t *call) {
  if (call != &calls[atomic_load(&ran)])
    atomic_store(&in_order, 0);
  if (bt_self_es() != -1)
    atomic_store(&off_es, 0);
  if (atomic_fetch_add(&ran, 1) + 1 == CALLS) {
    __atomic_store_n(&all_ran, 1, __ATOMIC_RELEASE);
    bt_futex_wake(&all_ran, 1);
  }
}

static void on_usr1(int sig) {
  (void)sig;
  int i = atomic_fetch_add(&next_post, 1);
  if (i < CALLS)
    bt_call_soon(&calls[i]);
}

static void waiter(void *arg) {
  (void)arg;
  while (!__atomic_load_n(&all_ran, __ATOMIC_ACQUIRE))
    bt_futex_wait(&all_ran, 0);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_call_soon_ready() == 0);
  for (int i = 0; i < CALLS; i++)
    calls[i].fn = count;
  struct sigaction sa = {.sa_handler = on_usr1, .sa_flags = SA_RESTART};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGUSR1, &sa, NULL);
  bt_unit_t *w = bt_ult_create(bt_pool_private(bt_num_es() - 1), waiter, NULL);
  CHECK(w);
  while (atomic_load(&next_post) < CALLS) {
    kill(getpid(), SIGUSR1); /* any thread may take it, an ES's among them */
    bt_yield();
  }
  bt_join_free(w);
  CHECK(atomic_load(&ran) == CALLS);
  CHECK(atomic_load(&in_order));
  CHECK(atomic_load(&off_es));
  bt_finalize();
  printf("call_soon: %d calls posted from signal handlers ran in order\n", CALLS);
  return 0;
}
