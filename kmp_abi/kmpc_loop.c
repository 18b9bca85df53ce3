/* Entry points of the loop constructs. Each comes in the compiler's four
 * induction-variable types (4, 4u, 8, 8u); one macro defines all four over
 * the runtime's 64-bit loop description. */
#include "kmpc.h"

/* T: the bound type, ST: the (signed) stride type, U: is T unsigned. The
 * casts through T widen signed values by sign and unsigned ones by zero. */
#define BOB_LOOP_ENTRIES(SFX, T, ST, U)                                              \
    KMP_EXPORT void __kmpc_for_static_init_##SFX(                                    \
        ident_t *loc, kmp_int32 gtid, kmp_int32 sched, kmp_int32 *last, T *lower,    \
        T *upper, ST *stride, ST incr, ST chunk)                                     \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        bob_loop_t l = {(int64_t)*lower, (int64_t)*upper, incr, U};                  \
        int64_t st;                                                                  \
        bob_for_static_init(bob_self(), sched, &l, chunk, &st, last);                \
        *lower = (T)l.lb;                                                            \
        *upper = (T)l.ub;                                                            \
        *stride = (ST)st;                                                            \
    }                                                                                \
    KMP_EXPORT void __kmpc_dispatch_init_##SFX(ident_t *loc, kmp_int32 gtid,         \
                                               kmp_int32 sched, T lb, T ub, ST incr, \
                                               ST chunk)                             \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        bob_loop_t l = {(int64_t)lb, (int64_t)ub, incr, U};                          \
        bob_dispatch_init(bob_self(), sched, &l, chunk);                             \
    }                                                                                \
    KMP_EXPORT int __kmpc_dispatch_next_##SFX(ident_t *loc, kmp_int32 gtid,          \
                                              kmp_int32 *last, T *lb, T *ub,         \
                                              ST *stride)                            \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        int64_t l, u, st;                                                            \
        if (!bob_dispatch_next(bob_self(), &l, &u, &st, last))                       \
            return 0;                                                                \
        *lb = (T)l;                                                                  \
        *ub = (T)u;                                                                  \
        if (stride)                                                                  \
            *stride = (ST)st;                                                        \
        return 1;                                                                    \
    }                                                                                \
    KMP_EXPORT void __kmpc_dispatch_fini_##SFX(ident_t *loc, kmp_int32 gtid)         \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        bob_dispatch_fini_iteration(bob_self());                                     \
    }

BOB_LOOP_ENTRIES(4, kmp_int32, kmp_int32, false)
BOB_LOOP_ENTRIES(4u, kmp_uint32, kmp_int32, true)
BOB_LOOP_ENTRIES(8, kmp_int64, kmp_int64, false)
BOB_LOOP_ENTRIES(8u, kmp_uint64, kmp_int64, true)

KMP_EXPORT void __kmpc_for_static_fini(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
}

KMP_EXPORT void __kmpc_dispatch_deinit(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
}
