// detach: a detached task completes only once its event is fulfilled, not
// when its body ends. A task that depends on it (depend out -> in) starts
// only after the fulfilment, whether the event is fulfilled by another task,
// by an application pthread (after the creator has begun waiting), or by the
// task's own body before it ends; taskwait and the end of a taskgroup wait
// for the fulfilment.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

#define ROUNDS 100

static int fulfilled; // set just before omp_fulfill_event

// Some time without yielding the thread: the fulfilment comes late.
static void linger(void) { spin_a_bit(20000); }

static void by_task(void) {
  int x = 0, body = 0, seen_fulfilled = -1, seen_body = -1;
  omp_event_handle_t ev;
  fulfilled = 0;
#pragma omp task detach(ev) depend(out : x) shared(body)
  __atomic_store_n(&body, 1, __ATOMIC_SEQ_CST);
#pragma omp task depend(in : x) shared(seen_fulfilled, seen_body, body)
  {
    seen_fulfilled = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
    seen_body = __atomic_load_n(&body, __ATOMIC_SEQ_CST);
  }
#pragma omp task firstprivate(ev) shared(body)
  {
    while (!__atomic_load_n(&body, __ATOMIC_SEQ_CST)) {
#pragma omp taskyield
    }
    linger();
    __atomic_store_n(&fulfilled, 1, __ATOMIC_SEQ_CST);
    omp_fulfill_event(ev);
  }
#pragma omp taskwait
  CHECK_EQ(seen_fulfilled, 1);
  CHECK_EQ(seen_body, 1);
}

static void *fulfil_later(void *arg) {
  linger();
  usleep(200);
  __atomic_store_n(&fulfilled, 1, __ATOMIC_SEQ_CST);
  omp_fulfill_event(*(omp_event_handle_t *)arg);
  return NULL;
}

static void by_pthread(int use_taskgroup) {
  int body = 0, seen_fulfilled = -1, x = 0;
  omp_event_handle_t ev;
  pthread_t helper;
  fulfilled = 0;
  if (use_taskgroup) {
#pragma omp taskgroup
    {
#pragma omp task detach(ev) depend(out : x) shared(body)
      body = 1;
#pragma omp task depend(in : x) shared(seen_fulfilled)
      seen_fulfilled = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
      CHECK_EQ(pthread_create(&helper, NULL, fulfil_later, &ev), 0);
    }
  } else {
#pragma omp task detach(ev) depend(out : x) shared(body)
    body = 1;
#pragma omp task depend(in : x) shared(seen_fulfilled)
    seen_fulfilled = __atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST);
    CHECK_EQ(pthread_create(&helper, NULL, fulfil_later, &ev), 0);
#pragma omp taskwait
  }
  // The wait returned: the event has been fulfilled, by the helper.
  CHECK_EQ(__atomic_load_n(&fulfilled, __ATOMIC_SEQ_CST), 1);
  CHECK_EQ(seen_fulfilled, 1);
  CHECK_EQ(body, 1);
  CHECK_EQ(pthread_join(helper, NULL), 0);
}

static void by_own_body(void) {
  int x = 0, after = 0, seen = -1;
  omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : x) shared(after)
  {
    omp_fulfill_event(ev); // fulfilled before the body ends: ends normally
    linger();
    __atomic_store_n(&after, 1, __ATOMIC_SEQ_CST);
  }
#pragma omp task depend(in : x) shared(after, seen)
  seen = __atomic_load_n(&after, __ATOMIC_SEQ_CST);
#pragma omp taskwait
  CHECK_EQ(seen, 1); // the task completed only once its body ended
  CHECK_EQ(after, 1);
}

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < ROUNDS; r++)
      by_task();
    printf("fulfilled by a task: %d rounds\n", ROUNDS);
    for (int r = 0; r < ROUNDS; r++)
      by_pthread(r % 2);
    printf("fulfilled by a pthread: %d rounds\n", ROUNDS);
    for (int r = 0; r < ROUNDS; r++)
      by_own_body();
    printf("fulfilled by its own body: %d rounds\n", ROUNDS);
  }
  return 0;
}
// CHECK: fulfilled by a task: 100 rounds
// CHECK-NEXT: fulfilled by a pthread: 100 rounds
// CHECK-NEXT: fulfilled by its own body: 100 rounds
