// copyin through the split fork older gcc emitted (GOMP_parallel_start, the
// caller runs the body as thread 0, GOMP_parallel_end), called directly as
// such a binary does, with 8 threads on 2 ESs: the data block holds the
// primary thread's address of a threadprivate array, and every thread
// copies from it before the barrier, as gcc's copyin code does. (The fork's
// helper unit once crashed the TLS switch hook, which took its argument
// for an OpenMP thread.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

void GOMP_parallel_start(void (*)(void *), void *, unsigned);
void GOMP_parallel_end(void);
void GOMP_barrier(void);

enum { N = 8, LEN = 16 };

static long tp_arr[LEN];
#pragma omp threadprivate(tp_arr)

struct block {
  long (*arr)[LEN];
  int bad;
};

static void body(void *data) {
  struct block *b = data;
  if (omp_get_thread_num() != 0)
    memcpy(tp_arr, b->arr, sizeof tp_arr);
  GOMP_barrier();
  int ok = 1;
  for (int k = 0; k < LEN; k++)
    ok = ok && tp_arr[k] == 700 + k;
  if (!ok)
    __atomic_fetch_add(&b->bad, 1, __ATOMIC_RELAXED);
}

int main(void) {
#pragma omp parallel num_threads(N)
  for (int k = 0; k < LEN; k++)
    tp_arr[k] = omp_get_thread_num() * 1000 + k;
  for (int k = 0; k < LEN; k++)
    tp_arr[k] = 700 + k;
  struct block b = {&tp_arr, 0};
  GOMP_parallel_start(body, &b, N);
  body(&b);
  GOMP_parallel_end();
  CHECK_EQ(b.bad, 0);
  CHECK(b.arr == &tp_arr);
  printf("split copyin ok\n");
  return 0;
}

// CHECK: split copyin ok
