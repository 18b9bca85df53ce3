/* GOMP entry points of the SECTIONS construct: the runtime hands out
 * section numbers from 1; 0 means none is left. (parallel sections is in
 * gomp_parallel.c.) */
#include "gomp_abi.h"

GOMP_EXPORT unsigned GOMP_sections_start(unsigned count)
{
    BOB_OMPT_RA();
    return bob_gomp_sections_start(bob_self(), count, 0, NULL);
}

/* GCC 9+: task reductions, and scratch memory of *mem bytes shared by the
 * team (lastprivate conditional). */
GOMP_EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions,
                                          void **mem)
{
    BOB_OMPT_RA();
    bob_gomp_workshare_reductions(bob_self(), reductions);
    return bob_gomp_sections_start(bob_self(), count, mem ? (size_t)(uintptr_t)*mem : 0,
                                   mem);
}

GOMP_EXPORT unsigned GOMP_sections_next(void) { return bob_gomp_sections_next(bob_self()); }

GOMP_EXPORT void GOMP_sections_end(void) { bob_gomp_ws_end(bob_self(), true, false); }

GOMP_EXPORT void GOMP_sections_end_nowait(void) { bob_gomp_ws_end(bob_self(), false, false); }

GOMP_EXPORT bool GOMP_sections_end_cancel(void)
{
    return bob_gomp_ws_end(bob_self(), true, true);
}
