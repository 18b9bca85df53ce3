// threadprivate compiled without TLS (clang's -fnoopenmp-use-tls: accesses go
// through __kmpc_threadprivate_cached): scalars and arrays, separate copies
// per thread, copyin, values that persist across regions of the same team
// size, and nested regions, where each inner thread has its own copy and
// the primary thread of an inner team, being the thread that encountered
// the region, keeps the copy it had.
// RUN: %libomp-compile -fnoopenmp-use-tls && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
// clang only: -fnoopenmp-use-tls is clang's.
// REQUIRES: clang
#include "check.h"

static int counter = 7;
static long table[16] = {1, 2, 3};
static double scale = 0.5;
#pragma omp threadprivate(counter, table, scale)

int main(void) {
  omp_set_dynamic(0);
  // The initial thread uses the original variables.
  counter = 8;
  int *where[4] = {0};
  int bad = 0, bad_init = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad, bad_init)
  {
    int me = omp_get_thread_num();
    int first_counter = counter;
    long first_table = table[2];
    double first_scale = scale;
    where[me] = &counter;
    // The primary thread has the initial thread's variables; the other
    // copies start as the program initialized them (as with TLS), not with
    // the value the initial thread gave the original since.
    if (me == 0 && first_counter != 8)
      bad++;
    if (me != 0 && (first_counter != 7 || first_table != 3 || first_scale != 0.5))
      bad_init++;
#pragma omp barrier
    counter = 100 + me;
    for (int k = 0; k < 16; k++)
      table[k] = me * 1000 + k;
    scale = me / 4.0;
#pragma omp barrier
    spin_a_bit(2000 * (4 - me));
    if (counter != 100 + me || scale != me / 4.0)
      bad++;
    for (int k = 0; k < 16; k++)
      if (table[k] != me * 1000 + k)
        bad++;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(bad_init, 0);
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      CHECK(where[i] != where[j]);
  CHECK_EQ(counter, 100); // the initial thread's copy, written as thread 0
  printf("separate copies\n");

  // The same team size again: every thread finds its values.
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    if (counter != 100 + me || table[15] != me * 1000 + 15 || scale != me / 4.0)
      bad++;
  }
  CHECK_EQ(bad, 0);
  printf("values persisted\n");

  // copyin: every copy takes the initial thread's values.
  counter = 42;
  table[3] = -3;
  scale = 2.0;
#pragma omp parallel num_threads(4) copyin(counter, table, scale) reduction(+ : bad)
  {
    if (counter != 42 || table[3] != -3 || scale != 2.0)
      bad++;
    counter += omp_get_thread_num();
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(counter, 42);
  printf("copyin\n");

  // Nested: 2 outer threads, each with an inner team of 3.
  int inner_seen[2][3];
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
    counter = 500 + outer;
#pragma omp parallel num_threads(3) reduction(+ : bad)
    {
      int inner = omp_get_thread_num();
      if (inner == 0 && counter != 500 + outer) // the encountering thread's copy
        bad++;
#pragma omp barrier
      counter = 600 + outer * 10 + inner;
#pragma omp barrier
      spin_a_bit(1000 * inner);
      inner_seen[outer][inner] = counter;
    }
    // Back in the outer region: inner thread 0 was this thread.
    if (counter != 600 + outer * 10)
      bad++;
  }
  CHECK_EQ(bad, 0);
  for (int o = 0; o < 2; o++)
    for (int i = 0; i < 3; i++)
      CHECK_EQ(inner_seen[o][i], 600 + o * 10 + i);
  printf("nested copies\n");
  return 0;
}
// CHECK: separate copies
// CHECK-NEXT: values persisted
// CHECK-NEXT: copyin
// CHECK-NEXT: nested copies
