// OpenMP binds a task to its team: the tasks of a team of one thread (the
// initial thread outside any parallel region, a parallel region of one
// thread, one nested in a wider team) run on that thread only, never on an
// idle stream meanwhile. The creator stays busy for 50 ms after making
// them, ample time for an idle stream to steal any it could see. The
// tasks also update an unsynchronised counter: nothing runs two of them at
// once, so the count is exact. An untied task resumes on that thread too.
// Past 64 incomplete tasks, a thread alone in its team runs new ones at
// once (throttling), as a wider team does and as libgomp does; a clang
// binary's tasks there all run at once, as libomp runs them. Outside any
// parallel region the initial thread runs every task at once, as libgomp
// and libomp do. A gcc binary's taskloop there, as libgomp's, has its tasks
// wait (here for a taskwait, with nogroup) if they all fit in its queue,
// and otherwise runs every one at once, in order; a clang binary's run at
// once, in order, as libomp runs them.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

enum { TASKS = 64, MANY = 20000 };

static long counter;
static int elsewhere;

static void busy(double seconds) {
  double until = omp_get_wtime() + seconds;
  while (omp_get_wtime() < until)
    ;
}

/* Makes TASKS tasks, stays busy, waits for them; returns how many ran on
 * another OS thread than the caller's. */
static int make_tasks(void) {
  pthread_t me = pthread_self();
  counter = 0;
  elsewhere = 0;
  for (int i = 0; i < TASKS; i++) {
#pragma omp task firstprivate(me)
    {
      if (!pthread_equal(pthread_self(), me))
        elsewhere++;
      long c = counter;
      busy(1e-5);
      counter = c + 1;
    }
  }
  busy(0.05);
#pragma omp taskwait
  CHECK_EQ(counter, TASKS);
  return elsewhere;
}

/* The task waited for in an untied task's taskwait (a called function, so
 * that clang does not split the task into parts): it leaves behind a
 * grandchild that keeps the thread busy 20 ms, during which the untied task
 * is ready to resume and an idle stream would take it, were it free to. */
static void child_and_wait(void) {
#pragma omp task
  {
#pragma omp task
    busy(0.02);
  }
#pragma omp taskwait
}

/* Whether an untied task resumed on another OS thread than it started on. */
static int untied_moved(void) {
  int moved = -1;
#pragma omp task untied shared(moved)
  {
    pthread_t before = pthread_self();
    child_and_wait();
    moved = !pthread_equal(pthread_self(), before);
  }
#pragma omp taskwait
  return moved;
}

/* How many tasks the thread had made when the first of MANY ran: past
 * 64 incomplete ones, a new task runs at once (throttling), where a queue
 * taking them all would hold MANY until the taskwait. */
static int made_when_first_ran(void) {
  int made = 0, first = -1;
  for (int i = 0; i < MANY; i++) {
#pragma omp task shared(made, first)
    if (first < 0)
      first = made;
    made++;
  }
#pragma omp taskwait
  return first;
}

/* A taskloop of n one-iteration tasks, nogroup: how many ran before the
 * construct ended; *in_order says whether they all ran in order. */
static int order[256], ran;
static int taskloop_at_once(int n, int *in_order) {
  ran = 0;
#pragma omp taskloop num_tasks(n) nogroup
  for (int i = 0; i < n; i++)
    order[ran++] = i;
  int at_once = ran;
#pragma omp taskwait
  CHECK_EQ(ran, n);
  *in_order = 1;
  for (int i = 0; i < n; i++)
    if (order[i] != i)
      *in_order = 0;
  return at_once;
}

int main(void) {
  printf("initial thread: %d elsewhere\n", make_tasks());
  int one = -1, nested[2] = {-1, -1};
#pragma omp parallel num_threads(1)
  one = make_tasks();
  printf("team of one: %d elsewhere\n", one);
  printf("untied task moved: %d\n", untied_moved());
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
#pragma omp parallel num_threads(1)
    {
      pthread_t self = pthread_self();
      int away = 0;
      for (int i = 0; i < TASKS; i++) {
#pragma omp task firstprivate(self) shared(away)
        {
          busy(1e-5);
          if (!pthread_equal(pthread_self(), self))
            away++;
        }
      }
      busy(0.05);
#pragma omp taskwait
      nested[me] = away;
    }
  }
  printf("nested team of one: %d %d elsewhere\n", nested[0], nested[1]);
  int first = -1;
#pragma omp parallel num_threads(1)
  first = made_when_first_ran();
#ifdef __clang__
  int as_its_runtime = first == 0;
#else
  int as_its_runtime = first >= 64 && first <= 100;
#endif
  printf("throttled as its runtime throttles: %s\n", as_its_runtime ? "yes" : "no");
  printf("outside any parallel region, the first ran when %d were made\n",
         made_when_first_ran());
  int small = -1, big = -1, small_order, big_order;
#pragma omp parallel num_threads(1)
  {
    small = taskloop_at_once(8, &small_order);
    big = taskloop_at_once(200, &big_order);
  }
#ifdef __clang__
  int small_as_its_runtime = small == 8 && small_order;
#else
  int small_as_its_runtime = small == 0;
#endif
  printf("taskloop of 8 in a team of one as its runtime runs it: %s\n",
         small_as_its_runtime ? "yes" : "no");
  printf("taskloop of 200 in a team of one: %d at once, in order: %d\n", big, big_order);
  return 0;
}
// CHECK: initial thread: 0 elsewhere
// CHECK-NEXT: team of one: 0 elsewhere
// CHECK-NEXT: untied task moved: 0
// CHECK-NEXT: nested team of one: 0 0 elsewhere
// CHECK-NEXT: throttled as its runtime throttles: yes
// CHECK-NEXT: outside any parallel region, the first ran when 0 were made
// CHECK-NEXT: taskloop of 8 in a team of one as its runtime runs it: yes
// CHECK-NEXT: taskloop of 200 in a team of one: 200 at once, in order: 1
