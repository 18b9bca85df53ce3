// REQUIRES: bobbin
// def-allocator-var in explicit tasks, as the specification has it (LLVM's
// libomp and libgomp keep it per thread, so there a task sees the value of
// whichever thread runs it, and its omp_set_default_allocator outlives it):
// a task starts with its creator's value wherever it runs, and its
// omp_set_default_allocator changes neither its creator's value nor its
// siblings'; omp_alloc(omp_null_allocator) and the allocate clause in a
// task use the task's value.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

enum { NTASKS = 64, ALIGN = 4096 };

int main(void) {
  deadline(60, "alloc_default_task");
  omp_alloctrait_t t[] = {{omp_atk_alignment, ALIGN}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 1, t);
  CHECK(al != omp_null_allocator);

  int bad_start = 0, bad_alloc = 0, bad_after = 0, bad_parent = 0, creator = -1;
#pragma omp parallel num_threads(4) shared(bad_start, bad_alloc, bad_after, bad_parent, creator)
  {
    // Every thread has a value of its own while it runs the tasks.
    omp_set_default_allocator(omp_thread_mem_alloc);
#pragma omp barrier
#pragma omp single
    {
      creator = omp_get_thread_num();
      omp_set_default_allocator(al);
      for (int i = 0; i < NTASKS; i++) {
#pragma omp task
        {
          if (omp_get_default_allocator() != al) {
#pragma omp atomic
            bad_start++;
          }
          void *p = omp_alloc(100, omp_null_allocator);
          if (!p || ((uintptr_t)p & (ALIGN - 1))) {
#pragma omp atomic
            bad_alloc++;
          }
          omp_free(p, omp_null_allocator);
          int y = i;
          // gcc takes a task's allocate(y) from the task's default
          // allocator (clang 14 ignores the clause on a task)
#pragma omp task firstprivate(y) allocate(y)
          {
#ifdef __clang__
            int wrong = y != i;
#else
            int wrong = y != i || ((uintptr_t)&y & (ALIGN - 1));
#endif
            if (wrong) {
#pragma omp atomic
              bad_alloc++;
            }
          }
          omp_set_default_allocator(i % 2 ? omp_large_cap_mem_alloc : omp_const_mem_alloc);
#pragma omp task
          {
            // a child of the task: its parent's new value
            if (omp_get_default_allocator() != (i % 2 ? omp_large_cap_mem_alloc
                                                      : omp_const_mem_alloc)) {
#pragma omp atomic
              bad_after++;
            }
          }
#pragma omp taskwait
        }
      }
#pragma omp taskwait
      if (omp_get_default_allocator() != al)
        bad_parent++;
    }
    // Running the tasks left each thread's own value alone.
    if (omp_get_default_allocator() !=
        (omp_get_thread_num() == creator ? al : omp_thread_mem_alloc)) {
#pragma omp atomic
      bad_parent++;
    }
  }
  CHECK_EQ(bad_start, 0);
  CHECK_EQ(bad_alloc, 0);
  CHECK_EQ(bad_after, 0);
  CHECK_EQ(bad_parent, 0);
  CHECK(omp_get_default_allocator() == omp_default_mem_alloc);
  printf("tasks: creator's value, not leaked\n");
  omp_destroy_allocator(al);
  return 0;
}
// CHECK: tasks: creator's value, not leaked
