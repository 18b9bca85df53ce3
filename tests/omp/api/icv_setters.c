// Setters and their effect: omp_set_dynamic, omp_set_nested,
// omp_set_max_active_levels, omp_set_schedule; and a setter inside a region
// changes only the calling thread's ICVs.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <limits.h>

int main(void) {
  omp_set_dynamic(1);
  CHECK_EQ(omp_get_dynamic(), 1);
  omp_set_dynamic(0);
  CHECK_EQ(omp_get_dynamic(), 0);

  int supported = omp_get_supported_active_levels();
  CHECK(supported >= 1);
  omp_set_max_active_levels(1);
  CHECK_EQ(omp_get_max_active_levels(), 1);
  CHECK_EQ(omp_get_nested(), 0);
  int inner = 0;
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp master
  inner = omp_get_num_threads();
  CHECK_EQ(inner, 1);

  omp_set_max_active_levels(3);
  CHECK_EQ(omp_get_max_active_levels(), supported < 3 ? supported : 3);
  CHECK_EQ(omp_get_nested(), 1);
  if (supported < INT_MAX) {
    omp_set_max_active_levels(supported + 1); // clamped
    CHECK_EQ(omp_get_max_active_levels(), supported);
  }
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(3)
#pragma omp master
  inner = omp_get_num_threads();
  CHECK_EQ(inner, 3);
  printf("max active levels 1: inner 1; 2: inner %d\n", inner);

  omp_set_nested(0);
  CHECK_EQ(omp_get_max_active_levels(), 1);
  omp_set_nested(1);
  CHECK(omp_get_max_active_levels() > 1);
  CHECK_EQ(omp_get_nested(), 1);

  omp_sched_t kind;
  int chunk;
  omp_set_schedule(omp_sched_dynamic, 9);
  omp_get_schedule(&kind, &chunk);
  CHECK(kind == omp_sched_dynamic && chunk == 9);
  omp_set_schedule(omp_sched_guided, 0); // < 1: the default chunk
  omp_get_schedule(&kind, &chunk);
  CHECK_EQ(kind, omp_sched_guided);
  omp_set_schedule(omp_sched_static, 4);

  // Inside a region: set_num_threads affects that thread's nested regions
  // only; the others and the initial thread keep theirs.
  omp_set_num_threads(4);
  int sizes[2] = {0};
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    if (me == 1)
      omp_set_num_threads(3);
#pragma omp barrier
    CHECK_EQ(omp_get_max_threads(), me == 1 ? 3 : 4);
    omp_get_schedule(&kind, &chunk); // inherited
    CHECK(kind == omp_sched_static && chunk == 4);
#pragma omp parallel
#pragma omp master
    sizes[me] = omp_get_num_threads();
  }
  CHECK_EQ(omp_get_max_threads(), 4);
  CHECK(sizes[0] == 4 && sizes[1] == 3);
  printf("per-thread ICVs: %d %d\n", sizes[0], sizes[1]);
  return 0;
}
// CHECK: max active levels 1: inner 1; 2: inner 3
// CHECK: per-thread ICVs: 4 3
