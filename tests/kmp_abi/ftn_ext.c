/* The names other compilers bind for libomp's extensions and setters,
 * called as their binaries call them: the Fortran forms ifort and flang
 * emit (kmp_*_ and omp_*_, arguments by reference but where libomp takes
 * them by value), icc's kmpc_* and ompc_* (by value). Each is checked by
 * its effect, read back through another name. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ident ident_t;
typedef void (*kmpc_micro)(int32_t *gtid, int32_t *tid, ...);
typedef void *mask_t;

void kmp_set_defaults_(const char *setting, int32_t len);
void kmp_set_stacksize_s_(const size_t *);
size_t kmp_get_stacksize_s_(void);
void kmp_set_stacksize_(const int32_t *);
int32_t kmp_get_stacksize_(void);
void kmpc_set_stacksize_s(size_t);
void kmpc_set_stacksize(int);
size_t kmp_get_stacksize_s(void);
void kmp_set_blocktime_(const int32_t *);
int32_t kmp_get_blocktime_(void);
void kmpc_set_blocktime(int);
void kmp_set_library_(const int32_t *);
int32_t kmp_get_library_(void);
void kmp_set_library_serial_(void);
void kmp_set_library_turnaround_(void);
void kmp_set_library_throughput_(void);
void kmpc_set_library(int);
void kmp_set_disp_num_buffers_(const int32_t *);
void kmpc_set_disp_num_buffers(int);
void kmpc_set_defaults(const char *);
void kmp_set_warnings_off_(void);
void kmp_set_warnings_on_(void);
void *kmp_malloc_(const size_t *);
void *kmp_calloc_(const size_t *, const size_t *);
void *kmp_realloc_(void *const *, const size_t *);
void kmp_free_(void *const *);
void *kmp_aligned_malloc_(const size_t *, const size_t *);
void *kmpc_malloc(size_t);
void *kmpc_calloc(size_t, size_t);
void *kmpc_realloc(void *, size_t);
void kmpc_free(void *);
void *kmpc_aligned_malloc(size_t, size_t);
void kmp_create_affinity_mask_(mask_t *);
void kmp_destroy_affinity_mask_(mask_t *);
int32_t kmp_get_affinity_(mask_t *);
int32_t kmp_set_affinity_(mask_t *);
int32_t kmp_get_affinity_max_proc_(void);
int32_t kmp_set_affinity_mask_proc_(const int32_t *, mask_t *);
int32_t kmp_get_affinity_mask_proc_(const int32_t *, mask_t *);
int32_t kmp_unset_affinity_mask_proc_(const int32_t *, mask_t *);
int kmpc_set_affinity_mask_proc(int, mask_t *);
int kmpc_get_affinity_mask_proc(int, mask_t *);
int kmpc_unset_affinity_mask_proc(int, mask_t *);
int32_t kmp_get_cancellation_status_(int kind);
int32_t kmp_get_num_known_threads_(void);
int32_t omp_in_explicit_task_(void);
int32_t omp_control_tool_(int command, int modifier, void *arg);
int32_t omp_get_num_interop_properties_(void *interop);
intptr_t omp_get_interop_int_(void *interop, int property, int *rc);
void *omp_get_interop_ptr_(void *interop, int property, int *rc);
const char *omp_get_interop_str_(void *interop, int property, int *rc);
const char *omp_get_interop_name_(void *interop, int property);
const char *omp_get_interop_type_desc_(void *interop, int property);
const char *omp_get_interop_rc_desc_(void *interop, int rc);
void ompc_set_num_threads(int);
void ompc_set_dynamic(int);
void ompc_set_nested(int);
void ompc_set_max_active_levels(int);
void ompc_set_schedule(int kind, int chunk);
int ompc_get_ancestor_thread_num(int level);
int ompc_get_team_size(int level);
int omp_get_max_threads(void);
int omp_get_dynamic(void);
int omp_get_nested(void);
int omp_get_max_active_levels(void);
void omp_get_schedule(int *kind, int *chunk);
void __kmpc_fork_call(ident_t *, int32_t, kmpc_micro, ...);

static int failures;

#define CHECK_EQ(got, want)                                                              \
  do {                                                                                   \
    long long g_ = (long long)(got), w_ = (long long)(want);                             \
    if (g_ != w_) {                                                                      \
      printf("FAIL line %d: %s is %lld, expected %lld\n", __LINE__, #got, g_, w_);       \
      failures++;                                                                        \
    }                                                                                    \
  } while (0)
#define CHECK(cond) CHECK_EQ(!!(cond), 1)

/* Settings that take effect before the first parallel region only. */
static void before_first_region(void)
{
  /* a CHARACTER argument: not terminated, its length passed after it */
  static const char setting[] = "BOBBIN_TEST_DEFAULT=abcdef";
  kmp_set_defaults_(setting, (int32_t)strlen("BOBBIN_TEST_DEFAULT=abc"));
  const char *value = getenv("BOBBIN_TEST_DEFAULT");
  CHECK(value && strcmp(value, "abc") == 0);
  kmpc_set_defaults("BOBBIN_TEST_DEFAULT_C=xyz");
  value = getenv("BOBBIN_TEST_DEFAULT_C");
  CHECK(value && strcmp(value, "xyz") == 0);

  size_t big = 3u << 20;
  kmp_set_stacksize_s_(&big);
  CHECK_EQ(kmp_get_stacksize_s_(), big);
  int32_t small = 1 << 20;
  kmp_set_stacksize_(&small);
  CHECK_EQ(kmp_get_stacksize_(), small);
  kmpc_set_stacksize(2 << 20);
  CHECK_EQ(kmp_get_stacksize_s(), 2 << 20);
  kmpc_set_stacksize_s(big);
  CHECK_EQ(kmp_get_stacksize_s_(), big);
}

static void settings(void)
{
  int32_t ms = 7;
  kmp_set_blocktime_(&ms);
  CHECK_EQ(kmp_get_blocktime_(), 7);
  kmpc_set_blocktime(9);
  CHECK_EQ(kmp_get_blocktime_(), 9);

  int32_t turnaround = 2;
  kmp_set_library_(&turnaround);
  CHECK_EQ(kmp_get_library_(), 2);
  kmp_set_library_serial_();
  CHECK_EQ(kmp_get_library_(), 1);
  kmp_set_library_throughput_();
  CHECK_EQ(kmp_get_library_(), 3);
  kmp_set_library_turnaround_();
  CHECK_EQ(kmp_get_library_(), 2);
  kmpc_set_library(3);
  CHECK_EQ(kmp_get_library_(), 3);

  int32_t buffers = 5;
  kmp_set_disp_num_buffers_(&buffers);
  kmpc_set_disp_num_buffers(5);
  kmp_set_warnings_off_();
  kmp_set_warnings_on_();
  CHECK_EQ(kmp_get_cancellation_status_(1), 0);
  CHECK(kmp_get_num_known_threads_() >= 1);
}

static void memory(void)
{
  size_t n = 100, one = 1, more = 4000, align = 256;
  char *p = kmp_malloc_(&n);
  CHECK(p != NULL);
  memset(p, 'x', n);
  void *pv = p;
  p = kmp_realloc_(&pv, &more);
  CHECK(p && p[0] == 'x' && p[99] == 'x');
  pv = p;
  kmp_free_(&pv);
  unsigned char *z = kmp_calloc_(&n, &one);
  CHECK(z && z[0] == 0 && z[99] == 0);
  pv = z;
  kmp_free_(&pv);
  void *a = kmp_aligned_malloc_(&n, &align);
  CHECK(a && (uintptr_t)a % align == 0);
  kmpc_free(a);

  p = kmpc_malloc(n);
  CHECK(p != NULL);
  memset(p, 'y', n);
  p = kmpc_realloc(p, more);
  CHECK(p && p[99] == 'y');
  kmpc_free(p);
  z = kmpc_calloc(n, 1);
  CHECK(z && z[50] == 0);
  kmpc_free(z);
  a = kmpc_aligned_malloc(n, 4096);
  CHECK(a && (uintptr_t)a % 4096 == 0);
  kmpc_free(a);
}

static void affinity(void)
{
  mask_t mask = NULL;
  kmp_create_affinity_mask_(&mask);
  CHECK(mask != NULL);
  CHECK(kmp_get_affinity_max_proc_() > 0);
  int32_t cpu = 1;
  CHECK_EQ(kmp_set_affinity_mask_proc_(&cpu, &mask), 0);
  CHECK_EQ(kmp_get_affinity_mask_proc_(&cpu, &mask), 1);
  CHECK_EQ(kmpc_get_affinity_mask_proc(1, &mask), 1);
  CHECK_EQ(kmp_unset_affinity_mask_proc_(&cpu, &mask), 0);
  CHECK_EQ(kmpc_get_affinity_mask_proc(1, &mask), 0);
  CHECK_EQ(kmpc_set_affinity_mask_proc(2, &mask), 0);
  CHECK_EQ(kmp_get_affinity_mask_proc_(&(int32_t){2}, &mask), 1);
  CHECK_EQ(kmpc_unset_affinity_mask_proc(2, &mask), 0);
  CHECK_EQ(kmp_get_affinity_(&mask), 0);
  int any = 0;
  for (int c = 0; c < kmp_get_affinity_max_proc_(); c++)
    any += kmpc_get_affinity_mask_proc(c, &mask) == 1;
  CHECK(any >= 1);
  /* OpenMP threads are work units, not bound to CPUs: refused, as documented */
  CHECK_EQ(kmp_set_affinity_(&mask), -1);
  kmp_destroy_affinity_mask_(&mask);
  CHECK(mask == NULL);
}

/* The routines libomp defines once for C and Fortran: by value. */
static void by_value(void)
{
  CHECK_EQ(omp_in_explicit_task_(), 0);
  CHECK_EQ(omp_control_tool_(3 /* omp_control_tool_flush */, 0, NULL), -2 /* notool */);
  CHECK_EQ(omp_get_num_interop_properties_(NULL), 0);
  int rc = 0;
  CHECK_EQ(omp_get_interop_int_(NULL, -5 /* omp_ipr_device_num */, &rc), 0);
  CHECK_EQ(rc, -1 /* omp_irc_empty */);
  rc = 0;
  CHECK(omp_get_interop_ptr_(NULL, -7, &rc) == NULL && rc == -1);
  rc = 0;
  CHECK(omp_get_interop_str_(NULL, -4, &rc) == NULL && rc == -1);
  CHECK(omp_get_interop_name_(NULL, -1) == NULL);
  CHECK(omp_get_interop_type_desc_(NULL, -1) == NULL);
  CHECK(omp_get_interop_rc_desc_(NULL, -1) != NULL);
}

static int team_size_seen;

static void region(int32_t *gtid, int32_t *tid)
{
  (void)gtid;
  if (*tid == 0)
    team_size_seen = ompc_get_team_size(1) * 100 + ompc_get_ancestor_thread_num(1);
}

static void icvs(void)
{
  ompc_set_num_threads(3);
  CHECK_EQ(omp_get_max_threads(), 3);
  ompc_set_dynamic(1);
  CHECK_EQ(omp_get_dynamic(), 1);
  ompc_set_dynamic(0);
  CHECK_EQ(omp_get_dynamic(), 0);
  ompc_set_max_active_levels(1);
  CHECK_EQ(omp_get_max_active_levels(), 1);
  ompc_set_nested(1);
  CHECK_EQ(omp_get_nested(), 1);
  ompc_set_max_active_levels(2);
  CHECK_EQ(omp_get_max_active_levels(), 2);
  ompc_set_schedule(2 /* omp_sched_dynamic */, 4);
  int kind = 0, chunk = 0;
  omp_get_schedule(&kind, &chunk);
  CHECK_EQ(kind, 2);
  CHECK_EQ(chunk, 4);
  CHECK_EQ(ompc_get_ancestor_thread_num(0), 0);
  CHECK_EQ(ompc_get_team_size(0), 1);
  __kmpc_fork_call(NULL, 0, (kmpc_micro)region);
  CHECK_EQ(team_size_seen, 300); /* team of 3, thread 0 */
}

int main(void)
{
  before_first_region();
  settings();
  memory();
  affinity();
  by_value();
  icvs();
  if (failures)
    return 1;
  printf("kmp_*_, omp_*_, kmpc_* and ompc_* names: all effects seen\n");
  return 0;
}
