/* A shared pool that grows while its owner is frozen in malloc (deque.c).
 * On one ES, a unit pushes units into the ES's shared pool until it must
 * grow; this test's malloc spins there (a call out of Bobbin's code, where
 * the monitor freezes a KLT) while a unit that stands for a thread waits
 * for the ES. The spare that takes the ES runs that thread, which pushes
 * more units into the same pool, growing it itself, and runs some of them
 * before the frozen producer resumes and finishes its push. Every unit must
 * run exactly once: a grow that went on with what it read before malloc
 * copied slots already taken and dropped the new array's units.
 *
 * It replaces malloc, so it is not built with a sanitizer. */
#include "check.h"

#include <stdatomic.h>

enum { FIRST = 256 + 1, MORE = 300 }; /* the pool starts with 256 slots */

void *__libc_malloc(size_t size);

static bt_unit_t *_Atomic producer;
static _Atomic int spun, ran, runs[FIRST + MORE];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void *malloc(size_t size) {
  bt_unit_t *p = atomic_load(&producer);
  if (p && size > 4096 && bt_self() == p && atomic_compare_exchange_strong(&producer, &p, NULL)) {
    for (double end = now() + 0.02; now() < end;) /* ten default slices */
      ;
    atomic_store(&spun, 1);
  }
  return __libc_malloc(size);
}

static void counted(void *arg) {
  atomic_fetch_add(&runs[(intptr_t)arg], 1);
  atomic_fetch_add(&ran, 1);
}

static void push(int from, int to) {
  bt_unit_attr_t detached = {.detached = 1};
  for (int i = from; i < to; i++)
    CHECK(bt_create(bt_pool_shared(0), counted, (void *)(intptr_t)i, &detached) != NULL);
}

static void producing(void *arg) {
  (void)arg;
  push(0, FIRST);
}

static void thread(void *arg) {
  (void)arg;
  push(FIRST, FIRST + MORE);
}

int main(void) {
  CHECK(bt_init() == 0);
  bt_unit_t *p = bt_create(bt_pool_private(0), producing, NULL, &(bt_unit_attr_t){0});
  CHECK(p != NULL);
  atomic_store(&producer, p);
  bt_unit_t *t = bt_create(bt_pool_private(0), thread, NULL, &(bt_unit_attr_t){.progress = 1});
  CHECK(t != NULL);
  bt_join_free(p);
  bt_join_free(t);
  CHECK(atomic_load(&spun) == 1);
  for (double end = now() + 30; atomic_load(&ran) < FIRST + MORE && now() < end;)
    bt_yield();
  for (int i = 0; i < FIRST + MORE; i++)
    CHECK(atomic_load(&runs[i]) == 1);
  CHECK(atomic_load(&ran) == FIRST + MORE);
  printf("deque_frozen: %d units ran once each\n", FIRST + MORE);
  bt_finalize();
  return 0;
}
