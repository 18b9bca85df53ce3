// omp_fulfill_event called from a signal handler, as an AIO completion
// (SIGEV_SIGNAL) calls it in the OpenMP Examples' detach example: the
// handler runs on whatever thread the kernel picks, an ES's among them,
// possibly in the middle of its scheduler. Every detached task completes:
// 300 rounds, each a detached task whose event a process-directed signal
// fulfills while a taskwait waits for it, on a team of 2 and of 4 threads.
// It fails by its own deadline, never by hanging.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

enum { ROUNDS = 300 };

static omp_event_handle_t pending;
static int armed;

/* Two threads may take the signal at once: the one that disarms fulfills
 * (a check, then a store, let both fulfill the event, which aborts). */
static void on_usr1(int sig) {
  (void)sig;
  if (__atomic_exchange_n(&armed, 0, __ATOMIC_ACQ_REL))
    omp_fulfill_event(pending);
}

/* Sends SIGUSR1 to the process (any thread may take it) until told to stop. */
static volatile int stop;
static void *signaller(void *arg) {
  (void)arg;
  while (!stop) {
    kill(getpid(), SIGUSR1);
    usleep(50);
  }
  return NULL;
}

int main(void) {
  deadline(60, "detach_signal");
  struct sigaction sa = {.sa_handler = on_usr1, .sa_flags = SA_RESTART};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGUSR1, &sa, NULL);
  pthread_t t;
  pthread_create(&t, NULL, signaller, NULL);
  int done = 0;
#pragma omp parallel
#pragma omp single
  for (int r = 0; r < ROUNDS; r++) {
    omp_event_handle_t ev;
#pragma omp task detach(ev) shared(done)
    done++;
    pending = ev;
    __atomic_store_n(&armed, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  stop = 1;
  pthread_join(t, NULL);
  CHECK_EQ(done, ROUNDS);
  printf("%d detached tasks fulfilled from a signal handler\n", done);
  return 0;
}
// CHECK: 300 detached tasks fulfilled from a signal handler
