// The simd schedules (schedule(simd: guided) and schedule(simd: runtime),
// LLVM's numbers 46 and 47, with the simd width as chunk): every chunk a
// thread gets is a whole number of widths but the loop's last, and every
// iteration runs once; runtime_simd follows run-sched-var (static: one
// block per thread; static,c: chunks of c widths round robin; dynamic,c:
// chunks of c widths; guided: guided in whole widths), as libomp does
// (libomp 19 passes it). Called as clang's code calls them.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=static %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=dynamic,3 %libomp-run | FileCheck %s --check-prefixes=CHECK,DYN3
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=static,2 %libomp-run | FileCheck %s --check-prefixes=CHECK,STATIC2
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,2 %libomp-run | FileCheck %s
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

enum { WIDTH = 4, N = 1003, GUIDED_SIMD = 46, RUNTIME_SIMD = 47 };

int32_t __kmpc_global_thread_num(void *loc);
void __kmpc_dispatch_init_4(void *loc, int32_t gtid, int32_t sched, int32_t lb, int32_t ub,
                            int32_t st, int32_t chunk);
int __kmpc_dispatch_next_4(void *loc, int32_t gtid, int32_t *last, int32_t *lb, int32_t *ub,
                           int32_t *st);

static int seen[N], owner[N];

/* Runs the loop 0..N-1 under sched; returns whether every chunk but the
 * one ending the loop was a whole number of widths, and the largest chunk
 * any thread got. */
static int run(int sched, int *largest) {
  int whole = 1, big = 0;
  for (int i = 0; i < N; i++)
    seen[i] = 0;
#pragma omp parallel reduction(&& : whole) reduction(max : big)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL), last, lb, ub, st;
    __kmpc_dispatch_init_4(NULL, gtid, sched, 0, N - 1, 1, WIDTH);
    while (__kmpc_dispatch_next_4(NULL, gtid, &last, &lb, &ub, &st)) {
      int size = ub - lb + 1;
      if (ub != N - 1 && size % WIDTH)
        whole = 0;
      if (size > big)
        big = size;
      for (int i = lb; i <= ub; i++) {
        __atomic_fetch_add(&seen[i], 1, __ATOMIC_RELAXED);
        owner[i] = omp_get_thread_num();
      }
    }
  }
  for (int i = 0; i < N; i++)
    CHECK_EQ(seen[i], 1);
  *largest = big;
  return whole;
}

int main(void) {
  int big;
  CHECK(run(GUIDED_SIMD, &big));
  printf("guided simd: whole widths\n");
  CHECK(run(RUNTIME_SIMD, &big));
  const char *env = getenv("OMP_SCHEDULE");
  if (env && !strcmp(env, "dynamic,3"))
    printf("runtime simd, dynamic,3: largest chunk %d\n", big);
  if (env && !strcmp(env, "static"))
    CHECK_EQ(big, (N + omp_get_max_threads() - 1) / omp_get_max_threads() / WIDTH * WIDTH +
                      ((N + omp_get_max_threads() - 1) / omp_get_max_threads() % WIDTH ? WIDTH : 0));
  if (env && !strcmp(env, "static,2")) {
    for (int i = 0; i < N; i++)
      CHECK_EQ(owner[i], i / (2 * WIDTH) % omp_get_max_threads());
    printf("runtime simd, static,2: round robin, largest chunk %d\n", big);
  }
  printf("runtime simd: whole widths\n");
  return 0;
}
// CHECK: guided simd: whole widths
// DYN3: runtime simd, dynamic,3: largest chunk 12
// STATIC2: runtime simd, static,2: round robin, largest chunk 8
// CHECK: runtime simd: whole widths
