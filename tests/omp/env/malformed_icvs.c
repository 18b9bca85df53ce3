// REQUIRES: bobbin
// Malformed OMP_CANCELLATION, OMP_DEFAULT_DEVICE, OMP_MAX_TASK_PRIORITY,
// OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT: one line on stderr for each,
// naming the variable and the bad value, and the program runs with the
// default (no cancellation, device 0, priority 0, teams ICVs unset).
// RUN: %libomp-compile
// RUN: env OMP_CANCELLATION=maybe %libomp-run 2>&1 | FileCheck %s --check-prefixes=CANCEL,OK
// RUN: env OMP_DEFAULT_DEVICE=-1 %libomp-run 2>&1 | FileCheck %s --check-prefixes=DEV,OK
// RUN: env OMP_DEFAULT_DEVICE=2x %libomp-run 2>&1 | FileCheck %s --check-prefixes=DEV2,OK
// RUN: env OMP_MAX_TASK_PRIORITY=-3 %libomp-run 2>&1 | FileCheck %s --check-prefixes=PRIO,OK
// RUN: env OMP_NUM_TEAMS=0 %libomp-run 2>&1 | FileCheck %s --check-prefixes=TEAMS,OK
// RUN: env OMP_TEAMS_THREAD_LIMIT=many %libomp-run 2>&1 | FileCheck %s --check-prefixes=TTL,OK
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_cancellation(), 0);
  CHECK_EQ(omp_get_default_device(), 0);
  CHECK_EQ(omp_get_max_task_priority(), 0);
  CHECK_EQ(omp_get_max_teams(), 0);
  CHECK_EQ(omp_get_teams_thread_limit(), 0);
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, omp_get_max_threads());
  printf("defaults in effect\n");
  return 0;
}
// CANCEL-COUNT-1: OMP_CANCELLATION{{.*}}maybe
// CANCEL-NOT: OMP_CANCELLATION
// DEV-COUNT-1: OMP_DEFAULT_DEVICE{{.*}}-1
// DEV-NOT: OMP_DEFAULT_DEVICE
// DEV2-COUNT-1: OMP_DEFAULT_DEVICE{{.*}}2x
// DEV2-NOT: OMP_DEFAULT_DEVICE
// PRIO-COUNT-1: OMP_MAX_TASK_PRIORITY{{.*}}-3
// PRIO-NOT: OMP_MAX_TASK_PRIORITY
// TEAMS-COUNT-1: OMP_NUM_TEAMS{{.*}}'0'
// TEAMS-NOT: OMP_NUM_TEAMS
// TTL-COUNT-1: OMP_TEAMS_THREAD_LIMIT{{.*}}many
// TTL-NOT: OMP_TEAMS_THREAD_LIMIT
// OK: defaults in effect
