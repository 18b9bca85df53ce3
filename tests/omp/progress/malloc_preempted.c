// A task preempted inside malloc may hold the allocator's lock. Here the
// program's own malloc, calloc and realloc stand for the C library's and
// model that lock: while task A is inside (it spins there for ten time
// slices, so it is preempted with the lock held), every other allocation
// waits for it. Task T, on the same ES, waits until A is inside, then
// takes and releases a nest lock: its end records its owner id in the
// runtime's list of free ones, which grows. The runtime must not wait for
// the allocator while it holds one of its spinlocks, whose holders are
// never preempted: the ES would never run A again. Spare OS threads are
// made first (warm_up), since making one allocates too.
// It replaces malloc, which a sanitizer's allocator must see.
// UNSUPPORTED: sanitize
// RUN: %libomp-compile && env BOBBIN_NUM_ES=1 %libomp-run | FileCheck %s
#include "check.h"

#include <pthread.h>
#include <sched.h>
#include <time.h>

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);

static pthread_mutex_t heap_lock = PTHREAD_MUTEX_INITIALIZER;
static int a_inside, a_wants, a_entered;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void enter(void) {
  if (__atomic_load_n(&a_inside, __ATOMIC_ACQUIRE)) {
    pthread_mutex_lock(&heap_lock);
    pthread_mutex_unlock(&heap_lock);
  }
}

// The first allocation after A asks (a_wants) is A's: it holds the lock.
void *malloc(size_t size) {
  if (__atomic_exchange_n(&a_wants, 0, __ATOMIC_ACQ_REL)) {
    pthread_mutex_lock(&heap_lock);
    __atomic_store_n(&a_inside, 1, __ATOMIC_RELEASE);
    __atomic_store_n(&a_entered, 1, __ATOMIC_RELEASE);
    for (double end = now() + 0.02; now() < end;)
      ;
    __atomic_store_n(&a_inside, 0, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&heap_lock);
  } else {
    enter();
  }
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  enter();
  return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size) {
  enter();
  return __libc_realloc(p, size);
}

// Preemptions of threads that spin on each other on the one ES, so that
// spare OS threads exist before the allocator's lock is held.
static void warm_up(void) {
  int token = 0;
#pragma omp parallel num_threads(4) shared(token)
  {
    int me = omp_get_thread_num();
    for (int r = 0; r < 3; r++) {
      while (__atomic_load_n(&token, __ATOMIC_ACQUIRE) != r * 4 + me)
        ;
      __atomic_store_n(&token, r * 4 + me + 1, __ATOMIC_RELEASE);
    }
  }
}

int main(void) {
  deadline(30, "malloc_preempted");
  omp_nest_lock_t nest;
  omp_init_nest_lock(&nest);
  warm_up();
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
      while (!__atomic_load_n(&a_entered, __ATOMIC_ACQUIRE))
        sched_yield();
      omp_set_nest_lock(&nest);
      omp_unset_nest_lock(&nest);
    }
#pragma omp task
    {
      __atomic_store_n(&a_wants, 1, __ATOMIC_RELEASE);
      void *volatile p = malloc(100);
      free(p);
    }
#pragma omp taskwait
  }
  printf("nest lock owner: done\n");
  omp_destroy_nest_lock(&nest);
  return 0;
}
// CHECK: nest lock owner: done
