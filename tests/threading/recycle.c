/* Recycling across ESs: main, a ULT of ES 0, makes tasklets that run and
 * end on ES 1, round after round. Their descriptors must come back to ES 0
 * through the shared spill list, not through malloc on one side and free
 * on the other (two ESs' allocator arenas, a lock they collide on). The
 * substrate takes descriptors from aligned_alloc, which this program
 * defines, counting the calls, and serves from glibc's memalign. */
#include "check.h"

#include <malloc.h>
#include <stdatomic.h>

enum { WARM_ROUNDS = 20, ROUNDS = 200, PER_ROUND = 1000 };

static atomic_long allocs;
static atomic_long ran;

void *aligned_alloc(size_t align, size_t size) {
  atomic_fetch_add_explicit(&allocs, 1, memory_order_relaxed);
  return memalign(align, size);
}

static void count(void *arg) {
  (void)arg;
  CHECK(bt_self_es() == 1);
  atomic_fetch_add_explicit(&ran, 1, memory_order_release);
}

/* Makes a round of tasklets on ES 1 and waits until they all ran. */
static void round_on_es1(long round) {
  bt_unit_attr_t attr = {.tasklet = 1, .detached = 1};
  for (int i = 0; i < PER_ROUND; i++)
    CHECK(bt_create(bt_pool_private(1), count, NULL, &attr) != NULL);
  double deadline = now_sec() + GIVE_UP_SEC;
  while (atomic_load_explicit(&ran, memory_order_acquire) < (round + 1) * PER_ROUND)
    CHECK(now_sec() < deadline);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  CHECK(bt_self_es() == 0);
  long round = 0;
  for (; round < WARM_ROUNDS; round++)
    round_on_es1(round);
  long before = atomic_load(&allocs);
  for (; round < WARM_ROUNDS + ROUNDS; round++)
    round_on_es1(round);
  long made = atomic_load(&allocs) - before;
  /* Without the spill list, every descriptor once ES 1's list is full. */
  CHECK(made < ROUNDS * PER_ROUND / 100);
  bt_finalize();
  printf("recycle: %d tasklets made on ES 0 and ended on ES 1, %ld allocations "
         "after warming up\n", ROUNDS * PER_ROUND, made);
  return 0;
}
