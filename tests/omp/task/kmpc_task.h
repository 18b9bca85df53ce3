// LLVM's tasking entry points as compiled code calls them, for the tests
// that call them directly (clang builds only): ident_t, the head of
// kmp_task_t (a test's privates follow it), kmp_depend_info_t.
#ifndef KMPC_TASK_H
#define KMPC_TASK_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} ident_t;

typedef struct {
  void *shareds;
  int32_t (*routine)(int32_t, void *);
  int32_t part_id;
  void *data1, *data2;
} kmp_task_t;

// flags: 1 in, 2 out, 3 inout
typedef struct {
  intptr_t addr;
  size_t len;
  uint8_t flags;
} kmp_depend_info_t;

// the flags of __kmpc_omp_task_alloc
enum { KMP_TASK_UNTIED = 0, KMP_TASK_TIED = 1, KMP_TASK_FINAL = 2, KMP_TASK_DETACHABLE = 0x40 };

int32_t __kmpc_global_thread_num(ident_t *);
kmp_task_t *__kmpc_omp_task_alloc(ident_t *, int32_t gtid, int32_t flags, size_t sizeof_task,
                                  size_t sizeof_shareds, int32_t (*routine)(int32_t, void *));
int32_t __kmpc_omp_task(ident_t *, int32_t gtid, kmp_task_t *);
int32_t __kmpc_omp_task_with_deps(ident_t *, int32_t gtid, kmp_task_t *, int32_t ndeps,
                                  kmp_depend_info_t *deps, int32_t ndeps_noalias,
                                  kmp_depend_info_t *noalias);
void __kmpc_omp_wait_deps(ident_t *, int32_t gtid, int32_t ndeps, kmp_depend_info_t *deps,
                          int32_t ndeps_noalias, kmp_depend_info_t *noalias);
void __kmpc_omp_task_begin_if0(ident_t *, int32_t gtid, kmp_task_t *);
void __kmpc_omp_task_complete_if0(ident_t *, int32_t gtid, kmp_task_t *);
int32_t __kmpc_omp_taskwait(ident_t *, int32_t gtid);
void *__kmpc_task_allow_completion_event(ident_t *, int32_t gtid, kmp_task_t *);
void __kmpc_taskloop(ident_t *, int gtid, kmp_task_t *, int if_val, uint64_t *lb, uint64_t *ub,
                     int64_t st, int nogroup, int sched, uint64_t grainsize, void *task_dup);
void __kmpc_taskloop_5(ident_t *, int gtid, kmp_task_t *, int if_val, uint64_t *lb,
                       uint64_t *ub, int64_t st, int nogroup, int sched, uint64_t grainsize,
                       int modifier, void *task_dup);

#endif
