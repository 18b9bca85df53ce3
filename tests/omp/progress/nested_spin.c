// The pattern of OpenBLAS's threads, written here: an outer team of 2
// whose threads each run a nested team of 2 whose members wait for each
// other by spinning on memory flags, on 2 ESs, so 4 spinners share 2 ESs.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

enum { STEPS = 20 };

static void inner_work(int *flags) {
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num(), other = 1 - me;
    for (int s = 1; s <= STEPS; s++) {
#pragma omp atomic write
      flags[me] = s;
      int seen;
      do {
#pragma omp atomic read
        seen = flags[other];
      } while (seen < s);
    }
  }
}

int main(void) {
  deadline(60, "nested_spin");
  int flags[2][2] = {{0}};
#pragma omp parallel num_threads(2)
  inner_work(flags[omp_get_thread_num()]);
  CHECK_EQ(flags[0][0] + flags[0][1] + flags[1][0] + flags[1][1], 4 * STEPS);
  printf("nested spinners: ok\n");
  return 0;
}
// CHECK: nested spinners: ok
