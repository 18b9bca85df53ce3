// The GOMP_* entry points gcc 12 emits, in a gcc binary linked against
// gcc's libgomp.so.1 (Bobbin through the rpath, or libgomp itself with
// -D runtime=system): ordered loops whose iterations skip their ordered
// region, unsigned long long loops counting down, doacross, sections with
// lastprivate(conditional:) (GOMP_sections2_start's scratch memory), single
// copyprivate, named critical, atomics gcc cannot do lock-free
// (GOMP_atomic_start), host teams (GOMP_teams_reg), cancellation and the
// error directive's warning.
// RUN: %libomp-compile && env OMP_CANCELLATION=true OMP_NUM_THREADS=4 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=3 OMP_SCHEDULE=guided,2 %libomp-run 2>&1 | FileCheck %s
// REQUIRES: gcc
#include "check.h"

enum { N = 1000 };

static void ordered_loops(void) {
  int seq[N], next = 0;
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    if (i % 7 == 3)
      continue; // no ordered region for this iteration
#pragma omp ordered
    seq[next++] = i;
  }
  for (int k = 0, i = 0; i < N; i++)
    if (i % 7 != 3)
      CHECK_EQ(seq[k++], i);
  next = 0;
#pragma omp parallel for ordered schedule(static)
  for (int i = N - 1; i >= 0; i--) {
#pragma omp ordered
    seq[next++] = i;
  }
  for (int k = 0; k < N; k++)
    CHECK_EQ(seq[k], N - 1 - k);
  next = 0;
#pragma omp parallel for ordered schedule(runtime)
  for (int i = 0; i < N; i += 2) {
#pragma omp ordered
    seq[next++] = i;
  }
  CHECK_EQ(next, N / 2);
  for (int k = 0; k < N / 2; k++)
    CHECK_EQ(seq[k], 2 * k);
  printf("ordered ok\n");
}

static void ull_loops(void) {
  static int hits[N];
  unsigned long long top = ~0ULL, step = ~0ULL / 500;
#pragma omp parallel for schedule(dynamic, 4)
  for (unsigned long long u = top; u > step * 100; u -= step)
    __atomic_fetch_add(&hits[(top - u) / step], 1, __ATOMIC_RELAXED);
  for (int k = 0; k < N; k++)
    CHECK_EQ(hits[k], k <= 400); // ~0 = 500 step + 115
  long long sum = 0;
#pragma omp parallel for schedule(guided) reduction(+ : sum)
  for (unsigned long long u = 10; u < 20 + (1ULL << 40); u += 1ULL << 30)
    sum += 1;
  CHECK_EQ(sum, 1025);
  printf("ull ok\n");
}

static void doacross(void) {
  enum { R = 40, C = 30 };
  static unsigned a[R][C]; // wraps around: only equality matters
#pragma omp parallel for ordered(2) schedule(dynamic)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      a[i][j] = (i ? a[i - 1][j] : 0) + (j ? a[i][j - 1] : 0) + 1;
#pragma omp ordered depend(source)
    }
  for (int i = 0; i < R; i++) // a[i][j] = C(i+j+2, i+1) - 1, mod 2^32
    for (int j = 0; j < C; j++) {
      unsigned ref = (i ? a[i - 1][j] : 0) + (j ? a[i][j - 1] : 0) + 1;
      CHECK_EQ(a[i][j], ref);
    }
  CHECK_EQ(a[2][2], 19);
  printf("doacross ok\n");
}

static int pick(int i) { return i % 3 == 1; }

static void sections_and_single(void) {
  int last = -1, got = 0;
#pragma omp parallel
  {
#pragma omp sections lastprivate(conditional : last)
    {
#pragma omp section
      if (pick(1)) last = 1;
#pragma omp section
      if (pick(2)) last = 2;
#pragma omp section
      if (pick(4)) last = 4;
    }
    int mine = -1;
#pragma omp single copyprivate(mine)
    mine = 42 + omp_get_thread_num() * 0;
    CHECK_EQ(mine, 42);
#pragma omp atomic
    got++;
  }
  CHECK_EQ(last, 4);
  CHECK_EQ(got, omp_get_max_threads());
  printf("sections ok\n");
}

static void critical_atomic(void) {
  long double ld = 0;
  __int128 wide = 0;
  int a = 0, b = 0;
#pragma omp parallel num_threads(8)
  for (int k = 0; k < 500; k++) {
#pragma omp atomic
    ld += 1.0L; // no lock-free form: GOMP_atomic_start/end
#pragma omp atomic
    wide += 3;
#pragma omp critical(alpha)
    a++;
#pragma omp critical
    b++;
  }
  CHECK(ld == 4000.0L);
  CHECK(wide == 12000);
  CHECK_EQ(a, 4000);
  CHECK_EQ(b, 4000);
  printf("critical ok\n");
}

static void teams(void) {
  int seen = 0;
#pragma omp teams num_teams(3)
  __atomic_fetch_add(&seen, 1, __ATOMIC_RELAXED);
  CHECK_EQ(seen, 3);
  printf("teams ok\n");
}

static void cancellation(void) {
  int ran = 0;
#pragma omp parallel num_threads(2)
#pragma omp for schedule(dynamic, 1)
  for (int i = 0; i < 100000; i++) {
    if (i == 10) {
#pragma omp cancel for
    }
#pragma omp cancellation point for
    __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
  }
  CHECK(ran < 100000);
  int after = 0;
#pragma omp parallel num_threads(3)
  {
#pragma omp cancel parallel if (omp_get_thread_num() == 0)
#pragma omp barrier
    __atomic_fetch_add(&after, 1, __ATOMIC_RELAXED);
  }
  CHECK(after < 3);
  printf("cancel ok\n");
}

int main(void) {
  ordered_loops();
  ull_loops();
  doacross();
  sections_and_single();
  critical_atomic();
  teams();
  cancellation();
  fflush(stdout);
#pragma omp error at(execution) severity(warning) message("just a warning")
  printf("done\n");
  return 0;
}
// CHECK: ordered ok
// CHECK: ull ok
// CHECK: doacross ok
// CHECK: sections ok
// CHECK: critical ok
// CHECK: teams ok
// CHECK: cancel ok
// CHECK: just a warning
// CHECK: done
