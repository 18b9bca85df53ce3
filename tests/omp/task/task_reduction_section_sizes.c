// Task reductions over constant-length array sections of sizes that are
// hard to tell from what their initializer writes: one of 200000 bytes,
// more than the runtime compares byte by byte, and one of bytes whose
// user-defined initializer writes 0xa5, a value a byte pattern for
// untouched memory could take. Every result is checked. clang declares
// one element's size for these sections while its functions cover them
// whole.
// REQUIRES: bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 BOBBIN_NUM_ES=4 %libomp-run | FileCheck %s
#include "check.h"

#define BIG 25000 // doubles
#define SMALL 100 // bytes
#define TASKS 16

// Keeps the largest byte; the initializer's values are below every value
// the tasks store, so they never show in the result.
#pragma omp declare reduction(bmax : unsigned char : omp_out = omp_in > omp_out ? omp_in : omp_out) \
    initializer(omp_priv = 0xa5)

int main(void) {
  deadline(60, "task_reduction_section_sizes");
  double *big = calloc(BIG, sizeof *big);
  unsigned char small[SMALL];
  CHECK(big != NULL);
  memset(small, 0x10, sizeof small);
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : big[0:BIG]) task_reduction(bmax : small[0:SMALL])
    for (int t = 0; t < TASKS; t++) {
#pragma omp task in_reduction(+ : big[0:BIG]) in_reduction(bmax : small[0:SMALL]) \
    firstprivate(t)
      {
        for (int j = 0; j < BIG; j++)
          big[j] += 1;
        for (int j = 0; j < SMALL; j++) {
          unsigned char v = (unsigned char)(0xc0 + (j + t) % TASKS);
          if (v > small[j])
            small[j] = v;
        }
      }
    }
  }
  for (int j = 0; j < BIG; j++)
    CHECK(big[j] == TASKS);
  for (int j = 0; j < SMALL; j++)
    CHECK_EQ(small[j], 0xc0 + TASKS - 1);
  free(big);
  printf("large and patterned sections reduced\n");
  return 0;
}
// CHECK: large and patterned sections reduced
