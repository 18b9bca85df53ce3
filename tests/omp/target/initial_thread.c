// A target region is a new initial thread of its own contention group: at
// level 0, not in parallel, one thread numbered 0, with the initial ICVs
// (those of the environment, not the encountering task's modifications,
// as libgomp 12 shows) but for its thread_limit clause. Its own changes to
// the ICVs stay inside; the encountering thread's team, numbering, level
// and ICVs are intact afterwards, in a parallel region too. A parallel
// region inside nests as usual, and tasks made in the region complete
// before it ends.
// RUN: %libomp-compile && env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 OMP_THREAD_LIMIT=16 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 OMP_MAX_ACTIVE_LEVELS=2 OMP_THREAD_LIMIT=16 OMP_SCHEDULE=guided,5 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

struct seen {
  int level, active_level, in_parallel, num_threads, thread_num, max_threads;
  int max_active_levels, thread_limit, team_num, num_teams, initial_device;
  int ancestor0, team_size0, chunk;
  omp_sched_t sched;
};

static struct seen look(void) {
  struct seen s;
  s.level = omp_get_level();
  s.active_level = omp_get_active_level();
  s.in_parallel = omp_in_parallel();
  s.num_threads = omp_get_num_threads();
  s.thread_num = omp_get_thread_num();
  s.max_threads = omp_get_max_threads();
  s.max_active_levels = omp_get_max_active_levels();
  s.thread_limit = omp_get_thread_limit();
  s.team_num = omp_get_team_num();
  s.num_teams = omp_get_num_teams();
  s.initial_device = omp_is_initial_device();
  s.ancestor0 = omp_get_ancestor_thread_num(0);
  s.team_size0 = omp_get_team_size(0);
  omp_get_schedule(&s.sched, &s.chunk);
  return s;
}

static void check_initial(const struct seen *s, const struct seen *initial, int limit) {
  CHECK_EQ(s->level, 0);
  CHECK_EQ(s->active_level, 0);
  CHECK_EQ(s->in_parallel, 0);
  CHECK_EQ(s->num_threads, 1);
  CHECK_EQ(s->thread_num, 0);
  CHECK_EQ(s->max_threads, 3);
  CHECK_EQ(s->max_active_levels, 2);
  CHECK_EQ(s->thread_limit, limit);
  CHECK_EQ(s->team_num, 0);
  CHECK_EQ(s->num_teams, 1);
  CHECK_EQ(s->initial_device, 1);
  CHECK_EQ(s->ancestor0, 0);
  CHECK_EQ(s->team_size0, 1);
  CHECK_EQ(s->sched, initial->sched);
  CHECK_EQ(s->chunk, initial->chunk);
}

// A region that looks, changes the ICVs it may, and makes tasks.
static struct seen in_target(int *tasks_done) {
  struct seen s;
#pragma omp target map(from : s) map(tofrom : tasks_done[0 : 1])
  {
    s = look();
    omp_set_num_threads(9);
    omp_set_max_active_levels(1);
    omp_set_schedule(omp_sched_dynamic, 99);
    for (int i = 0; i < 10; i++) {
#pragma omp task
      {
        spin_a_bit(10000);
        __atomic_fetch_add(tasks_done, 1, __ATOMIC_RELAXED);
      }
    }
  }
  return s;
}

int main(void) {
  struct seen initial = look();
  omp_set_num_threads(5);
  omp_set_max_active_levels(1);
  omp_set_schedule(omp_sched_static, 7);
  for (int round = 0; round < 2; round++) { // the second sees no change of the first
    int done = 0;
    struct seen s = in_target(&done);
    check_initial(&s, &initial, 16);
    CHECK_EQ(done, 10);
  }
  struct seen after = look();
  CHECK_EQ(after.max_threads, 5);
  CHECK_EQ(after.max_active_levels, 1);
  CHECK_EQ(after.sched, omp_sched_static);
  CHECK_EQ(after.chunk, 7);
  printf("initial thread: ok\n");

  // From every thread of a team: the region is an initial thread; the
  // member is the same member afterwards, with its own ICVs.
  omp_set_max_active_levels(2);
  int members = 0;
#pragma omp parallel num_threads(4) reduction(+ : members)
  {
    int me = omp_get_thread_num();
    omp_set_num_threads(10 + me);
    int done = 0;
    struct seen s = in_target(&done);
    check_initial(&s, &initial, 16);
    CHECK_EQ(done, 10);
    CHECK_EQ(omp_get_thread_num(), me);
    CHECK_EQ(omp_get_num_threads(), 4);
    CHECK_EQ(omp_get_level(), 1);
    CHECK_EQ(omp_in_parallel(), 1);
    CHECK_EQ(omp_get_max_threads(), 10 + me);
#pragma omp barrier
    members = 1;
  }
  CHECK_EQ(members, 4);
  CHECK_EQ(omp_get_level(), 0);
  printf("from a team: ok\n");

  // thread_limit on the construct: the region's contention group has that
  // many threads; the encountering thread's limit is unchanged.
  int limit = 0, threads = 0;
#pragma omp target thread_limit(2) map(from : limit, threads)
  {
    limit = omp_get_thread_limit();
#pragma omp parallel num_threads(8)
#pragma omp master
    threads = omp_get_num_threads();
  }
  CHECK_EQ(limit, 2);
  CHECK_EQ(threads, 2);
  CHECK_EQ(omp_get_thread_limit(), 16);
  printf("thread_limit: ok\n");

  // Nested parallel regions inside (max-active-levels is 2 there).
  int leaves = 0, shape = 0;
#pragma omp target map(tofrom : leaves, shape)
#pragma omp parallel num_threads(3) reduction(+ : leaves)
#pragma omp parallel num_threads(2) reduction(+ : leaves)
  {
    leaves = 1;
    if (omp_get_ancestor_thread_num(1) == 2 && omp_get_thread_num() == 1)
      shape = omp_get_level() * 100 + omp_get_team_size(1) * 10 + omp_get_num_threads();
  }
  CHECK_EQ(leaves, 6);
  CHECK_EQ(shape, 232);
  printf("nested: ok\n");
  return 0;
}
// CHECK: initial thread: ok
// CHECK-NEXT: from a team: ok
// CHECK-NEXT: thread_limit: ok
// CHECK-NEXT: nested: ok
