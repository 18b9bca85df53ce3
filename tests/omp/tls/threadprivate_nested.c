// threadprivate in nested regions (2 x 8 and 4 x 16 threads on 2 ESs, so
// up to 64 OpenMP threads take turns on each ES): every inner thread has a
// copy of its own; the primary thread of an inner team is the outer thread
// that encountered the region and keeps the copy it had there; copyin in an
// inner region copies that outer thread's values; single copyprivate in an
// inner team broadcasts within that team only; and the outer threads' values
// persist into the next outer region of the same size.
//
// With BOBBIN_TLS=off this fails (the inner threads of an ES share a copy).
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

static int tp_val = 1;
static int tp_vec[6] = {9, 9, 9, 9, 9, 9};
#pragma omp threadprivate(tp_val, tp_vec)

static void put(int v) {
  tp_val = v;
  for (int k = 0; k < 6; k++)
    tp_vec[k] = v * 10 + k;
}

static int holds(int v) {
  int ok = tp_val == v;
  for (int k = 0; k < 6; k++)
    ok = ok && tp_vec[k] == v * 10 + k;
  return ok;
}

static void nest(int outer_n, int inner_n) {
  int bad = 0;
  int seen[4][16];
  memset(seen, -1, sizeof seen);
  for (int pass = 0; pass < 2; pass++) {
#pragma omp parallel num_threads(outer_n) reduction(+ : bad)
    {
      int o = omp_get_thread_num();
      int mine = 1000 * (o + 1) + pass;
      // The outer threads' copies from the first pass are still theirs.
      if (pass == 1)
        bad += !holds(1000 * (o + 1) + 50);
      put(mine);
#pragma omp parallel num_threads(inner_n) reduction(+ : bad)
      {
        int i = omp_get_thread_num();
        CHECK_EQ(omp_get_level(), 2);
        CHECK_EQ(omp_get_team_size(2), inner_n);
        if (i == 0)
          bad += !holds(mine); // the encountering thread's copy
#pragma omp barrier
        int v = 100000 * (o + 1) + 100 * i + pass;
        put(v);
#pragma omp barrier
        spin_a_bit(150 * (i % 5));
        bad += !holds(v);
#pragma omp barrier
        seen[o][i] = tp_val;
        if (i == 0)
          put(mine); // leave the outer copy as it was
      }
      bad += !holds(mine);

#ifndef NO_NESTED_COPYIN // (see threadprivate_nested_notls.c)
      // copyin in the inner region: the outer thread's values.
      put(mine + 7);
#pragma omp parallel num_threads(inner_n) copyin(tp_val, tp_vec) reduction(+ : bad)
      {
        bad += !holds(mine + 7);
#pragma omp barrier
        if (omp_get_thread_num() != 0)
          put(-omp_get_thread_num());
#pragma omp barrier
        bad += !holds(omp_get_thread_num() ? -omp_get_thread_num() : mine + 7);
      }
      bad += !holds(mine + 7);
#endif

      // copyprivate within each inner team.
#pragma omp parallel num_threads(inner_n) reduction(+ : bad)
      {
        int i = omp_get_thread_num();
        put(-1 - i);
#pragma omp barrier
#pragma omp single copyprivate(tp_val, tp_vec)
        put(7000 * (o + 1) + i);
        int from = tp_val - 7000 * (o + 1);
        bad += from < 0 || from >= inner_n || !holds(7000 * (o + 1) + from);
      }
      put(1000 * (o + 1) + 50); // for the next pass
    }
  }
  CHECK_EQ(bad, 0);
  for (int o = 0; o < outer_n; o++)
    for (int i = 0; i < inner_n; i++)
      CHECK_EQ(seen[o][i], 100000 * (o + 1) + 100 * i + 1);
  CHECK(holds(1050)); // the initial thread was outer thread 0
  printf("%d x %d: ok\n", outer_n, inner_n);
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  CHECK(omp_get_max_active_levels() >= 2);
  nest(2, 8);
  nest(4, 16);
  nest(2, 8);
  return 0;
}
// CHECK: 2 x 8: ok
// CHECK-NEXT: 4 x 16: ok
// CHECK-NEXT: 2 x 8: ok
