// Four application pthreads run parallel regions while main waits in
// pthread_join: main made the first OpenMP call, so it is ES 0's first
// OS thread, and the members queued on ES 0 must not wait for it. 100
// rounds. Then two pthreads fork regions at once, 1000 rounds.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

static int rounds;

static void *app(void *arg) {
  long id = (long)arg;
  for (int r = 0; r < rounds; r++) {
    long sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
    sum += omp_get_thread_num() + 1 + id;
    CHECK_EQ(sum, 3 + 2 * id);
  }
  return NULL;
}

static void run(int napps, int n) {
  pthread_t t[4];
  rounds = n;
  for (long i = 0; i < napps; i++)
    CHECK(pthread_create(&t[i], NULL, app, (void *)i) == 0);
  for (int i = 0; i < napps; i++)
    CHECK(pthread_join(t[i], NULL) == 0);
}

int main(void) {
  deadline(100, "pthreads_join");
#pragma omp parallel num_threads(2)
  CHECK(omp_get_num_threads() == 2); /* main is ES 0's OS thread from here */
  for (int r = 0; r < 100; r++)
    run(4, 1);
  printf("four pthreads: ok\n");
  run(2, 1000);
  printf("two pthreads: ok\n");
  return 0;
}
// CHECK: four pthreads: ok
// CHECK: two pthreads: ok
