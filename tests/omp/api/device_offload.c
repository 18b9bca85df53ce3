// clang's offloading through LLVM's libomptarget and its x86_64 host plugin
// on Bobbin: the device queries and memory routines answer as libomptarget
// does (as LLVM's libomp forwards them), target regions run on its devices
// (where omp_is_initial_device() is 0), with maps, data regions, nowait and
// depend; OMP_TARGET_OFFLOAD=disabled runs them on the host.
// REQUIRES: clang, libomptarget
// RUN: %libomptarget-compile && %libomp-run | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %libomp-run | FileCheck %s --check-prefix=DISABLED
#include "check.h"

enum { N = 1000 };

static void reduction(void) {
  static int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  long sum = 0;
#pragma omp target teams distribute parallel for map(to : a) reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += a[i];
  CHECK_EQ(sum, (long)N * (N - 1) / 2);
}

static int on_host_in_target(void) {
  int on_host = -1;
#pragma omp target map(from : on_host)
  on_host = omp_is_initial_device();
  return on_host;
}

// The device's copy lives apart from the host's: what the host writes
// meanwhile shows only after `update to`, and the device's only after
// `update from` or the exit.
static void data_regions(int dev) {
  int b[16];
  for (int i = 0; i < 16; i++)
    b[i] = i;
#pragma omp target enter data map(to : b) device(dev)
  CHECK(omp_target_is_present(b, dev));
  for (int i = 0; i < 16; i++)
    b[i] = 100 + i;
#pragma omp target map(alloc : b) device(dev)
  for (int i = 0; i < 16; i++)
    b[i] *= 2;
  CHECK_EQ(b[3], 103);
#pragma omp target update from(b) device(dev)
  CHECK_EQ(b[3], 6);
  b[3] = 50;
#pragma omp target update to(b) device(dev)
#pragma omp target map(alloc : b) device(dev)
  b[3] += 1;
#pragma omp target exit data map(from : b) device(dev)
  CHECK_EQ(b[3], 51);
  CHECK(!omp_target_is_present(b, dev));

  int c = 1;
#pragma omp target data map(tofrom : c) device(dev)
  {
#pragma omp target map(tofrom : c) device(dev)
    c += 1;
    CHECK_EQ(c, 1); // still the device's until the data region ends
  }
  CHECK_EQ(c, 2);
}

static void nowait_depend(void) {
  int x = 0, y = 0;
#pragma omp target map(tofrom : x) nowait depend(out : x)
  x = 1;
#pragma omp target map(to : x) map(tofrom : y) nowait depend(in : x)
  y = x + 1;
#pragma omp taskwait
  CHECK_EQ(x, 1);
  CHECK_EQ(y, 2);
}

static void memory_routines(int dev, int host) {
  int src[8], back[8];
  for (int i = 0; i < 8; i++)
    src[i] = i, back[i] = 0;
  int *p = omp_target_alloc(sizeof src, dev);
  CHECK(p != NULL);
  CHECK_EQ(omp_target_memcpy(p, src, sizeof src, 0, 0, dev, host), 0);
#pragma omp target is_device_ptr(p) device(dev)
  for (int i = 0; i < 8; i++)
    p[i] *= 3;
  CHECK_EQ(omp_target_memcpy(back, p, sizeof back, 0, 0, host, dev), 0);
  CHECK_EQ(back[7], 21);
  omp_target_free(p, dev);

  int *h = omp_target_alloc(sizeof src, host);
  CHECK(h != NULL);
  CHECK_EQ(omp_target_memcpy(h, src, sizeof src, 0, 0, host, host), 0);
  CHECK_EQ(h[5], 5);
  omp_target_free(h, host);
}

int main(void) {
  int ndev = omp_get_num_devices(), host = omp_get_initial_device();
  CHECK_EQ(host, ndev);
  CHECK_EQ(omp_get_device_num(), host);
  CHECK_EQ(omp_is_initial_device(), 1);
  reduction();
  int on_host = on_host_in_target();
  if (ndev > 0) {
    data_regions(0);
    memory_routines(0, host);
  } else {
    memory_routines(host, host);
  }
  nowait_depend();
  printf("devices %s, on host in target %d\n", ndev > 0 ? "some" : "none", on_host);
  return 0;
}
// CHECK: devices some, on host in target 0
// DISABLED: devices none, on host in target 1
