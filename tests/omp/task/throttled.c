// Tasks made while more than 64 wait on the creator's ES run at once on
// their creator (task throttling), and one that cannot outlive that call is
// counted nowhere. Such tasks here make children that outlive them (tasks
// with dependences, which are always queued); the enclosing taskgroup's
// end, a taskwait in the inline task and the region's barrier must still
// wait for every one of them; tasks made by an explicit task run at once
// without holding it alive. Both threads produce, so that neither ES
// drains the other's queue and throttling sets in.
//
// In the taskgroup, every child also waits for a gate task that ends only
// once its thread has made all its tasks, so the children of early tasks
// are still pending at the taskgroup's end: a taskgroup that counted only
// some of them would end too soon.
//
// On one ES, the two threads share its queue, and thread 1 starts only
// once thread 0 has filled it: its gate task, which waits for thread 1 to
// make the rest, must still be queued, not run at once (which hung), as
// only a thread that made many tasks itself is throttled.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

enum { PER_THREAD = 3000 };

static int made[2], gate[2], task_bad;
static long from_task;
static int child_done[2][PER_THREAD];
static int waited_ok[2][PER_THREAD];

static int spin(int n) {
  volatile int x = 0;
  for (int i = 0; i < n; i++)
    x += i;
  return x;
}

int main(void) {
  deadline(60, "throttled");
  int bad = 0;
  long after_barrier = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
#pragma omp taskgroup
    {
#pragma omp task depend(out : gate[me])
      while (__atomic_load_n(&made[me], __ATOMIC_ACQUIRE) < PER_THREAD)
        (void)spin(100);
      for (int i = 0; i < PER_THREAD; i++) {
#pragma omp task firstprivate(i)
        {
#pragma omp task firstprivate(i) depend(in : gate[me]) depend(out : child_done[me][i])
          __atomic_store_n(&child_done[me][i], 1, __ATOMIC_RELEASE);
        }
        __atomic_store_n(&made[me], i + 1, __ATOMIC_RELEASE);
      }
    }
    for (int i = 0; i < PER_THREAD; i++)
      bad += !__atomic_load_n(&child_done[me][i], __ATOMIC_ACQUIRE);

    for (int i = 0; i < PER_THREAD; i++) {
#pragma omp task firstprivate(i)
      {
#pragma omp task firstprivate(i) depend(out : waited_ok[me][i])
        {
          (void)spin(200);
          __atomic_store_n(&waited_ok[me][i], 1, __ATOMIC_RELEASE);
        }
#pragma omp taskwait
        if (!__atomic_load_n(&waited_ok[me][i], __ATOMIC_ACQUIRE))
          __atomic_fetch_add(&task_bad, 1, __ATOMIC_RELAXED);
      }
    }

    // an explicit task producing: its inline children hold no reference
    // on it, the queued ones do
#pragma omp task
    {
      for (int i = 0; i < PER_THREAD; i++) {
#pragma omp task
        {
#pragma omp atomic
          from_task++;
        }
      }
#pragma omp taskwait
      if (__atomic_load_n(&from_task, __ATOMIC_ACQUIRE) < PER_THREAD)
        __atomic_fetch_add(&task_bad, 1, __ATOMIC_RELAXED);
    }

    for (int i = 0; i < PER_THREAD; i++) {
#pragma omp task
      {
#pragma omp task depend(out : after_barrier)
        {
          (void)spin(100);
#pragma omp atomic
          after_barrier++;
        }
      }
    }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(task_bad, 0);
  CHECK_EQ(after_barrier, 2 * PER_THREAD);
  CHECK_EQ(from_task, 2 * PER_THREAD);
  printf("throttled ok\n");
  return 0;
}

// CHECK: throttled ok
