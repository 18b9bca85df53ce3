// OpenMP 5.1's device memory routines in a clang program that offloads
// through LLVM 14's libomptarget, which lacks them: the _async copies are
// Bobbin's tasks over libomptarget's omp_target_memcpy(_rect), ordered by
// their depend objects; omp_target_is_accessible and omp_get_mapped_ptr
// answer for the host device (libomptarget's omp_get_initial_device()) and
// cannot tell of libomptarget's devices. Bobbin only: LLVM 14's libomp and
// libomptarget have none of these.
// REQUIRES: clang, libomptarget, bobbin
// RUN: %libomptarget-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { N = 32 };

int main(void) {
  int host = omp_get_initial_device(), dev = 0;
  CHECK(omp_get_num_devices() > 0);
  CHECK_EQ(host, omp_get_num_devices());
  int a[N], back[N];
  for (int i = 0; i < N; i++)
    a[i] = i, back[i] = -1;
  CHECK_EQ(omp_target_is_accessible(a, sizeof a, host), 1);
  CHECK(omp_get_mapped_ptr(a, host) == a);
  CHECK_EQ(omp_target_is_accessible(a, sizeof a, dev), 0);
  CHECK(omp_get_mapped_ptr(a, dev) == NULL);

  int *p = omp_target_alloc(sizeof a, dev);
  CHECK(p != NULL);
  omp_depend_t on_p = 0, on_back = 0;
#pragma omp depobj(on_p) depend(inout : p[0])
#pragma omp depobj(on_back) depend(inout : back)
  CHECK_EQ(omp_target_memcpy_async(p, a, sizeof a, 0, 0, dev, host, 1, &on_p), 0);
#pragma omp task depend(inout : p[0]) firstprivate(p)
  {
#pragma omp target is_device_ptr(p) device(0)
    for (int i = 0; i < N; i++)
      p[i] += 100;
  }
  size_t vol[1] = {N / 2}, dst_off[1] = {N / 2}, src_off[1] = {0}, dims[1] = {N};
  omp_depend_t deps[2] = {on_p, on_back};
  CHECK_EQ(omp_target_memcpy_rect_async(back, p, sizeof(int), 1, vol, dst_off, src_off,
                                        dims, dims, host, dev, 2, deps),
           0);
#pragma omp taskwait
  for (int i = 0; i < N; i++)
    CHECK_EQ(back[i], i < N / 2 ? -1 : 100 + i - N / 2);
#pragma omp depobj(on_p) destroy
#pragma omp depobj(on_back) destroy
  omp_target_free(p, dev);
  printf("async over libomptarget ok\n");
  return 0;
}
// CHECK: async over libomptarget ok
