// REQUIRES: bobbin
// An untied task may resume on another ES after it suspends; a tied one
// never does. In a team of two threads on two ESs, an untied task taskwaits
// and taskyields over and over while the other ES is idle, and records the
// OS thread (gettid; each ES is one OS thread) it runs on before and after
// each scheduling point: it must turn up on the second ES. Each round creates
// children that other units run, so its wake-up often happens on the other
// ES; up to 20000 rounds make missing it practically impossible, and the
// test stops as soon as it moved. A tied task doing the same stays put.
// The scheduling points sit in a called function, so clang does not split
// the untied task into parts (untied.c covers those): the task suspends in
// the runtime and resumes as a migratable unit.
// Nothing here depends on timing; a watchdog only turns a hang (a task that
// never resumes) into a failure with a message.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <signal.h>
#include <sys/syscall.h>

#define ROUNDS 20000

static long os_tid(void) { return syscall(SYS_gettid); }

static long children_run;
static volatile int phase; // what the watchdog reports

static void watchdog(int sig) {
  static const char *what[] = {"start", "untied task", "tied task", "end"};
  char msg[96];
  int n = snprintf(msg, sizeof msg, "hang: no progress in the %s\n", what[phase]);
  (void)sig;
  write(2, msg, n);
  _exit(1);
}

// One round of suspension points; returns 1 if the OS thread changed.
static int suspend_points(long *where) {
  for (int c = 0; c < 2; c++)
#pragma omp task
  {
    spin_a_bit(300);
#pragma omp atomic
    children_run++;
  }
#pragma omp taskwait
  long after_wait = os_tid();
#pragma omp taskyield
  long after_yield = os_tid();
  int moved = after_wait != *where || after_yield != *where;
  *where = after_yield;
  return moved;
}

int main(void) {
  int untied_moved = 0, tied_moved = 0, untied_rounds = 0, tied_rounds = 0;
  long untied_start = -1, untied_end = -1;
  signal(SIGALRM, watchdog);
  alarm(100);
  phase = 1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task untied shared(untied_moved, untied_rounds, untied_start, untied_end)
    {
      long where = untied_start = os_tid();
      while (untied_rounds < ROUNDS && !untied_moved) {
        untied_moved = suspend_points(&where);
        untied_rounds++;
      }
      untied_end = os_tid();
    }
#pragma omp taskwait
    CHECK(untied_end != -1); // the taskwait returned: the whole body has run
    phase = 2;
#pragma omp task shared(tied_moved, tied_rounds)
    {
      long where = os_tid();
      for (tied_rounds = 0; tied_rounds < 2000; tied_rounds++)
        tied_moved |= suspend_points(&where);
    }
  }
  phase = 3;
  CHECK_EQ(children_run, 2L * (untied_rounds + tied_rounds));
  CHECK_EQ(tied_moved, 0);
  if (!untied_moved)
    fprintf(stderr, "untied task stayed on OS thread %ld for %d rounds\n", untied_start,
            untied_rounds);
  CHECK_EQ(untied_moved, 1);
  CHECK(untied_end != untied_start || untied_rounds > 0);
  printf("untied task moved to another ES; tied task stayed for %d rounds\n", tied_rounds);
  return 0;
}
// CHECK: untied task moved to another ES; tied task stayed for 2000 rounds
