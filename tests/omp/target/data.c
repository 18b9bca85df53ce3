// Data environments on the host, where the device's data is the host's:
// nested target data regions (with use_device_ptr and use_device_addr),
// target enter data and target exit data (every map kind they take),
// target update to and from, each with device(0) and the default device,
// and target regions inside all of them; with the data constructs in a
// parallel region too.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

enum { N = 100 };

static int a[N], b[N], c[N];

static void data_regions(void) {
  for (int i = 0; i < N; i++) {
    a[i] = i;
    b[i] = 0;
    c[i] = 0;
  }
  int *pa = a;
#pragma omp target data map(to : a) map(from : b)
  {
#pragma omp target data map(tofrom : c) use_device_ptr(pa) device(0)
    {
      CHECK(pa == a); // the host's address
#pragma omp target
      for (int i = 0; i < N; i++) {
        b[i] = a[i] + 1;
        c[i] = b[i] * 2;
      }
      int *host_b = b;
#pragma omp target data map(alloc : b) use_device_addr(b)
      CHECK(&b[0] == host_b); // the host's address
    }
    CHECK_EQ(c[N - 1], 2 * N);
    a[0] = 50;
#pragma omp target update to(a)
#pragma omp target
    b[0] = a[0];
#pragma omp target update from(b) device(0)
    CHECK_EQ(b[0], 50);
  }
  CHECK_EQ(b[N - 1], N);
}

static void enter_exit(void) {
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i;
  int count = 0;
#pragma omp target enter data map(to : v[0 : N]) map(alloc : count)
#pragma omp target enter data map(to : v[0 : N]) device(0)
#pragma omp target map(tofrom : count) // (a scalar is firstprivate by default)
  {
    for (int i = 0; i < N; i++)
      v[i] *= 2;
    count = N;
  }
#pragma omp target update from(v[0 : N / 2])
  CHECK(v[N / 2 - 1] == N - 2);
#pragma omp target exit data map(release : v[0 : N])
#pragma omp target exit data map(from : v[0 : N], count) device(0)
#pragma omp target exit data map(delete : v[0 : N])
  CHECK(v[N - 1] == 2 * (N - 1));
  CHECK_EQ(count, N);
  free(v);
}

int main(void) {
  data_regions();
  enter_exit();
  printf("alone: ok\n");
  int runs = 0;
#pragma omp parallel reduction(+ : runs)
  {
#pragma omp single
    {
      data_regions();
      enter_exit();
    }
    runs = 1;
  }
  CHECK_EQ(runs, omp_get_max_threads());
  printf("in a parallel region: ok\n");
  return 0;
}
// CHECK: alone: ok
// CHECK-NEXT: in a parallel region: ok
