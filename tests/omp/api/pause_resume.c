// LLVM's omp_pause_resume (its omp.h lists it with the pause kinds): it
// resumes what a pause released, returning 0, and returns 1 when nothing is
// paused, as libomp does; regions run as before either way.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// REQUIRES: clang
#include "check.h"

static void region(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, omp_get_max_threads());
}

int main(void) {
  int host = omp_get_initial_device();
  region();
  CHECK_EQ(omp_pause_resource(omp_pause_resume, host), 1);
  CHECK_EQ(omp_pause_resource(omp_pause_soft, host), 0);
  CHECK_EQ(omp_pause_resource(omp_pause_resume, host), 0);
  CHECK_EQ(omp_pause_resource(omp_pause_resume, host), 1);
  region();
  CHECK_EQ(omp_pause_resource(omp_pause_soft, host), 0);
  region();
  CHECK_EQ(omp_pause_resource(omp_pause_resume, host), 1); // the region resumed
  printf("resume answered as libomp\n");
  return 0;
}
// CHECK: resume answered as libomp
