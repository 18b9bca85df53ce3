// Hard pauses of the initial thread while an application pthread runs
// parallel regions, nested ones too: each pause releases what it may
// (nothing while the other team is at work: its members live on the
// threads a pause would end), and both threads' regions keep their team
// sizes and results, whichever comes first.
// RUN: %libomp-compile && env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// LLVM's libomp 14 hangs at exit after a hard pause.
// UNSUPPORTED: clang && system-libomp
#include "check.h"

#include <pthread.h>

enum { ROUNDS = 300 };

static _Atomic int stop;

static void region(int nested) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  {
    if (nested) {
#pragma omp parallel num_threads(2) reduction(+ : n)
      n++;
    } else {
      n += 2;
    }
  }
  CHECK_EQ(n, 2 * omp_get_max_threads());
}

static void *other(void *unused) {
  (void)unused;
  for (int i = 0; !stop; i++)
    region(i % 2);
  return NULL;
}

int main(void) {
  deadline(120, "pause_app_threads");
  pthread_t t;
  CHECK(pthread_create(&t, NULL, other, NULL) == 0);
  for (int i = 0; i < ROUNDS; i++) {
    CHECK_EQ(omp_pause_resource(omp_pause_hard, omp_get_initial_device()), 0);
    region(i % 2);
  }
  stop = 1;
  CHECK(pthread_join(t, NULL) == 0);
  printf("%d pauses beside another thread's regions\n", ROUNDS);
  return 0;
}
// CHECK: 300 pauses beside another thread's regions
