// fork() right after a fresh runtime's first parallel regions, in many
// processes: each child runs a region and allocates. A fork must not copy
// a lock of the allocator held by another OS thread of the runtime, one
// still starting, or the child's next allocation of that size waits for
// ever. glibc's malloc takes its locks around fork, gcc 12's libasan (which
// the sanitizer tree preloads) takes none: there one fork in twenty hung.
// The test's own process never starts the runtime, so every child of it
// starts one afresh and forks a grandchild.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp cannot run a region in the child of a fork):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <signal.h>
#include <sys/wait.h>

#define ROUNDS 40

static int team_sum(int n) {
  int sum = 0;
#pragma omp parallel num_threads(n) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  return sum;
}

static int exited_ok(pid_t pid, const char *who, int round) {
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status))
    fprintf(stderr, "%s of round %d killed by signal %d\n", who, round, WTERMSIG(status));
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// A fresh runtime forks right after its first regions.
static int fork_fresh(int round) {
  for (int i = 0; i < 10; i++)
    CHECK_EQ(team_sum(4), 10);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    signal(SIGALRM, SIG_DFL);
    alarm(5); // a hung grandchild dies by SIGALRM instead of hanging the test
    CHECK_EQ(team_sum(3), 6);
    for (size_t size = 16; size <= 4096; size *= 2)
      free(malloc(size));
    _exit(0);
  }
  return exited_ok(pid, "grandchild", round);
}

int main(void) {
  deadline(200, "fork_repeated");
  fflush(stdout);
  for (int round = 0; round < ROUNDS; round++) {
    pid_t pid = fork();
    CHECK(pid >= 0);
    if (pid == 0)
      _exit(fork_fresh(round) ? 0 : 1);
    CHECK(exited_ok(pid, "child", round));
  }
  printf("%d rounds ok\n", ROUNDS);
  return 0;
}
// CHECK: 40 rounds ok
