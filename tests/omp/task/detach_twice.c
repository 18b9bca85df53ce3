// REQUIRES: bobbin
// Fulfilling the event of a detached task twice is a misuse that ends the
// program with a message naming omp_fulfill_event, instead of completing the
// task twice: both from the task's own body (1), and from the creator after
// the task completed (2), also when a new detachable task has taken the
// completed one's memory (3), which must not be completed in its place. A
// handle no task was given (4) is named as such.
// RUN: %libomp-compile
// RUN: not --crash %libomp-run 1 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run 2 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run 3 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run 4 2>&1 | FileCheck %s --check-prefix=NONE
// gcc 12 drops mode 2's empty task, detach clause and all, leaving ev unset
// (a crash on its own libgomp too).
// XFAIL: gcc
#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2);
  int mode = atoi(argv[1]);
  omp_event_handle_t ev, other;
#pragma omp parallel
#pragma omp single
  {
    if (mode == 4) {
      memset(&ev, 0, sizeof ev);
      omp_fulfill_event(ev);
      printf("fulfilling no event returned\n");
    } else if (mode == 3) {
#pragma omp task detach(ev)
      omp_fulfill_event(ev);
#pragma omp taskwait
#pragma omp task detach(other)
      {
      }
      printf("first fulfil\n");
      fflush(stdout);
      omp_fulfill_event(ev);
      printf("second fulfil returned\n");
      omp_fulfill_event(other);
    } else if (mode == 1) {
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
// NONE: bobbin: omp_fulfill_event: 0 is not the event of a detachable task
// NONE-NOT: returned
