// A team of one making tasks with dependences past the bound on its
// incomplete children (256): each new task with plain dependences (in,
// out, inout) waits for its predecessors and runs at once, in the call
// that makes it, and keeps its dependences:
// - four chains of depend(inout) tasks run each in creation order, and
//   depend(in) readers between their writers see the last writer's value;
//   most links run at once (each sees the producer's count of tasks made
//   still at its own number), as they did not while the producer ran an
//   older ready task per new one instead;
// - a mutexinoutset pair and a detachable writer still enter the graph: a
//   reader after the detachable one waits until another pthread fulfils
//   its event, long after the writer's body returned;
// - a taskgroup's end, and a taskwait, find every task complete.
// Run with one ES too, and by the sanitized build.
// RUN: %libomp-compile -lpthread && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <pthread.h>
#include <unistd.h>

enum { LINKS = 20000, CHAINS = 4 };

static long made, at_once, ran, readers_bad, order_bad, excl_bad, in_group;
static long next_link[CHAINS], slot[CHAINS];
static int mutex_holders, detached_value, seen_after_fulfil = -1;
static omp_event_handle_t event;

static void *fulfil_later(void *arg) {
  (void)arg;
  usleep(100 * 1000);
  __atomic_store_n(&detached_value, 7, __ATOMIC_RELEASE);
  omp_fulfill_event(event);
  return NULL;
}

static void mutex_member(void) {
  if (__atomic_fetch_add(&mutex_holders, 1, __ATOMIC_ACQ_REL) != 0)
    __atomic_fetch_add(&excl_bad, 1, __ATOMIC_RELAXED);
  usleep(1000);
  __atomic_fetch_sub(&mutex_holders, 1, __ATOMIC_ACQ_REL);
}

int main(void) {
  deadline(60, "team_of_one_depend_at_once");
  pthread_t fulfiller;
  omp_event_handle_t ev;
#pragma omp parallel num_threads(1)
  {
    for (long r = 0; r < LINKS; r++) {
      long c = r % CHAINS;
#pragma omp task depend(inout : slot[c]) firstprivate(r, c)
      {
        if (next_link[c] != r / CHAINS)
          order_bad++;
        next_link[c]++;
        if (made == r)
          at_once++;
        ran++;
      }
#pragma omp task depend(in : slot[c]) firstprivate(r, c)
      {
        if (next_link[c] != r / CHAINS + 1)
          readers_bad++;
        ran++;
      }
      made = r + 1;
    }
#pragma omp task depend(mutexinoutset : slot[0])
    mutex_member();
#pragma omp task depend(mutexinoutset : slot[0])
    mutex_member();
#pragma omp task depend(out : slot[1]) detach(ev)
    { event = ev; pthread_create(&fulfiller, NULL, fulfil_later, NULL); }
#pragma omp task depend(in : slot[1])
    seen_after_fulfil = __atomic_load_n(&detached_value, __ATOMIC_ACQUIRE);
#pragma omp taskgroup
    for (long r = 0; r < LINKS; r++) {
#pragma omp task depend(inout : slot[2]) firstprivate(r)
      in_group++;
    }
    CHECK_EQ(in_group, LINKS);
#pragma omp taskwait
    CHECK_EQ(seen_after_fulfil, 7);
  }
  pthread_join(fulfiller, NULL);
  CHECK_EQ(ran, 2 * LINKS);
  CHECK_EQ(order_bad, 0);
  CHECK_EQ(readers_bad, 0);
  CHECK_EQ(excl_bad, 0);
  CHECK(at_once > LINKS / 2);
  printf("%d chains in order, readers right, detached writer waited for\n", CHAINS);
  return 0;
}
// CHECK: 4 chains in order, readers right, detached writer waited for
