// A taskloop of many tiny tasks, which the encountering thread shares with
// its team rather than queueing each one (gcc's path, runtime/gomp_task.c):
// every iteration runs exactly once, in a task of its own (firstprivate
// starts from the original value in each, lastprivate comes out of the
// last, a reduction adds up), and two tasks running at once never report
// the same thread number. Then the sharing itself: the tasks past the first
// hundred that the encountering thread runs wait until another thread has
// run one of them too, which only a thread helping with the loop can do
// (none of its tasks is queued on its own).
// REQUIRES: gcc, bobbin
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <time.h>

enum { N = 20000, WAIT_FROM = 100, MAX_THREADS = 64 };

static unsigned char ran[N];
static int busy[MAX_THREADS];
static int overlaps, helped;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// Marks thread `me` busy for the length of one task, counting a task that
// found it busy already.
static void enter(int me) {
  if (__atomic_exchange_n(&busy[me], 1, __ATOMIC_ACQ_REL))
    __atomic_add_fetch(&overlaps, 1, __ATOMIC_RELAXED);
}

static void leave(int me) { __atomic_store_n(&busy[me], 0, __ATOMIC_RELEASE); }

static void semantics(void) {
  long sum = 0;
  int first = 7, last = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(N) firstprivate(first) lastprivate(last) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    int me = omp_get_thread_num();
    CHECK(me >= 0 && me < MAX_THREADS);
    enter(me);
    if (first != 7)
      __atomic_add_fetch(&overlaps, 1000000, __ATOMIC_RELAXED);
    first += i;
    __atomic_add_fetch(&ran[i], 1, __ATOMIC_RELAXED);
    sum += i;
    last = i;
    leave(me);
  }
  int once = 0;
  for (int i = 0; i < N; i++)
    once += ran[i] == 1;
  CHECK_EQ(once, N);
  CHECK_EQ(overlaps, 0);
  CHECK_EQ(first, 7);
  CHECK_EQ(last, N - 1);
  CHECK_EQ(sum, (long)N * (N - 1) / 2);
  printf("every task once, firstprivate, lastprivate, reduction: ok\n");
}

static void sharing(void) {
  int encountering = -1;
  double deadline = now() + 60;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    encountering = omp_get_thread_num();
#pragma omp taskloop num_tasks(N)
    for (int i = 0; i < N; i++) {
      if (i < WAIT_FROM)
        continue;
      if (omp_get_thread_num() != encountering) {
        __atomic_store_n(&helped, 1, __ATOMIC_RELEASE);
        continue;
      }
      while (!__atomic_load_n(&helped, __ATOMIC_ACQUIRE))
        CHECK(now() < deadline);
    }
  }
  printf("another thread ran tasks of the loop: ok\n");
}

int main(void) {
  semantics();
  sharing();
  return 0;
}
// CHECK: every task once, firstprivate, lastprivate, reduction: ok
// CHECK: another thread ran tasks of the loop: ok
