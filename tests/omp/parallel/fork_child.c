// fork() after parallel regions: the child runs a parallel region correctly
// and exits 0.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp cannot run a region in the child of a fork):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <sys/wait.h>

static int team_sum(int n) {
  int sum = 0;
#pragma omp parallel num_threads(n) reduction(+ : sum)
  sum += omp_get_thread_num() + 1;
  return sum;
}

int main(void) {
  for (int i = 0; i < 10; i++)
    CHECK_EQ(team_sum(4), 10);
  fflush(stdout);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    alarm(30); // a hung child fails the test instead of hanging it
    CHECK_EQ(team_sum(4), 10);
    CHECK_EQ(team_sum(3), 6);
    printf("child ok\n");
    fflush(stdout);
    _exit(0);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  if (WIFSIGNALED(status))
    fprintf(stderr, "child killed by signal %d\n", WTERMSIG(status));
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK_EQ(team_sum(4), 10); // the parent still works too
  printf("parent ok\n");
  return 0;
}
// CHECK: child ok
// CHECK-NEXT: parent ok
