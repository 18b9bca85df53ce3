// Many hand-offs between OpenMP threads that share ESs (8 threads on 2
// ESs): ordered turns, barriers and a contended critical section. In each
// hand-off a waiter that is about to suspend races with the thread that
// wakes it; a wake-up lost there hangs the program (lit's timeout fails
// it). A plain Pthread spins beside the team, so that the OS preempts ESs
// inside those races, as on a loaded machine. Such a race once hung about
// one ordered loop in twenty of tests/omp/fortran/constructs.f90: a waiter
// flag that a late waker could clear (now a waiter count, wait.c).
// RUN: %libomp-compile && env OMP_NUM_THREADS=8 %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>

enum { ITERS = 20000, BARRIERS = 2000, SECTIONS = 24000 };

static atomic_int stop;

static void *hog(void *arg) {
  while (!atomic_load_explicit(&stop, memory_order_relaxed))
    ;
  return arg;
}

int main(void) {
  pthread_t other;
  CHECK(pthread_create(&other, NULL, hog, NULL) == 0);

  long next = 0, bad = 0;
#pragma omp parallel for ordered schedule(dynamic, 1)
  for (long i = 0; i < ITERS; i++) {
#pragma omp ordered
    {
      if (i != next)
        bad++;
      next = i + 1;
    }
  }
  CHECK_EQ(bad, 0);
  printf("ordered: %ld turns in order\n", next);

  long passed = 0;
#pragma omp parallel
  {
    for (int b = 0; b < BARRIERS; b++) {
#pragma omp barrier
    }
#pragma omp atomic
    passed++;
  }
  printf("barrier: %ld threads through\n", passed);

  long count = 0;
#pragma omp parallel
  for (int s = 0; s < SECTIONS / 8; s++) {
#pragma omp critical
    count++;
  }
  printf("critical: %ld\n", count);

  atomic_store(&stop, 1);
  pthread_join(other, NULL);
  return 0;
}
// CHECK: ordered: 20000 turns in order
// CHECK: barrier: 8 threads through
// CHECK: critical: 24000
