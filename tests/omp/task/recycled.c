// The runtime reuses a finished task's memory for the next task it makes
// of the same size, and a new task must not inherit what the last one left
// there: a detached task's event state (the next detached task would count
// as fulfilled when its body ends, and fulfilling it would abort), or the
// dependence table of a task whose children had dependences (the next such
// task would order its children by a freed table). Each round makes the
// same tasks again, on one thread and on a team.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "check.h"

enum { ROUNDS = 200 };

static int detached_rounds(void) {
  int good = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int body = 0;
    omp_event_handle_t ev;
#pragma omp task detach(ev) shared(body)
    __atomic_store_n(&body, 1, __ATOMIC_SEQ_CST);
    while (!__atomic_load_n(&body, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
    }
    omp_fulfill_event(ev);
#pragma omp taskwait
    good++;
  }
  return good;
}

// Each parent orders two children by a dependence; the child that must
// run second checks that the first ran.
static int dependent_rounds(void) {
  int good = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int ordered = 0;
#pragma omp task shared(ordered)
    {
      int x = 0, first_done = 0;
#pragma omp task depend(out : x) shared(x, first_done)
      {
        spin_a_bit(200);
        x = 1;
        __atomic_store_n(&first_done, 1, __ATOMIC_SEQ_CST);
      }
#pragma omp task depend(in : x) shared(x, first_done, ordered)
      ordered = x == 1 && __atomic_load_n(&first_done, __ATOMIC_SEQ_CST);
#pragma omp taskwait
    }
#pragma omp taskwait
    good += ordered;
  }
  return good;
}

int main(void) {
  int detached = 0, dependent = 0;
#pragma omp parallel reduction(+ : detached, dependent)
  {
    detached = detached_rounds();
    dependent = dependent_rounds();
  }
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads = 1;
  printf("detached: %s\n", detached == threads * ROUNDS ? "ok" : "broken");
  printf("dependent: %s\n", dependent == threads * ROUNDS ? "ok" : "broken");
  return 0;
}
// CHECK: detached: ok
// CHECK-NEXT: dependent: ok
