/* bt_futex_wait/wake: a 4-byte lock built on them keeps a counter exact
 * under ULTs of two ESs and an external pthread; a wake releases only
 * waiters of its own word; a wait on a changed value returns at once.
 * bt_self_arg/bt_self_set_arg and bt_self_flag/bt_self_set_flag: the
 * unit's argument and flag, per unit, across its yields and whatever ran
 * meanwhile, also for the main ULT once units ran with its TLS block. */
#include "check.h"

#include <stdatomic.h>

enum { ULTS = 200, ROUNDS = 50, EXTERNAL_ROUNDS = 2000 };

/* 0 free, 1 held, 2 held with waiters (the classic futex mutex). */
static uint32_t lock_word;
static long counter;

static void lock(void) {
  uint32_t c = 0;
  if (__atomic_compare_exchange_n(&lock_word, &c, 1, 0, __ATOMIC_ACQUIRE,
                                  __ATOMIC_RELAXED))
    return;
  if (c != 2) c = __atomic_exchange_n(&lock_word, 2, __ATOMIC_ACQUIRE);
  while (c != 0) {
    bt_futex_wait(&lock_word, 2);
    c = __atomic_exchange_n(&lock_word, 2, __ATOMIC_ACQUIRE);
  }
}

static void unlock(void) {
  if (__atomic_exchange_n(&lock_word, 0, __ATOMIC_RELEASE) == 2)
    bt_futex_wake(&lock_word, 1);
}

static void contender(void *arg) {
  CHECK(bt_self_arg() == arg);
  CHECK(bt_self_flag() == 0);
  int flag = (int)((uintptr_t)arg / sizeof(void *) & 1); /* every other unit */
  bt_self_set_flag(flag);
  for (int r = 0; r < ROUNDS; r++) {
    lock();
    long seen = counter;
    bt_yield(); /* others run, and queue on the word */
    counter = seen + 1;
    unlock();
    CHECK(bt_self_arg() == arg && bt_self_flag() == flag);
  }
}

static void *external_contender(void *arg) {
  (void)arg;
  CHECK(bt_self_arg() == NULL && bt_self_flag() == 0);
  CHECK(bt_self_set_arg(&counter) == 0 && bt_self_arg() == NULL);
  for (int r = 0; r < EXTERNAL_ROUNDS; r++) {
    lock();
    counter++;
    unlock();
  }
  return NULL;
}

static uint32_t word_a, word_b;
static atomic_int b_released;

static void wait_on_b(void *arg) {
  (void)arg;
  while (!__atomic_load_n(&word_b, __ATOMIC_ACQUIRE)) bt_futex_wait(&word_b, 0);
  atomic_store(&b_released, 1);
}

/* Runs on ES 1, where no thread (progress unit) waits: b is then never
 * preempted before it queues on word_b. On main's ES it could be, since a
 * yielding main waits there as a thread, and main would wake no one. */
static void wake_only_own_word(void *arg) {
  (void)arg;
  bt_futex_wait(&word_a, 1); /* value differs: returns at once */
  /* b runs during this unit's yield (same ES, ahead of the yielded unit)
   * and is queued on word_b when this unit continues. */
  bt_unit_t *b = bt_ult_create(NULL, wait_on_b, NULL);
  CHECK(b);
  bt_yield();
  CHECK(bt_futex_wake(&word_a, 1000) == 0);
  CHECK(!atomic_load(&b_released));
  __atomic_store_n(&word_b, 1, __ATOMIC_RELEASE);
  CHECK(bt_futex_wake(&word_b, 1000) == 1);
  bt_join_free(b);
  CHECK(atomic_load(&b_released));
}

static void set_arg_unit(void *arg) {
  int other;
  CHECK(bt_self_arg() == arg && bt_self_flag() == 0);
  CHECK(bt_self_set_arg(&other) == 1);
  bt_self_set_flag(1);
  bt_yield();
  CHECK(bt_self_arg() == &other && bt_self_flag() == 1);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_self_arg() == NULL);

  bt_unit_t *u[ULTS];
  pthread_t ext = start_thread(external_contender, NULL);
  for (int i = 0; i < ULTS; i++)
    CHECK((u[i] = bt_ult_create(bt_pool_private(i % bt_num_es()), contender,
                                &u[i])));
  for (int i = 0; i < ULTS; i++) bt_join_free(u[i]);
  join_thread(ext);
  CHECK(counter == (long)ULTS * ROUNDS + EXTERNAL_ROUNDS);
  CHECK(lock_word == 0);

  CHECK(bt_num_es() >= 2);
  bt_unit_t *w = bt_ult_create(bt_pool_private(1), wake_only_own_word, NULL);
  CHECK(w);
  bt_join_free(w);

  /* The main ULT steps aside while s runs, s with the main thread's TLS
   * block (it has none of its own) and an argument of its own. */
  int mine, main_arg;
  CHECK(bt_self_set_arg(&main_arg) == 1);
  CHECK(bt_self_flag() == 0);
  bt_unit_t *s = bt_ult_create(NULL, set_arg_unit, &mine);
  CHECK(s);
  bt_join_free(s);
  CHECK(bt_self_arg() == &main_arg && bt_self_flag() == 0);

  bt_finalize();
  printf("futex: counter %ld exact; wakes stay on their word\n", counter);
  return 0;
}
