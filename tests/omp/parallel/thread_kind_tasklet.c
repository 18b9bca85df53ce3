// REQUIRES: bobbin
// BOBBIN_THREAD_KIND=ult,tasklet runs the OpenMP threads of nested regions
// (level 2) as tasklets: a two-level program whose inner regions only
// compute (no barrier, lock or other wait inside) gives the right results,
// with the right thread numbers and levels, many times over; the outer
// level, as ULTs, may still use barriers.
// RUN: %libomp-compile && env BOBBIN_THREAD_KIND=ult,tasklet OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=ult,tasklet BOBBIN_NUM_ES=1 %libomp-run 2>&1 | FileCheck %s --check-prefix=RESULT
#include "check.h"

#define OUTER 4
#define INNER 4
#define N 4096

static double data[N];
static double partial[OUTER][INNER];
static int wrong_ids;

int main(void) {
  for (int i = 0; i < N; i++)
    data[i] = i % 17;
  double want = 0;
  for (int i = 0; i < N; i++)
    want += data[i];
  for (int rep = 0; rep < 50; rep++) {
    memset(partial, 0, sizeof partial);
#pragma omp parallel num_threads(OUTER)
    {
      int o = omp_get_thread_num();
#pragma omp parallel num_threads(INNER)
      {
        int t = omp_get_thread_num();
        if (omp_get_level() != 2 || omp_get_num_threads() != INNER ||
            omp_get_ancestor_thread_num(1) != o)
          __atomic_fetch_add(&wrong_ids, 1, __ATOMIC_RELAXED);
        double s = 0;
        int chunk = N / (OUTER * INNER), lo = (o * INNER + t) * chunk;
        for (int i = lo; i < lo + chunk; i++)
          s += data[i];
        partial[o][t] = s;
      }
#pragma omp barrier
    }
    double got = 0;
    for (int o = 0; o < OUTER; o++)
      for (int t = 0; t < INNER; t++)
        got += partial[o][t];
    CHECK(got == want);
  }
  CHECK_EQ(wrong_ids, 0);
  printf("tasklet inner regions: sum %.0f right 50 times\n", want);
  return 0;
}
// CHECK: BOBBIN_THREAD_KIND = 'ult,tasklet'
// CHECK: tasklet inner regions: sum {{[0-9]+}} right 50 times
// RESULT: tasklet inner regions: sum {{[0-9]+}} right 50 times
