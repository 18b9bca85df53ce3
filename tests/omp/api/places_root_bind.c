// An application thread's initial thread is bound to its place at its
// first parallel region, not before, as LLVM's libomp binds a root: the
// mask of the thread that started the runtime stays whole until its first
// region; another pthread's initial thread gets a place at its first
// region, and its mask that place's CPUs from then on; a pthread that only
// made OpenMP calls outside regions keeps its mask. Bobbin bound the
// first thread at its first OpenMP call, and never bound another pthread
// (place -1, its mask whole after its region). taskset fixes the CPU set to {0,1} (the machine
// needs CPUs 0 and 1). LLVM's libomp passes too.
// RUN: %libomp-compile -lpthread
// RUN: env OMP_PLACES="{0},{1}" OMP_PROC_BIND=close taskset -c 0,1 %libomp-run
// libgomp 12 binds its initial thread at the start:
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

#include <sched.h>

static cpu_set_t whole;

// Whether the calling thread's mask is the CPUs of its place.
static int mask_is_place(void) {
  cpu_set_t mine, want;
  CHECK(sched_getaffinity(0, sizeof mine, &mine) == 0);
  int place = omp_get_place_num(), ids[CPU_SETSIZE];
  if (place < 0)
    return 0;
  CPU_ZERO(&want);
  omp_get_place_proc_ids(place, ids);
  for (int k = 0; k < omp_get_place_num_procs(place); k++)
    CPU_SET(ids[k], &want);
  return CPU_EQUAL(&mine, &want);
}

static int mask_is_whole(void) {
  cpu_set_t mine;
  CHECK(sched_getaffinity(0, sizeof mine, &mine) == 0);
  return CPU_EQUAL(&mine, &whole);
}

static void region(void) {
  int n = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp atomic
    n++;
  }
  CHECK_EQ(n, 2);
}

static void *registers(void *arg) {
  (void)arg;
  omp_set_num_threads(2);
  CHECK(mask_is_whole());
  return NULL;
}

static void *forks(void *arg) {
  (void)arg;
  region();
  CHECK(omp_get_place_num() >= 0);
  CHECK(mask_is_place());
  return NULL;
}

int main(void) {
  CHECK(sched_getaffinity(0, sizeof whole, &whole) == 0);
  CHECK_EQ(CPU_COUNT(&whole), 2);
  omp_set_num_threads(2); // starts the runtime from this thread
  CHECK(mask_is_whole());
  pthread_t a, b;
  CHECK(pthread_create(&a, NULL, registers, NULL) == 0);
  CHECK(pthread_join(a, NULL) == 0);
  CHECK(pthread_create(&b, NULL, forks, NULL) == 0);
  CHECK(pthread_join(b, NULL) == 0);
  CHECK(mask_is_whole());
  region();
  CHECK_EQ(omp_get_num_places(), 2);
  CHECK(mask_is_place());
  printf("ok\n");
  return 0;
}
