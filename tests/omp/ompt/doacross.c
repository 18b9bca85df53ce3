// A doacross loop's depend(sink) and depend(source) are reported as the
// encountering implicit task's dependences, as libomp 19 reports them
// (LLVM 19's ompt/synchronization/ordered_dependences.c): a sink once its
// wait is done, a source as it is reached, each with one entry per loop
// dimension, the iteration's logical number there; a sink outside the
// loop nest is no dependence and is not reported. One thread runs the 2x2
// nest in order.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static void on_dependences_values(ompt_data_t *task, const ompt_dependence_t *deps, int n) {
  (void)task;
  printf("%llu deps", (unsigned long long)tool_self());
  for (int i = 0; i < n; i++)
    printf(" (%llu, %s)", (unsigned long long)deps[i].variable.value,
           deps[i].dependence_type == ompt_dependence_type_source ? "source"
           : deps[i].dependence_type == ompt_dependence_type_sink ? "sink"
                                                                   : "other");
  printf("\n");
}

int main(void) {
  deadline(30, "ompt/doacross");
  CHECK(omp_get_max_threads() > 0); /* starts the runtime, and the tool */
  tool_set_callback(ompt_callback_dependences, (ompt_callback_t)on_dependences_values);
  int a[2][2] = {{0}};
  #pragma omp parallel num_threads(1)
  #pragma omp for ordered(2) schedule(static)
  for (int i = 10; i < 12; i++)
    for (int j = 5; j < 7; j++) {
      #pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      a[i - 10][j - 5] = 1 + (i > 10 ? a[i - 11][j - 5] : 0) + (j > 5 ? a[i - 10][j - 6] : 0);
      #pragma omp ordered depend(source)
    }
  CHECK_EQ(a[1][1], 5);
  return 0;
}

// CHECK: deps (0, source) (0, source)
// CHECK-NEXT: deps (0, sink) (0, sink)
// CHECK-NEXT: deps (0, source) (1, source)
// CHECK-NEXT: deps (0, sink) (0, sink)
// CHECK-NEXT: deps (1, source) (0, source)
// the last iteration's two sinks, in either order (gcc swaps them)
// CHECK-DAG: deps (0, sink) (1, sink)
// CHECK-DAG: deps (1, sink) (0, sink)
// CHECK: deps (1, source) (1, source)
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
