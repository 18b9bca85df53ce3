// copyin of threadprivate arrays and records in each kind of parallel region
// (gcc: GOMP_parallel, GOMP_parallel_loop_*, GOMP_parallel_sections,
// GOMP_parallel_reductions), 8 threads on 2 ESs, so OpenMP threads take
// turns on each ES: every thread starts with the primary thread's values.
// gcc passes the primary thread's address of each aggregate inside its data
// block; Bobbin points it at a snapshot while the region runs and restores
// it afterwards: a pointer to the primary thread's copy that the region
// shares is that copy's address again after the region, and reads it.
// gcc only: clang 14 drops copyin from a combined `parallel for` (the
// program fails under libomp as well), and passes copyin addresses as the
// region's arguments, which threadprivate_values.c covers.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

enum { N = 8, LEN = 24 };

struct pair {
  long a;
  char tag[20];
};

static long tp_arr[LEN];
static struct pair tp_rec;
#pragma omp threadprivate(tp_arr, tp_rec)

// Sets the calling thread's copies to the values of `v`.
static void put(long v) {
  for (int k = 0; k < LEN; k++)
    tp_arr[k] = v * 100 + k;
  tp_rec.a = v;
  snprintf(tp_rec.tag, sizeof tp_rec.tag, "v%ld", v);
}

static int holds(long v) {
  char tag[20];
  snprintf(tag, sizeof tag, "v%ld", v);
  int ok = tp_rec.a == v && !strcmp(tp_rec.tag, tag);
  for (int k = 0; k < LEN; k++)
    ok = ok && tp_arr[k] == v * 100 + k;
  return ok;
}

// Gives every thread of a team of N values of its own, then the primary
// thread the values v.
static void scramble(long v) {
#pragma omp parallel num_threads(N)
  put(1000 + omp_get_thread_num());
  put(v);
}

int main(void) {
  int bad = 0, threads = 0;

  scramble(1);
#pragma omp parallel num_threads(N) copyin(tp_arr, tp_rec) reduction(+ : bad, threads)
  {
    bad += !holds(1);
    threads++;
  }
  CHECK_EQ(threads, N);
  CHECK_EQ(bad, 0);
  printf("parallel ok\n");

  scramble(2);
#pragma omp parallel for num_threads(N) copyin(tp_arr, tp_rec) schedule(dynamic) reduction(+ : bad)
  for (int i = 0; i < 64; i++) {
    bad += !holds(2);
  }
  CHECK_EQ(bad, 0);
  printf("parallel for ok\n");

  scramble(3);
#pragma omp parallel sections num_threads(N) copyin(tp_arr, tp_rec) reduction(+ : bad)
  {
#pragma omp section
    bad += !holds(3);
#pragma omp section
    bad += !holds(3);
#pragma omp section
    bad += !holds(3);
  }
  CHECK_EQ(bad, 0);
  printf("parallel sections ok\n");

  scramble(4);
  int tasks = 0;
#pragma omp parallel num_threads(N) copyin(tp_arr, tp_rec) reduction(task, + : tasks) reduction(+ : bad)
  {
    bad += !holds(4);
#pragma omp task in_reduction(+ : tasks)
    tasks++;
  }
  CHECK_EQ(tasks, N);
  CHECK_EQ(bad, 0);
  printf("parallel task reduction ok\n");

  scramble(5);
  long *mine = tp_arr;
  long seen = 0;
#pragma omp parallel num_threads(N) copyin(tp_arr) shared(mine, seen)
  {
    if (omp_get_thread_num() == 1)
      seen = tp_arr[3];
  }
  CHECK(mine == tp_arr);
  CHECK_EQ(mine[3], 503);
  CHECK_EQ(seen, 503);
  printf("restored ok\n");
  return 0;
}

// CHECK: parallel ok
// CHECK-NEXT: parallel for ok
// CHECK-NEXT: parallel sections ok
// CHECK-NEXT: parallel task reduction ok
// CHECK-NEXT: restored ok
