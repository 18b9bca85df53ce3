// collapse(2) and collapse(3) with several schedules and a negative inner
// stride: every (i, j[, k]) runs exactly once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define NI 37
#define NJ 23
#define NK 5

static int hits[NI][NJ][NK];

static void check_all(int nk, const char *what) {
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      for (int k = 0; k < NK; k++) {
        CHECK_EQ(hits[i][j][k], k < nk);
        hits[i][j][k] = 0;
      }
  printf("%s ok\n", what);
}

int main(void) {
#pragma omp parallel for collapse(2) num_threads(4)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
#pragma omp atomic
      hits[i][j][0]++;
  check_all(1, "collapse(2) static");

#pragma omp parallel for collapse(2) schedule(dynamic, 3) num_threads(4)
  for (int i = 0; i < NI; i++)
    for (int j = NJ - 1; j >= 0; j--)
#pragma omp atomic
      hits[i][j][0]++;
  check_all(1, "collapse(2) dynamic, inner stride -1");

  long long last = -1;
#pragma omp parallel num_threads(3)
#pragma omp for collapse(3) schedule(guided) lastprivate(last)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j += 2)
      for (int k = 0; k < NK; k++) {
#pragma omp atomic
        hits[i][j][k]++;
        last = (long long)i * 10000 + j * 100 + k;
      }
  for (int i = 0; i < NI; i++)
    for (int j = 1; j < NJ; j += 2)
      for (int k = 0; k < NK; k++) {
        CHECK_EQ(hits[i][j][k], 0); // odd j: not in the loop
        hits[i][j][k] = 1;
      }
  check_all(NK, "collapse(3) guided, step 2");
  CHECK_EQ(last, 36 * 10000 + 22 * 100 + 4);
  printf("lastprivate %lld\n", last);
  return 0;
}
// CHECK: collapse(2) static ok
// CHECK-NEXT: collapse(2) dynamic, inner stride -1 ok
// CHECK-NEXT: collapse(3) guided, step 2 ok
// CHECK-NEXT: lastprivate 362204
