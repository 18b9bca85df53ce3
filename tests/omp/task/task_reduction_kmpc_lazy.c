// REQUIRES: clang
// LLVM's task reduction entry points called directly, with lazy items
// (flag lazy_priv, a copy made when a task first asks for it), as LLVM's
// own tests call them:
// - a task names an item of an enclosing taskgroup by the copy another,
//   already completed, task was given, with and without the group's handle,
//   also from a nested taskgroup that reduces the same variable: it gets
//   its own copy of the outer item;
// - reduction(task, ...) set up by the older __kmpc_task_reduction_modifier_init,
//   whose items come without their original.
// Before, Bobbin knew a lazy copy's address only while its task or a
// descendant ran, and refused lazy items from the older entry (both ended
// the program). Passes on LLVM's libomp 19 with two threads or more (with
// one, libomp hands every task the shared item itself).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

#define TASKS 50
#define INIT 10

enum { LAZY_PRIV = 1 };

// kmp_task_red_input_t: the older layout, whose init takes the copy alone
typedef struct {
  void *shared;
  size_t size;
  void *init, *fini, *comb;
  uint32_t flags;
} red_input_t;

int __kmpc_global_thread_num(void *);
void *__kmpc_task_reduction_init(int gtid, int num, void *data);
void *__kmpc_task_reduction_get_th_data(int gtid, void *tg, void *item);
void *__kmpc_task_reduction_modifier_init(void *loc, int gtid, int is_ws, int num,
                                          void *data);
void __kmpc_task_reduction_modifier_fini(void *loc, int gtid, int is_ws);

static void long_add(void *lhs, void *rhs) { *(long *)lhs += *(long *)rhs; }
static void int_add(void *lhs, void *rhs) { *(int *)lhs += *(int *)rhs; }

static red_input_t lazy_long(long *shared) {
  return (red_input_t){shared, sizeof *shared, NULL, NULL, (void *)long_add, LAZY_PRIV};
}

static void *copy_of(void *tg, void *item) {
  return __kmpc_task_reduction_get_th_data(__kmpc_global_thread_num(NULL), tg, item);
}

static void named_by_others_copy(void) {
  long x = 1, y = 2;
  long *volatile first = NULL;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup
  {
    red_input_t outer[1] = {lazy_long(&x)};
    void *tg1 = __kmpc_task_reduction_init(__kmpc_global_thread_num(NULL), 1, outer);
#pragma omp task
    {
      long *p = copy_of(tg1, &x);
      *p += 1;
      first = p;
    }
#pragma omp taskwait
    CHECK(first != NULL);
    for (int t = 0; t < TASKS; t++) {
#pragma omp task
      {
        long *own = copy_of(tg1, &x);
        CHECK(copy_of(tg1, first) == own);
        CHECK(copy_of(NULL, first) == own);
        CHECK(copy_of(tg1, own) == own);
        *own += 1;
      }
    }
#pragma omp taskgroup
    {
      red_input_t inner[2] = {lazy_long(&x), lazy_long(&y)};
      void *tg2 = __kmpc_task_reduction_init(__kmpc_global_thread_num(NULL), 2, inner);
      for (int t = 0; t < TASKS; t++) {
#pragma omp task
        {
          long *outer_x = copy_of(tg1, &x), *inner_x = copy_of(tg2, &x);
          CHECK(outer_x != inner_x);
          CHECK(copy_of(NULL, first) == outer_x);
          *outer_x += 1;
          *inner_x += 10;
          *(long *)copy_of(NULL, &y) += 1;
        }
      }
    }
    CHECK_EQ(y, 2 + TASKS);
  }
  CHECK_EQ(x, 1 + 1 + TASKS + TASKS + 10 * TASKS);
}

static void older_modifier_entry(void) {
  int var = INIT, threads = 0;
#pragma omp parallel reduction(+ : var, threads)
  {
    threads++;
    int gtid = __kmpc_global_thread_num(NULL);
    red_input_t item = {&var, sizeof var, NULL, NULL, (void *)int_add, LAZY_PRIV};
    void *tg = __kmpc_task_reduction_modifier_init(NULL, gtid, 0, 1, &item);
    var++;
    for (int t = 0; t < TASKS; t++) {
#pragma omp task shared(var)
      *(int *)copy_of(tg, &var) += 1;
    }
    __kmpc_task_reduction_modifier_fini(NULL, gtid, 0);
  }
  CHECK_EQ(var, INIT + threads * (1 + TASKS));
}

int main(void) {
  deadline(60, "task_reduction_kmpc_lazy");
  for (int round = 0; round < 20; round++) {
    named_by_others_copy();
    older_modifier_entry();
  }
  printf("lazy items reduced\n");
  return 0;
}
// CHECK: lazy items reduced
