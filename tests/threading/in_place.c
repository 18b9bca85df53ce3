/* Units created in_place: a ULT that joins one before it starts runs it on
 * its own stack, like a call (bt_join).
 *   - the unit's frames lie just below the joiner's; without in_place, or
 *     as another kind than SC, the unit gets a stack of its own;
 *   - a unit run in place may suspend, several times and on different
 *     objects: it takes its joiner along, and both stacks' frames survive;
 *   - chains: a unit run in place by a unit run in place by a unit of every
 *     kind, the innermost suspending, so the whole chain is promoted (an SC
 *     bottom takes over the scheduler's stack, a ROC bottom its return);
 *   - resumed: a unit that started (on the scheduler's stack, on its own,
 *     or run in place by a unit that suspends) and was resumed waits in a
 *     pool started; a joiner that takes it from there switches to it
 *     rather than running it in place from its beginning again;
 *   - room: a joiner deep in its stack does not run the unit in place, since
 *     the unit would get less stack than it asked for;
 *   - bt_migrate_to in a unit run in place ends the program with a message
 *     (the joiner cannot follow it). */
#include "check.h"

#include <stdatomic.h>

enum { DEPTH = 24, ROUNDS = 20 };

/* In place is an SC matter: named, so that BOBBIN_ULT_KIND does not change it. */
static const bt_unit_attr_t in_place = {.kind = BT_ULT_SC, .in_place = 1};

/* ---- where it runs ------------------------------------------------------ */

struct probe {
  char *frame;
  bt_unit_t *self;
};

static void record(void *arg) {
  struct probe *p = arg;
  p->frame = frame_here();
  p->self = bt_self();
}

static struct probe join_at_once(bt_unit_attr_t attr) {
  struct probe p = {0};
  bt_unit_t *u = bt_create(NULL, record, &p, &attr);
  CHECK(u != NULL);
  bt_join(u);
  CHECK(p.self == u);
  bt_free(u);
  return p;
}

static void where_it_runs(void) {
  bt_unit_t *me = bt_self();
  char *mine = frame_here();
  CHECK(on_same_stack(join_at_once(in_place).frame, mine));
  CHECK(bt_self() == me);
  bt_unit_attr_t own = in_place;
  own.in_place = 0;
  CHECK(!on_same_stack(join_at_once(own).frame, mine));
  own = in_place;
  own.kind = BT_ULT_LSA;
  CHECK(!on_same_stack(join_at_once(own).frame, mine));
  own = in_place;
  own.migratable = 1; /* it may roam only with its joiner (roam.c) */
  CHECK(on_same_stack(join_at_once(own).frame, mine));
  printf("in_place: run on the joiner's stack, and only when asked for\n");
}

/* ---- suspending --------------------------------------------------------- */

static bt_mutex_t mutex;
static bt_barrier_t barrier;
static _Atomic(bt_unit_t *) sleeper;
static atomic_int helper_done;

static void suspend_several_times(int unused) {
  (void)unused;
  bt_yield();
  bt_barrier_wait(&barrier);
  bt_mutex_lock(&mutex); /* the helper holds it across yields */
  bt_mutex_unlock(&mutex);
  atomic_store(&sleeper, bt_self());
  bt_suspend(); /* the helper resumes it */
  bt_yield();
}

/* On the other ES: meets the barrier holding the mutex, keeps it a while,
 * then resumes the sleeper. */
static void helper(void *arg) {
  (void)arg;
  bt_mutex_lock(&mutex);
  bt_barrier_wait(&barrier);
  for (int i = 0; i < 100; i++) bt_yield();
  bt_mutex_unlock(&mutex);
  resume_when_suspending(&sleeper);
  atomic_store(&helper_done, 1);
}

static bt_unit_t *start_helper(void) {
  bt_mutex_init(&mutex);
  bt_barrier_init(&barrier, 2);
  atomic_store(&sleeper, NULL);
  atomic_store(&helper_done, 0);
  return bt_ult_create(bt_pool_private(1), helper, NULL);
}

static void suspender(void *arg) {
  *(int *)arg = frame_chain(DEPTH, 3, suspend_several_times, 0) == frame_chain_sum(DEPTH, 3);
}

static void join_suspender(int unused) {
  (void)unused;
  int ok = 0;
  char *mine = frame_here();
  bt_unit_t *me = bt_self();
  struct probe p = {0};
  bt_unit_t *u = bt_create(NULL, suspender, &ok, &in_place);
  bt_unit_t *peek = bt_create(NULL, record, &p, &in_place);
  bt_join_free(u);
  CHECK(ok);
  CHECK(bt_self() == me);
  CHECK(bt_self_es() == 0);
  /* u suspended, so the scheduler ran peek meanwhile: not on this stack */
  bt_join_free(peek);
  CHECK(p.self == peek && !on_same_stack(p.frame, mine));
}

static void suspending(void) {
  for (int round = 0; round < ROUNDS; round++) {
    bt_unit_t *h = start_helper();
    /* the joiner's own frames must survive its unit's suspensions too */
    CHECK(frame_chain(DEPTH, 5, join_suspender, 0) == frame_chain_sum(DEPTH, 5));
    bt_join_free(h);
    CHECK(atomic_load(&helper_done));
  }
  printf("in_place: %d rounds of a unit suspending 5 times on its joiner's stack\n", ROUNDS);
}

/* ---- chains ------------------------------------------------------------- */

enum { LEVELS = 3 };
static char *chain_frames[LEVELS];
static int chain_ok[LEVELS];

static void chain_level(void *arg);

/* At the bottom of a level's frame chain: the next level, run in place, or
 * in the innermost the suspensions. */
static void chain_next(int level) {
  if (level == LEVELS - 1)
    suspend_several_times(0);
  else
    bt_join_free(bt_create(NULL, chain_level, (void *)(intptr_t)(level + 1), &in_place));
}

static void chain_level(void *arg) {
  int level = (int)(intptr_t)arg;
  chain_frames[level] = frame_here();
  chain_ok[level] = frame_chain(DEPTH, 11 + level, chain_next, level) ==
                    frame_chain_sum(DEPTH, 11 + level);
}

static void chains(void) {
  static const char *const names[] = {"", "full", "lsa", "roc", "ss", "sc"};
  for (int kind = BT_ULT_FULL; kind <= BT_ULT_SC; kind++) {
    for (int round = 0; round < ROUNDS; round++) {
      memset(chain_ok, 0, sizeof chain_ok);
      bt_unit_t *b = bt_create(bt_pool_private(0), chain_level, (void *)0,
                               &(bt_unit_attr_t){.kind = (enum bt_ult_kind)kind});
      bt_unit_t *h = start_helper();
      bt_yield(); /* the scheduler, not this joiner, runs the bottom unit */
      bt_join_free(b);
      bt_join_free(h);
      for (int level = 0; level < LEVELS; level++) {
        CHECK(chain_ok[level]);
        CHECK(on_same_stack(chain_frames[level], chain_frames[0]));
      }
    }
    printf("in_place: chains of %d on a %s unit, the innermost suspending\n", LEVELS,
           names[kind]);
  }
}

/* ---- resumed ------------------------------------------------------------ */

static int child_runs;

/* Suspends once; run a second time from its start, it only counts. */
static void suspend_once(void *arg) {
  if ((*(int *)arg)++ > 0) return;
  atomic_store(&sleeper, bt_self());
  bt_suspend();
}

/* Runs in place a unit that suspends, which promotes this unit too, then
 * suspends itself: as a promoted host, not through its own promotion. */
static void host_then_suspend(void *arg) {
  if ((*(int *)arg)++ > 0) return;
  bt_join_free(bt_create(NULL, suspend_once, &child_runs, &in_place));
  suspend_once(&(int){0});
}

enum start { BY_SCHEDULER, BY_YIELD_TO };

/* Starts fn's unit, resumes every unit that suspends until the unit itself
 * does, then resumes it and at once joins it: it is then first in this
 * ES's private pool, where bt_join takes it. */
static void resume_then_join(bt_fn_t fn, enum start how) {
  int runs = 0;
  child_runs = 0;
  atomic_store(&sleeper, NULL);
  bt_unit_t *u = bt_create(bt_pool_private(0), fn, &runs, &in_place);
  if (how == BY_YIELD_TO)
    bt_yield_to(u); /* it starts on a stack of its own */
  else
    bt_yield(); /* the scheduler starts it, on its stack */
  for (;;) {
    bt_unit_t *s;
    double end = now_sec() + GIVE_UP_SEC;
    while (!(s = atomic_exchange(&sleeper, NULL))) {
      CHECK(now_sec() < end);
      bt_yield();
    }
    bt_resume(s);
    if (s == u) break;
  }
  bt_join_free(u);
  CHECK(runs == 1);
}

static void resumed(void) {
  for (int round = 0; round < ROUNDS; round++) {
    resume_then_join(suspend_once, BY_SCHEDULER);
    resume_then_join(suspend_once, BY_YIELD_TO);
    resume_then_join(host_then_suspend, BY_SCHEDULER);
    CHECK(child_runs == 1);
  }
  printf("in_place: resumed units are switched to, not run again in place\n");
}

/* ---- room --------------------------------------------------------------- */

/* Recurses until `below` bytes under top, then joins an in_place unit;
 * whether that ran on this stack. */
static int hosted_below(char *top, size_t below) {
  volatile char pad[1024];
  pad[0] = 1;
  if ((size_t)(top - frame_here()) < below) {
    int hosted = hosted_below(top, below);
    pad[1] = pad[0];
    return hosted;
  }
  return on_same_stack(join_at_once(in_place).frame,
                       frame_here());
}

static void room_test(void *arg) {
  (void)arg;
  char *top = frame_here();
  size_t size = bt_stack_size();
  CHECK(hosted_below(top, 0));
  CHECK(hosted_below(top, size / 2));
  CHECK(!hosted_below(top, size + size / 4));
  CHECK(hosted_below(top, 0));
}

static void room(void) {
  bt_join_free(bt_create(NULL, room_test, NULL, &(bt_unit_attr_t){.kind = BT_ULT_FULL}));
  printf("in_place: only a joiner with a whole stack's room left runs it\n");
}

/* ---- migration ---------------------------------------------------------- */

static void migrate(void *arg) {
  (void)arg;
  bt_migrate_to(bt_pool_private(1));
}

static int migrate_child(void) {
  CHECK(bt_init() == 0);
  bt_join_free(bt_create(NULL, migrate, NULL, &in_place));
  printf("in_place: a unit run in place migrated\n");
  return 0; /* reaching this is the failure the parent looks for */
}

static void migration(const char *self) {
  static const char *const env[] = {"BOBBIN_NUM_ES=2", NULL};
  static char err[1 << 16];
  char how[64];
  int status = run_self(self, "migrate", env, err, sizeof err);
  printf("in_place: migrating child ended with %s\n", status_text(status, how, sizeof how));
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK(strstr(err, "bt_migrate_to") && strstr(err, "in_place"));
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "migrate") == 0) return migrate_child();
  migration(argv[0]);
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  where_it_runs();
  suspending();
  chains();
  resumed();
  room();
  bt_finalize();
  return 0;
}
