/* The collapsed loop nest entry points (__kmpc_process_loop_nest_rectang,
 * __kmpc_calc_original_ivs_rectang, __kmpc_for_collapsed_init), called as
 * Intel's compilers call them, with LLVM 19's bounds_info_t (kmp_collapse.h).
 * Each nest is also enumerated here by exact arithmetic: the flattened
 * iterations must map to the enumeration's points in order, and over the
 * threads of a team (1 to 7) the chunks must cover every point exactly
 * once, in thread order, the last one flagged on exactly one thread. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ident ident_t;
typedef void (*kmpc_micro)(int32_t *gtid, int32_t *tid, ...);

/* LLVM's loop_type_t and comparison_t. */
enum { U8, I8, U16, I16, U32, I32, U64, I64 };
enum { LE, GE, NE, LT, GT };

typedef struct bounds_info {
  int32_t loop_type, loop_iv_type, comparison, outer_iv;
  uint64_t lb0_u64, lb1_u64, ub0_u64, ub1_u64;
  int64_t step_64;
  uint64_t trip_count;
} bounds_info_t;

uint64_t __kmpc_process_loop_nest_rectang(ident_t *, int32_t, bounds_info_t *, int32_t);
void __kmpc_calc_original_ivs_rectang(ident_t *, uint64_t, const bounds_info_t *, uint64_t *,
                                      int32_t);
int32_t __kmpc_for_collapsed_init(ident_t *, int32_t, bounds_info_t *, bounds_info_t *,
                                  int32_t, int32_t *);
void __kmpc_fork_call(ident_t *, int32_t, kmpc_micro, ...);
void __kmpc_push_num_threads(ident_t *, int32_t, int32_t);
int32_t __kmpc_global_thread_num(ident_t *);

typedef __int128 exact_t;

/* A level as the test writes it: bounds lb + lb1 * outer, ub + ub1 * outer
 * in the bound type, exact. */
typedef struct level {
  int type, iv_type, cmp;
  exact_t lb, ub;
  int64_t step;
  int outer;
  int64_t lb1, ub1;
} level_t;

enum { MAXN = 4, MAXPOINTS = 4096, MAXTHREADS = 7 };

typedef struct nest {
  const char *name;
  int n;
  level_t l[MAXN];
} nest_t;

static int failures;

#define FAIL(...)                 \
  do {                            \
    printf("FAIL %s: ", nest->name); \
    printf(__VA_ARGS__);          \
    printf("\n");                 \
    failures++;                   \
  } while (0)

/* A runtime iv (64 bits, extended from its type) as an exact value. */
static exact_t exact(int type, uint64_t v)
{
  int bits = 8 << (type >> 1);
  if (type & 1)
    return (exact_t)((int64_t)(v << (64 - bits)) >> (64 - bits));
  return bits == 64 ? (exact_t)v : (exact_t)(v & ((UINT64_C(1) << bits) - 1));
}

static bool in_loop(int cmp, exact_t v, exact_t ub)
{
  switch (cmp) {
  case LE: return v <= ub;
  case GE: return v >= ub;
  case LT: return v < ub;
  case GT: return v > ub;
  default: return v != ub;
  }
}

static exact_t points[MAXPOINTS][MAXN];
static int npoints;

static void enumerate(const nest_t *nest, int d, exact_t *iv)
{
  if (d == nest->n) {
    if (npoints == MAXPOINTS)
      abort();
    memcpy(points[npoints++], iv, sizeof points[0]);
    return;
  }
  const level_t *l = &nest->l[d];
  exact_t outer = iv[l->outer];
  exact_t ub = l->ub + l->ub1 * outer;
  for (exact_t v = l->lb + l->lb1 * outer; in_loop(l->cmp, v, ub); v += l->step) {
    iv[d] = v;
    enumerate(nest, d + 1, iv);
  }
}

static void describe(const nest_t *nest, bounds_info_t *b)
{
  for (int i = 0; i < nest->n; i++) {
    const level_t *l = &nest->l[i];
    b[i] = (bounds_info_t){.loop_type = l->type, .loop_iv_type = l->iv_type,
                           .comparison = l->cmp, .outer_iv = l->outer,
                           .lb0_u64 = (uint64_t)l->lb, .lb1_u64 = (uint64_t)l->lb1,
                           .ub0_u64 = (uint64_t)l->ub, .ub1_u64 = (uint64_t)l->ub1,
                           .step_64 = l->step, .trip_count = 0};
  }
}

/* The enumeration index of the runtime's point ivs, or -1. */
static int index_of(const nest_t *nest, const uint64_t *ivs)
{
  for (int p = 0; p < npoints; p++) {
    int i = 0;
    while (i < nest->n && points[p][i] == exact(nest->l[i].iv_type, ivs[i]))
      i++;
    if (i == nest->n)
      return p;
  }
  return -1;
}

static bool rectangular(const nest_t *nest)
{
  for (int i = 0; i < nest->n; i++)
    if (nest->l[i].lb1 || nest->l[i].ub1)
      return false;
  return true;
}

static void check_rectang(const nest_t *nest)
{
  bounds_info_t b[MAXN];
  describe(nest, b);
  uint64_t total = __kmpc_process_loop_nest_rectang(NULL, 0, b, nest->n);
  if (total != (uint64_t)npoints) {
    FAIL("rectang count %llu, expected %d", (unsigned long long)total, npoints);
    return;
  }
  for (int i = 0; i < nest->n; i++)
    if (b[i].comparison != LE && b[i].comparison != GE)
      FAIL("level %d not canonical: comparison %d", i, b[i].comparison);
  for (uint64_t k = 0; k < total; k++) {
    uint64_t ivs[MAXN];
    __kmpc_calc_original_ivs_rectang(NULL, k, b, ivs, nest->n);
    if (index_of(nest, ivs) != (int)k)
      FAIL("flat iteration %llu maps to point %d", (unsigned long long)k, index_of(nest, ivs));
  }
}

/* What each thread of a team got from __kmpc_for_collapsed_init. */
typedef struct chunk {
  int32_t got, last;
  uint64_t first[MAXN], end[MAXN];
} chunk_t;

static const nest_t *current;
static chunk_t chunks[MAXTHREADS];

static void body(int32_t *gtid, int32_t *tid)
{
  const nest_t *nest = current;
  bounds_info_t b[MAXN], c[MAXN];
  describe(nest, b); /* each thread's own: the runtime rewrites it */
  chunk_t *mine = &chunks[*tid];
  mine->last = -1;
  mine->got = __kmpc_for_collapsed_init(NULL, *gtid, b, c, nest->n, &mine->last);
  for (int i = 0; mine->got && i < nest->n; i++) {
    mine->first[i] = c[i].lb0_u64;
    mine->end[i] = c[i].ub0_u64;
    if (c[i].lb1_u64 || c[i].ub1_u64)
      FAIL("chunk level %d has lb1/ub1", i);
  }
}

static void check_chunks(const nest_t *nest, int nthreads)
{
  memset(chunks, 0, sizeof chunks);
  current = nest;
  __kmpc_push_num_threads(NULL, __kmpc_global_thread_num(NULL), nthreads);
  __kmpc_fork_call(NULL, 0, (kmpc_micro)body);
  int next = 0, lasts = 0;
  for (int t = 0; t < nthreads; t++) {
    chunk_t *c = &chunks[t];
    if (c->last != 0 && c->last != 1)
      FAIL("%d threads: thread %d's lastiter is %d", nthreads, t, c->last);
    lasts += c->last == 1;
    if (!c->got) {
      if (c->last)
        FAIL("%d threads: thread %d has no chunk but lastiter", nthreads, t);
      continue;
    }
    int first = index_of(nest, c->first), end = index_of(nest, c->end);
    if (first != next || end < first) {
      FAIL("%d threads: thread %d has points %d..%d, expected to start at %d", nthreads, t,
           first, end, next);
      return;
    }
    if (c->last != (end == npoints - 1))
      FAIL("%d threads: thread %d ends at %d of %d, lastiter %d", nthreads, t, end, npoints,
           c->last);
    next = end + 1;
  }
  if (next != npoints)
    FAIL("%d threads: chunks cover %d of %d points", nthreads, next, npoints);
  if (lasts != (npoints > 0))
    FAIL("%d threads: %d threads have lastiter", nthreads, lasts);
}

#define LEVEL(T, CMP, LB, UB, STEP) {.type = T, .iv_type = T, .cmp = CMP, .lb = LB, .ub = UB, .step = STEP}

static const nest_t nests[] = {
  {"int32 < x int32 >= negative step", 2,
   {LEVEL(I32, LT, 0, 10, 1), LEVEL(I32, GE, 5, -3, -2)}},
  {"uint32 <= at the top of its range x int64 != x uint64 > above 2^63", 3,
   {LEVEL(U32, LE, 4294967290u, 4294967295u, 1), LEVEL(I64, NE, -5, 7, 3),
    LEVEL(U64, GT, ((exact_t)1 << 63) + 10, (exact_t)1 << 63, -5)}},
  {"4 levels: int8 and uint16 ivs over int32/uint32 bounds, != downwards", 4,
   {{.type = I32, .iv_type = I8, .cmp = LE, .lb = -3, .ub = 3, .step = 2},
    {.type = U32, .iv_type = U16, .cmp = LT, .lb = 65530, .ub = 65535, .step = 2},
    LEVEL(I64, NE, 6, -6, -4),
    LEVEL(I32, GT, -2147483647 - 1 + 3, -2147483647 - 1, -1)}},
  {"int64 > near INT64_MIN x uint32 step 7", 2,
   {LEVEL(I64, GT, (exact_t)INT64_MIN + 40, INT64_MIN, -9), LEVEL(U32, LT, 1, 30, 7)}},
  {"one level int32 <= of 1", 1, {LEVEL(I32, LE, 42, 42, 5)}},
  {"empty inner level (uint32 < with lb = ub)", 3,
   {LEVEL(I32, LT, 0, 4, 1), LEVEL(U32, LT, 7, 7, 1), LEVEL(I32, LT, 0, 4, 1)}},
  {"empty outer level (int64 >= with lb < ub)", 2,
   {LEVEL(I64, GE, -1, 0, -1), LEVEL(I32, LT, 0, 4, 1)}},
  {"triangular: j <= i", 2,
   {LEVEL(I32, LT, 0, 9, 1), {.type = I32, .iv_type = I32, .cmp = LE, .lb = 0, .ub = 0,
                              .step = 1, .outer = 0, .ub1 = 1}}},
  {"triangular downwards: j from 20 - 2i to i, step -3", 2,
   {LEVEL(I64, LE, 0, 8, 1), {.type = I64, .iv_type = I64, .cmp = GE, .lb = 20, .ub = 0,
                              .step = -3, .outer = 0, .lb1 = -2, .ub1 = 1}}},
};

int main(void)
{
  for (size_t k = 0; k < sizeof nests / sizeof nests[0]; k++) {
    const nest_t *nest = &nests[k];
    exact_t iv[MAXN] = {0};
    npoints = 0;
    enumerate(nest, 0, iv);
    if (rectangular(nest))
      check_rectang(nest);
    for (int nthreads = 1; nthreads <= MAXTHREADS; nthreads++)
      check_chunks(nest, nthreads);
    printf("%s: %d points\n", nest->name, npoints);
  }
  if (failures)
    return 1;
  printf("collapsed loop nests: every point once, in order\n");
  return 0;
}
