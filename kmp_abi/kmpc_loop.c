/* Entry points of the loop constructs. Each comes in the compiler's four
 * induction-variable types (4, 4u, 8, 8u); one macro defines all four over
 * the runtime's 64-bit loop description. Collapsed loop nests come last. */
#include "kmpc.h"

/* distribute with a dist_schedule chunk (LLVM's kmp_distribute_static_chunked). */
enum { KMP_DISTRIBUTE_STATIC_CHUNKED = 91 };

/* The worksharing construct a static loop's location names, for a tool. */
static int work_of(const ident_t *loc)
{
    int flags = loc ? loc->flags : 0;
    return flags & KMP_IDENT_WORK_SECTIONS     ? ompt_work_sections
           : flags & KMP_IDENT_WORK_DISTRIBUTE ? ompt_work_distribute
                                               : BOB_OMPT_WORK_LOOP_STATIC;
}

/* T: the bound type, ST: the (signed) stride type, U: is T unsigned. The
 * casts through T widen signed values by sign and unsigned ones by zero. */
#define BOB_LOOP_ENTRIES(SFX, T, ST, U)                                              \
    KMP_EXPORT void __kmpc_for_static_init_##SFX(                                    \
        ident_t *loc, kmp_int32 gtid, kmp_int32 sched, kmp_int32 *last, T *lower,    \
        T *upper, ST *stride, ST incr, ST chunk)                                     \
    {                                                                                \
        (void)gtid;                                                                  \
        BOB_OMPT_RA();                                                               \
        bob_loop_t l = {(int64_t)*lower, (int64_t)*upper, incr, U, incr < 0};       \
        BOB_OMPT(bob_ompt_work_begin(bob_self(), work_of(loc), bob_trip_count(&l))); \
        int64_t st;                                                                  \
        bob_for_static_init(bob_self(), sched, &l, chunk, &st, last);                \
        BOB_OMPT(bob_ompt_static_chunk(bob_self(), l.lb, l.ub, incr));               \
        *lower = (T)l.lb;                                                            \
        *upper = (T)l.ub;                                                            \
        *stride = (ST)st;                                                            \
    }                                                                                \
    KMP_EXPORT void __kmpc_dispatch_init_##SFX(ident_t *loc, kmp_int32 gtid,         \
                                               kmp_int32 sched, T lb, T ub, ST incr, \
                                               ST chunk)                             \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        BOB_OMPT_RA();                                                               \
        bob_loop_t l = {(int64_t)lb, (int64_t)ub, incr, U, incr < 0};               \
        bob_dispatch_init(bob_self(), sched, &l, chunk);                             \
    }                                                                                \
    KMP_EXPORT int __kmpc_dispatch_next_##SFX(ident_t *loc, kmp_int32 gtid,          \
                                              kmp_int32 *last, T *lb, T *ub,         \
                                              ST *stride)                            \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        int64_t l, u, st;                                                            \
        if (!bob_dispatch_next(bob_self(), &l, &u, &st, last)) {                     \
            BOB_OMPT(bob_ompt_work_end(bob_self()));                                 \
            return 0;                                                                \
        }                                                                            \
        BOB_OMPT(bob_ompt_loop_chunk(bob_self(), l, u, st));                         \
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
    }                                                                                \
    KMP_EXPORT void __kmpc_dist_for_static_init_##SFX(                               \
        ident_t *loc, kmp_int32 gtid, kmp_int32 sched, kmp_int32 *last, T *lower,    \
        T *upper, T *team_upper, ST *stride, ST incr, ST chunk)                      \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        BOB_OMPT_RA();                                                               \
        bob_loop_t l = {(int64_t)*lower, (int64_t)*upper, incr, U, incr < 0};       \
        BOB_OMPT(bob_ompt_work_begin(bob_self(), ompt_work_distribute, 0));          \
        int64_t team_ub, st;                                                         \
        bob_dist_for_static_init(bob_self(), sched, &l, chunk, &team_ub, &st, last); \
        BOB_OMPT(bob_ompt_static_chunk(bob_self(), l.lb, team_ub, incr));            \
        *lower = (T)l.lb;                                                            \
        *upper = (T)l.ub;                                                            \
        *team_upper = (T)team_ub;                                                    \
        *stride = (ST)st;                                                            \
    }                                                                                \
    KMP_EXPORT void __kmpc_team_static_init_##SFX(ident_t *loc, kmp_int32 gtid,      \
                                                  kmp_int32 *last, T *lower,         \
                                                  T *upper, ST *stride, ST incr,     \
                                                  ST chunk)                          \
    {                                                                                \
        __kmpc_for_static_init_##SFX(loc, gtid, KMP_DISTRIBUTE_STATIC_CHUNKED, last, \
                                     lower, upper, stride, incr, chunk);             \
    }                                                                                \
    KMP_EXPORT void __kmpc_dist_dispatch_init_##SFX(ident_t *loc, kmp_int32 gtid,    \
                                                    kmp_int32 sched, kmp_int32 *last,\
                                                    T lb, T ub, ST incr, ST chunk)   \
    {                                                                                \
        (void)loc, (void)gtid;                                                       \
        BOB_OMPT_RA();                                                               \
        bob_loop_t l = {(int64_t)lb, (int64_t)ub, incr, U, incr < 0};               \
        bob_dist_dispatch_init(bob_self(), sched, &l, chunk, last);                  \
    }

BOB_LOOP_ENTRIES(4, kmp_int32, kmp_int32, false)
BOB_LOOP_ENTRIES(4u, kmp_uint32, kmp_int32, true)
BOB_LOOP_ENTRIES(8, kmp_int64, kmp_int64, false)
BOB_LOOP_ENTRIES(8u, kmp_uint64, kmp_int64, true)

KMP_EXPORT void __kmpc_for_static_fini(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT(bob_ompt_work_end(bob_self()));
}

KMP_EXPORT void __kmpc_dispatch_deinit(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
}

/* sections when the compiler asks for section numbers. */
KMP_EXPORT kmp_int32 __kmpc_sections_init(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT_RA();
    BOB_OMPT(bob_ompt_work_begin(bob_self(), ompt_work_sections, 0));
    bob_sections_init(bob_self());
    return 1;
}

KMP_EXPORT kmp_int32 __kmpc_next_section(ident_t *loc, kmp_int32 gtid, kmp_int32 n)
{
    (void)loc, (void)gtid;
    int i = bob_next_section(bob_self(), n);
    if (i < n)
        BOB_OMPT(bob_ompt_section(bob_self()));
    return i;
}

KMP_EXPORT void __kmpc_end_sections(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    BOB_OMPT(bob_ompt_work_end(bob_self()));
}

/* doacross: the compiler's loop nest description, one per dimension. */
struct kmp_dim {
    kmp_int64 lo, up, st;
};

KMP_EXPORT void __kmpc_doacross_init(ident_t *loc, kmp_int32 gtid, kmp_int32 ndims,
                                     const struct kmp_dim *dims)
{
    (void)loc, (void)gtid;
    bob_doacross_init(bob_self(), ndims, (const int64_t *)dims);
}

KMP_EXPORT void __kmpc_doacross_wait(ident_t *loc, kmp_int32 gtid, const kmp_int64 *vec)
{
    (void)loc, (void)gtid;
    bob_doacross_wait(bob_self(), vec);
}

KMP_EXPORT void __kmpc_doacross_post(ident_t *loc, kmp_int32 gtid, const kmp_int64 *vec)
{
    (void)loc, (void)gtid;
    bob_doacross_post(bob_self(), vec);
}

KMP_EXPORT void __kmpc_doacross_fini(ident_t *loc, kmp_int32 gtid)
{
    (void)loc, (void)gtid;
    bob_doacross_fini(bob_self());
}

/* Collapsed loop nests: the compiler's bounds_info_t is bob_nest_level_t
 * (rt.h); kmp_index_t is a 32-bit int. */
_Static_assert(sizeof(bob_nest_level_t) == 64, "bounds_info_t is 64 bytes");

KMP_EXPORT kmp_uint64 __kmpc_process_loop_nest_rectang(ident_t *loc, kmp_int32 gtid,
                                                       bob_nest_level_t *nest, kmp_int32 n)
{
    (void)loc, (void)gtid;
    return bob_nest_rectang_count(nest, n);
}

KMP_EXPORT void __kmpc_calc_original_ivs_rectang(ident_t *loc, kmp_uint64 flat,
                                                 const bob_nest_level_t *nest,
                                                 kmp_uint64 *ivs, kmp_int32 n)
{
    (void)loc;
    bob_nest_rectang_ivs(nest, n, flat, ivs);
}

KMP_EXPORT kmp_int32 __kmpc_for_collapsed_init(ident_t *loc, kmp_int32 gtid,
                                               bob_nest_level_t *nest,
                                               bob_nest_level_t *chunk, kmp_int32 n,
                                               kmp_int32 *last)
{
    (void)loc, (void)gtid;
    return bob_nest_static_chunk(bob_self(), nest, n, chunk, last);
}
