/* A unit that another ES could take stays takeable while its own ES may
 * not run it. ES 0 runs no unit that is not a thread while its thread is
 * frozen outside a scheduling point (klt.h) and sets such units aside; one
 * taken from a shared or priority pool must still be found by thieves,
 * while the thread is frozen and after it resumes, or a thread spinning
 * until it has run waits forever.
 *
 * In both cases the main ULT (ES 0's thread) spins, with no scheduling
 * point, until W has run; B keeps ES 1 busy; P, a thread waiting in ES 0's
 * private pool, gets the main ULT frozen after a time slice.
 *   after   W waits in ES 0's shared pool. ES 0 runs P, pops W and sets it
 *           aside, and hands itself back to the main ULT. B holds ES 1
 *           until P has run and the main ULT has run again after that, so
 *           W was set aside by then; then ES 1 must find W.
 *   during  W has a priority, so ES 0 pops it first and sets it aside
 *           before it runs P, which spins until W has run. B holds ES 1
 *           until P runs; then ES 1 must find W, set aside on an ES whose
 *           threads both spin for it.
 * Each case fails by its own deadline with a message, never hangs. */
#include "check.h"

#include <stdatomic.h>
#include <stdbool.h>

static _Atomic int w_ran, p_ran, b_started;
static _Atomic unsigned long main_ticks;

static void w_body(void *arg) {
  (void)arg;
  atomic_store(&w_ran, 1);
}

static void p_body(void *arg) {
  atomic_store(&p_ran, 1);
  if (arg)
    while (!atomic_load(&w_ran))
      ;
}

/* Keeps ES 1 until P has run and, if `arg`, the main ULT has run again
 * after that (and so after ES 0 set W aside, which it did before resuming
 * the main ULT). */
static void b_body(void *arg) {
  atomic_store(&b_started, 1);
  while (!atomic_load(&p_ran))
    ;
  unsigned long seen = atomic_load(&main_ticks);
  while (arg && atomic_load(&main_ticks) == seen)
    ;
}

static void run_case(bool during) {
  atomic_store(&w_ran, 0);
  atomic_store(&p_ran, 0);
  atomic_store(&b_started, 0);
  void *flag = during ? NULL : (void *)1;
  bt_unit_t *b = bt_ult_create(bt_pool_private(1), b_body, flag);
  CHECK(b);
  /* ES 1 runs B before W exists: an idle ES 1 that looked at its own pool
   * just before B came would otherwise steal W first, and W would run
   * before P, on no ES that set it aside. */
  while (!atomic_load(&b_started))
    ;
  bt_unit_t *w = bt_create(bt_pool_shared(0), w_body, NULL,
                           &(bt_unit_attr_t){.priority = during});
  bt_unit_t *p = bt_create(bt_pool_private(0), p_body, during ? (void *)1 : NULL,
                           &(bt_unit_attr_t){.progress = 1});
  CHECK(w && p);
  while (!atomic_load(&w_ran))
    atomic_fetch_add(&main_ticks, 1);
  CHECK(atomic_load(&p_ran));
  bt_join_free(b);
  bt_join_free(w);
  bt_join_free(p);
}

int main(int argc, char **argv) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  CHECK(bt_time_slice_ns() > 0);
  for (int during = 0; during < 2; during++) {
    const char *name = during ? "during" : "after";
    if (argc > 1 && strcmp(argv[1], name))
      continue;
    deadline(20, during ? "set_aside during: the unit set aside was never run"
                        : "set_aside after: the unit set aside was never run");
    run_case(during);
    deadline(0, name);
    printf("set_aside %s: ok\n", name);
  }
  bt_finalize();
  return 0;
}
