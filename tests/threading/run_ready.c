/* bt_run_ready: a ULT about to wait runs, in place, a unit of its own ES's
 * pools that it accepts.
 *   - the newest unit of the shared pool, or else the newest of the
 *     private one, runs on the caller's stack if it runs the given function and
 *     the caller's predicate accepts its argument; a joinable unit is then
 *     finished for its joiner, a detached one freed;
 *   - a unit it does not accept (function, predicate, a unit that has
 *     started or could not run in place) stays where it was, and the
 *     scheduler runs it later;
 *   - a unit run so may suspend: it takes the caller along, and both
 *     stacks' frames survive;
 *   - a tasklet caller, which could not host a suspending unit, runs none.
 * One ES, so that no thief takes a unit from under the test. */
#include "check.h"

#include <stdatomic.h>

enum { DEPTH = 24 };

static const bt_unit_attr_t in_place = {.kind = BT_ULT_SC, .in_place = 1};

/* What a unit saw when it ran, and what the predicate answers for it. */
struct probe {
  int wanted, runs;
  bt_unit_t *self;
  char *frame;
};

static void record(void *arg) {
  struct probe *p = arg;
  p->runs++;
  p->self = bt_self();
  p->frame = frame_here();
}

static void other(void *arg) { record(arg); }

static int wanted(void *arg, void *ctx) {
  struct probe *p = arg;
  ++*(int *)ctx;
  return p->wanted;
}

static bt_unit_t *make(bt_pool_t *pool, bt_fn_t fn, struct probe *p, bt_unit_attr_t attr) {
  bt_unit_t *u = bt_create(pool, fn, p, &attr);
  CHECK(u != NULL);
  return u;
}

static void accepted(void) {
  char *mine = frame_here();
  int asked = 0;
  struct probe old = {.wanted = 1}, newest = {.wanted = 1};
  bt_unit_t *a = make(bt_pool_shared(-1), record, &old, in_place);
  bt_unit_t *b = make(bt_pool_shared(-1), record, &newest, in_place);
  CHECK(bt_run_ready(record, wanted, &asked) == 1);
  CHECK(newest.runs == 1 && newest.self == b && on_same_stack(newest.frame, mine));
  CHECK(old.runs == 0 && asked == 1);
  bt_join_free(b); /* finished for its joiner */
  CHECK(bt_run_ready(record, wanted, &asked) == 1);
  CHECK(old.runs == 1 && old.self == a && on_same_stack(old.frame, mine));
  bt_join_free(a);
  CHECK(bt_run_ready(record, wanted, &asked) == 0);

  struct probe first = {.wanted = 1}, priv = {.wanted = 1}, task = {.wanted = 1};
  bt_unit_t *f = make(bt_pool_private(-1), record, &first, in_place);
  bt_unit_t *c = make(bt_pool_private(-1), record, &priv, in_place);
  CHECK(bt_run_ready(record, wanted, &asked) == 1);
  CHECK(priv.runs == 1 && first.runs == 0 && on_same_stack(priv.frame, mine));
  bt_join_free(c);
  CHECK(bt_run_ready(record, wanted, &asked) == 1);
  CHECK(first.runs == 1 && first.self == f && on_same_stack(first.frame, mine));
  bt_join_free(f);
  bt_unit_attr_t tasklet = {.tasklet = 1};
  bt_unit_t *t = make(bt_pool_shared(-1), record, &task, tasklet);
  CHECK(bt_run_ready(record, wanted, &asked) == 1 && task.runs == 1);
  bt_join_free(t);

  struct probe gone = {.wanted = 1};
  bt_unit_attr_t detached = in_place;
  detached.detached = 1;
  make(bt_pool_shared(-1), record, &gone, detached);
  CHECK(bt_run_ready(record, wanted, &asked) == 1 && gone.runs == 1);
  printf("run_ready: the newest shared or private unit ran on the caller's stack\n");
}

/* Each of these is left alone, then run by the scheduler on the join. */
static void refused(void) {
  char *mine = frame_here();
  int asked = 0;
  struct probe no = {.wanted = 0}, fn = {.wanted = 1}, own = {.wanted = 1};
  bt_unit_t *u[3];
  u[0] = make(bt_pool_shared(-1), record, &no, in_place);
  CHECK(bt_run_ready(record, wanted, &asked) == 0 && asked == 1 && no.runs == 0);
  u[1] = make(bt_pool_shared(-1), other, &fn, in_place);
  CHECK(bt_run_ready(record, wanted, &asked) == 0 && asked == 1 && fn.runs == 0);
  bt_unit_attr_t stack_of_its_own = in_place;
  stack_of_its_own.in_place = 0;
  u[2] = make(bt_pool_shared(-1), record, &own, stack_of_its_own);
  CHECK(bt_run_ready(record, wanted, &asked) == 0 && own.runs == 0);
  for (int i = 2; i >= 0; i--)
    bt_join_free(u[i]);
  CHECK(no.runs == 1 && fn.runs == 1 && own.runs == 1);
  CHECK(!on_same_stack(own.frame, mine));
  printf("run_ready: refused units stayed ready and ran later\n");
}

/* ---- a unit that suspends in place -------------------------------------- */

static atomic_int resumed;
static _Atomic(bt_unit_t *) sleeper;

static void suspend_at_bottom(int unused) {
  (void)unused;
  bt_yield();
  atomic_store(&sleeper, bt_self());
  bt_suspend();
  bt_yield();
}

static void suspender(void *arg) {
  *(int *)arg = frame_chain(DEPTH, 3, suspend_at_bottom, 0) == frame_chain_sum(DEPTH, 3);
}

static void resumer(void *arg) {
  (void)arg;
  resume_when_suspending(&sleeper);
  atomic_store(&resumed, 1);
}

static int accept_all(void *arg, void *ctx) {
  (void)arg;
  (void)ctx;
  return 1;
}

static void run_suspender(int unused) {
  (void)unused;
  int ok = 0;
  bt_unit_t *r = bt_ult_create(bt_pool_private(-1), resumer, NULL);
  bt_unit_t *u = make(bt_pool_shared(-1), suspender, (void *)&ok, in_place);
  CHECK(bt_run_ready(suspender, accept_all, NULL) == 1);
  CHECK(ok);
  bt_join_free(u);
  bt_join_free(r);
  CHECK(atomic_load(&resumed));
}

static void suspending(void) {
  CHECK(frame_chain(DEPTH, 5, run_suspender, 0) == frame_chain_sum(DEPTH, 5));
  printf("run_ready: a unit run in place suspended and both stacks survived\n");
}

/* ---- a tasklet caller ---------------------------------------------------- */

static void tasklet_caller(void *arg) {
  *(int *)arg = bt_run_ready(record, accept_all, NULL);
}

static void from_a_tasklet(void) {
  struct probe p = {.wanted = 1};
  int ran = -1;
  bt_unit_t *u = make(bt_pool_shared(-1), record, &p, in_place);
  bt_join_free(bt_tasklet_create(bt_pool_private(-1), tasklet_caller, &ran));
  CHECK(ran == 0 && p.runs == 0);
  bt_join_free(u);
  CHECK(p.runs == 1);
  printf("run_ready: a tasklet caller ran nothing\n");
}

static void tests(void *arg) {
  (void)arg;
  accepted();
  refused();
  suspending();
  from_a_tasklet();
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 1);
  bt_join_free(bt_create(NULL, tests, NULL, &(bt_unit_attr_t){.kind = BT_ULT_FULL}));
  bt_finalize();
  return 0;
}
