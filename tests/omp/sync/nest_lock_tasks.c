// Nestable locks are owned by tasks, not threads: an undeferred (if(0))
// task cannot take the lock its parent task holds, while the parent nests
// it again; of two sibling tasks, made by one thread and running on two ESs
// or one after the other, one owns the lock and the other's test fails
// until it is free. Many tasks drawing owner ids keep them distinct (ids go
// back when their tasks complete). libgomp agrees; LLVM's libomp lets a
// task share its thread's ownership.
// RUN: %libomp-compile && env OMP_NUM_THREADS=2 %libomp-run | FileCheck %s
#include "check.h"

static omp_nest_lock_t lock;
static int a_holds, b_tested;

int main(void) {
  omp_init_nest_lock(&lock);
  int child_got = -1, nested = 0;
#pragma omp parallel
#pragma omp single
  {
    omp_set_nest_lock(&lock);
#pragma omp task if (0) shared(child_got)
    child_got = omp_test_nest_lock(&lock);
    nested = omp_test_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
  }
  CHECK_EQ(child_got, 0);
  CHECK_EQ(nested, 2);
  printf("if(0) child: %d, parent nests: %d\n", child_got, nested);

  int b_got = -1, b_later = -1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(a_holds, b_tested)
    {
      omp_set_nest_lock(&lock);
      __atomic_store_n(&a_holds, 1, __ATOMIC_RELEASE);
      while (!__atomic_load_n(&b_tested, __ATOMIC_ACQUIRE)) {
#pragma omp taskyield
      }
      omp_unset_nest_lock(&lock);
    }
#pragma omp task shared(a_holds, b_tested, b_got, b_later)
    {
      while (!__atomic_load_n(&a_holds, __ATOMIC_ACQUIRE)) {
#pragma omp taskyield
      }
      b_got = omp_test_nest_lock(&lock);
      __atomic_store_n(&b_tested, 1, __ATOMIC_RELEASE);
      omp_set_nest_lock(&lock); /* waits for the other task */
      b_later = omp_test_nest_lock(&lock);
      omp_unset_nest_lock(&lock);
      omp_unset_nest_lock(&lock);
    }
  }
  CHECK_EQ(b_got, 0);
  CHECK_EQ(b_later, 2);
  printf("sibling: %d while held, %d once its own\n", b_got, b_later);

  int shared_by_two = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 2000; i++) {
#pragma omp task shared(shared_by_two)
    {
      int count = omp_test_nest_lock(&lock);
      if (count) {
        if (omp_test_nest_lock(&lock) != count + 1)
          __atomic_fetch_add(&shared_by_two, 1, __ATOMIC_RELAXED);
        omp_unset_nest_lock(&lock);
        omp_unset_nest_lock(&lock);
      }
    }
  }
  CHECK_EQ(shared_by_two, 0);
  omp_destroy_nest_lock(&lock);
  printf("2000 tasks: owned by one at a time\n");
  return 0;
}
// CHECK: if(0) child: 0, parent nests: 2
// CHECK-NEXT: sibling: 0 while held, 2 once its own
// CHECK-NEXT: 2000 tasks: owned by one at a time
