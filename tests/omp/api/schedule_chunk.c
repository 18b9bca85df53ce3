// omp_get_schedule's chunk when none was given: OMP_SCHEDULE or
// omp_set_schedule with a chunk below 1 gets the default chunk size, which
// OpenMP 5.2 makes 1 for dynamic and guided; static's 0 stands for one
// block per thread, and OMP_SCHEDULE=auto's chunk is 1 (ignored), as
// libomp and libgomp answer. libomp's OMP_SCHEDULE extensions too: trapezoidal (kind 101) and
// static_steal (its nonmonotonic dynamic). A schedule(runtime) loop runs
// every iteration once under each. Passes on libomp 19; on libgomp 12 but
// for the extensions.
// RUN: %libomp-compile
// RUN: env OMP_SCHEDULE=static %libomp-run 1 0
// RUN: env OMP_SCHEDULE=static,10 %libomp-run 1 10
// RUN: env OMP_SCHEDULE=dynamic %libomp-run 2 1
// RUN: env OMP_SCHEDULE=monotonic:dynamic %libomp-run 2 1
// RUN: env OMP_SCHEDULE=dynamic,11 %libomp-run 2 11
// RUN: env OMP_SCHEDULE=guided %libomp-run 3 1
// RUN: env OMP_SCHEDULE=guided,12 %libomp-run 3 12
// RUN: env OMP_SCHEDULE=auto %libomp-run 4 1
// RUN: env OMP_SCHEDULE=trapezoidal %libomp-run 101 1
// RUN: env OMP_SCHEDULE=trapezoidal,13 %libomp-run 101 13
// RUN: env OMP_SCHEDULE=static_steal %libomp-run 2 1
// RUN: env OMP_SCHEDULE=static_steal,14 %libomp-run 2 14
#include "check.h"

#define N 1000

static void check_schedule(int kind, int chunk) {
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  CHECK_EQ(k & ~omp_sched_monotonic, kind);
  CHECK_EQ(c, chunk);
}

static void run_loop(void) {
  static int count[N];
#pragma omp parallel for schedule(runtime) num_threads(3)
  for (int i = 0; i < N; i++)
    count[i]++;
  for (int i = 0; i < N; i++)
    CHECK_EQ(count[i], 1);
  memset(count, 0, sizeof count);
}

int main(int argc, char **argv) {
  CHECK(argc == 3);
  check_schedule(atoi(argv[1]), atoi(argv[2]));
  run_loop();

  omp_set_schedule(omp_sched_dynamic, 0);
  check_schedule(omp_sched_dynamic, 1);
  run_loop();
  omp_set_schedule(omp_sched_guided, -5);
  check_schedule(omp_sched_guided, 1);
  run_loop();
  omp_set_schedule(omp_sched_static, 0);
  check_schedule(omp_sched_static, 0);
  run_loop();
  omp_set_schedule(omp_sched_auto, 7); // its chunk is implementation defined
  omp_sched_t k;
  int c;
  omp_get_schedule(&k, &c);
  CHECK_EQ(k & ~omp_sched_monotonic, omp_sched_auto);
  run_loop();
  omp_set_schedule(omp_sched_dynamic, 6);
  check_schedule(omp_sched_dynamic, 6);
  return 0;
}
