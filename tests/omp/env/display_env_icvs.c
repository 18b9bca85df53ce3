// OMP_CANCELLATION, OMP_DEFAULT_DEVICE, OMP_MAX_TASK_PRIORITY, OMP_NUM_TEAMS
// and OMP_TEAMS_THREAD_LIMIT: the values set show in the OMP_DISPLAY_ENV
// block and through their omp_get_* routines.
// RUN: %libomp-compile
// RUN: env OMP_DISPLAY_ENV=true OMP_CANCELLATION=true OMP_DEFAULT_DEVICE=0 OMP_MAX_TASK_PRIORITY=7 OMP_NUM_TEAMS=3 OMP_TEAMS_THREAD_LIMIT=2 %libomp-run 2>&1 | FileCheck %s --check-prefix=SET
// RUN: env OMP_DISPLAY_ENV=true OMP_CANCELLATION=FALSE OMP_MAX_TASK_PRIORITY=0 OMP_NUM_TEAMS=12 OMP_TEAMS_THREAD_LIMIT=5 %libomp-run 2>&1 | FileCheck %s --check-prefix=OTHER
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  printf("cancellation %d, default device %d, max task priority %d, max teams %d, "
         "teams thread limit %d\n",
         omp_get_cancellation(), omp_get_default_device(),
         omp_get_max_task_priority(), omp_get_max_teams(),
         omp_get_teams_thread_limit());
  return 0;
}
// SET: OPENMP DISPLAY ENVIRONMENT BEGIN
// SET-DAG: OMP_CANCELLATION{{ ?= ?}}'TRUE'
// SET-DAG: OMP_DEFAULT_DEVICE{{ ?= ?}}'0'
// SET-DAG: OMP_MAX_TASK_PRIORITY{{ ?= ?}}'7'
// SET-DAG: OMP_NUM_TEAMS{{ ?= ?}}'3'
// SET-DAG: OMP_TEAMS_THREAD_LIMIT{{ ?= ?}}'2'
// SET: OPENMP DISPLAY ENVIRONMENT END
// SET: cancellation 1, default device 0, max task priority 7, max teams 3, teams thread limit 2
// OTHER: OPENMP DISPLAY ENVIRONMENT BEGIN
// OTHER-DAG: OMP_CANCELLATION{{ ?= ?}}'FALSE'
// OTHER-DAG: OMP_MAX_TASK_PRIORITY{{ ?= ?}}'0'
// OTHER-DAG: OMP_NUM_TEAMS{{ ?= ?}}'12'
// OTHER-DAG: OMP_TEAMS_THREAD_LIMIT{{ ?= ?}}'5'
// OTHER: OPENMP DISPLAY ENVIRONMENT END
// OTHER: cancellation 0, default device 0, max task priority 0, max teams 12, teams thread limit 5
