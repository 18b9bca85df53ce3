// def-allocator-var belongs to each implicit task: the threads of a region
// start with the encountering thread's value; omp_set_default_allocator in
// one of them changes neither its siblings' value nor the encountering
// thread's; a nested region inherits the value of the thread that forks it,
// and omp_alloc(omp_null_allocator) and the allocate clause without an
// allocator use it; an application thread, the initial thread of a
// contention group of its own, starts with OMP_ALLOCATOR's value. clang
// binaries also reach the ICV through __kmpc_set_default_allocator /
// __kmpc_get_default_allocator.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>
#include <stdint.h>

#ifdef __clang__
int __kmpc_global_thread_num(void *loc);
void __kmpc_set_default_allocator(int gtid, omp_allocator_handle_t al);
omp_allocator_handle_t __kmpc_get_default_allocator(int gtid);
#endif

enum { ALIGN = 4096 };

static int aligned(const void *p) { return ((uintptr_t)p & (ALIGN - 1)) == 0; }

static void *application_thread(void *arg) {
  omp_allocator_handle_t *seen = arg;
  seen[0] = omp_get_default_allocator();
  omp_set_default_allocator(omp_pteam_mem_alloc);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() == 1)
    seen[1] = omp_get_default_allocator();
  return NULL;
}

int main(void) {
  deadline(60, "alloc_default_icv");
  omp_set_max_active_levels(2);
  const omp_allocator_handle_t outer = omp_thread_mem_alloc;
  omp_alloctrait_t t[] = {{omp_atk_alignment, ALIGN}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 1, t);
  CHECK(al != omp_null_allocator);
  omp_set_default_allocator(outer);

  int bad_start = 0, bad_sibling = 0, bad_own = 0, bad_nested = 0, bad_clause = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad_start, bad_sibling, bad_own, \
                                              bad_nested, bad_clause)
  {
    int me = omp_get_thread_num();
    if (omp_get_default_allocator() != outer)
      bad_start++;
#pragma omp barrier
    if (me == 1)
      omp_set_default_allocator(al);
#pragma omp barrier
    omp_allocator_handle_t mine = me == 1 ? al : outer;
    if (omp_get_default_allocator() != mine)
      bad_sibling++;
    if (me == 1) {
      void *p = omp_alloc(100, omp_null_allocator);
      if (!p || !aligned(p))
        bad_own++;
      omp_free(p, omp_null_allocator);
    }
    int x = 0;
#pragma omp parallel num_threads(2) private(x) allocate(x) reduction(+ : bad_nested, bad_clause)
    {
      x = omp_get_thread_num();
      if (omp_get_default_allocator() != mine)
        bad_nested++;
      if (me == 1 && !aligned(&x))
        bad_clause++;
    }
    (void)x;
  }
  CHECK_EQ(bad_start, 0);
  CHECK_EQ(bad_sibling, 0);
  CHECK_EQ(bad_own, 0);
  CHECK_EQ(bad_nested, 0);
  CHECK_EQ(bad_clause, 0);
  CHECK(omp_get_default_allocator() == outer);
  printf("region: inherited, set per thread, parent kept\n");

#ifdef __clang__
  int bad_kmpc = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad_kmpc)
  {
    int me = omp_get_thread_num(), gtid = __kmpc_global_thread_num(NULL);
    if (__kmpc_get_default_allocator(gtid) != outer)
      bad_kmpc++;
#pragma omp barrier
    if (me == 2)
      __kmpc_set_default_allocator(gtid, omp_large_cap_mem_alloc);
#pragma omp barrier
    if (omp_get_default_allocator() != (me == 2 ? omp_large_cap_mem_alloc : outer))
      bad_kmpc++;
  }
  CHECK_EQ(bad_kmpc, 0);
  CHECK(__kmpc_get_default_allocator(__kmpc_global_thread_num(NULL)) == outer);
#endif
  printf("kmpc: same ICV\n");

  omp_allocator_handle_t seen[2] = {omp_null_allocator, omp_null_allocator};
  pthread_t th;
  CHECK(pthread_create(&th, NULL, application_thread, seen) == 0);
  CHECK(pthread_join(th, NULL) == 0);
  CHECK(seen[0] == omp_default_mem_alloc);
  CHECK(seen[1] == omp_pteam_mem_alloc);
  CHECK(omp_get_default_allocator() == outer);
  printf("application thread: initial value, its own\n");

  omp_set_default_allocator(omp_null_allocator);
  omp_destroy_allocator(al);
  return 0;
}
// CHECK: region: inherited, set per thread, parent kept
// CHECK-NEXT: kmpc: same ICV
// CHECK-NEXT: application thread: initial value, its own
