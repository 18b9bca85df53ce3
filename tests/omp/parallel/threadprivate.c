// threadprivate variables: copyin, per-thread values that persist between
// regions with the same team size, and separate copies per thread. First
// through the runtime (__kmpc_threadprivate_cached), then as clang does by
// default, with native TLS (__thread), which the runtime cannot see.
// RUN: %libomp-compile -fnoopenmp-use-tls && %libomp-run | FileCheck %s
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: -fnoopenmp-use-tls is clang's.
// REQUIRES: clang
#include "check.h"

static int tp = 5;
static double tp_arr[4];
#pragma omp threadprivate(tp, tp_arr)

int main(void) {
  omp_set_dynamic(0);
  tp = 11;
  tp_arr[2] = 2.5;
#pragma omp parallel num_threads(4) copyin(tp, tp_arr)
  {
    int me = omp_get_thread_num();
    CHECK_EQ(tp, 11);
    CHECK(tp_arr[2] == 2.5);
    tp = 100 + me;
    tp_arr[0] = me;
#pragma omp barrier
    spin_a_bit(1000 * me);
    CHECK_EQ(tp, 100 + me);
    CHECK(tp_arr[0] == me);
  }
  CHECK_EQ(tp, 100); // the initial thread's copy
  int ok = 0;
#pragma omp parallel num_threads(4) reduction(+ : ok)
  {
    int me = omp_get_thread_num();
    ok += tp == 100 + me && tp_arr[0] == me; // persisted
  }
  CHECK_EQ(ok, 4);
  printf("threadprivate persisted in %d threads\n", ok);
  return 0;
}
// CHECK: threadprivate persisted in 4 threads
