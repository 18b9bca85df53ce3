// fork() from every OpenMP thread of a team of 4 on 2 ESs (threads 2 and 3
// run with TLS blocks of their own), from the threads of nested teams and
// from tasks: each child is an ordinary one-thread process. It keeps its
// forking thread's __thread values, is its own thread for the C
// library and the kernel (thread id, error-checking mutexes, sched_getcpu),
// starts and joins threads (one with a stack large enough that the C
// library unmaps the stacks it cached from the parent's threads), runs a
// parallel region, a nested one and a task, or execs a program. Each
// thread also runs a program through system() and posix_spawn(). Before,
// the child of threads 2 and 3 died of SIGSEGV in the C library's fork,
// and a fork preempted while it held the allocator's locks hung the
// parent. Also passes on LLVM's libomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp cannot run a region in the child of a fork):
// UNSUPPORTED: gcc && system-libomp
// Not in the sanitizer tree: a child forked on a unit's stack goes on there
// under a fresh instance, whose first switches AddressSanitizer's fiber
// records do not describe (it reports the child's own frames, then fails
// its own CHECK describing them).
// UNSUPPORTED: sanitize
#include "check.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>

enum { ROUNDS = 3, BIG_STACK = 96 << 20 };

extern char **environ;

static __thread int mark;

static void *thread_main(void *arg) { return arg; }

// The child's checks of itself; returns its exit status.
static int child_checks(int expected_mark) {
  CHECK_EQ(mark, expected_mark);
  errno = 0;
  CHECK(close(-1) == -1);
  CHECK_EQ(errno, EBADF);
  CHECK_EQ(syscall(SYS_gettid), getpid());
  pthread_mutexattr_t attr;
  pthread_mutex_t m;
  pthread_mutexattr_init(&attr);
  pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ERRORCHECK);
  pthread_mutex_init(&m, &attr);
  CHECK_EQ(pthread_mutex_lock(&m), 0);
  CHECK_EQ(pthread_mutex_lock(&m), EDEADLK); // the owner is this thread
  CHECK_EQ(pthread_mutex_unlock(&m), 0);
  unsigned cpu;
  CHECK(syscall(SYS_getcpu, &cpu, NULL, NULL) == 0);
  int seen = sched_getcpu();
  CHECK(seen >= 0);
  for (int i = 0; i < 4; i++) {
    pthread_attr_t pa;
    pthread_t t;
    void *out;
    pthread_attr_init(&pa);
    if (i == 3)
      pthread_attr_setstacksize(&pa, BIG_STACK); // the cache overflows: unmapped
    CHECK_EQ(pthread_create(&t, &pa, thread_main, &cpu), 0);
    CHECK_EQ(pthread_join(t, &out), 0);
    CHECK(out == &cpu);
    pthread_attr_destroy(&pa);
  }
  free(malloc(100));
  omp_set_max_active_levels(8); // LLVM's libomp starts afresh in a child
  int sum = 0, nested = 0, task = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum, nested)
  {
    sum += omp_get_thread_num() + 1;
#pragma omp parallel num_threads(2) reduction(+ : nested)
    nested += omp_get_thread_num() + 1;
#pragma omp single
#pragma omp task shared(task)
    task = 1;
  }
  CHECK_EQ(sum, 10);
  CHECK_EQ(nested, 4 * 3);
  CHECK_EQ(task, 1);
  CHECK_EQ(mark, expected_mark);
  return 0;
}

// Forks; the child execs a shell that exits with 7, or checks itself.
static void fork_and_check(int id, int exec) {
  mark = id;
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    signal(SIGALRM, SIG_DFL);
    alarm(20); // a hung child dies by SIGALRM instead of hanging the test
    if (exec) {
      execl("/bin/sh", "sh", "-c", "exit 7", (char *)NULL);
      _exit(3);
    }
    _exit(child_checks(id));
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status))
    fprintf(stderr, "child of %d killed by signal %d\n", id, WTERMSIG(status));
  CHECK(WIFEXITED(status));
  CHECK_EQ(WEXITSTATUS(status), exec ? 7 : 0);
  CHECK_EQ(mark, id);
}

// The C library's other ways to start a program, which fork no copy of
// the caller (no fork handlers run).
static void spawn_and_check(void) {
  int status = system("exit 5");
  CHECK(WIFEXITED(status));
  CHECK_EQ(WEXITSTATUS(status), 5);
  char *argv[] = {"sh", "-c", "exit 6", NULL};
  pid_t pid;
  CHECK_EQ(posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ), 0);
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK_EQ(WEXITSTATUS(status), 6);
}

int main(void) {
  deadline(60, "fork_team_threads");
  omp_set_max_active_levels(8); // nested teams on LLVM's libomp too
  fflush(stdout);
  for (int round = 0; round < ROUNDS; round++) {
    int exec = round % 2;
#pragma omp parallel num_threads(4)
    {
      int outer = omp_get_thread_num();
      fork_and_check(outer, exec);
      spawn_and_check();
#pragma omp parallel num_threads(2)
      fork_and_check(10 + 2 * outer + omp_get_thread_num(), exec);
#pragma omp task
      fork_and_check(20 + outer, exec);
#pragma omp taskwait
    }
  }
  printf("forks ok\n");
  return 0;
}
// CHECK: forks ok
