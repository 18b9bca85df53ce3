// REQUIRES: bobbin
// BOBBIN_TASK_KIND=tasklet runs explicit tasks as tasklets: tasks that only
// compute work (mode 1: many tasks, a dependence chain, a taskgroup whose
// tasks never wait). A tasklet task that must wait for an unfinished child
// (mode 2: taskwait on a detached child) cannot suspend: the program ends
// with a message naming BOBBIN_TASK_KIND. A value that names no unit kind
// warns, naming the variable and the value, and tasks run as ULTs (mode 2
// then finishes).
// RUN: %libomp-compile
// RUN: env BOBBIN_TASK_KIND=tasklet %libomp-run 1 2>&1 | FileCheck %s --check-prefix=COMPUTE
// RUN: env BOBBIN_TASK_KIND=TASKLET %libomp-run 1 2>&1 | FileCheck %s --check-prefix=COMPUTE
// RUN: env BOBBIN_TASK_KIND=tasklet not --crash %libomp-run 2 2>&1 | FileCheck %s --check-prefix=WAIT
// RUN: env BOBBIN_TASK_KIND=ult %libomp-run 2 2>&1 | FileCheck %s --check-prefix=ULT
// RUN: env BOBBIN_TASK_KIND=fiber %libomp-run 2 2>&1 | FileCheck %s --check-prefix=BAD
#include "check.h"

#include <pthread.h>
#include <unistd.h>

#define N 10000

static void compute(void) {
  static int ran[N];
  long sum = 0;
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < N; i++)
#pragma omp task firstprivate(i) shared(sum)
    {
      ran[i]++;
#pragma omp atomic
      sum += i;
    }
    for (int k = 0; k < 100; k++)
#pragma omp task depend(inout : x) shared(x) firstprivate(k)
      x = x == k ? k + 1 : -1000;
#pragma omp taskgroup
    {
      for (int i = 0; i < 100; i++)
#pragma omp task shared(sum)
#pragma omp atomic
        sum += 1;
    }
  }
  for (int i = 0; i < N; i++)
    CHECK_EQ(ran[i], 1);
  CHECK_EQ(sum, (long)N * (N - 1) / 2 + 100);
  CHECK_EQ(x, 100);
  printf("compute-only tasks: sum %ld chain %d\n", sum, x);
}

/* Fulfills the event half a second after the parent task says it is about
 * to wait: a tasklet parent has by then met its taskwait with the child
 * unfinished, whatever the load; a ULT parent waits that long. */
static omp_event_handle_t event;
static int about_to_wait;

static void *late_fulfill(void *arg) {
  (void)arg;
  while (!__atomic_load_n(&about_to_wait, __ATOMIC_ACQUIRE))
    usleep(1000);
  usleep(500000);
  omp_fulfill_event(event);
  return NULL;
}

static void waits(void) {
  int child_done = 0;
  pthread_t fulfiller;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(child_done, fulfiller)
    {
      omp_event_handle_t ev;
#pragma omp task detach(ev) shared(child_done)
#pragma omp atomic
      child_done += 1;
      event = ev;
      pthread_create(&fulfiller, NULL, late_fulfill, NULL);
      printf("parent task waits\n");
      fflush(stdout);
      __atomic_store_n(&about_to_wait, 1, __ATOMIC_RELEASE);
#pragma omp taskwait // a tasklet cannot wait for the unfulfilled child
    }
  }
  pthread_join(fulfiller, NULL);
  CHECK_EQ(child_done, 1);
  printf("parent task resumed\n");
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  if (atoi(argv[1]) == 1)
    compute();
  else
    waits();
  return 0;
}
// COMPUTE-NOT: bobbin:
// COMPUTE: compute-only tasks: sum 49995100 chain 100
// WAIT: parent task waits
// WAIT-NEXT: bobbin: a taskwait in a task run as a tasklet (BOBBIN_TASK_KIND=tasklet){{.*}}
// WAIT-NOT: resumed
// BAD: bobbin: BOBBIN_TASK_KIND='fiber' is not ult, tasklet, full, lsa, roc, ss or sc; using ult
// BAD-NOT: bobbin:
// BAD: parent task waits
// BAD-NEXT: parent task resumed
// ULT-NOT: bobbin:
// ULT: parent task waits
// ULT-NEXT: parent task resumed
