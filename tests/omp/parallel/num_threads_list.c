// REQUIRES: bobbin
// __kmpc_push_num_threads_list (num_threads(a, b, ...); libomp 14 lacks
// it): (3, 2) before a parallel region gives an outer team of 3 whose inner
// regions have 2 threads each; (2, 3, 2) sets three levels; the list is
// consumed by the region (the next one has the default size), and
// __kmpc_pop_num_threads drops a pushed request that no region used; a list
// of 10 levels reaches the tenth.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

int32_t __kmpc_global_thread_num(void *loc);
void __kmpc_push_num_threads_list(void *loc, int32_t gtid, uint32_t len,
                                  int32_t *list);
void __kmpc_push_num_threads(void *loc, int32_t gtid, int32_t n);
void __kmpc_pop_num_threads(void *loc, int32_t gtid);

/* The team size of the region at level 10, opened from level `level`. */
static int descend_to(int level) {
  int size = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    size = level == 10 ? omp_get_num_threads() : descend_to(level + 1);
  return size;
}

int main(void) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  int32_t list[3] = {3, 2, 0};
  int outer = 0, inner_sizes[3] = {0}, inner_members = 0;
  __kmpc_push_num_threads_list(NULL, gtid, 2, list);
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    if (me == 0)
      outer = omp_get_num_threads();
#pragma omp parallel
    {
#pragma omp atomic
      inner_members++;
      if (omp_get_thread_num() == 0 && me < 3)
        inner_sizes[me] = omp_get_num_threads();
    }
  }
  CHECK_EQ(outer, 3);
  for (int t = 0; t < 3; t++)
    CHECK_EQ(inner_sizes[t], 2);
  CHECK_EQ(inner_members, 6);
  printf("list (3,2): outer %d, inner %d %d %d\n", outer, inner_sizes[0],
         inner_sizes[1], inner_sizes[2]);

  // Consumed: the next region has nthreads-var's 4.
  int next = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    next = omp_get_num_threads();
  CHECK_EQ(next, 4);
  printf("next region: %d\n", next);

  // Three levels.
  int32_t three[3] = {2, 3, 2};
  int level_size[4] = {0}, leaves = 0;
  __kmpc_push_num_threads_list(NULL, gtid, 3, three);
#pragma omp parallel
  {
    level_size[1] = omp_get_num_threads();
#pragma omp parallel
    {
      level_size[2] = omp_get_num_threads();
#pragma omp parallel
      {
        level_size[3] = omp_get_num_threads();
#pragma omp atomic
        leaves++;
      }
    }
  }
  CHECK_EQ(level_size[1], 2);
  CHECK_EQ(level_size[2], 3);
  CHECK_EQ(level_size[3], 2);
  CHECK_EQ(leaves, 12);
  printf("list (2,3,2): %d %d %d, %d leaves\n", level_size[1], level_size[2],
         level_size[3], leaves);

  // A pushed request popped before any region is gone.
  __kmpc_push_num_threads(NULL, gtid, 3);
  __kmpc_pop_num_threads(NULL, gtid);
  next = 0;
#pragma omp parallel
  if (omp_get_thread_num() == 0)
    next = omp_get_num_threads();
  CHECK_EQ(next, 4);
  __kmpc_push_num_threads_list(NULL, gtid, 2, list);
  __kmpc_pop_num_threads(NULL, gtid);
  int inner = 0;
  next = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      next = omp_get_num_threads();
#pragma omp parallel
    if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0)
      inner = omp_get_num_threads();
  }
  CHECK_EQ(next, 4);
  CHECK_EQ(inner, 4);
  printf("popped: %d, inner %d\n", next, inner);

  int32_t ten[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 3};
  __kmpc_push_num_threads_list(NULL, gtid, 10, ten);
  int tenth = descend_to(1);
  CHECK_EQ(tenth, 3);
  printf("ten levels: the tenth has %d\n", tenth);
  return 0;
}
// CHECK: list (3,2): outer 3, inner 2 2 2
// CHECK-NEXT: next region: 4
// CHECK-NEXT: list (2,3,2): 2 3 2, 12 leaves
// CHECK-NEXT: popped: 4, inner 4
// CHECK-NEXT: ten levels: the tenth has 3
