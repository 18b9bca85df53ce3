// pthread key destructors run when an OpenMP thread ends for good, as they
// run when a Pthread exits: every thread of a flat team of 4 and of nested
// 2 x 3 on 2 ESs (so some run on TLS blocks of their own) sets a value of
// a key with a destructor (replacing, itself, any value its thread held
// from an earlier region), and a key above 32 (values in a block of their
// own); a hard pause ends every thread but the initial one, and each value
// that a thread other than the initial one still held has been destroyed
// once. Passes on LLVM's libomp 14 and libgomp 12 (-D runtime=system).
// RUN: %libomp-compile && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>

enum { KEYS_BEFORE = 40 };

static pthread_key_t key, high_key;
static int destroyed, destroyed_high, replaced;

static void destroy(void *value) {
  CHECK(pthread_getspecific(key) == NULL); // cleared before the call
  __atomic_fetch_add(&destroyed, 1, __ATOMIC_RELAXED);
  free(value);
}

static void destroy_high(void *value) {
  (void)value;
  __atomic_fetch_add(&destroyed_high, 1, __ATOMIC_RELAXED);
}

static int initial_holds;

static void set_values(void) {
  void *old = pthread_getspecific(key);
  if (old) {
    free(old);
    __atomic_fetch_add(&replaced, 1, __ATOMIC_RELAXED);
  }
  CHECK_EQ(pthread_setspecific(key, malloc(16)), 0);
  CHECK_EQ(pthread_setspecific(high_key, &high_key), 0);
  if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) <= 0)
    initial_holds = 1;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  deadline(60, "key destructors at a hard pause");
  pthread_key_t filler[KEYS_BEFORE];
  for (int i = 0; i < KEYS_BEFORE; i++)
    CHECK_EQ(pthread_key_create(&filler[i], NULL), 0);
  CHECK_EQ(pthread_key_create(&key, destroy), 0);
  CHECK_EQ(pthread_key_create(&high_key, destroy_high), 0);
  CHECK(high_key >= 32);
  int sets = 0;
#pragma omp parallel num_threads(4) reduction(+ : sets)
  {
    set_values();
    sets++;
  }
#pragma omp parallel num_threads(2) reduction(+ : sets)
#pragma omp parallel num_threads(3) reduction(+ : sets)
  {
    set_values();
    sets++;
  }
  CHECK_EQ(omp_pause_resource_all(omp_pause_hard), 0);
  int held = sets - replaced - initial_holds;
  if (destroyed != held)
    fprintf(stderr, "%d values set, %d replaced, %d destroyed\n", sets, replaced, destroyed);
  CHECK_EQ(destroyed, held);
  CHECK_EQ(destroyed_high, held);
  printf("each value held by a thread that ended was destroyed once\n");
  return 0;
}
// CHECK: each value held by a thread that ended was destroyed once
