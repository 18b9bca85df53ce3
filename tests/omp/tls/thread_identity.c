// Every OpenMP thread owns its TLS, as a Pthread does, also when several
// share an ES: flat teams of 8 and nested 2 x 4 on 2 ESs (every ULT kind
// runs this through lit's kinds).
// - Distinct addresses: each thread's __thread and threadprivate variables,
//   errno and pthread_self() differ from every other thread's of its team.
// - A pointer to another thread's copy, published before a barrier, reads
//   that thread's value after it (and writes through it reach it).
// - errno set before a barrier is read back after it, while the other
//   OpenMP threads of the ES ran and set theirs.
// - A local pointer to the encountering thread's TLS, shared into the
//   region (gcc passes it in its data block), names that thread's variable:
//   writes through it from every thread reach the primary's copy.
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <pthread.h>

enum { MAX = 64 };

static __thread int app_var;
static int tp_var;
#pragma omp threadprivate(tp_var)

typedef struct {
  int *app, *tp, *err;
  pthread_t self;
} seen_t;

static int distinct(seen_t *seen, int n) {
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      bad += seen[i].app == seen[j].app || seen[i].tp == seen[j].tp ||
             seen[i].err == seen[j].err || pthread_equal(seen[i].self, seen[j].self);
  return bad;
}

// One team's check; slot numbers the thread across the nested teams.
static int team_check(seen_t *seen, int slot, int n, int base) {
  int bad = 0;
  app_var = base + slot;
  tp_var = -(base + slot);
  errno = 1000 + slot;
  seen[slot] = (seen_t){&app_var, &tp_var, &errno, pthread_self()};
  for (int round = 0; round < 3; round++) {
#pragma omp barrier
    spin_a_bit(200 * ((slot + round) % 3));
    bad += errno != 1000 + slot || app_var != base + slot || tp_var != -(base + slot);
  }
  // read the next thread of the team through its published pointers
  int next = slot - omp_get_thread_num() + (omp_get_thread_num() + 1) % n;
  bad += *seen[next].app != base + next || *seen[next].tp != -(base + next);
#pragma omp barrier
  *seen[next].app += 1000; // the owner sees it after the barrier
#pragma omp barrier
  bad += app_var != base + slot + 1000;
  return bad;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  seen_t seen[MAX];
  int bad = 0;

#pragma omp parallel num_threads(8) reduction(+ : bad)
  bad += team_check(seen, omp_get_thread_num(), 8, 100);
  CHECK_EQ(bad, 0);
  CHECK_EQ(distinct(seen, 8), 0);
  printf("flat 8: own TLS\n");

#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(4) reduction(+ : bad)
    bad += team_check(seen, 4 * outer + omp_get_thread_num(), 4, 500);
  }
  CHECK_EQ(bad, 0);
  // each inner team's threads live at once; the two teams need not (one
  // may end before the other starts, and a pooled block serves both)
  CHECK_EQ(distinct(seen, 4) + distinct(seen + 4, 4), 0);
  printf("nested 2 x 4: own TLS\n");

  int *mine = &app_var;
  app_var = 0;
#pragma omp parallel num_threads(8)
  {
#pragma omp atomic
    *mine += 1;
  }
  CHECK_EQ(app_var, 8);
  printf("shared pointer to the primary's TLS: %d\n", app_var);
  return 0;
}
// CHECK: flat 8: own TLS
// CHECK-NEXT: nested 2 x 4: own TLS
// CHECK-NEXT: shared pointer to the primary's TLS: 8
