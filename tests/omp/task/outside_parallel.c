// Tasks made by the initial thread outside any parallel region run at
// once, as libgomp and libomp both run them: a program reads what they
// wrote before any taskwait, with and without dependences, tasks of those
// tasks too; a detached one runs at once and completes when fulfilled
// later (libgomp waits for its event there, and so hangs on this test).
// Inside a team of one they are deferred (libgomp's choice; libomp would
// run them at once): task/team_of_one.c.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

int main(void) {
  int x = 0, y = 0, z = 0, nested = 0;
#pragma omp task shared(x)
  x = 1;
  CHECK_EQ(x, 1);
#pragma omp task shared(y) depend(out : y)
  y = 2;
  CHECK_EQ(y, 2);
#pragma omp task shared(y, z) depend(in : y)
  z = y + 1;
  CHECK_EQ(z, 3);
#pragma omp task shared(nested)
  {
#pragma omp task shared(nested)
    nested = 4;
  }
  CHECK_EQ(nested, 4);
  omp_event_handle_t ev;
  int detached = 0;
#pragma omp task detach(ev) shared(detached)
  detached = 5;
  CHECK_EQ(detached, 5);
  omp_fulfill_event(ev);
#pragma omp taskwait
  printf("at once: %d %d %d %d %d\n", x, y, z, nested, detached);
  return 0;
}
// CHECK: at once: 1 2 3 4 5
