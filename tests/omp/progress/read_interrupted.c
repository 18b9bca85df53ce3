// An OpenMP thread blocks in a read of an empty pipe while a team-mate on
// the same ES spins, so that the reader stands frozen most of the time; a
// signal of the program's comes meanwhile. Without SA_RESTART in its
// handler, the read must end with EINTR, as it would on an OS thread of
// its own (the kernel makes the read again after the preemption signal's
// handler; the program's, delivered then, ran before the read was made
// again, which then waited forever). With SA_RESTART, the read must go on
// and return what is written later. The spinner signals again every few
// milliseconds until the read ends: one signal that comes before the read
// starts ends nothing, and the OS thread may stand frozen at any of them.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>

#define ROUNDS 10

static volatile sig_atomic_t handled;
static _Atomic pid_t reader_tid;
static _Atomic int reading, done;

static void on_signal(int sig) {
  (void)sig;
  handled++;
}

static void on_deadline(int sig) {
  (void)sig;
  static const char msg[] = "read_interrupted: a read did not end (a hang)\n";
  ssize_t ignored = write(2, msg, sizeof msg - 1);
  (void)ignored;
  _exit(1);
}

static void handle(int sig, int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(sig, &sa, NULL) == 0);
}

// One read of fds[0] by thread 1 while thread 0 spins and sends sig every
// 2 ms; with `restarting`, thread 0 writes a byte once it has sent a few.
// Returns what the read returned, its errno in *error.
static ssize_t round_of(int fds[2], int sig, int restarting, int *error) {
  ssize_t got = 0;
  reading = done = 0;
#pragma omp parallel shared(got)
  {
    if (omp_get_thread_num() == 1) {
      reader_tid = (pid_t)syscall(SYS_gettid);
      char c;
      reading = 1;
      got = read(fds[0], &c, 1);
      *error = errno;
      done = 1;
    } else if (omp_get_thread_num() == 0) {
      while (!reading)
        ;
      int sent = 0;
      double next = omp_get_wtime();
      while (!done) {
        if (omp_get_wtime() < next)
          continue;
        next += 0.002;
        if (restarting && sent == 5)
          CHECK(write(fds[1], "x", 1) == 1);
        else
          CHECK(syscall(SYS_tgkill, getpid(), reader_tid, sig) == 0);
        sent++;
      }
    }
  }
  return got;
}

int main(void) {
  signal(SIGALRM, on_deadline);
  alarm(60);
  handle(SIGUSR1, 0);
  handle(SIGUSR2, SA_RESTART);
  int fds[2];
  CHECK(pipe(fds) == 0);
  int ended = 0, went_on = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int error = 0;
    int before = handled;
    if (round_of(fds, SIGUSR1, 0, &error) == -1 && error == EINTR && handled > before)
      ended++;
    if (round_of(fds, SIGUSR2, 1, &error) == 1)
      went_on++;
  }
  CHECK_EQ(ended, ROUNDS);
  CHECK_EQ(went_on, ROUNDS);
  printf("%d reads ended by a signal, %d went on\n", ended, went_on);
  return 0;
}
// CHECK: 10 reads ended by a signal, 10 went on
