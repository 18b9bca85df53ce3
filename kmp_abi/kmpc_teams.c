/* Entry points of the TEAMS construct on the host. */
#include "kmpc.h"

#include <stdarg.h>

KMP_EXPORT void __kmpc_fork_teams(ident_t *loc, kmp_int32 argc, kmpc_micro fn, ...)
{
    (void)loc;
    BOB_OMPT_RA();
    void *args[argc > 0 ? argc : 1];
    va_list ap;
    va_start(ap, fn);
    for (int i = 0; i < argc; i++)
        args[i] = va_arg(ap, void *);
    va_end(ap);
    bob_fork_teams((void (*)(void))fn, argc, args);
}

KMP_EXPORT void __kmpc_push_num_teams(ident_t *loc, kmp_int32 gtid, kmp_int32 num_teams,
                                      kmp_int32 num_threads)
{
    (void)loc, (void)gtid;
    bob_thread_t *self = bob_self();
    self->push_num_teams = num_teams;
    self->push_teams_thread_limit = num_threads;
}

/* num_teams(lower: upper): any count in the range is allowed; Bobbin gives
 * the upper bound, since teams cost it work units only. */
KMP_EXPORT void __kmpc_push_num_teams_51(ident_t *loc, kmp_int32 gtid, kmp_int32 lower,
                                         kmp_int32 upper, kmp_int32 num_threads)
{
    __kmpc_push_num_teams(loc, gtid, upper > 0 ? upper : lower, num_threads);
}

KMP_EXPORT void __kmpc_set_thread_limit(ident_t *loc, kmp_int32 gtid, kmp_int32 limit)
{
    (void)loc, (void)gtid;
    if (limit > 0)
        bob_self()->icv.thread_limit = limit;
}
