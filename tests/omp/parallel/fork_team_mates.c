// fork() from thread 0 of a team whose other threads have not started yet:
// the child is a one-thread process, so none of the team-mates' code may
// run in it, however long the child waits (at a barrier of a team of its
// own, for a task). With 2 ESs, thread 2 waits in ES 0's pool, behind the
// forker, when the fork comes. Before, the child ran it: each team-mate's
// body ran once in the parent and once more in the child (and wrote, with
// the forker's TLS block, into the forker's __thread variables). Also
// passes on LLVM's libomp.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp cannot run a region in the child of a fork):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <stdatomic.h>
#include <sys/wait.h>

enum { ROUNDS = 20, TEAM = 4 };

static _Atomic int mates_ran; // bodies of threads 1.. that started
static __thread int mark;

// The child: waits in ways that let a scheduler run whatever is ready,
// then checks that no team-mate of the parent ran meanwhile.
static int child(int ran_at_fork) {
  mark = 1;
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
    if (omp_get_thread_num() == 1)
      usleep(2000);
#pragma omp barrier
#pragma omp task shared(sum)
    usleep(500);
#pragma omp taskwait
    sum += omp_get_thread_num() + 1;
  }
  CHECK_EQ(sum, 3);
  CHECK_EQ(mark, 1);
  CHECK_EQ(atomic_load(&mates_ran), ran_at_fork);
  return 0;
}

int main(void) {
  deadline(60, "fork_team_mates");
  omp_set_max_active_levels(2);
  fflush(stdout);
  for (int round = 0; round < ROUNDS; round++) {
    atomic_store(&mates_ran, 0);
#pragma omp parallel num_threads(TEAM)
    {
      if (omp_get_thread_num() == 0) {
        pid_t pid = fork();
        CHECK(pid >= 0);
        if (pid == 0) {
          int ran_at_fork = atomic_load(&mates_ran);
          alarm(20); // a hung child dies by SIGALRM instead of hanging the test
          _exit(child(ran_at_fork));
        }
        int status;
        CHECK(waitpid(pid, &status, 0) == pid);
        if (WIFSIGNALED(status))
          fprintf(stderr, "child killed by signal %d\n", WTERMSIG(status));
        CHECK(WIFEXITED(status));
        CHECK_EQ(WEXITSTATUS(status), 0);
      } else {
        atomic_fetch_add(&mates_ran, 1);
      }
    }
    CHECK_EQ(atomic_load(&mates_ran), TEAM - 1);
  }
  printf("team-mates stay in the parent\n");
  return 0;
}
// CHECK: team-mates stay in the parent
