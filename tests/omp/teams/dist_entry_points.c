// __kmpc_dist_for_static_init_4 and __kmpc_dist_dispatch_init_4, the
// combined distribute + loop entry points (emitted by other compilers for
// distribute parallel for; clang uses two separate inits), called directly
// by the threads of the parallel regions of three teams: every iteration
// runs exactly once, inside its team's upper bound, and the last-iteration
// flag is set for exactly one thread.
// (KMP_TEAMS_THREAD_LIMIT: LLVM's libomp caps teams x threads at the number
// of CPUs otherwise.)
// RUN: %libomp-compile && env KMP_TEAMS_THREAD_LIMIT=64 %libomp-run | FileCheck %s
// clang only: calls __kmpc_* entry points.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;
static ident_t loc = {0, 2, 0, 0, ";dist_entry_points.c;main;1;1;;"};

int32_t __kmpc_global_thread_num(ident_t *);
void __kmpc_dist_for_static_init_4(ident_t *, int32_t gtid, int32_t sched,
                                   int32_t *last, int32_t *lower, int32_t *upper,
                                   int32_t *team_upper, int32_t *stride,
                                   int32_t incr, int32_t chunk);
void __kmpc_for_static_fini(ident_t *, int32_t gtid);
void __kmpc_dist_dispatch_init_4(ident_t *, int32_t gtid, int32_t sched,
                                 int32_t *last, int32_t lb, int32_t ub,
                                 int32_t incr, int32_t chunk);
int __kmpc_dispatch_next_4(ident_t *, int32_t gtid, int32_t *last, int32_t *lb,
                           int32_t *ub, int32_t *stride);

enum { SCH_STATIC_CHUNKED = 33, SCH_STATIC = 34, SCH_DYNAMIC_CHUNKED = 35 };

#define N 1000
static int runs[N], team_of[N], lasts;

static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

static void reset(void) {
  for (int i = 0; i < N; i++)
    runs[i] = 0, team_of[i] = -1;
  lasts = 0;
}

static void mark(int i, int team_ub) {
  CHECK(i >= 0 && i < N && i <= team_ub);
  add1(&runs[i]);
  team_of[i] = omp_get_team_num();
}

static void check_all(const char *what) {
  for (int i = 0; i < N; i++) {
    CHECK_EQ(runs[i], 1);
    if (i > 0)
      CHECK(team_of[i] >= team_of[i - 1]); // one block per team
  }
  CHECK_EQ(team_of[0], 0);
  CHECK_EQ(team_of[N - 1], 2);
  CHECK_EQ(lasts, 1);
  printf("%s: %d iterations once each, one last\n", what, N);
}

// The body every thread runs: sched and chunk of the loop part.
static void static_loop(int sched, int chunk) {
  int32_t gtid = __kmpc_global_thread_num(&loc);
  int32_t last = 0, lb = 0, ub = N - 1, team_ub = N - 1, stride = 1;
  __kmpc_dist_for_static_init_4(&loc, gtid, sched, &last, &lb, &ub, &team_ub,
                                &stride, 1, chunk);
  if (sched == SCH_STATIC) {
    for (int i = lb; i <= ub; i++)
      mark(i, team_ub);
  } else {
    for (int lo = lb; lo <= team_ub; lo += stride) {
      int hi = lo + chunk - 1 < team_ub ? lo + chunk - 1 : team_ub;
      for (int i = lo; i <= hi; i++)
        mark(i, team_ub);
    }
  }
  __kmpc_for_static_fini(&loc, gtid);
  if (last)
    add1(&lasts);
}

static void dynamic_loop(int chunk) {
  int32_t gtid = __kmpc_global_thread_num(&loc);
  int32_t team_last = 0, last = 0, lb, ub, stride, any_last = 0;
  // team_last: this team has the loop's last iteration; then dispatch_next
  // says which chunk of the team's is the last.
  __kmpc_dist_dispatch_init_4(&loc, gtid, SCH_DYNAMIC_CHUNKED, &team_last, 0,
                              N - 1, 1, chunk);
  while (__kmpc_dispatch_next_4(&loc, gtid, &last, &lb, &ub, &stride)) {
    CHECK(ub - lb + 1 <= chunk);
    for (int i = lb; i <= ub; i++)
      mark(i, N - 1);
    any_last |= last;
    spin_a_bit(200);
  }
  if (team_last && any_last)
    add1(&lasts);
}

int main(void) {
  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp parallel num_threads(2)
  static_loop(SCH_STATIC, 0);
  check_all("dist_for_static_init static");

  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp parallel num_threads(2)
  static_loop(SCH_STATIC_CHUNKED, 7);
  check_all("dist_for_static_init static, 7");

  reset();
#pragma omp teams num_teams(3) thread_limit(2)
#pragma omp parallel num_threads(2)
  dynamic_loop(5);
  check_all("dist_dispatch_init dynamic, 5");
  return 0;
}
// CHECK: dist_for_static_init static: 1000 iterations once each, one last
// CHECK-NEXT: dist_for_static_init static, 7: 1000 iterations once each, one last
// CHECK-NEXT: dist_dispatch_init dynamic, 5: 1000 iterations once each, one last
