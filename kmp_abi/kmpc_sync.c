/* Entry points of the synchronisation constructs: barrier, single, master,
 * masked, critical, ordered, flush, copyprivate and reductions. */
#include "kmpc.h"

KMP_EXPORT void __kmpc_barrier(ident_t *loc, kmp_int32 gtid)
{
    (void)gtid;
    BOB_OMPT_RA();
    bob_thread_t *self = bob_self();
    if (__builtin_expect(bob_ompt_on, 0)) /* only a tool hears which barrier */
        bob_barrier_as(self, loc && (loc->flags & KMP_IDENT_BARRIER_IMPL)
                                 ? ompt_sync_region_barrier_implicit_workshare
                                 : ompt_sync_region_barrier_explicit);
    else
        bob_barrier(self);
}

KMP_EXPORT kmp_int32 __kmpc_single(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    return bob_single_begin(bob_self());
}

KMP_EXPORT void __kmpc_end_single(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT(bob_ompt_work_end(bob_self()));
}

static kmp_int32 masked(kmp_int32 filter, const void *ra)
{
    bob_thread_t *self = bob_self();
    if (self->tid != filter)
        return 0;
    BOB_OMPT((bob_ompt_ra = ra, bob_ompt_masked(self, ompt_scope_begin)));
    return 1;
}

KMP_EXPORT kmp_int32 __kmpc_master(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    return masked(0, __builtin_return_address(0));
}

KMP_EXPORT void __kmpc_end_master(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    BOB_OMPT(bob_ompt_masked(bob_self(), ompt_scope_end));
}

KMP_EXPORT kmp_int32 __kmpc_masked(ident_t *loc, kmp_int32 gtid, kmp_int32 filter)
{
    (void)loc, (void)gtid;
    return masked(filter, __builtin_return_address(0));
}

KMP_EXPORT void __kmpc_end_masked(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    BOB_OMPT(bob_ompt_masked(bob_self(), ompt_scope_end));
}

/* barrier_master: after the barrier the master runs its block while the
 * others wait for end_barrier_master (a second barrier that only the
 * master's arrival completes); the nowait form does not hold them. */
KMP_EXPORT kmp_int32 __kmpc_barrier_master(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_thread_t *self = bob_self();
    bob_barrier(self);
    if (self->tid == 0)
        return 1;
    bob_barrier(self);
    return 0;
}

KMP_EXPORT void __kmpc_end_barrier_master(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_barrier(bob_self());
}

KMP_EXPORT kmp_int32 __kmpc_barrier_master_nowait(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_thread_t *self = bob_self();
    bob_barrier(self);
    return self->tid == 0;
}

KMP_EXPORT void __kmpc_critical(ident_t *loc, kmp_int32 gtid, kmp_critical_name *name)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_mutex_acquire((uint32_t *)name, ompt_mutex_critical, 0);
}

/* Every hint is served by the one lock kind; only a tool hears of it. */
KMP_EXPORT void __kmpc_critical_with_hint(ident_t *loc, kmp_int32 gtid,
                                          kmp_critical_name *name, uint32_t hint)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_mutex_acquire((uint32_t *)name, ompt_mutex_critical, hint);
}

KMP_EXPORT void __kmpc_end_critical(ident_t *loc, kmp_int32 gtid, kmp_critical_name *name)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_mutex_release((uint32_t *)name, ompt_mutex_critical);
}

KMP_EXPORT void __kmpc_ordered(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_ordered_begin(bob_self());
}

KMP_EXPORT void __kmpc_end_ordered(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    bob_ordered_end();
}

KMP_EXPORT void __kmpc_flush(ident_t *loc)
{
    (void)loc;
    atomic_thread_fence(memory_order_seq_cst);
    BOB_OMPT((bob_ompt_ra = __builtin_return_address(0), bob_ompt_flush()));
}

KMP_EXPORT void __kmpc_copyprivate(ident_t *loc, kmp_int32 gtid, size_t size, void *data,
                                   void (*copy)(void *, void *), kmp_int32 didit)
{
    (void)loc, (void)gtid, (void)size;
    bob_copyprivate(bob_self(), data, copy, didit);
}

/* The location flag saying the compiler also generated atomic updates. */
enum { KMP_IDENT_ATOMIC_REDUCE = 0x10 };

/* Reductions return 1 (combine under the construct's lock, then call the
 * matching end) or 2 (combine with atomics). */
KMP_EXPORT kmp_int32 __kmpc_reduce_nowait(ident_t *loc, kmp_int32 gtid, kmp_int32 nvars,
                                          size_t size, void *data,
                                          void (*combine)(void *, void *),
                                          kmp_critical_name *lock)
{
    (void)gtid, (void)nvars, (void)size, (void)data, (void)combine;
    BOB_OMPT_RA();
    return bob_reduce_begin(bob_self(), (uint32_t *)lock,
                            loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE));
}

KMP_EXPORT void __kmpc_end_reduce_nowait(ident_t *loc, kmp_int32 gtid,
                                         kmp_critical_name *lock)
{
    (void)loc, (void)gtid;
    bob_reduce_end(bob_self(), (uint32_t *)lock, false);
}

KMP_EXPORT kmp_int32 __kmpc_reduce(ident_t *loc, kmp_int32 gtid, kmp_int32 nvars,
                                   size_t size, void *data,
                                   void (*combine)(void *, void *),
                                   kmp_critical_name *lock)
{
    (void)gtid, (void)nvars, (void)size, (void)data, (void)combine;
    BOB_OMPT_RA();
    return bob_reduce_begin(bob_self(), (uint32_t *)lock,
                            loc && (loc->flags & KMP_IDENT_ATOMIC_REDUCE));
}

KMP_EXPORT void __kmpc_end_reduce(ident_t *loc, kmp_int32 gtid, kmp_critical_name *lock)
{
    (void)loc, (void)gtid;
    bob_reduce_end(bob_self(), (uint32_t *)lock, true);
}

KMP_EXPORT void *__kmpc_copyprivate_light(ident_t *loc, kmp_int32 gtid, void *data)
{
    (void)loc, (void)gtid;
    return bob_copyprivate_light(bob_self(), data);
}

/* scope: its barrier and reductions are separate calls; only a tool
 * hears of it. */
KMP_EXPORT void __kmpc_scope(ident_t *loc, kmp_int32 gtid, void *reserved)
{
    (void)loc, (void)gtid, (void)reserved;
    BOB_OMPT_RA();
    BOB_OMPT(bob_ompt_work_begin(bob_self(), ompt_work_scope, 0));
}

KMP_EXPORT void __kmpc_end_scope(ident_t *loc, kmp_int32 gtid, void *reserved)
{
    (void)loc, (void)gtid, (void)reserved;
    BOB_OMPT(bob_ompt_work_end(bob_self()));
}

KMP_EXPORT kmp_int32 __kmpc_cancel(ident_t *loc, kmp_int32 gtid, kmp_int32 kind)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    return bob_cancel(bob_self(), kind);
}

KMP_EXPORT kmp_int32 __kmpc_cancellationpoint(ident_t *loc, kmp_int32 gtid,
                                              kmp_int32 kind)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    return bob_cancellation_point(bob_self(), kind);
}

KMP_EXPORT kmp_int32 __kmpc_cancel_barrier(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    return bob_cancel_barrier(bob_self());
}

/* The error directive at run time: severity 1 warns, 2 ends the program. */
KMP_EXPORT void __kmpc_error(ident_t *loc, int severity, const char *message)
{
    BOB_OMPT(bob_ompt_error(severity == 2, message, __builtin_return_address(0)));
    bob_error_directive_kmp(loc ? loc->psource : NULL, severity == 2, message);
}
