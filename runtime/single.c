/* This file handles the SINGLE construct, copyprivate and the critical
 * section reductions are made of.
 *
 * single: each thread counts the single constructs it meets; the team
 * counts those claimed. The first thread to reach construct k moves the
 * team's count from k-1 to k and runs it: no state to reset, and nowait
 * singles may overlap. */
#include "rt.h"
#include "tls.h"

bool bob_single_begin(bob_thread_t *self)
{
    uint64_t mine = ++self->single_next;
    if (self->team->nthreads == 1)
        return true;
    uint64_t previous = mine - 1;
    return atomic_compare_exchange_strong_explicit(&self->team->single_claimed,
                                                   &previous, mine,
                                                   memory_order_acq_rel,
                                                   memory_order_relaxed);
}

/* The barrier before the copies publishes the data, the one after keeps the
 * source alive until every thread has copied. data is an array of size
 * bytes of pointers to the variables; those in the single thread's TLS are
 * read from a snapshot, since on a shared ES every thread's TLS variable has
 * the same address (tls.c). */
void bob_copyprivate(bob_thread_t *self, size_t size, void *data,
                     void (*copy)(void *, void *), bool didit)
{
    bob_team_t *team = self->team;
    void *translation = NULL;
    if (didit) {
        void **published = data;
        if (bob_tls_active())
            translation = bob_tls_translate(data, (int)(size / sizeof(void *)), &published);
        team->copyprivate = published;
    }
    bob_barrier(self);
    if (!didit)
        copy(data, team->copyprivate);
    bob_barrier(self);
    bob_tls_release(translation);
}

/* The light form: the single thread passes its data, every thread gets it
 * back after the barrier; the compiler copies and adds the second barrier. */
void *bob_copyprivate_light(bob_thread_t *self, void *data)
{
    if (data)
        self->team->copyprivate = data;
    bob_barrier(self);
    return self->team->copyprivate;
}

/* Reductions combine under the construct's lock: every thread adds its
 * partial result to the shared one in turn. */
bool bob_reduce_begin(bob_thread_t *self, uint32_t *lock)
{
    if (self->team->nthreads > 1)
        bob_lock_acquire(lock);
    return true;
}

void bob_reduce_end(bob_thread_t *self, uint32_t *lock, bool barrier)
{
    if (self->team->nthreads > 1)
        bob_lock_release(lock);
    if (barrier)
        bob_barrier(self);
}
