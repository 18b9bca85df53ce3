// Turns of ordered loops, which pass in one line per thread: nowait
// loops reuse a worksharing slot after its last turns were left there;
// static chunks map turns to lines by chunk; more threads than ESs make
// the waiters suspend, and a pass wakes the next line's waiter early; a
// team of one keeps no turns.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#define N 240
#define LOOPS 20 // more than the team's worksharing slots, all nowait

static int seq[LOOPS][N], pos[LOOPS];

static void check_order(int loop) {
  CHECK_EQ(pos[loop], N);
  for (int i = 0; i < N; i++)
    CHECK_EQ(seq[loop][i], i);
  pos[loop] = 0;
}

// Loop `loop` of a series: its schedule changes from loop to loop, so a
// slot is reused by a loop whose lines map turns differently.
static void ordered_loop(int loop) {
  static const struct {
    omp_sched_t kind;
    int chunk;
  } schedules[] = {{omp_sched_static, 1}, {omp_sched_static, 3},
                   {omp_sched_dynamic, 2}, {omp_sched_static, 0}};
  omp_set_schedule(schedules[loop % 4].kind, schedules[loop % 4].chunk);
#pragma omp for ordered schedule(runtime) nowait
  for (int i = 0; i < N; i++) {
    spin_a_bit(i % 5 * 100);
#pragma omp ordered
    seq[loop][pos[loop]++] = i;
  }
}

static void series(int threads, const char *what) {
#pragma omp parallel num_threads(threads)
  for (int loop = 0; loop < LOOPS; loop++)
    ordered_loop(loop);
  for (int loop = 0; loop < LOOPS; loop++)
    check_order(loop);
  printf("%s: in order\n", what);
}

int main(void) {
  series(1, "1 thread"); // keeps no turns
  series(2, "2 threads");
  series(7, "7 threads on 2 ESs");

  // Inner teams on the outer threads' ESs: nested waiters suspend too.
  omp_set_max_active_levels(2);
  static int inner_seq[2][N], inner_pos[2];
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
#pragma omp parallel for ordered schedule(static, 1) num_threads(5)
    for (int i = 0; i < N; i++) {
#pragma omp ordered
      inner_seq[me][inner_pos[me]++] = i;
    }
  }
  for (int t = 0; t < 2; t++) {
    CHECK_EQ(inner_pos[t], N);
    for (int i = 0; i < N; i++)
      CHECK_EQ(inner_seq[t][i], i);
  }
  printf("nested: in order\n");
  return 0;
}
// CHECK: 1 thread: in order
// CHECK-NEXT: 2 threads: in order
// CHECK-NEXT: 7 threads on 2 ESs: in order
// CHECK-NEXT: nested: in order
