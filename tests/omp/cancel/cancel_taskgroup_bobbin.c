// REQUIRES: bobbin
// cancel taskgroup as OpenMP 5.1 words it, where libomp 14 and libgomp 12
// look at the innermost taskgroup only: cancelling a group cancels the
// tasks of the groups nested in it (the descendants of its tasks), so a
// task of an inner group that had not started is discarded and one that
// runs sees its cancellation point fire. A discarded detached task
// completes once its event is fulfilled, here by a pthread, before or
// after the discard (libgomp frees it at once, unfulfilled). Tasks run as
// ULTs, and as tasklets (mode "tasklet": every part whose tasks never
// wait), where a discarded task completes through the same path.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run all | FileCheck %s --check-prefixes=CHECK,NESTED
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 %libomp-run all | FileCheck %s --check-prefixes=CHECK,NESTED
// RUN: env OMP_CANCELLATION=true BOBBIN_TASK_KIND=tasklet %libomp-run tasklet | FileCheck %s
// Outside any taskgroup (not conforming) cancel taskgroup warns once and
// the task goes on; libgomp 12 ends the task, libomp 14 stops on an assertion.
// RUN: env OMP_CANCELLATION=true %libomp-run outside 2>&1 | FileCheck %s --check-prefix=OUTSIDE
#include "check.h"

#include <pthread.h>

#define N 32
#define PATIENCE 10.0

static void wait_for(int *flag) {
  double t0 = omp_get_wtime();
  while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE) && omp_get_wtime() - t0 < PATIENCE)
    spin_a_bit(100);
}

// A task T of the outer group opens an inner one: its first task polls a
// cancellation point (it fires through the outer group), the others wait
// behind it and are discarded; the canceller starts once the poller runs.
static void nested_groups(void) {
  int y = 0, polling = 0, timeouts = 0, ran = 0, t_after = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task shared(y, polling, timeouts, ran, t_after)
    {
#pragma omp taskgroup
      {
#pragma omp task depend(out : y) shared(polling, timeouts)
        {
          __atomic_store_n(&polling, 1, __ATOMIC_RELEASE);
          double t0 = omp_get_wtime();
          while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point taskgroup
            spin_a_bit(100);
          }
          timeouts = 1;
        }
        for (int i = 0; i < N; i++) {
#pragma omp task depend(in : y) shared(ran)
          {
#pragma omp atomic
            ran++;
          }
        }
      }
#pragma omp cancellation point taskgroup
      t_after = 1;
    }
#pragma omp task shared(polling)
    {
      wait_for(&polling);
#pragma omp cancel taskgroup
    }
  }
  CHECK_EQ(timeouts, 0);
  CHECK_EQ(ran, 0);
  CHECK_EQ(t_after, 0);
  printf("nested group: its tasks discarded, its running task cancelled\n");
}

static void *fulfill_later(void *ev) {
  usleep(1000);
  omp_fulfill_event(*(omp_event_handle_t *)ev);
  return NULL;
}

// The successors of the cancelling task are discarded, a detached one
// among them; a chain of them too.
static void successors(void) {
  int x = 0, ran = 0, body = 0;
  pthread_t helper;
  omp_event_handle_t ev;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task depend(out : x)
      {
#pragma omp cancel taskgroup
      }
#pragma omp task depend(in : x) detach(ev) shared(body)
      body = 1;
      CHECK(pthread_create(&helper, NULL, fulfill_later, &ev) == 0);
      for (int i = 0; i < N; i++) {
#pragma omp task depend(inout : x) shared(ran)
        ran++;
      }
    }
    CHECK(pthread_join(helper, NULL) == 0);
  }
  CHECK_EQ(body, 0);
  CHECK_EQ(ran, 0);
  printf("successors discarded, the detached one once fulfilled\n");
}

// gcc rejects the construct where it sees no taskgroup: its call instead.
#ifdef __clang__
#define CANCEL_TASKGROUP_OUTSIDE _Pragma("omp cancel taskgroup")
#else
extern _Bool GOMP_cancel(int which, _Bool do_cancel);
#define CANCEL_TASKGROUP_OUTSIDE CHECK(!GOMP_cancel(8, 1));
#endif

static void outside(void) {
  int after = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    for (int i = 0; i < 2; i++) {
#pragma omp task shared(after)
      {
        CANCEL_TASKGROUP_OUTSIDE
#pragma omp atomic
        after++;
      }
    }
#pragma omp taskwait
  }
  CHECK_EQ(after, 2);
  printf("outside any taskgroup: the tasks went on\n");
}

int main(int argc, char **argv) {
  deadline(60, "cancel_taskgroup_bobbin");
  CHECK(argc == 2);
  CHECK_EQ(omp_get_cancellation(), 1);
  if (!strcmp(argv[1], "outside")) {
    outside();
    return 0;
  }
  if (!strcmp(argv[1], "all"))
    nested_groups();
  for (int i = 0; i < 20; i++)
    successors();
  return 0;
}
// NESTED: nested group: its tasks discarded, its running task cancelled
// CHECK: successors discarded, the detached one once fulfilled
// OUTSIDE: bobbin: cancel taskgroup outside any taskgroup region is ignored
// OUTSIDE-NOT: bobbin:
// OUTSIDE: outside any taskgroup: the tasks went on
