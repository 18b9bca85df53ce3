// An application with its own SIGALRM interval timer: its handler keeps
// counting while regions whose threads spin on each other (and are
// preempted) run, and a blocking read interrupted by it still returns
// EINTR to the application, as its handler has no SA_RESTART.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <signal.h>
#include <sys/time.h>

static volatile sig_atomic_t ticks;

static void on_tick(int sig) {
  (void)sig;
  ticks++;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_tick;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGALRM, &sa, NULL) == 0);
  struct itimerval every = {{0, 5000}, {0, 5000}};
  CHECK(setitimer(ITIMER_REAL, &every, NULL) == 0);
  int token = 0;
#pragma omp parallel num_threads(3) shared(token)
  {
    int me = omp_get_thread_num(), seen;
    for (int r = 0; r < 5; r++) {
      do {
#pragma omp atomic read
        seen = token;
      } while (seen != r * 3 + me);
#pragma omp atomic write
      token = seen + 1;
    }
  }
  CHECK_EQ(token, 15);
  int fds[2];
  CHECK(pipe(fds) == 0);
  char c;
  CHECK_EQ(read(fds[0], &c, 1), -1);
  CHECK_EQ(errno, EINTR);
  struct itimerval off = {{0, 0}, {0, 0}};
  setitimer(ITIMER_REAL, &off, NULL);
  CHECK(ticks > 0);
  printf("sigalrm: ok\n");
  return 0;
}
// CHECK: sigalrm: ok
