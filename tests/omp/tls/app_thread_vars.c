// The application's own __thread variables (not threadprivate) used inside
// parallel regions of 8 and 64 threads on 2 ESs: each OpenMP thread has its
// own counter, as under libomp where each is a Pthread. The counters are
// incremented per iteration in worksharing loops and across barriers, at
// which the OpenMP threads of an ES suspend and take turns, and each thread
// checks its counter against a local tally. Threads new to the program see
// the variables' initial values, and a thread number used before finds the
// values it left, also when the team grew or shrank in between (as libomp's
// and libgomp's reused threads keep theirs).
//
// With BOBBIN_TLS=off this fails (the OpenMP threads of an ES share one
// counter).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

static __thread int counter;
static __thread int start_value = 42;
static __thread long history[8];
__thread char label[16] = "unnamed";

__attribute__((noinline)) static void bump(int i) {
  counter++;
  history[i % 8] += i;
}

// n threads, after a region of prev threads (0: the first region).
static int run(int n, int prev) {
  int bad = 0, members = 0;
#pragma omp parallel num_threads(n) reduction(+ : bad, members)
  {
    int me = omp_get_thread_num();
    members++;
    if (me < prev || me == 0) // the thread of that number last time
      bad += counter != 5 * prev + me;
    else // a thread new to the program
      bad += start_value != 42 || counter != 0 || strcmp(label, "unnamed") != 0;
    counter = 0;
    memset(history, 0, sizeof history);
    snprintf(label, sizeof label, "thread %d", me);
    int tally = 0;
    long sums[8] = {0};
    for (int round = 0; round < 3; round++) {
#pragma omp for schedule(dynamic, 3)
      for (int i = 0; i < 40 * n; i++) {
        bump(i);
        tally++;
        sums[i % 8] += i;
      }
      // The implicit barrier of the loop suspended this thread; its
      // variables are still its own.
      bad += counter != tally;
      spin_a_bit(100 * (me % 5));
#pragma omp barrier
      bad += counter != tally;
    }
    for (int k = 0; k < 8; k++)
      bad += history[k] != sums[k];
    char expect[16];
    snprintf(expect, sizeof expect, "thread %d", me);
    bad += strcmp(label, expect) != 0;
    counter = 5 * n + me; // for the next region of this size
  }
  CHECK_EQ(members, n);
  return bad;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  start_value = 0; // the initial thread's copy only
  CHECK_EQ(run(8, 0), 0);
  printf("8 threads: counters per thread\n");
  CHECK_EQ(run(8, 8), 0);
  printf("8 threads: counters kept\n");
  CHECK_EQ(start_value, 0);
  CHECK_EQ(counter, 5 * 8);
  CHECK_EQ(run(64, 8), 0);
  printf("64 threads: counters per thread\n");
  CHECK_EQ(run(64, 64), 0);
  printf("64 threads: counters kept\n");
  CHECK_EQ(run(8, 64), 0);
  printf("8 threads again: counters kept\n");
  CHECK_EQ(counter, 5 * 8);
  CHECK_EQ(start_value, 0);
  return 0;
}
// CHECK: 8 threads: counters per thread
// CHECK-NEXT: 8 threads: counters kept
// CHECK-NEXT: 64 threads: counters per thread
// CHECK-NEXT: 64 threads: counters kept
// CHECK-NEXT: 8 threads again: counters kept
