// reduction with every operator (+ * - & | ^ && || max min) on int and
// double, on parallel and on for, and on an array section.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NT 5
#define N 1000

int main(void) {
  // On parallel: each of NT threads contributes once.
  int isum = 0, iprod = 1, idiff = 0, iand = ~0, ior = 0, ixor = 0;
  int land = 1, lor = 0, imax = -1000, imin = 1000;
  double dsum = 0, dprod = 1, dmax = -1e9, dmin = 1e9;
#pragma omp parallel num_threads(NT) reduction(+ : isum, dsum)              \
    reduction(* : iprod, dprod) reduction(- : idiff) reduction(& : iand)   \
    reduction(| : ior) reduction(^ : ixor) reduction(&& : land)            \
    reduction(|| : lor) reduction(max : imax, dmax) reduction(min : imin, dmin)
  {
    int t = omp_get_thread_num() + 1; // 1..NT
    isum += t;
    dsum += t * 0.5;
    iprod *= t;
    dprod *= t * 0.5;
    idiff -= t;
    iand &= ~(1 << t);
    ior |= 1 << t;
    ixor ^= 3 << t;
    land = land && t > 0;
    lor = lor || t == NT;
    imax = imax > t * 3 ? imax : t * 3;
    imin = imin < t - 7 ? imin : t - 7;
    dmax = dmax > t * 1.5 ? dmax : t * 1.5;
    dmin = dmin < -t * 2.0 ? dmin : -t * 2.0;
  }
  CHECK_EQ(isum, 15);
  CHECK(dsum == 7.5);
  CHECK_EQ(iprod, 120);
  CHECK(dprod == 120.0 / 32);
  CHECK_EQ(idiff, -15);
  CHECK_EQ(iand, ~0x3e);
  CHECK_EQ(ior, 0x3e);
  CHECK_EQ(ixor, (3 << 1) ^ (3 << 2) ^ (3 << 3) ^ (3 << 4) ^ (3 << 5));
  CHECK(land == 1 && lor == 1);
  CHECK(imax == 15 && imin == -6);
  CHECK(dmax == 7.5 && dmin == -10.0);
  printf("parallel: sum %d prod %d diff %d and %#x or %#x xor %#x max %d min "
         "%d\n", isum, iprod, idiff, (unsigned)iand, (unsigned)ior,
         (unsigned)ixor, imax, imin);

  // On for: over N iterations, whatever the schedule.
  long long lsum = 0;
  int fand = 1, for_ = 0, fmax = 0, fmin = N, fxor = 0;
  double fdsum = 0, fdmax = 0;
#pragma omp parallel num_threads(NT)
#pragma omp for schedule(dynamic, 13) reduction(+ : lsum, fdsum)            \
    reduction(&& : fand) reduction(|| : for_) reduction(max : fmax, fdmax) \
    reduction(min : fmin) reduction(^ : fxor)
  for (int i = 1; i <= N; i++) {
    lsum += i;
    fdsum += 0.25;
    fand = fand && i != 0;
    for_ = for_ || i == 777;
    fmax = i > fmax ? i : fmax;
    fdmax = i * 0.5 > fdmax ? i * 0.5 : fdmax;
    fmin = i < fmin ? i : fmin;
    fxor ^= i;
  }
  int xref = 0;
  for (int i = 1; i <= N; i++)
    xref ^= i;
  CHECK_EQ(lsum, 500500);
  CHECK(fdsum == 250.0);
  CHECK(fand == 1 && for_ == 1);
  CHECK(fmax == N && fmin == 1 && fdmax == N * 0.5);
  CHECK_EQ(fxor, xref);
  printf("for: sum %lld max %d min %d\n", lsum, fmax, fmin);

  // An array section.
  int hist[8] = {0}, extra[4] = {0};
#pragma omp parallel for num_threads(NT) reduction(+ : hist[0:8], extra[1:2])
  for (int i = 0; i < N; i++) {
    hist[i % 8]++;
    extra[1 + i % 2] += 2;
  }
  for (int b = 0; b < 8; b++)
    CHECK_EQ(hist[b], N / 8);
  CHECK(extra[0] == 0 && extra[1] == N && extra[2] == N && extra[3] == 0);
  printf("array section: hist[0] %d extra[1] %d\n", hist[0], extra[1]);
  return 0;
}
// CHECK: parallel: sum 15 prod 120 diff -15 and 0xffffffc1 or 0x3e xor 0x{{[0-9a-f]+}} max 15 min -6
// CHECK-NEXT: for: sum 500500 max 1000 min 1
// CHECK-NEXT: array section: hist[0] 125 extra[1] 1000
