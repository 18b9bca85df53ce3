// cancel taskgroup. With OMP_CANCELLATION=true: the cancelling task goes
// to the end of its region; tasks of the group that had not started are
// discarded (queued ones in a team of one, those whose dependences the
// cancelling task held back, the rest of a taskloop's chunks), and the
// group still ends, its discarded tasks' successors and a discarded
// detached task whose event is fulfilled included; a task already running
// sees it at a cancellation point; cancelling an inner taskgroup leaves the
// enclosing one alone, and the next taskgroup is not cancelled. With
// OMP_CANCELLATION unset, cancel taskgroup does nothing. Every check holds
// on libomp and libgomp too: no task the test says is discarded could have
// started before the cancel.
// RUN: %libomp-compile && env OMP_CANCELLATION=true %libomp-run | FileCheck %s --check-prefix=ON
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %libomp-run | FileCheck %s --check-prefix=ON
// RUN: %libomp-run | FileCheck %s --check-prefix=OFF
#include "check.h"

#define N 32
#define PATIENCE 10.0

static int on;

static void encountering_task_stops(void) {
  int after = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task shared(after)
    {
#pragma omp cancel taskgroup
      after = 1;
    }
  }
  CHECK_EQ(after, !on);
  printf("the cancelling task %s\n", on ? "stopped" : "went on");
}

// The successors of the cancelling task cannot start before it completes;
// the chain behind them ends too.
static void successors_discarded(void) {
  int x = 0, ran = 0, last = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task depend(out : x)
    {
#pragma omp cancel taskgroup
    }
    for (int i = 0; i < N; i++) {
#pragma omp task depend(in : x) shared(ran)
      {
#pragma omp atomic
        ran++;
      }
    }
#pragma omp task depend(inout : x) shared(last)
    last = 1;
  }
  CHECK_EQ(ran, on ? 0 : N);
  CHECK_EQ(last, !on);
  printf("successors of the cancelling task: %d ran\n", ran);
}

// A team of one: the siblings made first wait in the queue (libomp runs
// each at once, before the cancel); the undeferred task cancels.
static void queued_discarded(void) {
  int cancelled = 0, ran_after = 0;
#pragma omp parallel num_threads(1)
#pragma omp taskgroup
  {
    for (int i = 0; i < N; i++) {
#pragma omp task shared(cancelled, ran_after)
      ran_after += cancelled;
    }
#pragma omp task if (0) shared(cancelled)
    {
      cancelled = 1;
#pragma omp cancel taskgroup
    }
  }
  if (on)
    CHECK_EQ(ran_after, 0);
  printf("queued siblings: %s\n", on ? "none ran after the cancel" : "not checked");
}

// One task polls, the other cancels once the first has started.
static void cancellation_point_fires(void) {
  int started = 0, timeouts = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task shared(started, timeouts)
    {
      __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
      double t0 = omp_get_wtime();
      while (omp_get_wtime() - t0 < PATIENCE) {
#pragma omp cancellation point taskgroup
        spin_a_bit(100);
      }
      timeouts = 1;
    }
#pragma omp task shared(started)
    {
      double t0 = omp_get_wtime();
      while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE) && omp_get_wtime() - t0 < PATIENCE)
        spin_a_bit(100);
#pragma omp cancel taskgroup
    }
  }
  CHECK_EQ(timeouts, 0);
  printf("a running task left at its cancellation point\n");
}

// The first chunk to start cancels the taskloop's group; in a team of one
// no other had started. 16 tasks: libgomp queues them (more than 64 it
// would run at once, unchecked).
static void taskloop_group(void) {
  int started = 0, after = 0;
#pragma omp parallel num_threads(1)
#pragma omp taskloop grainsize(1) shared(started, after)
  for (int i = 0; i < 16; i++) {
    if (started++ == 0) {
#pragma omp cancel taskgroup
      after = 1;
    }
  }
  CHECK_EQ(started, on ? 1 : 16);
  CHECK_EQ(after, !on);
  printf("taskloop: %d chunks started\n", started);
}

// An inner group's cancel does not reach the enclosing group, and the
// group after a cancelled one runs every task.
static void scope_of_a_cancel(void) {
  int inner_after = 0, outer_ran = 0, next_ran = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task shared(inner_after)
      {
#pragma omp taskgroup
        {
#pragma omp task
          {
#pragma omp cancel taskgroup
          }
        }
#pragma omp cancellation point taskgroup
        inner_after = 1;
      }
      for (int i = 0; i < N; i++) {
#pragma omp task shared(outer_ran)
        {
#pragma omp atomic
          outer_ran++;
        }
      }
    }
#pragma omp taskgroup
    {
      for (int i = 0; i < N; i++) {
#pragma omp task shared(next_ran)
        {
#pragma omp cancellation point taskgroup
#pragma omp atomic
          next_ran++;
        }
      }
    }
  }
  CHECK_EQ(inner_after, 1);
  CHECK_EQ(outer_ran, N);
  CHECK_EQ(next_ran, N);
  printf("the enclosing and the next taskgroup ran every task\n");
}

// A detached task behind the cancelling one is discarded; its event,
// fulfilled by its creator before the cancel (libgomp frees a discarded
// task at once, event or not), lets the group end.
static void detached_discarded(void) {
  int x = 0, body = 0, fulfilled = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
    omp_event_handle_t ev;
#pragma omp task depend(out : x) shared(fulfilled)
    {
      double t0 = omp_get_wtime();
      while (!__atomic_load_n(&fulfilled, __ATOMIC_ACQUIRE) && omp_get_wtime() - t0 < PATIENCE)
        spin_a_bit(100);
#pragma omp cancel taskgroup
    }
#pragma omp task depend(in : x) detach(ev) shared(body)
    body = 1;
    omp_fulfill_event(ev);
    __atomic_store_n(&fulfilled, 1, __ATOMIC_RELEASE);
  }
  CHECK_EQ(body, !on);
  printf("detached task %s\n", on ? "discarded" : "ran");
}

int main(void) {
  deadline(60, "cancel_taskgroup");
  on = omp_get_cancellation();
  encountering_task_stops();
  successors_discarded();
  queued_discarded();
  if (on)
    cancellation_point_fires();
  taskloop_group();
  scope_of_a_cancel();
  detached_discarded();
  return 0;
}
// ON: the cancelling task stopped
// ON-NEXT: successors of the cancelling task: 0 ran
// ON-NEXT: queued siblings: none ran after the cancel
// ON-NEXT: a running task left at its cancellation point
// ON-NEXT: taskloop: 1 chunks started
// ON-NEXT: the enclosing and the next taskgroup ran every task
// ON-NEXT: detached task discarded
// OFF: the cancelling task went on
// OFF-NEXT: successors of the cancelling task: 32 ran
// OFF-NEXT: queued siblings: not checked
// OFF-NEXT: taskloop: 16 chunks started
// OFF-NEXT: the enclosing and the next taskgroup ran every task
// OFF-NEXT: detached task ran
