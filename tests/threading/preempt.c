/* Preemption (BOBBIN_TIME_SLICE): on one ES, units that stand for threads
 * (progress) and never yield still all make progress.
 *   ring     the main ULT and three units pass a token around by spinning
 *            on plain atomics, ROUNDS times: each waits for a unit that can
 *            run only if the spinner is preempted.
 *   moved    a unit with a TLS block of its own runs on a spare OS thread
 *            (the main ULT spins meanwhile), parks, and resumes on the
 *            application's thread, whose join runs it (the spare is
 *            frozen with a unit that spins with a signal mask of its own,
 *            which is never redirected): its TLS variable keeps address
 *            and value across the move, and the main ULT stays on the
 *            application's thread throughout.
 *   pipe     a unit blocked in read() on a pipe that a later unit writes.
 *   sleep    usleep in a unit preempted meanwhile still sleeps its whole
 *            time and returns 0 (the handler restarts what the kernel
 *            does not).
 *   join     the application's thread blocks in pthread_join while a
 *            pthread it made creates units on ES 0 and joins them.
 *   slice    the main ULT, having run alone for slices, keeps its ES for
 *            a whole slice after a unit is pushed there and spins until
 *            that unit starts: a slice counts from when a unit waits.
 * Each case fails by its own deadline with a message, never hangs. */
#include "check.h"

#include <signal.h>
#include <stdatomic.h>

enum { ROUNDS = 20, RING = 4 };

static pid_t tid(void) { return (pid_t)syscall(SYS_gettid); }

/* A unit that stands for a thread (progress), on ES 0. */
static bt_unit_t *thread_unit(bt_fn_t fn, void *arg, bt_tls_t *tls) {
  bt_unit_attr_t attr = {.progress = 1, .tls = tls};
  bt_unit_t *u = bt_create(bt_pool_private(0), fn, arg, &attr);
  CHECK(u != NULL);
  return u;
}

/* ---- ring ---- */
static _Atomic int token;

static void ring_member(void *arg) {
  int me = (int)(intptr_t)arg;
  for (int r = 0; r < ROUNDS; r++) {
    while (atomic_load(&token) != r * RING + me)
      ;
    atomic_store(&token, r * RING + me + 1);
  }
}

static void ring(void) {
  atomic_store(&token, 0);
  bt_unit_t *u[RING];
  for (int i = 1; i < RING; i++)
    u[i] = thread_unit(ring_member, (void *)(intptr_t)i, NULL);
  ring_member((void *)0);
  for (int i = 1; i < RING; i++)
    bt_join_free(u[i]);
  CHECK(atomic_load(&token) == ROUNDS * RING);
}

/* ---- moved ---- */
static __thread long kept = 5;
static _Atomic int parked, holding, release;
static long *addr_before, *addr_after;
static long value_after;
static pid_t tid_before, tid_after;

static void mover(void *arg) {
  (void)arg;
  kept = 42;
  long *a = &kept;
  __asm__ volatile("" : "+r"(a));
  addr_before = a;
  tid_before = tid();
  atomic_store(&parked, 1);
  bt_suspend();
  addr_after = &kept;
  value_after = *a;
  tid_after = tid();
  atomic_store(&release, 1);
}

/* Keeps the OS thread that first ran the mover frozen with it: it spins
 * with a signal mask of its own, which keeps the handler from redirecting
 * it into a yield on that OS thread (threading/async.c). */
static void holder(void *arg) {
  (void)arg;
  sigset_t old;
  mask_of_its_own(&old);
  atomic_store(&holding, 1);
  while (!atomic_load(&release))
    ;
  CHECK(pthread_sigmask(SIG_SETMASK, &old, NULL) == 0);
}

static void moved(void) {
  pid_t main_tid = tid();
  bt_unit_t *m = thread_unit(mover, NULL, BT_TLS_BORROW);
  bt_unit_t *h = thread_unit(holder, NULL, BT_TLS_BORROW);
  while (!atomic_load(&parked) || !atomic_load(&holding))
    ; /* spins: both run on spare OS threads */
  CHECK(tid() == main_tid);
  bt_resume(m);
  bt_join_free(m); /* runs the mover here, in user space */
  bt_join_free(h);
  CHECK(tid() == main_tid);
  CHECK(tid_before != main_tid && tid_after == main_tid);
  CHECK(tid_after != tid_before);
  CHECK(addr_after == addr_before);
  CHECK(value_after == 42);
  CHECK(kept == 5);
}

/* ---- pipe ---- */
static int fds[2];
static char got;

static void reader(void *arg) {
  (void)arg;
  CHECK(read(fds[0], &got, 1) == 1);
}

static void writer(void *arg) {
  (void)arg;
  CHECK(write(fds[1], "x", 1) == 1);
}

static void pipe_case(void) {
  CHECK(pipe(fds) == 0);
  bt_unit_t *r = thread_unit(reader, NULL, NULL);
  bt_unit_t *w = thread_unit(writer, NULL, NULL);
  bt_join_free(r);
  bt_join_free(w);
  CHECK(got == 'x');
  close(fds[0]);
  close(fds[1]);
}

/* ---- sleep ---- */
static _Atomic int sleeping;
static int sleep_result = -1;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void sleeper(void *arg) {
  double *elapsed = arg;
  double t0 = now();
  atomic_store(&sleeping, 1);
  sleep_result = usleep(100000);
  *elapsed = now() - t0;
}

static void waiter(void *arg) {
  (void)arg;
  CHECK(atomic_load(&sleeping));
}

static void sleep_case(void) {
  double elapsed = 0;
  bt_unit_t *s = thread_unit(sleeper, &elapsed, NULL);
  bt_unit_t *w = thread_unit(waiter, NULL, NULL);
  bt_join_free(s);
  bt_join_free(w);
  CHECK(sleep_result == 0);
  CHECK(elapsed >= 0.1);
}

/* ---- join ---- */
static _Atomic int sum;

static void add_one(void *arg) {
  (void)arg;
  atomic_fetch_add(&sum, 1);
}

static void *app_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 10; i++) {
    bt_unit_t *u = thread_unit(add_one, NULL, NULL);
    bt_join_free(u);
  }
  return NULL;
}

static void join_case(void) {
  atomic_store(&sum, 0);
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    CHECK(pthread_create(&t[i], NULL, app_thread, NULL) == 0);
  for (int i = 0; i < 2; i++)
    CHECK(pthread_join(t[i], NULL) == 0);
  CHECK(atomic_load(&sum) == 20);
}

/* ---- slice ---- */
static _Atomic double started;

static void starter(void *arg) {
  (void)arg;
  atomic_store(&started, now());
}

static void slice_case(void) {
  double slice = (double)bt_time_slice_ns() * 1e-9;
  atomic_store(&started, 0);
  for (double t = now(); now() - t < 3 * slice;)
    ; /* alone on the ES: no unit waits */
  double pushed = now();
  bt_unit_t *u = thread_unit(starter, NULL, NULL);
  while (atomic_load(&started) == 0)
    ;
  CHECK(atomic_load(&started) - pushed >= slice);
  bt_join_free(u);
}

int main(int argc, char **argv) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 1);
  CHECK(bt_time_slice_ns() > 0);
  static const struct {
    const char *name;
    void (*run)(void);
  } cases[] = {{"ring", ring}, {"moved", moved}, {"pipe", pipe_case},
               {"sleep", sleep_case}, {"join", join_case}, {"slice", slice_case}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    if (argc > 1 && strcmp(argv[1], cases[i].name))
      continue;
    deadline(20, cases[i].name);
    cases[i].run();
    deadline(0, cases[i].name);
    printf("preempt %s: ok\n", cases[i].name);
  }
  bt_finalize();
  return 0;
}
