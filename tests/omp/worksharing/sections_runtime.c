// REQUIRES: bobbin
// sections through the runtime's section numbers (__kmpc_sections_init,
// __kmpc_next_section, __kmpc_end_sections; libomp 14 lacks them, clang
// lowers sections to a loop itself): called directly by the threads of a
// parallel region, each section number 0..n-1 comes out exactly once per
// construct, then n; with more and fewer sections than threads, none, back
// to back without a barrier (nowait), and in a team of one (in order).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

int32_t __kmpc_global_thread_num(void *loc);
int32_t __kmpc_sections_init(void *loc, int32_t gtid);
int32_t __kmpc_next_section(void *loc, int32_t gtid, int32_t n);
void __kmpc_end_sections(void *loc, int32_t gtid);

#define REPS 200
#define MAXS 9

static int ran[REPS][2][MAXS];

// One sections construct of n sections; returns how many this thread ran.
static int sections(int n, int *counts) {
  int32_t gtid = __kmpc_global_thread_num(NULL);
  int mine = 0;
  __kmpc_sections_init(NULL, gtid);
  for (int32_t s; (s = __kmpc_next_section(NULL, gtid, n)) != n;) {
    CHECK(s >= 0 && s < n);
    __atomic_fetch_add(&counts[s], 1, __ATOMIC_RELAXED);
    mine++;
    spin_a_bit(50 * s);
  }
  __kmpc_end_sections(NULL, gtid);
  return mine;
}

int main(void) {
  static const int sizes[] = {9, 2, 0, 4, 1};
  for (int k = 0; k < 5; k++) {
    int n = sizes[k], total = 0;
    memset(ran, 0, sizeof ran);
#pragma omp parallel num_threads(4) reduction(+ : total)
    for (int r = 0; r < REPS; r++) {
      total += sections(n, ran[r][0]);
#pragma omp barrier
    }
    CHECK_EQ(total, REPS * n);
    for (int r = 0; r < REPS; r++)
      for (int s = 0; s < n; s++)
        CHECK_EQ(ran[r][0][s], 1);
    printf("%d sections: each once in %d constructs\n", n, REPS);
  }

  // Two constructs back to back with no barrier between them (nowait).
  memset(ran, 0, sizeof ran);
#pragma omp parallel num_threads(4)
  for (int r = 0; r < REPS; r++) {
    sections(5, ran[r][0]);
    sections(7, ran[r][1]);
  }
  for (int r = 0; r < REPS; r++) {
    for (int s = 0; s < 5; s++)
      CHECK_EQ(ran[r][0][s], 1);
    for (int s = 0; s < 7; s++)
      CHECK_EQ(ran[r][1][s], 1);
  }
  printf("nowait pairs: each once\n");

  // A team of one gets them all, in order.
  int got[6], ngot = 0;
#pragma omp parallel num_threads(1)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    __kmpc_sections_init(NULL, gtid);
    for (int32_t s; (s = __kmpc_next_section(NULL, gtid, 6)) != 6;)
      got[ngot++] = s;
    __kmpc_end_sections(NULL, gtid);
  }
  CHECK_EQ(ngot, 6);
  for (int s = 0; s < 6; s++)
    CHECK_EQ(got[s], s);
  printf("team of one: 0..5 in order\n");
  return 0;
}
// CHECK: 9 sections: each once in 200 constructs
// CHECK-NEXT: 2 sections: each once in 200 constructs
// CHECK-NEXT: 0 sections: each once in 200 constructs
// CHECK-NEXT: 4 sections: each once in 200 constructs
// CHECK-NEXT: 1 sections: each once in 200 constructs
// CHECK-NEXT: nowait pairs: each once
// CHECK-NEXT: team of one: 0..5 in order
