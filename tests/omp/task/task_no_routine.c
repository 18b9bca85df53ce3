// REQUIRES: clang
// A task made by __kmpc_omp_task_alloc without a routine (NULL), as
// libomp accepts it and its own tests make one to stand for `taskwait
// depend(...) nowait`: it only takes its place in the dependence graph,
// and running it calls nothing. Such tasks on every path a task takes:
// deferred (tied, untied, detached), with dependences between real tasks
// (which keep their order through it), run at once (a team of one, in a
// final task, a producer's tasks past the throttle), undeferred as clang emits
// if(0) (wait_deps, begin_if0, complete_if0), and as a taskloop's pattern
// with if(1) and if(0). Before, Bobbin called the NULL routine (SIGSEGV).
// The program passes on LLVM's libomp 19; libomp 14 (-D runtime=system)
// fails an assertion of its own (kmp_runtime.cpp) with OMP_NUM_THREADS=1.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"

#include "kmpc_task.h"

// a taskloop's pattern: its bounds follow the head
typedef struct {
  kmp_task_t head;
  uint64_t lb, ub;
} loop_task_t;

enum { IN = 1, OUT = 2, INOUT = 3 };

static ident_t loc = {0, 2, 0, 0, ";task_no_routine.c;main;1;1;;"};

static kmp_task_t *bodiless(int gtid, int flags) {
  return __kmpc_omp_task_alloc(&loc, gtid, flags, sizeof(kmp_task_t), 0, NULL);
}

static void bodiless_task(int gtid, int flags) {
  __kmpc_omp_task(&loc, gtid, bodiless(gtid, flags));
}

static void bodiless_with(int gtid, int flags, void *addr, int kind) {
  kmp_depend_info_t d = {(intptr_t)addr, sizeof(int), (uint8_t)kind};
  __kmpc_omp_task_with_deps(&loc, gtid, bodiless(gtid, flags), 1, &d, 0, NULL);
}

// a task with dependences between two real ones: the later one (in) sees
// the earlier one's (out) write through the bodiless one (inout)
static void ordered_around(int gtid, int round) {
  int x = 0, seen = -1;
#pragma omp task depend(out : x) shared(x)
  {
    spin_a_bit(2000);
    x = round + 1;
  }
  bodiless_with(gtid, round % 2 ? KMP_TASK_TIED : KMP_TASK_UNTIED, &x, INOUT);
#pragma omp task depend(in : x) shared(x, seen)
  seen = x;
  __kmpc_omp_taskwait(&loc, gtid);
  CHECK_EQ(seen, round + 1);
}

// clang's if(0) with dependences: the compiler calls the routine itself
// between begin_if0 and complete_if0, here none
static void undeferred(int gtid, void *addr) {
  kmp_task_t *t = bodiless(gtid, KMP_TASK_TIED);
  kmp_depend_info_t d = {(intptr_t)addr, sizeof(int), OUT};
  __kmpc_omp_wait_deps(&loc, gtid, 1, &d, 0, NULL);
  __kmpc_omp_task_begin_if0(&loc, gtid, t);
  __kmpc_omp_task_complete_if0(&loc, gtid, t);
}

static void taskloop(int gtid, int if_val) {
  loop_task_t *t = (loop_task_t *)__kmpc_omp_task_alloc(&loc, gtid, KMP_TASK_TIED,
                                                         sizeof(loop_task_t), 0, NULL);
  t->lb = 0;
  t->ub = 99;
  __kmpc_taskloop(&loc, gtid, &t->head, if_val, &t->lb, &t->ub, 1, 0, 1, 10, NULL);
}

// the routine of a final task: every task it makes runs at once in it
static int32_t final_body(int32_t gtid, void *task) {
  (void)task;
  int x = 0;
  bodiless_task(gtid, KMP_TASK_TIED);
  bodiless_task(gtid, KMP_TASK_UNTIED);
  bodiless_with(gtid, KMP_TASK_TIED, &x, OUT);
  undeferred(gtid, &x);
  return 0;
}

static void every_path(int gtid) {
  int x = 0;
  for (int round = 0; round < 20; round++)
    ordered_around(gtid, round);
  bodiless_task(gtid, KMP_TASK_TIED);
  bodiless_task(gtid, KMP_TASK_UNTIED);
  bodiless_with(gtid, KMP_TASK_TIED, &x, OUT);
  bodiless_with(gtid, KMP_TASK_UNTIED, &x, IN);
  undeferred(gtid, &x);
  kmp_task_t *detached = bodiless(gtid, KMP_TASK_TIED | KMP_TASK_DETACHABLE);
  omp_event_handle_t event =
      (omp_event_handle_t)(uintptr_t)__kmpc_task_allow_completion_event(&loc, gtid, detached);
  __kmpc_omp_task(&loc, gtid, detached);
  omp_fulfill_event(event);
  __kmpc_omp_task(&loc, gtid,
                  __kmpc_omp_task_alloc(&loc, gtid, KMP_TASK_TIED | KMP_TASK_FINAL,
                                        sizeof(kmp_task_t), 0, final_body));
  for (int i = 0; i < 1000; i++) // past the throttle: the later ones run at once
    bodiless_task(gtid, i % 2 ? KMP_TASK_TIED : KMP_TASK_UNTIED);
  taskloop(gtid, 1);
  taskloop(gtid, 0);
  __kmpc_omp_taskwait(&loc, gtid);
}

int main(void) {
  deadline(60, "task_no_routine");
#pragma omp parallel
#pragma omp single
  every_path(__kmpc_global_thread_num(&loc));
#pragma omp parallel num_threads(1)
  every_path(__kmpc_global_thread_num(&loc));
  every_path(__kmpc_global_thread_num(&loc));
  printf("task_no_routine: ok\n");
  return 0;
}
// CHECK: task_no_routine: ok
