// GOMP entry points gcc 12 does not emit for plain code, called directly
// as older gcc (the split GOMP_parallel_start/_end forms) or newer
// constructs (GOMP_loop_start and friends with scratch memory) do; linked
// against the system's libgomp.so.1 like any gcc binary.
// RUN: %libomp-compile && env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 OMP_SCHEDULE=static %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#include <stdbool.h>
#include <stdint.h>

void GOMP_parallel_start(void (*)(void *), void *, unsigned);
void GOMP_parallel_end(void);
void GOMP_parallel(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel_loop_dynamic_start(void (*)(void *), void *, unsigned, long, long,
                                      long, long);
void GOMP_parallel_loop_runtime_start(void (*)(void *), void *, unsigned, long, long,
                                      long);
void GOMP_parallel_sections_start(void (*)(void *), void *, unsigned, unsigned);
bool GOMP_loop_dynamic_next(long *, long *);
bool GOMP_loop_runtime_next(long *, long *);
bool GOMP_loop_start(long, long, long, long, long, long *, long *, uintptr_t *,
                     void **);
bool GOMP_loop_ull_start(bool, unsigned long long, unsigned long long,
                         unsigned long long, long, unsigned long long,
                         unsigned long long *, unsigned long long *, uintptr_t *,
                         void **);
bool GOMP_loop_ull_dynamic_next(unsigned long long *, unsigned long long *);
bool GOMP_loop_ordered_start(long, long, long, long, long, long *, long *, uintptr_t *,
                             void **);
bool GOMP_loop_ordered_dynamic_next(long *, long *);
bool GOMP_loop_doacross_start(unsigned, long *, long, long, long *, long *,
                              uintptr_t *, void **);
void GOMP_doacross_post(long *);
void GOMP_doacross_wait(long, ...);
void GOMP_loop_end(void);
void GOMP_loop_end_nowait(void);
void GOMP_ordered_start(void);
void GOMP_ordered_end(void);
unsigned GOMP_sections_next(void);
unsigned GOMP_sections2_start(unsigned, uintptr_t *, void **);
void GOMP_sections_end(void);
void GOMP_sections_end_nowait(void);
void GOMP_barrier(void);

enum { N = 200, GFS_RUNTIME = 0, GFS_STATIC = 1, GFS_DYNAMIC = 2, GFS_GUIDED = 3 };

struct shared {
  int hits[N];
  int threads, sections;
  void *mem[16];
  long order[N], next;
};

static void count_thread(void *p) {
  struct shared *s = p;
  __atomic_fetch_add(&s->threads, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add(&s->hits[omp_get_thread_num()], 1, __ATOMIC_RELAXED);
}

static void loop_body(void *p) {
  struct shared *s = p;
  long lo, hi;
  while (GOMP_loop_dynamic_next(&lo, &hi))
    for (long i = lo; i < hi; i++)
      __atomic_fetch_add(&s->hits[i], 1, __ATOMIC_RELAXED);
  GOMP_loop_end_nowait();
}

static void runtime_loop_body(void *p) {
  struct shared *s = p;
  long lo, hi;
  while (GOMP_loop_runtime_next(&lo, &hi))
    for (long i = lo; i > hi; i--) // a downward loop: hi is exclusive
      __atomic_fetch_add(&s->hits[i], 1, __ATOMIC_RELAXED);
  GOMP_loop_end_nowait();
}

static void sections_body(void *p) {
  struct shared *s = p;
  for (unsigned k = GOMP_sections_next(); k; k = GOMP_sections_next())
    __atomic_fetch_add(&s->sections, (int)k, __ATOMIC_RELAXED);
  GOMP_sections_end_nowait();
}

static bool all_hit(const struct shared *s, int times, int n) {
  for (int i = 0; i < n; i++)
    if (s->hits[i] != times)
      return false;
  return true;
}

// GOMP_loop_start with scratch memory, an unsigned downward loop, an
// ordered loop and a doacross loop, inside one region.
static void worksharing_body(void *p) {
  struct shared *s = p;
  int me = omp_get_thread_num();
  long lo, hi;
  void *mem = (void *)(uintptr_t)64;
  if (GOMP_loop_start(0, N, 1, GFS_DYNAMIC, 3, &lo, &hi, NULL, &mem))
    do
      for (long i = lo; i < hi; i++)
        __atomic_fetch_add(&s->hits[i], 1, __ATOMIC_RELAXED);
    while (GOMP_loop_dynamic_next(&lo, &hi));
  CHECK(mem != NULL);
  CHECK_EQ(((char *)mem)[me], 0); // zeroed, then marked by each thread
  ((char *)mem)[me + 32] = 1;
  s->mem[me] = mem;
  GOMP_loop_end();

  unsigned long long ulo, uhi;
  if (GOMP_loop_ull_start(false, N + 4, 4, -1ULL, GFS_GUIDED, 2, &ulo, &uhi, NULL,
                          NULL)) // u = N + 4 down to 5
    do
      for (unsigned long long u = ulo; u > uhi; u--)
        __atomic_fetch_add(&s->hits[u - 5], 1, __ATOMIC_RELAXED);
    while (GOMP_loop_ull_dynamic_next(&ulo, &uhi));
  GOMP_loop_end();

  if (GOMP_loop_ordered_start(0, N, 1, GFS_DYNAMIC, 5, &lo, &hi, NULL, NULL))
    do
      for (long i = lo; i < hi; i++) {
        if (i % 4 == 1)
          continue; // iterations may skip their ordered region
        GOMP_ordered_start();
        s->order[s->next++] = i;
        GOMP_ordered_end();
      }
    while (GOMP_loop_ordered_dynamic_next(&lo, &hi));
  GOMP_loop_end();

  long counts[2] = {N / 10, 10};
  if (GOMP_loop_doacross_start(2, counts, GFS_STATIC, 1, &lo, &hi, NULL, NULL))
    do
      for (long i = lo; i < hi; i++)
        for (long j = 0; j < 10; j++) {
          if (i > 0)
            GOMP_doacross_wait(i - 1, j);
          s->order[i * 10 + j] += 1000 * (i == 0 || s->order[(i - 1) * 10 + j] >= 1000);
          long vec[2] = {i, j};
          GOMP_doacross_post(vec);
        }
    while (GOMP_loop_runtime_next(&lo, &hi));
  GOMP_loop_end();

  void *smem = (void *)(uintptr_t)16;
  for (unsigned k = GOMP_sections2_start(4, NULL, &smem); k; k = GOMP_sections_next())
    __atomic_fetch_add(&s->sections, (int)k, __ATOMIC_RELAXED);
  CHECK(smem != NULL);
  GOMP_sections_end();
}

int main(void) {
  struct shared s = {0};
  GOMP_parallel_start(count_thread, &s, 3);
  count_thread(&s); // the caller is thread 0
  GOMP_parallel_end();
  CHECK_EQ(s.threads, 3);
  CHECK(all_hit(&s, 1, 3));
  printf("parallel_start ok\n");

  struct shared l = {0};
  GOMP_parallel_loop_dynamic_start(loop_body, &l, 3, 0, N, 1, 4);
  loop_body(&l);
  GOMP_parallel_end();
  CHECK(all_hit(&l, 1, N));
  GOMP_parallel_loop_runtime_start(runtime_loop_body, &l, 0, N - 1, -1, -1);
  runtime_loop_body(&l);
  GOMP_parallel_end();
  CHECK(all_hit(&l, 2, N));
  printf("parallel_loop_start ok\n");

  struct shared sec = {0};
  GOMP_parallel_sections_start(sections_body, &sec, 2, 5);
  sections_body(&sec);
  GOMP_parallel_end();
  CHECK_EQ(sec.sections, 15);
  printf("parallel_sections_start ok\n");

  struct shared w = {0};
  GOMP_parallel(worksharing_body, &w, 3, 0);
  CHECK(all_hit(&w, 2, N));
  CHECK(w.mem[0] == w.mem[1] && w.mem[1] == w.mem[2]);
  CHECK_EQ(w.sections, 10);
  CHECK_EQ(w.next, N - N / 4);
  for (int k = 0, i = 0; i < N; i++)
    if (i % 4 != 1)
      CHECK_EQ(w.order[k++] % 1000, i);
  for (int k = 0; k < N; k++)
    CHECK(w.order[k] >= 1000);
  printf("loop_start ok\n");
  return 0;
}
// CHECK: parallel_start ok
// CHECK: parallel_loop_start ok
// CHECK: parallel_sections_start ok
// CHECK: loop_start ok
