// The device memory routines of OpenMP 5.1 on the host device: its number
// omp_initial_device (-1) in every routine, omp_target_is_accessible,
// omp_get_mapped_ptr, and the _async copies, which are tasks with the
// dependences of their depend objects: clang's (the routines' default
// versions) and gcc's (their OMP_5.1.1 versions, which a gcc 13 binary
// binds; gcc 12's omp.h lacks them, so the gcc build looks them up so).
// REQUIRES: bobbin
// RUN: %libomp-compile -ldl && %libomp-run | FileCheck %s
#include "check.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>

typedef int (*memcpy_async_t)(void *, const void *, size_t, size_t, size_t, int, int, int,
                              omp_depend_t *);
typedef int (*rect_async_t)(void *, const void *, size_t, int, const size_t *,
                            const size_t *, const size_t *, const size_t *,
                            const size_t *, int, int, int, omp_depend_t *);
typedef int (*is_accessible_t)(const void *, size_t, int);
typedef void *(*mapped_ptr_t)(const void *, int);

static memcpy_async_t memcpy_async;
static rect_async_t rect_async;
static is_accessible_t is_accessible;
static mapped_ptr_t mapped_ptr;

static void find_routines(void) {
#ifdef __clang__
  memcpy_async = omp_target_memcpy_async;
  rect_async = omp_target_memcpy_rect_async;
  is_accessible = omp_target_is_accessible;
  mapped_ptr = omp_get_mapped_ptr;
#else
  *(void **)&memcpy_async = dlvsym(RTLD_DEFAULT, "omp_target_memcpy_async", "OMP_5.1.1");
  *(void **)&rect_async =
      dlvsym(RTLD_DEFAULT, "omp_target_memcpy_rect_async", "OMP_5.1.1");
  *(void **)&is_accessible =
      dlvsym(RTLD_DEFAULT, "omp_target_is_accessible", "OMP_5.1.1");
  *(void **)&mapped_ptr = dlvsym(RTLD_DEFAULT, "omp_get_mapped_ptr", "OMP_5.1.1");
#endif
  CHECK(memcpy_async && rect_async && is_accessible && mapped_ptr);
}

enum { INITIAL = -1 }; // omp_initial_device

static void initial_device_number(void) {
  char src[8] = {1, 2, 3, 4, 5, 6, 7, 8}, dst[8] = {0};
  size_t vol[1] = {4}, off[1] = {2}, dims[1] = {8};
  char *p = omp_target_alloc(8, INITIAL);
  CHECK(p != NULL);
  CHECK_EQ(omp_target_is_present(p, INITIAL), 1);
  CHECK_EQ(omp_target_memcpy(p, src, 8, 0, 0, INITIAL, omp_get_initial_device()), 0);
  CHECK_EQ(omp_target_memcpy_rect(dst, p, 1, 1, vol, off, off, dims, dims, INITIAL,
                                  INITIAL),
           0);
  CHECK_EQ(dst[1], 0);
  CHECK_EQ(dst[2], 3);
  CHECK_EQ(dst[5], 6);
  CHECK_EQ(dst[6], 0);
  CHECK_EQ(omp_target_associate_ptr(src, p, 8, 0, INITIAL), EINVAL);
  CHECK_EQ(omp_target_disassociate_ptr(src, INITIAL), EINVAL);
  omp_target_free(p, INITIAL);
}

static void queries(void) {
  int host = omp_get_initial_device(), x = 0;
  CHECK_EQ(is_accessible(&x, sizeof x, host), 1);
  CHECK_EQ(is_accessible(&x, sizeof x, INITIAL), 1);
  CHECK_EQ(is_accessible(&x, sizeof x, host + 1), 0);
  CHECK_EQ(is_accessible(&x, sizeof x, -7), 0);
  CHECK(mapped_ptr(&x, host) == &x);
  CHECK(mapped_ptr(&x, INITIAL) == &x);
  CHECK(mapped_ptr(&x, host + 1) == NULL);
  CHECK(mapped_ptr(NULL, host) == NULL);
}

// Bad rectangles: no dimensions, or a volume outside an array.
static void bad_rects(int host) {
  int a[4][4], b[4][4];
  size_t vol[2] = {2, 3}, off[2] = {0, 2}, zero[2] = {0, 0}, dims[2] = {4, 4};
  CHECK_EQ(omp_target_memcpy_rect(a, b, sizeof(int), 0, vol, zero, zero, dims, dims, host,
                                  host),
           EINVAL);
  CHECK_EQ(omp_target_memcpy_rect(a, b, sizeof(int), 2, vol, off, zero, dims, dims, host,
                                  host),
           EINVAL);
  CHECK_EQ(omp_target_memcpy_rect(a, b, sizeof(int), 2, vol, zero, off, dims, dims, host,
                                  host),
           EINVAL);
  CHECK_EQ(omp_target_memcpy_rect(a, NULL, sizeof(int), 2, vol, zero, zero, dims, dims,
                                  host, host),
           EINVAL);
}

enum { N = 64 };

// A task writes b, an async copy b -> c waits for it through depend
// objects, a task reading c waits for the copy, an async rect copy c -> d
// waits for that task: each sees its predecessor's result.
static void async_order(int host) {
  static int a[N], b[N], c[N], d[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = c[i] = d[i] = -1;
  int seen_in_c = 0;
  omp_depend_t on_b = {0}, on_c = {0}, on_d = {0};
#pragma omp depobj(on_b) depend(inout : b)
#pragma omp depobj(on_c) depend(inout : c)
#pragma omp depobj(on_d) depend(out : d)
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task depend(out : b) shared(a, b)
    for (int i = 0; i < N; i++)
      b[i] = 2 * a[i];
    omp_depend_t copy_deps[2] = {on_b, on_c};
    CHECK_EQ(memcpy_async(c, b, N * sizeof(int), 0, 0, host, host, 2, copy_deps), 0);
#pragma omp task depend(inout : c) shared(c, seen_in_c)
    {
      seen_in_c = c[N - 1];
      c[0] = 1000;
    }
    size_t vol[1] = {N}, off[1] = {0}, dims[1] = {N};
    omp_depend_t rect_deps[2] = {on_c, on_d};
    CHECK_EQ(rect_async(d, c, sizeof(int), 1, vol, off, off, dims, dims, host, INITIAL, 2,
                        rect_deps),
             0);
#pragma omp task depend(in : d) shared(d)
    CHECK_EQ(d[0], 1000);
  }
  CHECK_EQ(seen_in_c, 2 * (N - 1));
  for (int i = 1; i < N; i++)
    CHECK_EQ(d[i], 2 * i);
#pragma omp depobj(on_b) destroy
#pragma omp depobj(on_c) destroy
#pragma omp depobj(on_d) destroy

  // without depend objects: done by the next taskwait
  int x = 5, y = 0;
  CHECK_EQ(memcpy_async(&y, &x, sizeof x, 0, 0, INITIAL, host, 0, NULL), 0);
#pragma omp taskwait
  CHECK_EQ(y, 5);
  // invalid devices: nothing starts
  CHECK_EQ(memcpy_async(&y, &x, sizeof x, 0, 0, host + 1, host, 0, NULL), EINVAL);
  size_t vol[1] = {1}, off[1] = {0}, dims[1] = {1};
  CHECK_EQ(rect_async(&y, &x, sizeof x, 1, vol, off, off, dims, dims, host, -3, 0, NULL),
           EINVAL);
  CHECK_EQ(rect_async(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host, host, 0, NULL),
           INT_MAX);
}

int main(void) {
  int host = omp_get_initial_device();
  find_routines();
  initial_device_number();
  queries();
  bad_rects(host);
  async_order(host);
  printf("5.1 device memory ok\n");
  return 0;
}
// CHECK: 5.1 device memory ok
