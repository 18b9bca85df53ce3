// REQUIRES: bobbin
// A program without any threadprivate or __thread variable: there is
// nothing to keep per OpenMP thread, so nothing may be swapped or copied.
// That is not observable from the program; what is checked is behaviour:
// teams of 1, 2, 8 and 64 threads on 2 ESs, nested 4 x 16, barriers,
// worksharing, single copyprivate of private variables and a firstprivate
// that the threads keep on their stacks across suspensions all give the
// right results, the same with the mechanism on, off and with no hwloc
// plugins (which may bring TLS of their own, libOpenCL's), and with
// OMP_DISPLAY_ENV=verbose, which starts the runtime the same way and must
// not mention any TLS setting it was not given.
// RUN: %libomp-compile
// RUN: %libomp-run | FileCheck %s
// RUN: env BOBBIN_TLS=off %libomp-run | FileCheck %s
// RUN: env HWLOC_PLUGINS_PATH=%t.none %libomp-run | FileCheck %s
// RUN: env OMP_DISPLAY_ENV=verbose %libomp-run 2>&1 | FileCheck %s --check-prefixes=DISPLAY,CHECK
#include "check.h"

static int team_checks(int n) {
  int bad = 0;
  long slots[64], sum = 0;
#pragma omp parallel num_threads(n) firstprivate(n) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    long local[16]; // on this OpenMP thread's stack, across barriers
    for (int k = 0; k < 16; k++)
      local[k] = me * 100 + k;
    slots[me] = me;
    for (int round = 0; round < 3; round++) {
#pragma omp barrier
      spin_a_bit(100 * (me % 5));
      for (int k = 0; k < 16; k++)
        bad += local[k] != me * 100 + k + round;
      for (int k = 0; k < 16; k++)
        local[k]++;
      bad += slots[(me + 1) % n] != (me + 1) % n;
    }
    int value = -me;
#pragma omp single copyprivate(value)
    value = 4000 + me;
    bad += value < 4000 || value >= 4000 + n;
#pragma omp for schedule(dynamic, 2) reduction(+ : sum)
    for (int i = 0; i < 100 * n; i++)
      sum += i;
    bad += n != omp_get_num_threads();
  }
  CHECK_EQ(sum, 100L * n * (100L * n - 1) / 2);
  return bad;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  omp_set_max_active_levels(2);
  static const int sizes[] = {1, 2, 8, 64, 8};
  for (int i = 0; i < 5; i++) {
    CHECK_EQ(team_checks(sizes[i]), 0);
    printf("team of %d: ok\n", sizes[i]);
  }
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(16) reduction(+ : bad)
    {
      int inner = omp_get_thread_num(), mine = outer * 16 + inner;
#pragma omp barrier
      spin_a_bit(50 * inner);
      bad += mine != outer * 16 + omp_get_thread_num();
      bad += omp_get_ancestor_thread_num(1) != outer;
    }
  }
  CHECK_EQ(bad, 0);
  printf("4 x 16: ok\n");
  return 0;
}
// DISPLAY: OPENMP DISPLAY ENVIRONMENT BEGIN
// DISPLAY-NOT: TLS
// DISPLAY: OPENMP DISPLAY ENVIRONMENT END
// CHECK: team of 1: ok
// CHECK-NEXT: team of 2: ok
// CHECK-NEXT: team of 8: ok
// CHECK-NEXT: team of 64: ok
// CHECK-NEXT: team of 8: ok
// CHECK-NEXT: 4 x 16: ok
