// cancel for with OMP_CANCELLATION=true: the loop stops early (the other
// threads leave at their next cancellation point), the iteration that
// cancelled does not run its body, the loop's barrier ends the cancellation
// and the following loops of the same region run in full; a second cancel
// in the same region works again. Static and dynamic schedules.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s
#include "check.h"

#define N 4000

static int ran[N];

static void reset(void) { memset(ran, 0, sizeof ran); }

static int count_ran(void) {
  int n = 0;
  for (int i = 0; i < N; i++) {
    CHECK(ran[i] == 0 || ran[i] == 1);
    n += ran[i];
  }
  return n;
}

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 1);
  int later = 0, again = 0, cancels = 0, at = -1, again_cancels = 0;
  reset();
#pragma omp parallel num_threads(4) reduction(+ : later)
  {
#pragma omp for schedule(static, 1)
    for (int i = 0; i < N; i++) {
      // The first iteration to start, whichever thread runs it: a thread
      // named in advance may start late (threads that share an ES, or a
      // loaded machine whose OS runs others meanwhile), and the others
      // would run their whole share first.
      int first;
#pragma omp atomic capture
      first = cancels++;
      if (first == 0) {
        at = i;
#pragma omp cancel for
      }
#pragma omp cancellation point for
      ran[i]++;
      spin_a_bit(20000);
    }
    // The loop's barrier ended the cancellation: this loop runs in full.
#pragma omp for schedule(static)
    for (int i = 0; i < 1000; i++)
      later++;
  }
  int n = count_ran();
  CHECK(at >= 0 && at < N);
  CHECK_EQ(ran[at], 0);
  CHECK(n < N / 2);
  CHECK_EQ(later, 1000);
  printf("static,1: stopped early, next loop ran %d\n", later);

  reset();
  later = 0;
#pragma omp parallel num_threads(4) reduction(+ : later, again)
  {
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < N; i++) {
      if (i == 100) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
      ran[i]++;
      spin_a_bit(20000);
    }
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 1000; i++)
      later++;
    // A second cancelled loop in the same region.
#pragma omp for schedule(static, 1)
    for (int i = 0; i < N; i++) {
      int first;
#pragma omp atomic capture
      first = again_cancels++;
      if (first == 0) {
#pragma omp cancel for
      }
#pragma omp cancellation point for
      again++;
      spin_a_bit(20000);
    }
  }
  n = count_ran();
  CHECK_EQ(ran[100], 0);
  CHECK(n < N / 2);
  CHECK_EQ(later, 1000);
  CHECK(again < N / 2);
  printf("dynamic,2: stopped early, next loop ran %d, second cancel stopped early\n",
         later);
  return 0;
}
// CHECK: static,1: stopped early, next loop ran 1000
// CHECK-NEXT: dynamic,2: stopped early, next loop ran 1000, second cancel stopped early
