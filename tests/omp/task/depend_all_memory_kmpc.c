// REQUIRES: clang
// omp_all_memory in both of the spellings LLVM's entry points accept: flag
// 0x80 at address 0 (what clang emits), and any flag at address -1 (what
// LLVM's own tests emit besides). A task with it starts only after every
// earlier sibling with a dependence, later siblings with a dependence start
// after it, and the other dependences listed with it change nothing; a
// taskwait with it waits for every earlier sibling with a dependence. The
// earlier siblings wait behind a detached gate task, fulfilled once all are
// made: in a team of one, where a task whose predecessors are complete runs
// at once, a wrong order shows every time. Before, address -1 was an
// address like any other (the task ran at once). Passes on LLVM's libomp 19.
// RUN: %libomp-compile && env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
#include "check.h"
#include "kmpc_task.h"

enum { DEP_IN = 1, DEP_OUT = 2, DEP_INOUT = 3, DEP_MTX = 4, DEP_ALL = 0x80 };

static char order[16];
static int ran;

static int32_t record(int32_t gtid, void *task) {
  (void)gtid;
  order[__atomic_fetch_add(&ran, 1, __ATOMIC_SEQ_CST)] = **(char **)((kmp_task_t *)task)->shareds;
  return 0;
}

static int32_t nothing(int32_t gtid, void *task) {
  (void)gtid, (void)task;
  return 0;
}

static void task_named(int32_t gtid, const char *name, int n, kmp_depend_info_t *deps) {
  kmp_task_t *t = __kmpc_omp_task_alloc(NULL, gtid, KMP_TASK_TIED, sizeof(kmp_task_t),
                                        sizeof(char *), record);
  *(const char **)t->shareds = name;
  __kmpc_omp_task_with_deps(NULL, gtid, t, n, deps, 0, NULL);
}

// A detached task with out(gate): its successors wait for its event.
static omp_event_handle_t gate_task(int32_t gtid, int *gate) {
  kmp_task_t *g = __kmpc_omp_task_alloc(NULL, gtid, KMP_TASK_TIED | KMP_TASK_DETACHABLE,
                                        sizeof(kmp_task_t), 0, nothing);
  omp_event_handle_t event =
      (omp_event_handle_t)(uintptr_t)__kmpc_task_allow_completion_event(NULL, gtid, g);
  kmp_depend_info_t out = {(intptr_t)gate, sizeof *gate, DEP_OUT};
  __kmpc_omp_task_with_deps(NULL, gtid, g, 1, &out, 0, NULL);
  return event;
}

static int where(char name) { return (int)(strchr(order, name) - order); }

// all: the omp_all_memory dependence; extra: listed before it, or not at all
static void tasks(int32_t gtid, kmp_depend_info_t all, kmp_depend_info_t *extra) {
  static int gate, x, y, z, fresh;
  memset(order, 0, sizeof order);
  ran = 0;
  omp_event_handle_t event = gate_task(gtid, &gate);
  kmp_depend_info_t in_x[] = {{(intptr_t)&x, 4, DEP_IN}, {(intptr_t)&gate, 4, DEP_IN}};
  kmp_depend_info_t out_y[] = {{(intptr_t)&y, 4, DEP_OUT}, {(intptr_t)&gate, 4, DEP_IN}};
  kmp_depend_info_t mtx_z[] = {{(intptr_t)&z, 4, DEP_MTX}, {(intptr_t)&gate, 4, DEP_IN}};
  task_named(gtid, "A", 2, in_x);
  task_named(gtid, "B", 2, out_y);
  task_named(gtid, "C", 2, mtx_z);
  kmp_depend_info_t with_all[2] = {all, all};
  if (extra)
    with_all[0] = *extra;
  task_named(gtid, "M", extra ? 2 : 1, with_all);
  kmp_depend_info_t in_fresh = {(intptr_t)&fresh, 4, DEP_IN};
  task_named(gtid, "L", 1, &in_fresh);
  omp_fulfill_event(event);
  __kmpc_omp_taskwait(NULL, gtid);
  CHECK_EQ(ran, 5);
  CHECK(where('A') < where('M') && where('B') < where('M') && where('C') < where('M'));
  CHECK(where('M') < where('L'));

  // taskwait depend(out: omp_all_memory)
  memset(order, 0, sizeof order);
  ran = 0;
  event = gate_task(gtid, &gate);
  task_named(gtid, "A", 2, in_x);
  task_named(gtid, "B", 2, out_y);
  omp_fulfill_event(event);
  __kmpc_omp_wait_deps(NULL, gtid, 1, &all, 0, NULL);
  CHECK_EQ(__atomic_load_n(&ran, __ATOMIC_SEQ_CST), 2);
  __kmpc_omp_taskwait(NULL, gtid);
}

int main(void) {
  deadline(60, "depend_all_memory_kmpc");
  static int x;
  kmp_depend_info_t flag_all = {0, 0, DEP_ALL}, addr_all = {-1, 0, DEP_OUT};
  kmp_depend_info_t addr_all_in = {-1, 0, DEP_IN}, in_x = {(intptr_t)&x, 4, DEP_IN};
  kmp_depend_info_t mtx_x = {(intptr_t)&x, 4, DEP_MTX};
  for (int round = 0; round < 50; round++) {
#pragma omp parallel
#pragma omp single
    {
      int32_t gtid = __kmpc_global_thread_num(NULL);
      tasks(gtid, flag_all, NULL);
      tasks(gtid, addr_all, NULL);
      tasks(gtid, addr_all_in, NULL);
      tasks(gtid, flag_all, &in_x);
      tasks(gtid, addr_all, &mtx_x);
    }
  }
  printf("omp_all_memory in both spellings\n");
  return 0;
}
// CHECK: omp_all_memory in both spellings
