// Four OpenMP threads on one ES pass a token around by spinning on a shared
// variable (atomic reads and writes, no OpenMP wait between): each waits
// for a team-mate that can run only if the spinner is preempted. Then the
// same with flags written after a `nowait` loop, and a producer/consumer
// pair with flush.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_WAIT_POLICY=passive %libomp-run | FileCheck %s
#include "check.h"

enum { ROUNDS = 10, N = 4 };

int main(void) {
  deadline(60, "spin_flags");
  int token = 0;
#pragma omp parallel num_threads(N) shared(token)
  {
    int me = omp_get_thread_num(), seen;
    for (int r = 0; r < ROUNDS; r++) {
      do {
#pragma omp atomic read
        seen = token;
      } while (seen != r * N + me);
#pragma omp atomic write
      token = seen + 1;
    }
  }
  CHECK_EQ(token, ROUNDS * N);
  printf("token ring: ok\n");

  int done[N] = {0};
#pragma omp parallel num_threads(N) shared(done)
  {
    int me = omp_get_thread_num();
#pragma omp for nowait
    for (int i = 0; i < 100; i++)
      spin_a_bit(10);
#pragma omp atomic write
    done[me] = 1;
    for (int other = 0; other < N; other++) {
      int d;
      do {
#pragma omp atomic read
        d = done[other];
      } while (!d);
    }
  }
  printf("nowait flags: ok\n");

  int box = 0, full = 0, sum = 0;
#pragma omp parallel num_threads(2) shared(box, full, sum)
  {
    for (int i = 1; i <= 50; i++) {
      int f;
      if (omp_get_thread_num() == 0) {
        do {
#pragma omp atomic read
          f = full;
        } while (f);
        box = i;
#pragma omp flush
#pragma omp atomic write
        full = 1;
      } else {
        do {
#pragma omp atomic read
          f = full;
        } while (!f);
#pragma omp flush
        sum += box;
#pragma omp atomic write
        full = 0;
      }
    }
  }
  CHECK_EQ(sum, 50 * 51 / 2);
  printf("producer/consumer: ok\n");
  return 0;
}
// CHECK: token ring: ok
// CHECK: nowait flags: ok
// CHECK: producer/consumer: ok
