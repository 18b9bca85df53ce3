// Team-mates that wait for thread 0 by sleeping in a loop until it sets a
// flag: the application's thread runs its ES's other units while thread 0
// waits at a barrier, and a sleeper it took on is preempted in the C
// library (in usleep) at nearly every look, where it cannot be set aside:
// the thread stays frozen with the sleeper, and thread 0, whose code runs
// on that thread only, must still go on. Before, thread 0 waited for that
// thread and the sleepers for thread 0: the flat team hung in every run,
// the nested one (4 x 1 x 4 threads, each counting itself in and waiting
// for all 16, as LLVM's ompt/parallel/nested_lwt.c does) in one run of
// five. Also passes on LLVM's libomp and GNU libgomp.
// RUN: %libomp-compile && env BOBBIN_NUM_ES=2 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
// RUN: env BOBBIN_NUM_ES=2 BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

enum { FLAT_ROUNDS = 10, NESTED_ROUNDS = 10, TEAM = 4 };

static void sleep_until_at_least(int *counter, int value) {
  int seen;
  do {
    usleep(10);
#pragma omp atomic read
    seen = *counter;
  } while (seen < value);
}

static void flat(void) {
  int flag = 0;
#pragma omp parallel num_threads(TEAM)
  {
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      usleep(1000);
#pragma omp atomic write
      flag = 1;
    } else {
      sleep_until_at_least(&flag, 1);
    }
  }
  CHECK_EQ(flag, 1);
}

static void nested(void) {
  int arrived = 0;
#pragma omp parallel num_threads(TEAM)
  {
#pragma omp barrier
#pragma omp parallel num_threads(1)
    {
#pragma omp barrier
#pragma omp parallel num_threads(TEAM)
      {
#pragma omp atomic
        arrived++;
        sleep_until_at_least(&arrived, TEAM * TEAM);
      }
    }
  }
  CHECK_EQ(arrived, TEAM * TEAM);
}

int main(void) {
  deadline(60, "sleepers_wait_for_primary");
  omp_set_max_active_levels(3);
  for (int r = 0; r < FLAT_ROUNDS; r++)
    flat();
  for (int r = 0; r < NESTED_ROUNDS; r++)
    nested();
  printf("sleepers went on\n");
  return 0;
}
// CHECK: sleepers went on
