// REQUIRES: bobbin
// Dynamic promotion inside nested regions: OpenMP threads of a 2 x 4 x 4
// nest suspend several times each, on different objects (barriers, a
// critical section and a lock held across a yield, a child task they wait
// for, an ordered loop), under every ULT kind and with a different kind per
// level. A frame chain built on each thread's stack before its first
// suspension still holds its values after the last, and every (outer,
// middle, inner) thread runs exactly once.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=full %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=lsa %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=roc %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=ss %libomp-run | FileCheck %s
// RUN: env BOBBIN_ULT_KIND=sc %libomp-run | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=full,roc,ss %libomp-run | FileCheck %s
// RUN: env BOBBIN_THREAD_KIND=lsa,sc,ult BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { OUTER = 2, MIDDLE = 4, INNER = 4, DEPTH = 12 };

static int runs[OUTER][MIDDLE][INNER];
static int ordered_next[OUTER][MIDDLE];
static int in_critical, overlap;
static omp_lock_t lock;

// Each frame fills a buffer from seed; the sum over the chain, taken after
// at_bottom returns, proves that no frame moved or was overwritten while
// the thread was suspended.
static long frames(int depth, int seed, void (*at_bottom)(void)) {
  volatile int buf[48];
  for (int i = 0; i < 48; i++)
    buf[i] = seed * 31 + depth * 7 + i;
  long sum = depth ? frames(depth - 1, seed, at_bottom) : (at_bottom(), 0);
  for (int i = 0; i < 48; i++)
    sum += buf[i];
  return sum;
}

static long expected(int seed) {
  long sum = 0;
  for (int depth = 0; depth <= DEPTH; depth++)
    for (int i = 0; i < 48; i++)
      sum += seed * 31 + depth * 7 + i;
  return sum;
}

static void suspend_everywhere(void) {
#pragma omp barrier
#pragma omp critical
  {
    if (in_critical++)
      overlap = 1;
#pragma omp taskyield
    in_critical--;
  }
  omp_set_lock(&lock);
#pragma omp taskyield
  omp_unset_lock(&lock);
  int child = 0;
#pragma omp task shared(child)
  {
#pragma omp taskyield
    child = 1;
  }
#pragma omp taskwait
  CHECK_EQ(child, 1);
  int *next = &ordered_next[omp_get_ancestor_thread_num(1)][omp_get_ancestor_thread_num(2)];
#pragma omp for ordered schedule(dynamic, 1)
  for (int i = 0; i < 3 * INNER; i++) {
#pragma omp ordered
    {
      CHECK_EQ(*next, i); // the inner team's iterations, in order
      (*next)++;
    }
  }
#pragma omp barrier
}

int main(void) {
  omp_init_lock(&lock);
  omp_set_max_active_levels(3);
#pragma omp parallel num_threads(OUTER)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(MIDDLE)
    {
      int m = omp_get_thread_num();
#pragma omp barrier
#pragma omp parallel num_threads(INNER)
      {
        int i = omp_get_thread_num();
        int seed = (o * MIDDLE + m) * INNER + i;
        CHECK_EQ(omp_get_level(), 3);
        CHECK_EQ(frames(DEPTH, seed, suspend_everywhere), expected(seed));
        runs[o][m][i]++;
      }
#pragma omp barrier
    }
  }
  for (int o = 0; o < OUTER; o++)
    for (int m = 0; m < MIDDLE; m++)
      for (int i = 0; i < INNER; i++)
        CHECK_EQ(runs[o][m][i], 1);
  CHECK_EQ(overlap, 0);
  omp_destroy_lock(&lock);
  printf("%d nested threads suspended and resumed intact\n", OUTER * MIDDLE * INNER);
  return 0;
}
// CHECK: 32 nested threads suspended and resumed intact
