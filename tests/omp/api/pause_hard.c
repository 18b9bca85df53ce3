// omp_pause_resource(omp_pause_hard) outside every region releases the idle
// OS threads, down to the initial thread alone, and the threadprivate data
// of every thread but the initial one: in the next region the other
// threads, nested ones too, find threadprivate and __thread variables at
// their initial values, while the initial thread keeps its own. Regions,
// tasks and nested regions work after it, pause after pause, also with
// more threads than ESs; omp_pause_resource_all does the same. In a region
// or a task, and for a device that does not exist, the call is refused
// (nonzero) and releases nothing. libgomp 12 does all this; LLVM's libomp
// 14 releases nothing and hangs at exit after a hard pause.
// With BOBBIN_TLS=off a team no larger than the ES count is checked, and
// no nested team: there OpenMP threads sharing an ES share its TLS.
// RUN: %libomp-compile && env OMP_NUM_THREADS=4 OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=1 BOBBIN_TLS=off %libomp-run | FileCheck %s
// UNSUPPORTED: clang && system-libomp
#include "check.h"

#include <stdbool.h>
#include <time.h>

enum { TP = 7, TL = 5, MAX_THREADS = 64 };

static int tp = TP;
#pragma omp threadprivate(tp)
static __thread int tl = TL;

static int team_size;

struct seen {
  int tp[MAX_THREADS], tl[MAX_THREADS];
};

// Each thread notes its values on entry, then leaves base + its number.
static struct seen region(int base) {
  struct seen s;
#pragma omp parallel
  {
    int i = omp_get_thread_num();
    CHECK_EQ(omp_get_num_threads(), team_size);
    s.tp[i] = tp;
    s.tl[i] = tl;
    tp = base + i;
    tl = base + 1000 + i;
  }
  return s;
}

// The values region(base) left are still there.
static void check_kept(int base) {
  struct seen s = region(base);
  for (int i = 0; i < team_size; i++) {
    CHECK_EQ(s.tp[i], base + i);
    CHECK_EQ(s.tl[i], base + 1000 + i);
  }
}

// After a hard pause that followed region(base).
static void check_released(int base) {
  struct seen s = region(base + 1);
  CHECK_EQ(s.tp[0], base);
  CHECK_EQ(s.tl[0], base + 1000);
  for (int i = 1; i < team_size; i++) {
    CHECK_EQ(s.tp[i], TP);
    CHECK_EQ(s.tl[i], TL);
  }
}

// Nested threads other than the primary ones write (fresh false) or must
// find the initial values (fresh true); those then leave them, since a
// runtime may give a later nested thread the data an earlier one left.
static void nested(bool fresh) {
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num() > 0) {
    if (fresh) {
      CHECK_EQ(tp, TP);
      CHECK_EQ(tl, TL);
    } else {
      tp = tl = 999;
    }
  }
}

static void tasks(void) {
  int sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 1; i <= 200; i++) {
#pragma omp task shared(sum)
    {
#pragma omp atomic
      sum += i;
    }
  }
  CHECK_EQ(sum, 200 * 201 / 2);
}

// The runtime's OS threads have ended: the initial thread alone is left
// (libgomp's threads may take a moment to exit).
static void alone(void) {
  while (os_thread_count() > 1)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
}

int main(void) {
  deadline(60, "pause_hard");
  team_size = omp_get_max_threads();
  bool nesting = omp_get_max_active_levels() > 1;
  int host = omp_get_initial_device();
  CHECK(team_size <= MAX_THREADS);

  region(100);
  check_kept(100);
  CHECK(os_thread_count() > 1);

  int refused = 0;
#pragma omp parallel reduction(+ : refused)
  refused += omp_pause_resource(omp_pause_hard, host) != 0;
  CHECK_EQ(refused, team_size);
#pragma omp parallel
#pragma omp single
#pragma omp task shared(refused)
  refused = omp_pause_resource(omp_pause_hard, host);
  CHECK(refused != 0);
  CHECK(omp_pause_resource(omp_pause_hard, omp_get_num_devices() + 5) != 0);
  check_kept(100);

  for (int round = 0; round < 10; round++) {
    int base = 200 + 10 * round;
    region(base);
    if (nesting)
      nested(false);
    if (round % 2)
      CHECK_EQ(omp_pause_resource_all(omp_pause_hard), 0);
    else
      CHECK_EQ(omp_pause_resource(omp_pause_hard, host), 0);
    alone();
    check_released(base);
    if (nesting)
      nested(true);
    tasks();
  }
  printf("hard pauses released threads and threadprivate data\n");
  return 0;
}
// CHECK: hard pauses released threads and threadprivate data
