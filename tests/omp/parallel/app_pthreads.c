// Four application pthreads run parallel regions at the same time; each is
// the initial thread of its own contention group and gets correct results.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

#define APPS 4
#define ROUNDS 50

static void *app(void *arg) {
  long id = (long)arg;
  CHECK_EQ(omp_get_level(), 0);
  CHECK_EQ(omp_get_thread_num(), 0);
  CHECK(!omp_in_parallel());
  for (int r = 0; r < ROUNDS; r++) {
    int n = 2 + (int)(id + r) % 3;
    long sum = 0;
    int members = 0;
#pragma omp parallel num_threads(n) reduction(+ : sum, members)
    {
      CHECK_EQ(omp_get_num_threads(), n);
      CHECK_EQ(omp_get_level(), 1);
      members++;
#pragma omp for
      for (int i = 1; i <= 1000; i++)
        sum += i * (id + 1);
    }
    CHECK_EQ(members, n);
    CHECK_EQ(sum, 500500 * (id + 1));
  }
  return NULL;
}

int main(void) {
  pthread_t t[APPS];
  for (long i = 0; i < APPS; i++)
    CHECK(pthread_create(&t[i], NULL, app, (void *)i) == 0);
  for (int i = 0; i < APPS; i++)
    CHECK(pthread_join(t[i], NULL) == 0);
  printf("%d application threads x %d regions ok\n", APPS, ROUNDS);
  return 0;
}
// CHECK: 4 application threads x 50 regions ok
