// A task that yields while it holds a pthread mutex does not keep the team
// from finishing: 8 tasks of a team of 4 (and of 2) on 2 ESs each lock one
// mutex, taskyield, sleep 1 ms and unlock. The others block in
// pthread_mutex_lock, in the kernel, with their ESs; the holder must be
// resumed all the same. Before, the holder's ES started the others with
// the TLS block the holder kept (it ran with its ES's own): one of them,
// preempted while blocked, held that block, which the holder needed to go
// on, and the program hung. Also passes on LLVM's libomp and GNU libgomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env BOBBIN_TIME_SLICE=100us %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

enum { ROUNDS = 5, TASKS = 8 };

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;

static int round_of(int threads) {
  int count = 0;
#pragma omp parallel num_threads(threads)
#pragma omp single
  for (int k = 0; k < TASKS; k++) {
#pragma omp task shared(count)
    {
      pthread_mutex_lock(&mutex);
#pragma omp taskyield
      usleep(1000);
      count++;
      pthread_mutex_unlock(&mutex);
    }
  }
  return count;
}

int main(void) {
  deadline(60, "taskyield_mutex");
  for (int round = 0; round < ROUNDS; round++) {
    CHECK_EQ(round_of(4), TASKS);
    CHECK_EQ(round_of(2), TASKS);
  }
  printf("all done\n");
  return 0;
}
// CHECK: all done
