// 10^6 tiny tasks, created by one thread (single) and then by all threads of
// the team at once: each one runs exactly once (a per-task byte), and the
// region's end leaves none behind.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define N 1000000

static unsigned char ran[N];

static void check_once(const char *who) {
  for (int i = 0; i < N; i++)
    CHECK_EQ(ran[i], 1);
  memset(ran, 0, sizeof ran);
  printf("%s: %d tasks once each\n", who, N);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < N; i++)
#pragma omp task firstprivate(i)
    ran[i]++;
  check_once("one producer");

  int nthreads = 0;
#pragma omp parallel
  {
    int me = omp_get_thread_num(), n = omp_get_num_threads();
    if (me == 0)
      nthreads = n;
    for (int i = me; i < N; i += n)
#pragma omp task firstprivate(i)
      ran[i]++;
  }
  CHECK(nthreads >= 1);
  check_once("all producers");

  // Producers that also wait: every thread taskwaits for its own share.
#pragma omp parallel
  {
    int me = omp_get_thread_num(), n = omp_get_num_threads();
    for (int i = me; i < N; i += n) {
#pragma omp task firstprivate(i)
      ran[i]++;
      if (i % 4096 == me) {
#pragma omp taskwait
      }
    }
#pragma omp taskwait
  }
  check_once("producers with taskwait");
  return 0;
}
// CHECK: one producer: 1000000 tasks once each
// CHECK-NEXT: all producers: 1000000 tasks once each
// CHECK-NEXT: producers with taskwait: 1000000 tasks once each
