// Dependence graphs of 10^5 tasks resolve and every task runs once, in the
// required order: a chain of inout tasks on one item (each sees the value its
// predecessor left), a wide fan (one writer, 10^5 readers, one writer after
// them), and a chain over many distinct items (task i: in a[i-1], out a[i]).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define N 100000

static int items[N];
static unsigned char ran[N];

int main(void) {
  long x = 0;
  int bad = 0, final_seen = -1;
#pragma omp parallel
#pragma omp single
  {
    // chain on one item
    for (int i = 0; i < N; i++)
#pragma omp task depend(inout : x) shared(x, bad) firstprivate(i)
    {
      if (x != i)
        bad = 1;
      x = i + 1;
    }
#pragma omp taskwait
    // fan: writer, readers, writer
    int y = 0;
#pragma omp task depend(out : y) shared(y)
    y = 7;
    for (int i = 0; i < N; i++)
#pragma omp task depend(in : y) shared(y, bad) firstprivate(i)
    {
      if (y != 7)
        bad = 2;
      ran[i]++;
    }
#pragma omp task depend(out : y) shared(y, bad, final_seen)
    {
      for (int i = 0; i < N; i++)
        if (ran[i] != 1)
          bad = 3;
      final_seen = y;
      y = 8;
    }
#pragma omp taskwait
    // chain across distinct items
    for (int i = 0; i < N; i++)
#pragma omp task depend(in : items[i > 0 ? i - 1 : 0]) depend(out : items[i]) firstprivate(i)
      items[i] = (i > 0 ? items[i - 1] : 0) + 1;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(x, N);
  CHECK_EQ(final_seen, 7);
  for (int i = 0; i < N; i++)
    CHECK_EQ(items[i], i + 1);
  printf("chain %ld, fan %d, item chain %d\n", x, N, items[N - 1]);
  return 0;
}
// CHECK: chain 100000, fan 100000, item chain 100000
