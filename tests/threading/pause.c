/* bt_pause: a soft pause ends the monitor (and spares) but keeps the ESs'
 * OS threads and their TLS; a hard one ends every OS thread but the
 * caller's and frees the blocks given back, so units next run on ESs 1..N-1
 * and units with a block taken afterwards see their __thread variable at
 * its initial value; the caller's own stays. The next create starts the
 * threads again, on the right ESs, and so does bt_unpause at once;
 * pausing again and again works, the child of a fork after a pause runs
 * units on every ES, and only ES 0's main ULT may pause. Run with
 * BOBBIN_NUM_ES=3. */
#include "check.h"

static __thread int var = 5;

struct probe {
  int es;   /* where it ran */
  int seen; /* var when it started */
  int set;  /* what it leaves in var */
};

static void probe_fn(void *arg) {
  struct probe *p = arg;
  p->es = bt_self_es();
  p->seen = var;
  var = p->set;
}

static int proc_threads(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  int n = -1;
  CHECK(f != NULL);
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "Threads: %d", &n) == 1)
      break;
  fclose(f);
  return n;
}

/* An ended OS thread may stay listed a moment after its join. */
static int threads_settle(int want) {
  for (int i = 0; i < 5000 && proc_threads() != want; i++)
    nap_ms(1);
  return proc_threads();
}

/* Runs a probe on ES es (its private pool), or with block tls on ES 0. */
static struct probe run_on(int es, bt_tls_t *tls, int set) {
  struct probe p = {-1, -1, set};
  bt_unit_attr_t attr = {.tls = tls};
  bt_unit_t *u = bt_create(bt_pool_private(es), probe_fn, &p, &attr);
  CHECK(u != NULL);
  bt_join_free(u);
  return p;
}

static void from_unit(void *rc) { *(int *)rc = bt_pause(1); }

/* A child forked after a pause (hard or soft) runs units on every ES. */
static void fork_after(int hard) {
  CHECK(bt_pause(hard) == 0);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    for (int es = 0; es < 3; es++)
      if (run_on(es, NULL, 0).es != es)
        _exit(1);
    _exit(0);
  }
  int status;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 3);
  int monitor = bt_time_slice_ns() != 0;
  var = 1;
  for (int es = 1; es < 3; es++)
    CHECK(run_on(es, NULL, 10 + es).es == es);
  bt_tls_t *block = bt_tls_take();
  CHECK(run_on(0, block, 77).seen == 5);
  bt_tls_give(block);

  CHECK(bt_pause(0) == 0);
  CHECK(threads_settle(3) == 3);
  for (int es = 1; es < 3; es++)
    CHECK(run_on(es, NULL, 10 + es).seen == 10 + es); /* soft keeps TLS */

  for (int round = 0; round < 20; round++) {
    CHECK(bt_pause(1) == 0);
    CHECK(threads_settle(1) == 1);
    CHECK(var == 1);
    block = bt_tls_take();
    CHECK(run_on(0, block, 77).seen == 5); /* a new block */
    bt_tls_give(block);
    for (int es = 1; es < 3; es++) {
      struct probe p = run_on(es, NULL, 10 + es);
      CHECK(p.es == es);
      CHECK(p.seen == 5);
    }
    CHECK(proc_threads() >= 3 + monitor); /* and ES 0's spares, if it waited */
  }

  int rc = 0;
  bt_unit_t *u = bt_create(bt_pool_private(1), from_unit, &rc, &(bt_unit_attr_t){0});
  bt_join_free(u);
  CHECK(rc == -1);
  CHECK(bt_unpause() == 1); /* the create above restarted them */
  CHECK(bt_pause(1) == 0);
  CHECK(threads_settle(1) == 1);
  CHECK(bt_unpause() == 0); /* at once, without a create */
  CHECK(proc_threads() >= 3 + monitor);
  fork_after(1);
  fork_after(0);

  CHECK(bt_pause(1) == 0);
  bt_finalize();
  CHECK(!bt_initialized());
  printf("pause: soft kept, hard ended threads and TLS, 20 rounds\n");
  return 0;
}
