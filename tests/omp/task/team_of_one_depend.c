// Dependences in a team of one, where a clang binary's tasks run at once
// (as libomp runs them) and a gcc binary's are deferred (as libgomp defers
// them): a task waits for its predecessors on either, and a task whose
// body may end before it completes holds its successors back: one with a
// detach event until the event is fulfilled, an untied one until its
// part after a taskwait has run. The chain of inout tasks keeps its order
// through a thousand tasks. Runs with one ES too.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { CHAIN = 1000 };

int main(void) {
  deadline(30, "team_of_one_depend");
  int x = 0, fulfilled = 0, seen_detached = -1, seen_untied = -1;
  long chain = 0;
  omp_event_handle_t ev;
#pragma omp parallel num_threads(1)
#pragma omp single
  {
    for (int i = 0; i < CHAIN; i++) {
#pragma omp task depend(inout : chain) firstprivate(i) shared(chain)
      {
        CHECK_EQ(chain, i);
        chain = i + 1;
      }
    }
#pragma omp task detach(ev) depend(out : x) shared(x)
    x = 1;
#pragma omp task depend(in : x) shared(x, fulfilled, seen_detached)
    seen_detached = fulfilled && x == 1;
    fulfilled = 1;
    omp_fulfill_event(ev);
#pragma omp taskwait
#pragma omp task untied depend(out : x) shared(x)
    {
#pragma omp task shared(x)
      x = 20;
#pragma omp taskwait
      x += 1;
    }
#pragma omp task depend(in : x) shared(x, seen_untied)
    seen_untied = x;
#pragma omp taskwait
  }
  printf("chain %ld, after the event %d, after the untied task %d\n", chain,
         seen_detached, seen_untied);
  return 0;
}
// CHECK: chain 1000, after the event 1, after the untied task 21
