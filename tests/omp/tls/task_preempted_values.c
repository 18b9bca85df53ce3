// A task that runs without a scheduling point has the TLS it sees to
// itself, as code on a Pthread does: what it writes to a __thread variable
// and to errno is what it reads back, however long it runs. Here the tasks
// spin long enough to be preempted. The initial thread makes them and waits
// for them yielding its CPU in a loop (sched_yield), which runs no task,
// writing the same variables, while its team-mate runs tasks at a barrier:
// each time the initial thread runs again while a task is preempted, it
// must not run with the task's TLS.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// RUN: env BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// RUN: %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <sched.h>
#include <time.h>

enum { ROUNDS = 4, TASKS = 10, SPIN_US = 3000 };

static __thread int mark;
static int lost_marks, lost_errnos, finished;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

// Spins for SPIN_US, checking that its marks stay as it wrote them.
static void spin_marked(int k) {
  mark = 1000 + k;
  errno = 2000 + k;
  double end = now_us() + SPIN_US;
  while (now_us() < end) {
    for (volatile int i = 0; i < 1000; i++)
      ;
    if (mark != 1000 + k) {
      __atomic_fetch_add(&lost_marks, 1, __ATOMIC_RELAXED);
      mark = 1000 + k;
    }
    if (errno != 2000 + k) {
      __atomic_fetch_add(&lost_errnos, 1, __ATOMIC_RELAXED);
      errno = 2000 + k;
    }
  }
  __atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
}

int main(void) {
  deadline(60, "task_preempted_values");
#pragma omp parallel num_threads(2)
  {
    for (int r = 1; r <= ROUNDS; r++) {
      if (omp_get_thread_num() == 0) {
        for (int k = 0; k < TASKS; k++) {
#pragma omp task firstprivate(k)
          spin_marked(k);
        }
        while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < r * TASKS) {
          mark = -1;
          errno = -1;
          sched_yield();
        }
      }
#pragma omp barrier
    }
  }
  printf("lost marks: %d, lost errnos: %d\n", lost_marks, lost_errnos);
  return 0;
}
// CHECK: lost marks: 0, lost errnos: 0
