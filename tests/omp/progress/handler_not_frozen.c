// A signal handler of the program's that runs on an OpenMP thread is not
// preempted in its first time slices, though another thread waits for the
// ES: the handler may have interrupted Bobbin's own code, which an OS
// thread frozen in the handler would hold half-done (a profiler's handler
// runs often, anywhere). Here a 3 ms handler, on one ES with a 1 ms slice,
// ends before its team-mate runs again; before, the team-mate ran in the
// middle of it. Bobbin only: with OS threads the kernel preempts handlers.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 BOBBIN_TIME_SLICE=1ms %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <signal.h>
#include <time.h>

static volatile sig_atomic_t in_handler, handled;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_usr1(int sig) {
  (void)sig;
  in_handler = 1;
  for (double end = now() + 0.003; now() < end;)
    ;
  in_handler = 0;
  handled++;
}

int main(void) {
  deadline(30, "progress/handler_not_frozen");
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
  int saw_handler = 0;
  for (int round = 0; round < 30; round++) {
    int done = 0;
#pragma omp parallel num_threads(2) shared(done) reduction(+ : saw_handler)
    {
      if (omp_get_thread_num() == 1) {
        raise(SIGUSR1);
#pragma omp atomic write
        done = 1;
      } else {
        int seen;
        do {
          saw_handler += in_handler;
#pragma omp atomic read
          seen = done;
        } while (!seen);
      }
    }
  }
  CHECK_EQ(handled, 30);
  CHECK_EQ(saw_handler, 0);
  printf("handlers ran whole: ok\n");
  return 0;
}
// CHECK: handlers ran whole: ok
