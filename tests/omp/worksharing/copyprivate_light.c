// REQUIRES: bobbin
// __kmpc_copyprivate_light (libomp 14 lacks it): the thread that ran the
// single passes its pointer, the others pass NULL, and every thread gets the
// single thread's pointer back, with the data written before the call
// visible. Repeated with a barrier between uses, and with different single
// threads.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

int32_t __kmpc_global_thread_num(void *loc);
void *__kmpc_copyprivate_light(void *loc, int32_t gtid, void *data);

#define REPS 300

int main(void) {
  static int values[REPS];
  int wrong = 0, singles = 0;
#pragma omp parallel num_threads(4) reduction(+ : wrong, singles)
  for (int r = 0; r < REPS; r++) {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    void *mine = NULL;
#pragma omp single nowait
    {
      values[r] = 1000 + r;
      mine = &values[r];
      singles++;
    }
    int *got = __kmpc_copyprivate_light(NULL, gtid, mine);
    if (got != &values[r] || *got != 1000 + r)
      wrong++;
#pragma omp barrier
  }
  CHECK_EQ(singles, REPS);
  CHECK_EQ(wrong, 0);
  printf("%d rounds: every thread got the single's pointer\n", REPS);

  // The single thread is not thread 0.
  double shared_value = 0, *seen[4] = {0};
#pragma omp parallel num_threads(4)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    double *p = NULL;
    if (omp_get_thread_num() == 3) {
      shared_value = 2.5;
      p = &shared_value;
    }
    p = __kmpc_copyprivate_light(NULL, gtid, p);
    seen[omp_get_thread_num()] = p;
  }
  for (int t = 0; t < 4; t++)
    CHECK(seen[t] == &shared_value);
  CHECK(*seen[0] == 2.5);
  printf("from thread 3: ok\n");
  return 0;
}
// CHECK: 300 rounds: every thread got the single's pointer
// CHECK-NEXT: from thread 3: ok
