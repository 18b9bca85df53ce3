// REQUIRES: bobbin, clang19
// A program built by clang 19, whose code calls entry points clang 14 does
// not (__kmpc_dispatch_deinit after dispatched loops, absent from LLVM 14's
// libomp), runs right on Bobbin: parallel with num_threads and if, loops
// with static, dynamic, guided and runtime schedules, reductions, critical,
// atomic, single with copyprivate, masked, barrier, nested parallel, ordered,
// sections, and teams with distribute parallel for.
// RUN: %clang19-compile && env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,3 %libomp-run | FileCheck %s
#include "check.h"

#define N 5000

static void add1(int *p) { __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }

int main(void) {
  int nthreads = omp_get_max_threads(), members = 0, serial = 0;
  static int hits[N];
#pragma omp parallel reduction(+ : members)
  members++;
  CHECK_EQ(members, nthreads);
#pragma omp parallel if (0) reduction(+ : serial)
  serial += omp_get_num_threads();
  CHECK_EQ(serial, 1);

  long sum_s = 0, sum_d = 0, sum_g = 0, sum_r = 0;
  double prod = 1.0;
  int maxv = -1, crit = 0, atom = 0, ordered_next = 0, ordered_bad = 0;
  int bcast = 0, bcast_bad = 0, masked = 0, sec[3] = {0}, inner = 0;
#pragma omp parallel num_threads(4) reduction(max : maxv)
  {
#pragma omp for schedule(static) reduction(+ : sum_s)
    for (int i = 0; i < N; i++)
      sum_s += i;
#pragma omp for schedule(dynamic, 7) reduction(+ : sum_d)
    for (int i = 0; i < N; i++) {
      sum_d += i;
      add1(&hits[i]);
    }
#pragma omp for schedule(guided) reduction(+ : sum_g) nowait
    for (int i = 0; i < N; i++)
      sum_g += i;
#pragma omp for schedule(runtime) reduction(+ : sum_r) reduction(* : prod)
    for (int i = 0; i < N; i++) {
      sum_r += i;
      if (i < 10)
        prod *= 2.0;
    }
    maxv = omp_get_thread_num();
#pragma omp critical
    crit++;
#pragma omp atomic
    atom += 2;
#pragma omp for ordered schedule(dynamic)
    for (int i = 0; i < 200; i++) {
#pragma omp ordered
      {
        if (ordered_next != i)
          ordered_bad = 1;
        ordered_next++;
      }
    }
    int mine = 0;
#pragma omp single copyprivate(mine)
    mine = 1234;
    if (mine != 1234)
#pragma omp atomic write
      bcast_bad = 1;
#pragma omp masked
    {
      masked++;
      bcast = mine;
    }
#pragma omp barrier
#pragma omp sections
    {
#pragma omp section
      sec[0]++;
#pragma omp section
      sec[1]++;
#pragma omp section
      sec[2]++;
    }
#pragma omp parallel num_threads(2)
#pragma omp atomic
    inner++;
  }
  long want = (long)N * (N - 1) / 2;
  CHECK_EQ(sum_s, want);
  CHECK_EQ(sum_d, want);
  CHECK_EQ(sum_g, want);
  CHECK_EQ(sum_r, want);
  CHECK(prod == 1024.0);
  for (int i = 0; i < N; i++)
    CHECK_EQ(hits[i], 1);
  CHECK_EQ(maxv, 3);
  CHECK_EQ(crit, 4);
  CHECK_EQ(atom, 8);
  CHECK_EQ(ordered_bad, 0);
  CHECK_EQ(ordered_next, 200);
  CHECK_EQ(bcast_bad, 0);
  CHECK_EQ(bcast, 1234);
  CHECK_EQ(masked, 1);
  CHECK(sec[0] == 1 && sec[1] == 1 && sec[2] == 1);
  CHECK_EQ(inner, 8);
  printf("worksharing and synchronization ok\n");

  int runs[N] = {0}, teams_seen = 0;
  long tsum = 0;
#pragma omp teams num_teams(3) thread_limit(2) reduction(+ : tsum)
  {
    if (omp_get_team_num() == 0)
      teams_seen = omp_get_num_teams();
#pragma omp distribute parallel for schedule(dynamic, 4) reduction(+ : tsum)
    for (int i = 0; i < N; i++) {
      add1(&runs[i]);
      tsum += i;
    }
  }
  CHECK_EQ(teams_seen, 3);
  CHECK_EQ(tsum, want);
  for (int i = 0; i < N; i++)
    CHECK_EQ(runs[i], 1);
  printf("teams ok\n");
  return 0;
}
// CHECK: worksharing and synchronization ok
// CHECK-NEXT: teams ok
