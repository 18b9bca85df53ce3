/* This file handles the SINGLE construct, copyprivate and the critical
 * section reductions are made of.
 *
 * single: each thread counts the single constructs it meets; the team
 * counts those claimed. The first thread to reach construct k moves the
 * team's count from k-1 to k and runs it: no state to reset, and nowait
 * singles may overlap. */
#include "rt.h"
#include "ompt/ompt.h"

static bool claim(bob_thread_t *self)
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

/* A tool hears the executor begin (its end is the compiler's call) and
 * each other thread begin and end at once. */
bool bob_single_begin(bob_thread_t *self)
{
    bool mine = claim(self);
    BOB_OMPT(bob_ompt_single(self, mine));
    return mine;
}

/* The barrier before the copies publishes the data, the one after keeps the
 * source alive until every thread has copied. data is the compiler's array
 * of pointers to the single thread's variables, its threadprivate ones
 * included: every OpenMP thread's TLS has addresses of its own. */
void bob_copyprivate(bob_thread_t *self, void *data, void (*copy)(void *, void *),
                     bool didit)
{
    bob_team_t *team = self->team;
    if (didit)
        team->copyprivate = data;
    bob_barrier(self);
    if (!didit)
        copy(data, team->copyprivate);
    bob_barrier(self);
}

/* The light form: the single thread passes its data (gcc's block of
 * values and addresses, or clang's array of addresses), every thread gets
 * it back after the barrier; the compiler copies and adds the second
 * barrier. */
void *bob_copyprivate_light(bob_thread_t *self, void *data)
{
    bob_team_t *team = self->team;
    if (data)
        team->copyprivate = data;
    bob_barrier(self);
    return team->copyprivate;
}

/* Reductions. Where the compiler generated atomic updates (it says so in
 * the location's flags) every thread uses them (method 2): no thread waits,
 * which a tasklet could not. Otherwise each thread combines its partial
 * result under the construct's lock (method 1). A thread alone combines
 * without either, unless it is one team of a league: the teams' initial
 * threads combine into the same variables at once. */
static int reduce_method(bob_thread_t *self, uint32_t *lock, bool atomic_ok)
{
    self->reduce_locked = false;
    if (self->team->nthreads == 1 && self->team->league_size == 1)
        return 1;
    if (atomic_ok)
        return 2;
    bob_lock_acquire(lock);
    self->reduce_locked = true;
    return 1;
}

/* For a tool, a thread's part of the reduction is the combining: under
 * the lock (method 1) until the compiler's end call, with atomics at once. */
int bob_reduce_begin(bob_thread_t *self, uint32_t *lock, bool atomic_ok)
{
    int method = reduce_method(self, lock, atomic_ok);
    BOB_OMPT(bob_ompt_reduce_begin(self, method == 1));
    return method;
}

void bob_reduce_end(bob_thread_t *self, uint32_t *lock, bool barrier)
{
    BOB_OMPT(bob_ompt_reduce_end(self));
    if (self->reduce_locked)
        bob_lock_release(lock);
    self->reduce_locked = false;
    if (barrier)
        bob_barrier(self);
}
