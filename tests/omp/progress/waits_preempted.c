// An OpenMP thread blocks in system calls while a team-mate on the same ES
// spins: each time the spinner has held the ES for a slice, the waiter's
// OS thread is preempted in its call, which is then made again. Each call
// must end as it would have: a timeout after its time, never sooner nor
// never (rt_sigtimedwait and semtimedop were made again with their whole
// timeout and never ended, nor did a futex wait made by the program's own
// syscall instruction; a futex wait and an io_getevents made through
// syscall(3), whose number no register keeps, returned EINTR at every
// preemption, so that a program retrying them on EINTR never saw them end; nor a recv or send on a socket with SO_RCVTIMEO or
// SO_SNDTIMEO; a read on one returned EINTR; made again, such a call must
// leave the red zone of the code that made it as it was); a wait without
// a timeout when what it waits for
// comes (msgrcv, epoll_pwait and epoll_pwait2 returned EINTR from glibc's
// cancellable path); pause and sigsuspend when a signal the program
// handles comes (it came while the waiter stood frozen, which made the
// call again and missed it; sigsuspend's caller blocks it before, as it
// should, pause's cannot: the signal comes later, which only a waiter
// stalled for 100 ms before its pause would miss; so did pause, 2 runs in
// 100 under load, when a preemption came as the call made again was about
// to be entered, and froze the OS thread there: the signal that came
// meanwhile ran its handler before the call. Short slices make that
// likelier). sleep_preempted.c checks the sleeps and poll.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 OMP_NUM_THREADS=2 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <linux/aio_abi.h>
#include <linux/futex.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/select.h>
#include <sys/sem.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>

#define WAIT_NS 20000000L
#define ROUNDS 3

enum way { SIGTIMEDWAIT, SEMTIMEDOP, FUTEX_OWN, FUTEX_SYSCALL, IO_GETEVENTS, EPOLL_PWAIT, EPOLL_PWAIT2, PSELECT, RECV, READ,
           SEND, RECV_RED_ZONE, MSGRCV, PAUSE, SIGSUSPEND, WAYS };
static const char *const names[WAYS] = {"rt_sigtimedwait", "semtimedop", "futex",
                                        "futex (syscall(3))", "io_getevents (syscall(3))",
                                        "epoll_pwait", "epoll_pwait2", "pselect",
                                        "recv", "read", "send", "recv (red zone)",
                                        "msgrcv", "pause", "sigsuspend"};

static int epfd, semid, msqid, futex_word;
static aio_context_t aio; // nothing submitted: a wait for an event times out
static int quiet[2], full[2]; // socket pairs: nothing to receive, no room to send
static _Atomic pid_t waiter_tid;
// The way the waiter is in, and since when: the spinner ends waits without
// a timeout WAIT_NS after.
static _Atomic int current = -1;
static _Atomic double since;
static volatile sig_atomic_t usr2_seen;

static void on_usr2(int sig) {
  (void)sig;
  usr2_seen++;
}

static struct timespec wait_time(void) { return (struct timespec){0, WAIT_NS}; }

// A FUTEX_WAIT with a relative timeout through the program's own syscall
// instruction, as a program with its own system call stubs makes it.
static long futex_wait_own(int *word, const struct timespec *timeout) {
  long ret;
  register const struct timespec *r10 __asm__("r10") = timeout;
  __asm__ volatile("mov %1, %%eax\n\tsyscall"
                   : "=&a"(ret)
                   : "i"(SYS_futex), "D"(word), "S"(FUTEX_WAIT_PRIVATE), "d"(0), "r"(r10)
                   : "rcx", "r11", "memory");
  return ret;
}

// A recv through the program's own syscall instruction, with a value in
// the red zone below the stack pointer there (the stack pointer moved down
// first, so that the compiler's own red zone stays out of it); returns the
// call's result, and the value as found after it in *kept.
static long recv_red_zone(int fd, char *c, long *kept) {
  long ret, found;
  register long r10 __asm__("r10") = 0, r8 __asm__("r8") = 0, r9 __asm__("r9") = 0;
  __asm__ volatile("sub $256, %%rsp\n\t"
                   "movq %[mark], -8(%%rsp)\n\t"
                   "mov %[nr], %%eax\n\t"
                   "syscall\n\t"
                   "movq -8(%%rsp), %[found]\n\t"
                   "add $256, %%rsp"
                   : "=&a"(ret), [found] "=&r"(found)
                   : [nr] "i"(SYS_recvfrom), [mark] "r"(0x5a5a5a5a5a5a5a5aL), "D"((long)fd),
                     "S"(c), "d"(1L), "r"(r10), "r"(r8), "r"(r9)
                   : "rcx", "r11", "memory");
  *kept = found;
  return ret;
}

// Makes the call; returns whether it ended as it must.
static int wait_once(enum way how) {
  struct timespec t = wait_time();
  struct epoll_event ev;
  sigset_t set;
  sigemptyset(&set);
  switch (how) {
  case SIGTIMEDWAIT:
    sigaddset(&set, SIGUSR1);
    return sigtimedwait(&set, NULL, &t) == -1 && errno == EAGAIN;
  case SEMTIMEDOP: {
    struct sembuf down = {0, -1, 0};
    return semtimedop(semid, &down, 1, &t) == -1 && errno == EAGAIN;
  }
  case FUTEX_OWN:
    return futex_wait_own(&futex_word, &t) == -ETIMEDOUT;
  case FUTEX_SYSCALL: { // retried on EINTR, as a program of its own futex waits does
    long r;
    while ((r = syscall(SYS_futex, &futex_word, FUTEX_WAIT_PRIVATE, 0, &t)) == -1 && errno == EINTR)
      ;
    return r == -1 && errno == ETIMEDOUT;
  }
  case IO_GETEVENTS: {
    struct io_event event;
    long r;
    while ((r = syscall(SYS_io_getevents, aio, 1L, 1L, &event, &t)) == -1 && errno == EINTR)
      ;
    return r == 0;
  }
  case EPOLL_PWAIT:
    return epoll_pwait(epfd, &ev, 1, WAIT_NS / 1000000, NULL) == 0;
  case EPOLL_PWAIT2:
    return epoll_pwait2(epfd, &ev, 1, &t, NULL) == 0;
  case PSELECT:
    return pselect(0, NULL, NULL, NULL, &t, NULL) == 0;
  case RECV: {
    char c;
    return recv(quiet[0], &c, 1, 0) == -1 && errno == EAGAIN;
  }
  case READ: {
    char c;
    return read(quiet[0], &c, 1) == -1 && errno == EAGAIN;
  }
  case SEND:
    return send(full[0], "x", 1, 0) == -1 && errno == EAGAIN;
  case RECV_RED_ZONE: {
    char c;
    long kept;
    return recv_red_zone(quiet[0], &c, &kept) == -EAGAIN && kept == 0x5a5a5a5a5a5a5a5aL;
  }
  case MSGRCV: {
    struct {
      long type;
      char text[8];
    } m;
    return msgrcv(msqid, &m, sizeof m.text, 0, 0) == 1 && m.text[0] == 'x';
  }
  case PAUSE: {
    int seen = usr2_seen;
    return pause() == -1 && errno == EINTR && usr2_seen == seen + 1;
  }
  default: { // SIGUSR2 is blocked: it ends sigsuspend whenever it comes
    int seen = usr2_seen;
    return sigsuspend(&set) == -1 && errno == EINTR && usr2_seen == seen + 1;
  }
  }
}

// What ends a wait without a timeout, once: the waiter ends it only then.
static void end_wait(int how) {
  if (how == MSGRCV) {
    struct {
      long type;
      char text[1];
    } m = {1, {'x'}};
    CHECK(msgsnd(msqid, &m, 1, 0) == 0);
  } else if (how == PAUSE || how == SIGSUSPEND) {
    CHECK(syscall(SYS_tgkill, getpid(), waiter_tid, SIGUSR2) == 0);
  }
}

// Names the call the waiter was in, should the test hang.
static void on_deadline(int sig) {
  (void)sig;
  static const char head[] = "waits_preempted: did not finish within its deadline (a hang); "
                             "the waiter was in: ";
  int way = current;
  const char *what = way >= 0 && way < WAYS ? names[way] : "none";
  ssize_t ignored = write(2, head, sizeof head - 1);
  ignored = write(2, what, strlen(what));
  ignored = write(2, "\n", 1);
  (void)ignored;
  _exit(1);
}

int main(void) {
  signal(SIGALRM, on_deadline);
  alarm(60);
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  CHECK(pthread_sigmask(SIG_BLOCK, &usr1, NULL) == 0); // never sent: sigtimedwait times out
  sigset_t usr2;
  sigemptyset(&usr2);
  sigaddset(&usr2, SIGUSR2);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr2;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGUSR2, &sa, NULL) == 0);
  epfd = epoll_create1(0);
  semid = semget(IPC_PRIVATE, 1, 0600);
  msqid = msgget(IPC_PRIVATE, 0600);
  CHECK(epfd >= 0 && semid >= 0 && msqid >= 0);
  CHECK(syscall(SYS_io_setup, 1, &aio) == 0);
  struct timeval timeout = {0, WAIT_NS / 1000};
  CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, quiet) == 0);
  CHECK(setsockopt(quiet[0], SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout) == 0);
  CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, full) == 0);
  CHECK(setsockopt(full[0], SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout) == 0);
  char block[4096] = {0};
  while (send(full[0], block, sizeof block, MSG_DONTWAIT) > 0)
    ;
  int done = 0, wrong = 0, early = 0;
#pragma omp parallel shared(done, wrong, early)
  {
    if (omp_get_thread_num() == 1) {
      waiter_tid = (pid_t)syscall(SYS_gettid);
      for (int r = 0; r < ROUNDS; r++)
        for (int how = 0; how < WAYS; how++) {
          double t0 = omp_get_wtime();
          if (how == SIGSUSPEND)
            CHECK(pthread_sigmask(SIG_BLOCK, &usr2, NULL) == 0);
          since = t0;
          current = how;
          int ok = wait_once((enum way)how);
          current = -1;
          if (how == SIGSUSPEND)
            CHECK(pthread_sigmask(SIG_UNBLOCK, &usr2, NULL) == 0);
          if (!ok) {
            fprintf(stderr, "%s ended wrongly (errno %d)\n", names[how], errno);
            wrong++;
          }
          if (omp_get_wtime() - t0 < WAIT_NS * 1e-9 * 0.99) {
            fprintf(stderr, "%s ended early\n", names[how]);
            early++;
          }
        }
      __atomic_store_n(&done, 1, __ATOMIC_SEQ_CST);
    } else if (omp_get_thread_num() == 0) {
      double ended = -1; // the start of the wait last ended
      while (!__atomic_load_n(&done, __ATOMIC_SEQ_CST)) {
        int how = current;
        double t = since;
        double after = how == PAUSE ? 0.1 : WAIT_NS * 1e-9;
        if (how >= 0 && t != ended && omp_get_wtime() >= t + after) {
          ended = t;
          end_wait(how);
        }
      }
    }
  }
  semctl(semid, 0, IPC_RMID);
  msgctl(msqid, IPC_RMID, NULL);
  CHECK_EQ(wrong, 0);
  CHECK_EQ(early, 0);
  printf("%d waits ended as they must\n", ROUNDS * WAYS);
  return 0;
}
// CHECK: 45 waits ended as they must
