/* Each ES but ES 0 is bound to one CPU of the initial mask, no two to the
 * same one, and none to the CPU the initialising thread (ES 0, unbound) ran
 * on: sharing it would slow the program's start. The test moves itself to
 * the last CPU of its mask, where a list in mask order would bind ES 1 on
 * two CPUs; it retries if the kernel moved it while bt_init ran.
 * bt_es_cpu names each ES's CPU. A spare OS thread that serves ES 0 while
 * the initial thread is frozen with a unit runs on ES 0's CPU. With
 * es0_bound_by_caller (a caller that binds ES 0's thread itself) ES i
 * takes the i-th CPU of the mask, ES 0 the lowest, wherever the
 * initialising thread runs, and ES 0's spares run where that thread may. */
#include "check.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>

enum { ATTEMPTS = 50 };

static void report_mask(void *arg) {
  CHECK(sched_getaffinity(0, sizeof(cpu_set_t), arg) == 0);
}

static uint32_t reported;

static void report_and_wake(void *arg) {
  report_mask(arg);
  __atomic_store_n(&reported, 1, __ATOMIC_RELEASE);
  bt_futex_wake(&reported, 1);
}

/* Keeps ES 0 past a slice until the reporter has run, with a signal mask
 * of its own, so that preemption freezes its OS thread with it rather than
 * redirecting it into a yield (threading/async.c). */
static void spin_until_reported(void *arg) {
  (void)arg;
  sigset_t old;
  mask_of_its_own(&old);
  while (!__atomic_load_n(&reported, __ATOMIC_ACQUIRE))
    ;
  CHECK(pthread_sigmask(SIG_SETMASK, &old, NULL) == 0);
}

/* The mask of a unit on ES 0 while the initial thread, running ES 0's
 * scheduler as the main ULT waits, is frozen with a spinner (preempt.c):
 * a spare OS thread serves ES 0 meanwhile. */
static void spare_mask(cpu_set_t *mask) {
  reported = 0;
  bt_unit_attr_t thread = {.progress = 1};
  bt_unit_t *s = bt_create(bt_pool_private(0), spin_until_reported, NULL, &thread);
  bt_unit_t *u = bt_create(bt_pool_private(0), report_and_wake, mask, &thread);
  CHECK(s && u);
  while (!__atomic_load_n(&reported, __ATOMIC_ACQUIRE))
    bt_futex_wait(&reported, 0);
  bt_join_free(u);
  bt_join_free(s);
}

static int last_cpu(const cpu_set_t *set) {
  int last = -1;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, set))
      last = cpu;
  return last;
}

/* Whether bt_init ran with the thread on home throughout. */
static bool init_on(int home, const cpu_set_t *all) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(home, &one);
  CHECK(sched_setaffinity(0, sizeof one, &one) == 0);
  CHECK(sched_setaffinity(0, sizeof *all, all) == 0);
  int before = sched_getcpu();
  CHECK(bt_init() == 0);
  return before == home && sched_getcpu() == home;
}

int main(void) {
  cpu_set_t all;
  CHECK(sched_getaffinity(0, sizeof all, &all) == 0);
  int ncpus = CPU_COUNT(&all), home = last_cpu(&all);
  if (ncpus < 2) {
    printf("binding: one CPU, nothing to spread\n");
    return 0;
  }
  int attempt = 0;
  while (!init_on(home, &all)) {
    bt_finalize();
    CHECK(++attempt < ATTEMPTS);
  }
  int nes = bt_num_es();
  cpu_set_t used;
  CPU_ZERO(&used);
  CPU_SET(home, &used);
  CHECK(bt_es_cpu(0) == home);
  for (int es = 1; es < nes && es < ncpus; es++) {
    cpu_set_t mask;
    bt_join_free(bt_ult_create(bt_pool_private(es), report_mask, &mask));
    CHECK(CPU_COUNT(&mask) == 1);
    int cpu = last_cpu(&mask);
    CHECK(CPU_ISSET(cpu, &all));
    CHECK(!CPU_ISSET(cpu, &used));
    CHECK(bt_es_cpu(es) == cpu);
    CPU_SET(cpu, &used);
  }
  CHECK(bt_es_cpu(-1) == -1 && bt_es_cpu(nes) == -1);
  cpu_set_t mask;
  spare_mask(&mask);
  CHECK(CPU_COUNT(&mask) == 1 && CPU_ISSET(home, &mask));
  bt_finalize();

  CHECK(bt_init_with(&(bt_options_t){.es0_bound_by_caller = 1}) == 0);
  int rank = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE && rank < bt_num_es() && rank < ncpus; cpu++)
    if (CPU_ISSET(cpu, &all))
      CHECK(bt_es_cpu(rank++) == cpu);
  spare_mask(&mask);
  CHECK(CPU_EQUAL(&mask, &all));
  bt_finalize();
  printf("binding: %d ES(s) on distinct CPUs, none on CPU %d of ES 0 but its spares\n", nes, home);
  return 0;
}
