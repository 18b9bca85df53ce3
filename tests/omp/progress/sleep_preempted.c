// An OpenMP thread that sleeps while a team-mate on the same ES spins for
// it: each time the spinner has held the ES for a slice, the sleeper's OS
// thread is preempted in its sleep, which is then made again; it must end
// when it would have ended anyway, not start over (a restarted usleep of
// 20 ms under a 2 ms slice would never end). usleep (no remaining time
// given back), nanosleep with one, sleeps on CLOCK_MONOTONIC, relative and
// absolute, poll and epoll_wait with a timeout; each must take about its
// time, never less.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#include <poll.h>
#include <sys/epoll.h>
#include <time.h>

#define SLEEP_NS 20000000L
#define ROUNDS 5
#define WAYS 6

static int epfd; // an epoll set with nothing in it: a wait times out

static double now(void) { return omp_get_wtime(); }

static void sleep_once(int how) {
  struct timespec req = {0, SLEEP_NS}, rem;
  switch (how) {
  case 0:
    usleep(SLEEP_NS / 1000);
    break;
  case 1:
    while (nanosleep(&req, &rem))
      req = rem;
    break;
  case 2:
    clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
    break;
  case 3:
    poll(NULL, 0, SLEEP_NS / 1000000);
    break;
  case 4: {
    struct epoll_event ev;
    epoll_wait(epfd, &ev, 1, SLEEP_NS / 1000000);
    break;
  }
  default: {
    struct timespec until;
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_nsec += SLEEP_NS;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL))
      ;
  }
  }
}

int main(void) {
  deadline(60, "sleep_preempted");
  epfd = epoll_create1(0);
  CHECK(epfd >= 0);
  int done = 0, short_sleeps = 0;
#pragma omp parallel shared(done, short_sleeps)
  {
    if (omp_get_thread_num() == 1) {
      for (int r = 0; r < ROUNDS; r++)
        for (int how = 0; how < WAYS; how++) {
          double t0 = now();
          sleep_once(how);
          if (now() - t0 < SLEEP_NS * 1e-9 * 0.99)
            short_sleeps++;
        }
      __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_SEQ_CST))
        ;
    }
  }
  CHECK_EQ(short_sleeps, 0);
  printf("%d sleeps ended on time\n", ROUNDS * WAYS);
  return 0;
}
// CHECK: 30 sleeps ended on time
