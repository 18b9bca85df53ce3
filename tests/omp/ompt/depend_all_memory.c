// A dependence on omp_all_memory is reported as
// ompt_dependence_type_out_all_memory (34, OpenMP 5.2), in both of the
// spellings LLVM's entry points accept: flag 0x80 at address 0, and any
// flag at address -1; the variable is the address given. libomp 19 reports
// them so (LLVM 19's ompt/tasks/kmp_task_depend_all.c, omp_task_depend_all.c).
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin, clang
#include "../task/kmpc_task.h"
#include "check.h"
#include "tool.h"

enum { DEP_IN = 1, DEP_OUT = 2, DEP_ALL = 0x80 };

static int32_t nothing(int32_t gtid, void *task) {
  (void)gtid, (void)task;
  return 0;
}

static void task_with(int32_t gtid, int n, kmp_depend_info_t *deps) {
  kmp_task_t *t =
      __kmpc_omp_task_alloc(NULL, gtid, KMP_TASK_TIED, sizeof(kmp_task_t), 0, nothing);
  __kmpc_omp_task_with_deps(NULL, gtid, t, n, deps, 0, NULL);
}

static void on_dependences_listed(ompt_data_t *task, const ompt_dependence_t *deps, int n) {
  printf("%llu deps", (unsigned long long)tool_self());
  for (int i = 0; i < n; i++)
    printf(" (%s, %d)", deps[i].variable.ptr == (void *)-1 ? "-1"
                        : deps[i].variable.ptr          ? "set"
                                                        : "null",
           (int)deps[i].dependence_type);
  printf(" task=%llu\n", (unsigned long long)tool_id(task));
}

int main(void) {
  deadline(30, "ompt/depend_all_memory");
  CHECK(omp_get_max_threads() > 0); /* starts the runtime, and the tool */
  tool_set_callback(ompt_callback_dependences, (ompt_callback_t)on_dependences_listed);
  int a = 0;
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    kmp_depend_info_t flagged[2] = {{0, 0, DEP_ALL}, {(intptr_t)&a, sizeof a, DEP_IN}};
    task_with(gtid, 2, flagged);
    kmp_depend_info_t minus_one[1] = {{-1, 0, DEP_OUT}};
    task_with(gtid, 1, minus_one);
    #pragma omp taskwait
  }
  return 0;
}

// CHECK: deps (null, 34) (set, 1) task=
// CHECK: deps (-1, 34) task=
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
