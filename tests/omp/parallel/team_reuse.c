// A thread that forks region after region makes each team in the memory of
// its last one: after warming up, thousands of regions (flat, nested, of
// changing sizes) allocate almost nothing. Bobbin takes teams from
// aligned_alloc, which this program defines, counting the calls, and serves
// from glibc's memalign. Reused memory must not carry state over: each
// region sees fresh thread numbers, team sizes and inherited ICVs, although
// the threads of the previous one changed theirs.
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <malloc.h>
#include <stdatomic.h>

enum { WARM = 50, REGIONS = 4000 };

static atomic_long allocs;

void *aligned_alloc(size_t align, size_t size) {
  atomic_fetch_add_explicit(&allocs, 1, memory_order_relaxed);
  return memalign(align, size);
}

/* One region of n threads, nested regions of 3 inside; returns the number
 * of threads that saw what a fresh team shows. */
static int region(int n) {
  int good = 0;
#pragma omp parallel num_threads(n) reduction(+ : good)
  {
    int ok = omp_get_num_threads() == n && omp_get_max_threads() == 3 &&
             omp_get_level() == 1;
    omp_set_num_threads(7); /* must not reach the next region's threads */
    int inner = 0;
#pragma omp parallel num_threads(3) reduction(+ : inner)
    inner += omp_get_num_threads() == 3 && omp_get_level() == 2 &&
             omp_get_max_threads() == 7;
    good += ok && inner == 3 && omp_get_max_threads() == 7;
  }
  return good;
}

int main(void) {
  omp_set_max_active_levels(2);
  omp_set_num_threads(3);
  for (int r = 0; r < WARM; r++)
    CHECK_EQ(region(1 + r % 3), 1 + r % 3);
  long before = atomic_load(&allocs);
  long good = 0, expect = 0;
  for (int r = 0; r < REGIONS; r++) {
    int n = 1 + r % 3; /* larger and smaller than the memory kept */
    good += region(n);
    expect += n;
  }
  long made = atomic_load(&allocs) - before;
  CHECK_EQ(good, expect);
  /* Without the kept memory: one team per region, flat or nested. */
  CHECK(made < REGIONS / 10);
  printf("team_reuse: %d regions, %ld threads saw a fresh team\n", REGIONS, good);
  return 0;
}
// CHECK: team_reuse: 4000 regions, 7999 threads saw a fresh team
