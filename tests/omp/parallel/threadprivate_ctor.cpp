// threadprivate of a C++ object with a constructor, without TLS
// (-fnoopenmp-use-tls: the compiler registers the constructor with
// __kmpc_threadprivate_register): each thread's copy is constructed once,
// before its first use, and keeps its state across regions of the same
// team size; copyin uses the copy assignment.
// RUN: %libomp-compile -fnoopenmp-use-tls -lstdc++ && %libomp-run | FileCheck %s
// clang only: -fnoopenmp-use-tls is clang's.
// REQUIRES: clang
#include "check.h"

static int constructed;

struct Tally {
  int count;
  int magic;
  Tally() : count(0), magic(0x5eed) {
    __atomic_fetch_add(&constructed, 1, __ATOMIC_RELAXED);
  }
  void add(int n) { count += n; }
};

static Tally tally;
#pragma omp threadprivate(tally)

int main() {
  omp_set_dynamic(0);
  CHECK_EQ(constructed, 1); // the original, before main
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    if (tally.magic != 0x5eed || tally.count != 0)
      bad++;
    tally.add(omp_get_thread_num() + 1);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(constructed, 4); // the original and three copies
  CHECK_EQ(tally.count, 1);
  printf("constructed %d\n", constructed);

#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    if (tally.count != omp_get_thread_num() + 1)
      bad++;
    tally.add(10);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(constructed, 4); // no new copies for the same team
  printf("state kept, constructed %d\n", constructed);

  tally.count = 77;
#pragma omp parallel num_threads(4) copyin(tally) reduction(+ : bad)
  if (tally.count != 77 || tally.magic != 0x5eed)
    bad++;
  CHECK_EQ(bad, 0);
  printf("copyin 77\n");
  return 0;
}
// CHECK: constructed 4
// CHECK-NEXT: state kept, constructed 4
// CHECK-NEXT: copyin 77
