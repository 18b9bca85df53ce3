// A team thread blocks in read() on a pipe that a team-mate on the same ES
// writes after it: the reader's OS thread stops, not the ES. Twenty rounds,
// each direction.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  deadline(60, "pipe_team");
  int fds[2];
  CHECK(pipe(fds) == 0);
  for (int r = 0; r < 20; r++) {
    int reader = r % 2;
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num() == reader) {
        char c = 0;
        CHECK_EQ(read(fds[0], &c, 1), 1);
        CHECK_EQ(c, 'a' + r % 26);
      } else {
        spin_a_bit(100);
        char c = (char)('a' + r % 26);
        CHECK_EQ(write(fds[1], &c, 1), 1);
      }
    }
  }
  printf("pipe: ok\n");
  return 0;
}
// CHECK: pipe: ok
