// Concurrent omp_alloc/omp_free from a parallel region on a pool-limited
// null_fb allocator: blocks never overlap, the blocks held at once never
// exceed what the pool holds, and afterwards the pool holds exactly as many
// blocks as before (no accounting is lost or leaked). Also concurrent use of
// predefined allocators and of a default_mem_fb pool.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdatomic.h>
#include <stdint.h>

enum { POOL = 16 * 1024, BLOCK = 500, MAXB = POOL / BLOCK, HOLD = 8, ITERS = 20000 };

static int drain(omp_allocator_handle_t al) {
  void *ps[MAXB + 1];
  int n = 0;
  while (n <= MAXB && (ps[n] = omp_alloc(BLOCK, al)) != NULL)
    n++;
  CHECK(n <= MAXB);
  for (int i = 0; i < n; i++)
    omp_free(ps[i], al);
  return n;
}

static atomic_int held, max_held;
static atomic_long ok_count, null_count;

/* Each thread first tries to fill all its slots (8 threads x 8 blocks: more
 * than the pool holds), then, after a barrier, frees or allocates slots at
 * random. */
static void churn(omp_allocator_handle_t al, int check_bound, int n0) {
  unsigned seed = 12345u * (unsigned)(omp_get_thread_num() + 1);
  unsigned char *mine[HOLD] = {0};
  for (int it = 0; it < ITERS + HOLD; it++) {
    int slot;
    if (it < HOLD) {
      slot = it;
    } else {
      if (it == HOLD) {
#pragma omp barrier
      }
      seed = seed * 1103515245u + 12345u;
      slot = (int)((seed >> 16) % HOLD);
    }
    unsigned char tag = (unsigned char)(omp_get_thread_num() * 16 + slot + 1);
    if (mine[slot]) {
      for (int i = 0; i < BLOCK; i += 37)
        CHECK_EQ(mine[slot][i], tag); // nobody else wrote into it
      atomic_fetch_sub(&held, 1);
      omp_free(mine[slot], (it & 1) ? al : omp_null_allocator);
      mine[slot] = NULL;
    } else {
      mine[slot] = omp_alloc(BLOCK, al);
      if (!mine[slot]) {
        atomic_fetch_add(&null_count, 1);
        continue;
      }
      atomic_fetch_add(&ok_count, 1);
      int h = atomic_fetch_add(&held, 1) + 1;
      int m = atomic_load(&max_held);
      while (h > m && !atomic_compare_exchange_weak(&max_held, &m, h))
        ;
      if (check_bound)
        CHECK(h <= n0);
      memset(mine[slot], tag, BLOCK);
    }
  }
  for (int s = 0; s < HOLD; s++)
    if (mine[s]) {
      atomic_fetch_sub(&held, 1);
      omp_free(mine[s], al);
    }
}

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_pool_size, POOL}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  int n0 = drain(al);
  CHECK(n0 >= 1);

#pragma omp parallel num_threads(8)
  churn(al, 1, n0);
  CHECK_EQ(atomic_load(&held), 0);
  CHECK(atomic_load(&max_held) <= n0);
  CHECK(atomic_load(&ok_count) > 0);
  CHECK(atomic_load(&null_count) > 0);
  CHECK_EQ(drain(al), n0);
  printf("pool: exact after %s\n", "concurrent use");

  omp_alloctrait_t t2[] = {{omp_atk_pool_size, POOL}};
  omp_allocator_handle_t fb = omp_init_allocator(omp_default_mem_space, 1, t2);
  CHECK(fb != omp_null_allocator);
  atomic_store(&null_count, 0);
#pragma omp parallel num_threads(8)
  churn(fb, 0, 0);
  CHECK_EQ(atomic_load(&null_count), 0);
#pragma omp parallel num_threads(8)
  churn(omp_thread_mem_alloc, 0, 0);
  CHECK_EQ(atomic_load(&null_count), 0);
  printf("fallback and predefined: never NULL\n");

  omp_destroy_allocator(fb);
  omp_destroy_allocator(al);
  return 0;
}
// CHECK: pool: exact after concurrent use
// CHECK-NEXT: fallback and predefined: never NULL
