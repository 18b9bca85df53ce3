// The __kmpc_*_lock entry points (what compilers call for the omp_*_lock
// routines in some modes), on omp_lock_t / omp_nest_lock_t storage passed as
// void **: mutual exclusion under contention, test_lock failing while
// another thread holds the lock, nest locks counting their depth, the
// _with_hint initializers, and re-initialization after destroy.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;
static ident_t loc = {0, 2, 0, 0, ";kmpc_locks.c;main;1;1;;"};

int32_t __kmpc_global_thread_num(ident_t *);
void __kmpc_init_lock(ident_t *, int32_t, void **);
void __kmpc_init_lock_with_hint(ident_t *, int32_t, void **, uintptr_t);
void __kmpc_destroy_lock(ident_t *, int32_t, void **);
void __kmpc_set_lock(ident_t *, int32_t, void **);
void __kmpc_unset_lock(ident_t *, int32_t, void **);
int __kmpc_test_lock(ident_t *, int32_t, void **);
void __kmpc_init_nest_lock(ident_t *, int32_t, void **);
void __kmpc_init_nest_lock_with_hint(ident_t *, int32_t, void **, uintptr_t);
void __kmpc_destroy_nest_lock(ident_t *, int32_t, void **);
void __kmpc_set_nest_lock(ident_t *, int32_t, void **);
void __kmpc_unset_nest_lock(ident_t *, int32_t, void **);
int __kmpc_test_nest_lock(ident_t *, int32_t, void **);

#define NT 4
#define ITERS 2000

static omp_lock_t lock;
static omp_nest_lock_t nest;
static volatile long plain; // updated only under the lock

static long hammer(int nest_lock) {
  plain = 0;
#pragma omp parallel num_threads(NT)
  {
    int32_t gtid = __kmpc_global_thread_num(&loc);
    for (int i = 0; i < ITERS; i++) {
      if (nest_lock) {
        __kmpc_set_nest_lock(&loc, gtid, (void **)&nest);
        __kmpc_set_nest_lock(&loc, gtid, (void **)&nest); // depth 2
      } else {
        __kmpc_set_lock(&loc, gtid, (void **)&lock);
      }
      long v = plain;
      if (i % 64 == 0)
        spin_a_bit(200);
      plain = v + 1;
      if (nest_lock) {
        __kmpc_unset_nest_lock(&loc, gtid, (void **)&nest);
        __kmpc_unset_nest_lock(&loc, gtid, (void **)&nest);
      } else {
        __kmpc_unset_lock(&loc, gtid, (void **)&lock);
      }
    }
  }
  return plain;
}

int main(void) {
  int32_t gtid = __kmpc_global_thread_num(&loc);
  __kmpc_init_lock(&loc, gtid, (void **)&lock);
  CHECK_EQ(hammer(0), NT * ITERS);

  // test_lock: fails while thread 0 holds the lock, succeeds once free.
  int failed = -1, later = -1;
#pragma omp parallel num_threads(2)
  {
    int32_t me = __kmpc_global_thread_num(&loc);
    if (omp_get_thread_num() == 0)
      __kmpc_set_lock(&loc, me, (void **)&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      failed = __kmpc_test_lock(&loc, me, (void **)&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      __kmpc_unset_lock(&loc, me, (void **)&lock);
#pragma omp barrier
    if (omp_get_thread_num() == 1) {
      later = __kmpc_test_lock(&loc, me, (void **)&lock);
      if (later)
        __kmpc_unset_lock(&loc, me, (void **)&lock);
    }
  }
  CHECK_EQ(failed, 0);
  CHECK(later != 0);
  __kmpc_destroy_lock(&loc, gtid, (void **)&lock);
  __kmpc_init_lock_with_hint(&loc, gtid, (void **)&lock, omp_sync_hint_contended);
  CHECK_EQ(hammer(0), NT * ITERS);
  __kmpc_destroy_lock(&loc, gtid, (void **)&lock);
  printf("simple lock: %d increments, test_lock %d then %d\n", NT * ITERS, failed,
         later != 0);

  __kmpc_init_nest_lock(&loc, gtid, (void **)&nest);
  CHECK_EQ(hammer(1), NT * ITERS);
  // Depth counting by the owner; other threads fail.
  CHECK_EQ(__kmpc_test_nest_lock(&loc, gtid, (void **)&nest), 1);
  CHECK_EQ(__kmpc_test_nest_lock(&loc, gtid, (void **)&nest), 2);
  __kmpc_set_nest_lock(&loc, gtid, (void **)&nest);
  CHECK_EQ(__kmpc_test_nest_lock(&loc, gtid, (void **)&nest), 4);
  int other = -1;
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    other = __kmpc_test_nest_lock(&loc, __kmpc_global_thread_num(&loc),
                                  (void **)&nest);
  CHECK_EQ(other, 0);
  for (int d = 0; d < 4; d++)
    __kmpc_unset_nest_lock(&loc, gtid, (void **)&nest);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1) {
    int32_t me = __kmpc_global_thread_num(&loc);
    other = __kmpc_test_nest_lock(&loc, me, (void **)&nest);
    if (other)
      __kmpc_unset_nest_lock(&loc, me, (void **)&nest);
  }
  CHECK_EQ(other, 1);
  __kmpc_destroy_nest_lock(&loc, gtid, (void **)&nest);
  __kmpc_init_nest_lock_with_hint(&loc, gtid, (void **)&nest, omp_sync_hint_speculative);
  CHECK_EQ(hammer(1), NT * ITERS);
  __kmpc_destroy_nest_lock(&loc, gtid, (void **)&nest);
  printf("nest lock: depth counted, free after 4 unsets\n");
  return 0;
}
// CHECK: simple lock: 8000 increments, test_lock 0 then 1
// CHECK-NEXT: nest lock: depth counted, free after 4 unsets
