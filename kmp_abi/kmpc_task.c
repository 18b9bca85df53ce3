/* Entry points of the tasking constructs: task, taskwait, taskyield,
 * taskgroup, taskloop, dependences, task reductions, detach. */
#include "kmpc.h"

#include "task.h"

#include <assert.h>

typedef bob_kmp_task_t kmp_task_t;
typedef bob_dep_t kmp_depend_info_t;
static_assert(sizeof(kmp_depend_info_t) == 24, "kmp_depend_info layout");

KMP_EXPORT kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, kmp_int32 gtid, kmp_int32 flags,
                                             size_t sizeof_task, size_t sizeof_shareds,
                                             bob_task_entry_t entry)
{
    (void)loc, (void)gtid;
    return bob_task_alloc(bob_self(), flags | BOB_TASK_LIBOMP, sizeof_task,
                          sizeof_shareds, entry);
}

/* A target task (target nowait) is a host task whose body calls libomptarget,
 * which does the offloading: the device does not concern the task. */
KMP_EXPORT kmp_task_t *__kmpc_omp_target_task_alloc(ident_t *loc, kmp_int32 gtid,
                                                    kmp_int32 flags, size_t sizeof_task,
                                                    size_t sizeof_shareds,
                                                    bob_task_entry_t entry,
                                                    kmp_int64 device)
{
    (void)device;
    return __kmpc_omp_task_alloc(loc, gtid, flags, sizeof_task, sizeof_shareds, entry);
}

KMP_EXPORT kmp_int32 __kmpc_omp_task(ident_t *loc, kmp_int32 gtid, kmp_task_t *task)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_task_submit(bob_self(), bob_task_of(task));
    return 0; /* TASK_CURRENT_NOT_QUEUED */
}

KMP_EXPORT kmp_int32 __kmpc_omp_task_parts(ident_t *loc, kmp_int32 gtid, kmp_task_t *task)
{
    return __kmpc_omp_task(loc, gtid, task);
}

/* The noalias list is a second list of dependences, treated alike. */
static void register_deps(bob_thread_t *self, bob_task_t *t, kmp_int32 n,
                          kmp_depend_info_t *deps, kmp_int32 n_noalias,
                          kmp_depend_info_t *noalias)
{
    kmp_depend_info_t all[n + n_noalias > 0 ? n + n_noalias : 1];
    for (int i = 0; i < n; i++)
        all[i] = deps[i];
    for (int i = 0; i < n_noalias; i++)
        all[n + i] = noalias[i];
    if (t)
        bob_task_submit_deps(self, t, n + n_noalias, all);
    else
        bob_deps_wait(self, n + n_noalias, all);
}

KMP_EXPORT kmp_int32 __kmpc_omp_task_with_deps(ident_t *loc, kmp_int32 gtid,
                                               kmp_task_t *task, kmp_int32 ndeps,
                                               kmp_depend_info_t *deps,
                                               kmp_int32 ndeps_noalias,
                                               kmp_depend_info_t *noalias)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    register_deps(bob_self(), bob_task_of(task), ndeps, deps, ndeps_noalias, noalias);
    return 0;
}

KMP_EXPORT void __kmpc_omp_wait_deps(ident_t *loc, kmp_int32 gtid, kmp_int32 ndeps,
                                     kmp_depend_info_t *deps, kmp_int32 ndeps_noalias,
                                     kmp_depend_info_t *noalias)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    register_deps(bob_self(), NULL, ndeps, deps, ndeps_noalias, noalias);
}

/* taskwait depend(...) [nowait]: without nowait it waits like wait_deps;
 * with nowait it is a deferred task without a body that has those
 * dependences (OpenMP 5.1): nothing waits for it, but a later sibling
 * that depends on it starts only once its predecessors are done. */
KMP_EXPORT void __kmpc_omp_taskwait_deps_51(ident_t *loc, kmp_int32 gtid, kmp_int32 ndeps,
                                            kmp_depend_info_t *deps,
                                            kmp_int32 ndeps_noalias,
                                            kmp_depend_info_t *noalias,
                                            kmp_int32 has_no_wait)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_thread_t *self = bob_self();
    register_deps(self, has_no_wait ? bob_task_bodiless(self) : NULL, ndeps, deps,
                  ndeps_noalias, noalias);
}

KMP_EXPORT kmp_int32 __kmpc_omp_taskwait(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_taskwait(bob_self());
    return 0;
}

KMP_EXPORT kmp_int32 __kmpc_omp_taskyield(ident_t *loc, kmp_int32 gtid, int end_part)
{
    (void)loc, (void)gtid, (void)end_part;
    bob_taskyield(bob_self());
    return 0;
}

KMP_EXPORT void __kmpc_omp_task_begin_if0(ident_t *loc, kmp_int32 gtid, kmp_task_t *task)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA_FP();
    bob_task_begin_if0(bob_self(), bob_task_of(task));
}

KMP_EXPORT void __kmpc_omp_task_complete_if0(ident_t *loc, kmp_int32 gtid,
                                             kmp_task_t *task)
{
    (void)loc, (void)gtid;
    bob_task_complete_if0(bob_self(), bob_task_of(task));
}

KMP_EXPORT void __kmpc_taskgroup(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_taskgroup_begin(bob_self());
}

KMP_EXPORT void __kmpc_end_taskgroup(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_taskgroup_end(bob_self());
}

KMP_EXPORT void *__kmpc_task_reduction_init(int gtid, int n, void *data)
{
    (void)gtid;
    return bob_taskred_init(bob_self(), n, data, false);
}

KMP_EXPORT void *__kmpc_taskred_init(int gtid, int n, void *data)
{
    (void)gtid;
    return bob_taskred_init(bob_self(), n, data, true);
}

KMP_EXPORT void *__kmpc_task_reduction_get_th_data(int gtid, void *group, void *data)
{
    (void)gtid;
    return bob_taskred_get(bob_self(), group, data);
}

KMP_EXPORT void *__kmpc_task_reduction_modifier_init(ident_t *loc, int gtid, int is_ws,
                                                     int n, void *data)
{
    (void)loc, (void)gtid, (void)is_ws;
    return bob_taskred_modifier_init(bob_self(), n, data, false);
}

KMP_EXPORT void *__kmpc_taskred_modifier_init(ident_t *loc, int gtid, int is_ws, int n,
                                              void *data)
{
    (void)loc, (void)gtid, (void)is_ws;
    return bob_taskred_modifier_init(bob_self(), n, data, true);
}

KMP_EXPORT void __kmpc_task_reduction_modifier_fini(ident_t *loc, int gtid, int is_ws)
{
    (void)loc, (void)gtid, (void)is_ws;
    bob_taskred_modifier_fini(bob_self());
}

KMP_EXPORT void __kmpc_taskloop_5(ident_t *loc, int gtid, kmp_task_t *task, int if_val,
                                  kmp_uint64 *lb, kmp_uint64 *ub, kmp_int64 st,
                                  int nogroup, int sched, kmp_uint64 grainsize,
                                  int modifier, void *task_dup)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_taskloop(bob_self(), bob_task_of(task), if_val, lb, ub, st, nogroup, sched,
                 grainsize, modifier != 0, (bob_task_dup_t)task_dup);
}

KMP_EXPORT void __kmpc_taskloop(ident_t *loc, int gtid, kmp_task_t *task, int if_val,
                                kmp_uint64 *lb, kmp_uint64 *ub, kmp_int64 st, int nogroup,
                                int sched, kmp_uint64 grainsize, void *task_dup)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_taskloop(bob_self(), bob_task_of(task), if_val, lb, ub, st, nogroup, sched,
                 grainsize, false, (bob_task_dup_t)task_dup);
}

/* detach: omp_fulfill_event completes the task of the handle returned here. */
KMP_EXPORT void *__kmpc_task_allow_completion_event(ident_t *loc, int gtid,
                                                    kmp_task_t *task)
{
    (void)loc, (void)gtid;
    return (void *)(uintptr_t)bob_task_event_handle(bob_task_of(task));
}

KMP_EXPORT void omp_fulfill_event(omp_event_handle_t event)
{
    bob_task_fulfill((uint64_t)event);
}

KMP_EXPORT void __kmpc_proxy_task_completed(kmp_int32 gtid, kmp_task_t *task)
{
    (void)gtid;
    bob_task_proxy_completed(bob_task_of(task));
}

KMP_EXPORT void __kmpc_proxy_task_completed_ooo(kmp_task_t *task)
{
    bob_task_proxy_completed(bob_task_of(task));
}

/* affinity clauses are hints; work units have no place to honour them yet. */
KMP_EXPORT kmp_int32 __kmpc_omp_reg_task_with_affinity(ident_t *loc, kmp_int32 gtid,
                                                       kmp_task_t *task, kmp_int32 n,
                                                       void *affinities)
{
    (void)loc, (void)gtid, (void)task, (void)n, (void)affinities;
    return 0;
}

KMP_EXPORT kmp_uint64 __kmpc_get_taskid(void) { return bob_task_id(bob_self()); }

KMP_EXPORT kmp_uint64 __kmpc_get_parent_taskid(void)
{
    bob_thread_t *self = bob_self();
    return self->task ? bob_task_id(self->task->parent) : 0;
}

KMP_EXPORT kmp_int32 __kmpc_omp_has_task_team(kmp_int32 gtid)
{
    (void)gtid;
    return bob_self()->team->nthreads > 1;
}

KMP_EXPORT int omp_in_final(void) { return bob_self_inquiry()->final; }
KMP_EXPORT int omp_in_explicit_task(void) { return bob_in_explicit_task(); }

/* The dependence graph as libomp's own tests inspect it: the task's node
 * and its successor list, in LLVM's layouts (runtime/depend.c); valid until
 * the task completes. */
KMP_EXPORT void *__kmpc_task_get_depnode(kmp_task_t *task)
{
    return bob_deps_node(bob_task_of(task));
}

KMP_EXPORT void *__kmpc_task_get_successors(kmp_task_t *task)
{
    return bob_deps_successors(bob_task_of(task));
}

/* libomptarget 19 keeps the handle of a nowait target region in the
 * encountering task (libomp's td_target_data.async_handle), to query it
 * when the task runs again. */
KMP_EXPORT void **__kmpc_omp_get_target_async_handle_ptr(kmp_int32 gtid)
{
    (void)gtid;
    return &bob_self()->target_async_handle;
}
