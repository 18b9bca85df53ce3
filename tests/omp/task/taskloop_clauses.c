// taskloop clauses: lastprivate (the last iteration's value comes out),
// firstprivate (each task starts from the original value, which stays
// unchanged), collapse(2) (every pair once), nogroup (the construct returns
// before its tasks completed; a taskwait or an enclosing taskgroup then waits
// for them), if(0) (undeferred tasks: the iterations run in order on the
// encountering thread before the construct returns), final (the tasks are
// final: omp_in_final() holds, tasks created in them are included).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

#define N 500
#define NI 37
#define NJ 23

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void test_lastprivate(void) {
  int last = -1;
  long long big = -1;
  int pair[2] = {-1, -1};
#pragma omp taskloop grainsize(16) lastprivate(last, big, pair)
  for (int i = 0; i < N; i++) {
    last = 3 * i;
    big = (long long)i << 33;
    pair[0] = i;
    pair[1] = -i;
  }
  CHECK_EQ(last, 3 * (N - 1));
  CHECK_EQ(big, (long long)(N - 1) << 33);
  CHECK_EQ(pair[0], N - 1);
  CHECK_EQ(pair[1], -(N - 1));
  printf("lastprivate: %d\n", last);
}

static void test_firstprivate(void) {
  int base = 100, arr[3] = {1, 2, 3}, bad = 0, runs = 0;
#pragma omp taskloop num_tasks(10) firstprivate(base, arr) shared(bad, runs)
  for (int i = 0; i < N; i++) {
    // base counts this task's iterations on top of 100: never reset, never
    // shared with another task.
    if (base < 100 || base >= 100 + N || arr[0] != 1 || arr[2] != 3)
      bad = 1;
    base++;
    arr[1] = i;
#pragma omp atomic
    runs++;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(runs, N);
  CHECK_EQ(base, 100);
  CHECK_EQ(arr[1], 2);
  printf("firstprivate: original %d\n", base);
}

static void test_collapse(void) {
  static int hits[NI][NJ];
#pragma omp taskloop collapse(2) grainsize(5)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
#pragma omp atomic
      hits[i][j]++;
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      CHECK_EQ(hits[i][j], 1);
  printf("collapse(2): %d pairs once\n", NI * NJ);
}

static void test_nogroup(void) {
  int released = 0, done = 0, done_at_return = -1;
#pragma omp taskloop nogroup num_tasks(4) shared(released, done)
  for (int i = 0; i < 4; i++) {
    double limit = now() + 60; // only turns a hang into a failure
    while (!__atomic_load_n(&released, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
      CHECK(now() < limit);
    }
#pragma omp atomic
    done++;
  }
  done_at_return = __atomic_load_n(&done, __ATOMIC_SEQ_CST);
  __atomic_store_n(&released, 1, __ATOMIC_SEQ_CST);
#pragma omp taskwait
  CHECK_EQ(done_at_return, 0);
  CHECK_EQ(done, 4);
  // Inside an explicit taskgroup: its end waits for the nogroup tasks.
  int sum = 0;
#pragma omp taskgroup
  {
#pragma omp taskloop nogroup grainsize(10) shared(sum)
    for (int i = 0; i < N; i++) {
      spin_a_bit(100);
#pragma omp atomic
      sum += i;
    }
  }
  CHECK_EQ(sum, N * (N - 1) / 2);
  printf("nogroup: returned with %d done, then %d\n", done_at_return, done);
}

static void test_if0(void) {
  int order[N], next = 0, creator = omp_get_thread_num(), bad = 0;
#pragma omp taskloop if (0) grainsize(7) shared(order, next, bad)
  for (int i = 0; i < N; i++) {
    order[next++] = i;
    if (omp_get_thread_num() != creator)
      bad = 1;
  }
  CHECK_EQ(next, N); // all done when the construct returned
  CHECK_EQ(bad, 0);
  for (int i = 0; i < N; i++)
    CHECK_EQ(order[i], i);
  printf("if(0): %d iterations in order\n", next);
}

static void test_final(void) {
  int not_final = 0, not_included = 0, runs = 0;
#pragma omp taskloop final(1) num_tasks(8) shared(not_final, not_included, runs)
  for (int i = 0; i < 64; i++) {
    if (!omp_in_final())
      not_final = 1;
    int inner = 0;
#pragma omp task shared(inner)
    inner = 1;
    if (!inner) // an included task has run by now
      not_included = 1;
#pragma omp atomic
    runs++;
  }
  CHECK_EQ(runs, 64);
  CHECK_EQ(not_final, 0);
  CHECK_EQ(not_included, 0);
  int in_final_anywhere = 0;
#pragma omp taskloop final(0) shared(in_final_anywhere)
  for (int i = 0; i < 64; i++)
    if (omp_in_final())
      in_final_anywhere = 1;
  CHECK_EQ(in_final_anywhere, 0);
  printf("final: %d iterations in final tasks\n", runs);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    test_lastprivate();
    test_firstprivate();
    test_collapse();
    test_nogroup();
    test_if0();
    test_final();
  }
  return 0;
}
// CHECK: lastprivate: 1497
// CHECK-NEXT: firstprivate: original 100
// CHECK-NEXT: collapse(2): 851 pairs once
// CHECK-NEXT: nogroup: returned with 0 done, then 4
// CHECK-NEXT: if(0): 500 iterations in order
// CHECK-NEXT: final: 64 iterations in final tasks
