// REQUIRES: bobbin
// Fulfilling the event of a detached task twice is a misuse that ends the
// program with a message naming omp_fulfill_event, instead of completing the
// task twice: both from the task's own body (1), and from the creator after
// the task completed (2).
// RUN: %libomp-compile
// RUN: not --crash %libomp-run 1 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run 2 2>&1 | FileCheck %s
// gcc 12 drops mode 2's empty task, detach clause and all, leaving ev unset
// (a crash on its own libgomp too).
// XFAIL: gcc
#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2);
  int mode = atoi(argv[1]);
  omp_event_handle_t ev;
#pragma omp parallel
#pragma omp single
  {
    if (mode == 1) {
#pragma omp task detach(ev)
      {
        printf("first fulfil\n");
        fflush(stdout);
        omp_fulfill_event(ev);
        omp_fulfill_event(ev);
        printf("second fulfil returned\n");
      }
    } else {
#pragma omp task detach(ev)
      {
      }
      printf("first fulfil\n");
      fflush(stdout);
      omp_fulfill_event(ev);
#pragma omp taskwait
      omp_fulfill_event(ev);
      printf("second fulfil returned\n");
    }
  }
  printf("finished\n");
  return 0;
}
// CHECK: first fulfil
// CHECK-NEXT: bobbin: omp_fulfill_event: {{.*}}already fulfilled
// CHECK-NOT: returned
// CHECK-NOT: finished
