// Tasks the initial thread made outside every region and left incomplete
// survive a pause: a detached task whose event an application pthread
// fulfils after the pause completes, and a deferred task that runs a
// parallel region after it gets its team, soft or hard. Bobbin only: it
// defers the initial thread's tasks, while libgomp 12 runs them at once,
// and waits for the detached one's event there, before the pause.
// RUN: %libomp-compile && %libomp-run soft | FileCheck %s
// RUN: %libomp-run hard | FileCheck %s
// REQUIRES: bobbin
#include "check.h"

#include <pthread.h>

static _Atomic int body_done;

static void *fulfil(void *event) {
  while (!body_done)
    usleep(100);
  usleep(1000); // the creator waits for completion by now, most of the time
  omp_fulfill_event(*(omp_event_handle_t *)event);
  return NULL;
}

int main(int argc, char **argv) {
  deadline(30, "pause_tasks");
  CHECK(argc == 2);
  omp_pause_resource_t kind = strcmp(argv[1], "hard") ? omp_pause_soft : omp_pause_hard;
  int team = 0;
#pragma omp parallel
  team = omp_get_num_threads(); // start the runtime's threads first
  omp_event_handle_t event;
  int members = 0;
#pragma omp task detach(event)
  body_done = 1;
#pragma omp task shared(members)
  {
#pragma omp parallel reduction(+ : members)
    members++;
  }
  CHECK_EQ(omp_pause_resource(kind, omp_get_initial_device()), 0);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, fulfil, &event) == 0);
#pragma omp taskwait
  CHECK(pthread_join(t, NULL) == 0);
  CHECK_EQ(members, team);
  printf("tasks survived a %s pause\n", argv[1]);
  return 0;
}
// CHECK: tasks survived a {{soft|hard}} pause
