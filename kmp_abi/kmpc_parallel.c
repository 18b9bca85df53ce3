/* Entry points of the PARALLEL construct and thread identification. */
#include "kmpc.h"

#include <stdarg.h>

static void fork_va(kmp_int32 argc, kmpc_micro fn, va_list ap, bool if_cond)
{
    void *args[argc > 0 ? argc : 1];
    for (int i = 0; i < argc; i++)
        args[i] = va_arg(ap, void *);
    bob_fork((void (*)(void))fn, argc, args, if_cond);
}

KMP_EXPORT void __kmpc_fork_call(ident_t *loc, kmp_int32 argc, kmpc_micro fn, ...)
{
    (void)loc;
    BOB_OMPT_RA();
    va_list ap;
    va_start(ap, fn);
    fork_va(argc, fn, ap, true);
    va_end(ap);
}

/* args is the one shared-variables pointer, if any (argc 0 or 1). */
KMP_EXPORT void __kmpc_fork_call_if(ident_t *loc, kmp_int32 argc, kmpc_micro fn,
                                    kmp_int32 cond, void *args)
{
    (void)loc;
    BOB_OMPT_RA();
    bob_fork((void (*)(void))fn, argc > 0 ? 1 : 0, &args, cond != 0);
}

KMP_EXPORT void __kmpc_serialized_parallel(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_serialized_begin();
}

KMP_EXPORT void __kmpc_end_serialized_parallel(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_serialized_end();
}

KMP_EXPORT void __kmpc_push_num_threads(ident_t *loc, kmp_int32 gtid, kmp_int32 n)
{
    (void)loc, (void)gtid;
    bob_self()->push_num_threads = n;
}

KMP_EXPORT void __kmpc_push_proc_bind(ident_t *loc, kmp_int32 gtid, int proc_bind)
{
    (void)loc, (void)gtid;
    bob_self()->push_proc_bind = proc_bind;
}

KMP_EXPORT kmp_int32 __kmpc_global_thread_num(ident_t *loc)
{
    (void)loc;
    return bob_self()->gtid;
}

KMP_EXPORT kmp_int32 __kmpc_global_num_threads(ident_t *loc)
{
    (void)loc;
    return bob_self()->team->nthreads;
}

KMP_EXPORT kmp_int32 __kmpc_bound_thread_num(ident_t *loc)
{
    (void)loc;
    return bob_self()->tid;
}

KMP_EXPORT kmp_int32 __kmpc_bound_num_threads(ident_t *loc)
{
    (void)loc;
    return bob_self()->team->nthreads;
}

KMP_EXPORT kmp_int32 __kmpc_in_parallel(ident_t *loc)
{
    (void)loc;
    return bob_self()->team->active_level > 0;
}

KMP_EXPORT kmp_int32 __kmpc_ok_to_fork(ident_t *loc)
{
    (void)loc;
    return 1;
}

KMP_EXPORT void __kmpc_begin(ident_t *loc, kmp_int32 flags)
{
    (void)loc, (void)flags;
    bob_init();
}

KMP_EXPORT void __kmpc_end(ident_t *loc) { (void)loc; }

/* num_threads(n1, n2, ...): n1 for the next region, n2 for the regions its
 * threads create. */
KMP_EXPORT void __kmpc_push_num_threads_list(ident_t *loc, kmp_int32 gtid,
                                             kmp_uint32 length, kmp_int32 *list)
{
    (void)loc, (void)gtid;
    bob_push_num_threads_list(bob_self(), list, (int)length);
}

KMP_EXPORT void __kmpc_push_num_threads_strict(ident_t *loc, kmp_int32 gtid,
                                               kmp_int32 n, int severity,
                                               const char *message)
{
    __kmpc_push_num_threads(loc, gtid, n);
    bob_thread_t *self = bob_self();
    self->push_strict_severity = severity;
    self->push_strict_message = message;
}

KMP_EXPORT void __kmpc_push_num_threads_list_strict(ident_t *loc, kmp_int32 gtid,
                                                    kmp_uint32 length, kmp_int32 *list,
                                                    int severity, const char *message)
{
    __kmpc_push_num_threads_list(loc, gtid, length, list);
    bob_thread_t *self = bob_self();
    self->push_strict_severity = severity;
    self->push_strict_message = message;
}

KMP_EXPORT void __kmpc_pop_num_threads(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_thread_t *self = bob_self();
    self->push_num_threads = 0;
    self->push_list_len = 0;
    self->push_strict_severity = 0;
}

/* No compiler emits it; libomp exports it as the routine its threads run
 * their implicit task with. Returns 1 once the body ran, 0 where the caller
 * is no region's implicit task. */
KMP_EXPORT int __kmpc_invoke_task_func(int gtid)
{
    (void)gtid;
    return bob_run_body_again(bob_self());
}
