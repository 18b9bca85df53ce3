// REQUIRES: openblas
// Debian's OpenMP build of OpenBLAS, whose team threads wait for each other
// by spinning on memory flags, runs dgemm on Bobbin (loaded as its
// libgomp.so.1): with 4 threads on 2 ESs, and called from each thread of
// an outer parallel region (2 x 2 threads on 2 ESs). Every result is
// checked against a plain triple loop.
// RUN: %libomp-compile %openblas-flags && env LD_LIBRARY_PATH=%libomp-dir OMP_NUM_THREADS=4 %libomp-run flat | FileCheck %s --check-prefix=FLAT
// RUN: %libomp-compile %openblas-flags && env LD_LIBRARY_PATH=%libomp-dir OMP_NUM_THREADS=2,2 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run nested | FileCheck %s --check-prefix=NESTED
#include "check.h"

#include <cblas.h>
#include <math.h>

enum { N = 200 };

static void fill(double *m, int seed) {
  for (int i = 0; i < N * N; i++)
    m[i] = (double)((i * 7 + seed * 13) % 17) - 8.0;
}

/* C = A B with OpenBLAS, checked against the obvious loop. */
static void dgemm_checked(int seed) {
  static __thread double a[N * N], b[N * N], c[N * N];
  fill(a, seed);
  fill(b, seed + 1);
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, N, N, N, 1.0, a, N, b, N,
              0.0, c, N);
  for (int i = 0; i < N; i += 7)
    for (int j = 0; j < N; j += 5) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += a[i * N + k] * b[k * N + j];
      CHECK(fabs(s - c[i * N + j]) < 1e-6);
    }
}

int main(int argc, char **argv) {
  deadline(100, "openblas");
  CHECK(argc == 2);
  if (!strcmp(argv[1], "flat")) {
    for (int r = 0; r < 10; r++)
      dgemm_checked(r);
    printf("flat: ok, %d threads\n", openblas_get_num_threads());
  } else {
#pragma omp parallel
    for (int r = 0; r < 5; r++)
      dgemm_checked(omp_get_thread_num() * 10 + r);
    printf("nested: ok\n");
  }
  return 0;
}
// FLAT: flat: ok, 4 threads
// NESTED: nested: ok
