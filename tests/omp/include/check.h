/* Shared helpers of the OpenMP tests. Everything is static inline or a
 * macro, so a test that uses only part of it stays warning-free. */
#ifndef BOBBIN_OMP_TEST_CHECK_H
#define BOBBIN_OMP_TEST_CHECK_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <omp.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Fails the test at once: prints where and what on stderr, exits 1. Safe to
 * use inside parallel regions. */
#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,     \
              #cond);                                                      \
      fflush(stderr);                                                      \
      _exit(1);                                                            \
    }                                                                      \
  } while (0)

/* Same, for two integers that must be equal; prints both values. */
#define CHECK_EQ(a, b)                                                     \
  do {                                                                     \
    long long check_a_ = (long long)(a), check_b_ = (long long)(b);        \
    if (check_a_ != check_b_) {                                            \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (%lld vs %lld)\n",    \
              __FILE__, __LINE__, #a, #b, check_a_, check_b_);             \
      fflush(stderr);                                                      \
      _exit(1);                                                            \
    }                                                                      \
  } while (0)

/* A number field of /proc/self/status, e.g. "Threads" or "VmRSS" (KiB). */
static inline long proc_status(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  size_t len = strlen(field);
  long n = -1;
  CHECK(f != NULL);
  while (fgets(line, sizeof line, f))
    if (!strncmp(line, field, len) && line[len] == ':' && sscanf(line + len + 1, "%ld", &n) == 1)
      break;
  fclose(f);
  CHECK(n > 0);
  return n;
}

/* The process's OS thread count. */
static inline int os_thread_count(void) { return (int)proc_status("Threads"); }

/* Raises *max to the OS thread count now; any OpenMP thread may call it. */
static inline void os_thread_count_max(int *max) {
  int n = os_thread_count(), seen = __atomic_load_n(max, __ATOMIC_RELAXED);
  while (n > seen &&
         !__atomic_compare_exchange_n(max, &seen, n, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

/* Runs fn((void *)i) for i in [first, first + count) on application
 * pthreads, at_once (at most 16) at a time, each batch joined before the
 * next starts. */
static inline void app_threads_in_rounds(void *(*fn)(void *), long first, long count,
                                         int at_once) {
  pthread_t t[16];
  CHECK(at_once > 0 && at_once <= 16);
  for (long i = first; i < first + count; i += at_once) {
    int n = first + count - i < at_once ? (int)(first + count - i) : at_once;
    for (int k = 0; k < n; k++)
      CHECK(pthread_create(&t[k], NULL, fn, (void *)(i + k)) == 0);
    for (int k = 0; k < n; k++)
      CHECK(pthread_join(t[k], NULL) == 0);
  }
}

/* Writes a frame of `bytes` on the caller's stack, a byte per page, and
 * reads it back: 1 if every byte is as written (on a stack without room
 * for it the program faults instead). */
static inline __attribute__((noinline)) int uses_stack(size_t bytes, int seed) {
  volatile char *frame = (volatile char *)__builtin_alloca(bytes);
  int good = 1;
  for (size_t i = 0; i < bytes; i += 4096)
    frame[i] = (char)(seed + i / 4096);
  for (size_t i = 0; i < bytes; i += 4096)
    good &= frame[i] == (char)(seed + i / 4096);
  return good;
}

/* Prints the place list on one line, e.g. "places 2: {0,1} {2}", and
 * returns its length. */
static inline int print_places(void) {
  int n = omp_get_num_places();
  printf("places %d:", n);
  for (int p = 0; p < n; p++) {
    int m = omp_get_place_num_procs(p), ids[64];
    CHECK(m >= 1 && m <= 64);
    omp_get_place_proc_ids(p, ids);
    printf(" {");
    for (int k = 0; k < m; k++)
      printf("%s%d", k ? "," : "", ids[k]);
    printf("}");
  }
  printf("\n");
  return n;
}

/* Burns a little time without a system call, to widen race windows. */
static inline void spin_a_bit(int n) {
  for (volatile int i = 0; i < n; i++)
    ;
}

#include "../../include/deadline.h"

#endif
