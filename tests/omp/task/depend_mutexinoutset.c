// mutexinoutset: the tasks of a group on x never run at the same time (an
// atomic "inside" counter never exceeds 1), every one of them runs, in any
// order, after the task that wrote x before them and before the reader that
// follows them. A second item y with its own group runs independently.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#define MEMBERS 40

static int inside, max_inside, clock_;

static void member_body(int *x, int *ran, int i) {
  int now = __atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST);
  int m = __atomic_load_n(&max_inside, __ATOMIC_SEQ_CST);
  while (now > m && !__atomic_compare_exchange_n(&max_inside, &m, now, 0, __ATOMIC_SEQ_CST,
                                                  __ATOMIC_SEQ_CST))
    ;
  int v = *x; // a non-atomic read-modify-write: lost updates if two overlap
  spin_a_bit(5000);
  *x = v + 1;
  ran[i]++;
  __atomic_sub_fetch(&inside, 1, __ATOMIC_SEQ_CST);
}

int main(void) {
  int x = 0, y = 0, ran[MEMBERS], ran_y[MEMBERS], seen = -1, seen_y = -1;
  int writer_end = -1, first_start = 1 << 30, last_end = -1, reader_start = -1;
  memset(ran, 0, sizeof ran);
  memset(ran_y, 0, sizeof ran_y);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x, writer_end)
    {
      spin_a_bit(20000);
      x = 1000;
      writer_end = __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST);
    }
    for (int i = 0; i < MEMBERS; i++) {
#pragma omp task depend(mutexinoutset : x) shared(x, ran, first_start, last_end) firstprivate(i)
      {
        int t = __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST);
        int f = __atomic_load_n(&first_start, __ATOMIC_SEQ_CST);
        while (t < f && !__atomic_compare_exchange_n(&first_start, &f, t, 0, __ATOMIC_SEQ_CST,
                                                      __ATOMIC_SEQ_CST))
          ;
        member_body(&x, ran, i);
        __atomic_store_n(&last_end, __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST),
                         __ATOMIC_SEQ_CST);
      }
    }
    for (int i = 0; i < MEMBERS; i++) {
#pragma omp task depend(mutexinoutset : y) shared(y, ran_y) firstprivate(i)
      {
        int v = y;
        spin_a_bit(3000);
        y = v + 1;
        ran_y[i]++;
      }
    }
#pragma omp task depend(in : x) shared(x, seen, reader_start)
    {
      reader_start = __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST);
      seen = x;
    }
#pragma omp task depend(in : y) shared(y, seen_y)
    seen_y = y;
  }
  for (int i = 0; i < MEMBERS; i++) {
    CHECK_EQ(ran[i], 1);
    CHECK_EQ(ran_y[i], 1);
  }
  CHECK_EQ(max_inside, 1);
  CHECK_EQ(x, 1000 + MEMBERS);
  CHECK_EQ(y, MEMBERS);
  CHECK_EQ(seen, 1000 + MEMBERS);
  CHECK_EQ(seen_y, MEMBERS);
  CHECK(writer_end < first_start);
  CHECK(last_end < reader_start);
  printf("%d exclusive members on x and on y, max inside %d\n", MEMBERS, max_inside);
  return 0;
}
// CHECK: 40 exclusive members on x and on y, max inside 1
