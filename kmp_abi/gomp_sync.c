/* GOMP entry points of the synchronisation constructs: barrier, critical,
 * atomic, single (and copyprivate), ordered, doacross and cancellation. */
#include "gomp_abi.h"

#include "kmpc_atomic.h"

#include <stdarg.h>

/* gcc calls it for the BARRIER construct and for the implicit barrier of
 * a worksharing construct alike: a tool is told of a barrier, no more. */
GOMP_EXPORT void GOMP_barrier(void)
{
    BOB_OMPT_RA();
    bob_barrier_as(bob_self(), ompt_sync_region_barrier);
}

GOMP_EXPORT bool GOMP_barrier_cancel(void) { return bob_cancel_barrier(bob_self()); }

/* ---- critical: unnamed ones share one lock; a named one's lock is the
 * first 4 bytes of the pointer-sized common symbol gcc makes for the name
 * (.gomp_critical_user_<name>), zero-initialised like a free lock. ---------- */

static uint32_t unnamed_critical;

GOMP_EXPORT void GOMP_critical_start(void)
{
    BOB_OMPT_RA();
    bob_mutex_acquire(&unnamed_critical, ompt_mutex_critical, 0);
}

GOMP_EXPORT void GOMP_critical_end(void)
{
    BOB_OMPT_RA();
    bob_mutex_release(&unnamed_critical, ompt_mutex_critical);
}

GOMP_EXPORT void GOMP_critical_name_start(void **pptr)
{
    BOB_OMPT_RA();
    bob_mutex_acquire((uint32_t *)pptr, ompt_mutex_critical, 0);
}

GOMP_EXPORT void GOMP_critical_name_end(void **pptr)
{
    BOB_OMPT_RA();
    bob_mutex_release((uint32_t *)pptr, ompt_mutex_critical);
}

/* ---- atomic: the code gcc cannot make lock-free runs under the lock that
 * __kmpc_atomic_start/end take too. ---------------------------------------- */

GOMP_EXPORT void GOMP_atomic_start(void)
{
    BOB_OMPT_RA();
    bob_atomic_section_begin();
}

GOMP_EXPORT void GOMP_atomic_end(void)
{
    BOB_OMPT_RA();
    bob_atomic_section_end();
}

/* ---- single ------------------------------------------------------------------ */

/* gcc does not call the runtime where the executor's block ends: a tool
 * hears the single end where it begins. */
GOMP_EXPORT bool GOMP_single_start(void)
{
    BOB_OMPT_RA();
    bool mine = bob_single_begin(bob_self());
    if (mine)
        BOB_OMPT(bob_ompt_work_end(bob_self()));
    return mine;
}

/* single copyprivate: NULL in the thread that runs the block, which then
 * publishes its data with GOMP_single_copy_end; the others get that
 * pointer once it is published (gcc ends the construct with a barrier, so
 * the data outlives their copies). */
GOMP_EXPORT void *GOMP_single_copy_start(void)
{
    bob_thread_t *self = bob_self();
    if (bob_single_begin(self))
        return NULL;
    return bob_copyprivate_light(self, NULL);
}

GOMP_EXPORT void GOMP_single_copy_end(void *data)
{
    BOB_OMPT(bob_ompt_work_end(bob_self())); /* the executor's block has ended */
    bob_copyprivate_light(bob_self(), data);
}

/* ---- ordered and doacross ------------------------------------------------------- */

GOMP_EXPORT void GOMP_ordered_start(void)
{
    BOB_OMPT_RA();
    bob_gomp_ordered_start(bob_self());
}

GOMP_EXPORT void GOMP_ordered_end(void)
{
    BOB_OMPT_RA();
    bob_ordered_end();
}

/* The iteration vectors are logical iteration numbers, one per dimension of
 * the doacross nest; wait passes them as varargs. */
#define GOMP_DOACROSS(SFX, T)                                                          \
    GOMP_EXPORT void GOMP_doacross_##SFX##post(T *counts)                              \
    {                                                                                  \
        bob_thread_t *self = bob_self();                                               \
        unsigned n = bob_gomp_doacross_ndims(self);                                    \
        if (n == 0) /* no doacross loop in progress */                                 \
            return;                                                                    \
        int64_t vec[n];                                                                \
        for (unsigned d = 0; d < n; d++)                                               \
            vec[d] = (int64_t)counts[d];                                               \
        bob_doacross_post(self, vec);                                                  \
    }                                                                                  \
    GOMP_EXPORT void GOMP_doacross_##SFX##wait(T first, ...)                           \
    {                                                                                  \
        bob_thread_t *self = bob_self();                                               \
        unsigned n = bob_gomp_doacross_ndims(self);                                    \
        if (n == 0)                                                                    \
            return;                                                                    \
        int64_t vec[n];                                                                \
        va_list ap;                                                                    \
        va_start(ap, first);                                                           \
        vec[0] = (int64_t)first;                                                       \
        for (unsigned d = 1; d < n; d++)                                               \
            vec[d] = (int64_t)va_arg(ap, T);                                           \
        va_end(ap);                                                                    \
        bob_doacross_wait(self, vec);                                                  \
    }

GOMP_DOACROSS(, long)
GOMP_DOACROSS(ull_, unsigned long long)

/* ---- cancellation ---------------------------------------------------------------- */

/* do_cancel false (an if clause that is false): a cancellation point. */
GOMP_EXPORT bool GOMP_cancel(int which, bool do_cancel)
{
    BOB_OMPT_RA();
    bob_thread_t *self = bob_self();
    int kind = bob_gomp_cancel_kind(which);
    return do_cancel ? bob_cancel(self, kind) : bob_cancellation_point(self, kind);
}

GOMP_EXPORT bool GOMP_cancellation_point(int which)
{
    BOB_OMPT_RA();
    return bob_cancellation_point(bob_self(), bob_gomp_cancel_kind(which));
}
