/* This file reports mutual exclusion: locks and nest locks (their init
 * and destroy too), critical sections, gcc's atomic fallback lock and
 * ORDERED. A mutex's wait_id is its address; a thread waiting for one is
 * in wait_lock (nest locks too), wait_critical, wait_atomic or
 * wait_ordered. Bobbin has one implementation of them all, spin then
 * suspend (BOB_OMPT_MUTEX_IMPL, named by enumerate_mutex_impls). */
#include "ompt/ompt.h"

static ompt_state_t wait_state(int kind)
{
    switch (kind) {
    case ompt_mutex_critical:
        return ompt_state_wait_critical;
    case ompt_mutex_atomic:
        return ompt_state_wait_atomic;
    case ompt_mutex_ordered:
        return ompt_state_wait_ordered;
    default:
        return ompt_state_wait_lock;
    }
}

static ompt_wait_id_t id_of(const void *mutex) { return (ompt_wait_id_t)(uintptr_t)mutex; }

/* The return address the shim stored, kept for the acquired event. */
static const void *ra_of(bob_thread_t *self, bool take)
{
    if (!self || !self->ompt)
        return NULL;
    if (take)
        self->ompt->mutex_ra = bob_ompt_take_ra();
    return self->ompt->mutex_ra;
}

void bob_ompt_mutex_acquire(int kind, unsigned hint, const void *mutex)
{
    bob_thread_t *self = bob_self_peek();
    bob_ompt_enter(self);
    const void *ra = ra_of(self, true);
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread) {
        thread->saved_state = thread->state;
        thread->state = wait_state(kind);
        thread->wait_id = id_of(mutex);
    }
    if (BOB_OMPT_CB(mutex_acquire, mutex_acquire))
        BOB_OMPT_CB(mutex_acquire, mutex_acquire)(kind, hint, BOB_OMPT_MUTEX_IMPL, id_of(mutex),
                                                  ra);
}

/* The calling thread waits no more: it took the mutex, or a try failed. */
static bob_thread_t *stop_waiting(void)
{
    bob_thread_t *self = bob_self_peek();
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread) {
        thread->state = thread->saved_state;
        thread->wait_id = 0;
    }
    bob_ompt_leave(self);
    return self;
}

void bob_ompt_mutex_acquired(int kind, const void *mutex)
{
    bob_thread_t *self = stop_waiting();
    if (BOB_OMPT_CB(mutex, mutex_acquired))
        BOB_OMPT_CB(mutex, mutex_acquired)(kind, id_of(mutex), ra_of(self, false));
}

void bob_ompt_mutex_released(int kind, const void *mutex)
{
    if (BOB_OMPT_CB(mutex, mutex_released))
        BOB_OMPT_CB(mutex, mutex_released)(kind, id_of(mutex), bob_ompt_take_ra());
}

void bob_ompt_lock_init(int kind, unsigned hint, const void *mutex)
{
    if (BOB_OMPT_CB(mutex_acquire, lock_init))
        BOB_OMPT_CB(mutex_acquire, lock_init)(kind, hint, BOB_OMPT_MUTEX_IMPL, id_of(mutex),
                                              bob_ompt_take_ra());
}

void bob_ompt_lock_destroy(int kind, const void *mutex)
{
    if (BOB_OMPT_CB(mutex, lock_destroy))
        BOB_OMPT_CB(mutex, lock_destroy)(kind, id_of(mutex), bob_ompt_take_ra());
}

void bob_ompt_lock_acquire(uint32_t *word, int kind, unsigned hint)
{
    bob_ompt_mutex_acquire(kind, hint, word);
    bob_lock_acquire(word);
    bob_ompt_mutex_acquired(kind, word);
}

bool bob_ompt_lock_try(uint32_t *word, int kind)
{
    bob_ompt_mutex_acquire(kind, 0, word);
    bool taken = bob_lock_try(word);
    if (taken)
        bob_ompt_mutex_acquired(kind, word);
    else
        stop_waiting();
    return taken;
}

/* A nest lock the caller owns already is taken again (nest_lock begin),
 * and released but for its last hold (nest_lock end). */
static void nest_lock(ompt_scope_endpoint_t endpoint, const uint32_t *words, const void *ra)
{
    if (BOB_OMPT_CB(nest_lock, nest_lock))
        BOB_OMPT_CB(nest_lock, nest_lock)(endpoint, id_of(words), ra);
}

/* Taking a nest lock is a wait for it (mutex_acquire), then its first hold
 * (mutex_acquired) or another (nest_lock begin), as libomp 19 reports it;
 * a try that fails ends the wait alone. */
static void nest_lock_taken(int kind, const uint32_t *words, bool again)
{
    if (!again) {
        bob_ompt_mutex_acquired(kind, words);
        return;
    }
    nest_lock(ompt_scope_begin, words, ra_of(stop_waiting(), false));
}

void bob_ompt_nest_lock_acquire(uint32_t *words, uint32_t owner)
{
    bool again = bob_nest_lock_owned(words, owner);
    bob_ompt_mutex_acquire(ompt_mutex_nest_lock, 0, words);
    bob_nest_lock_acquire(words, owner);
    nest_lock_taken(ompt_mutex_nest_lock, words, again);
}

int bob_ompt_nest_lock_try(uint32_t *words, uint32_t owner)
{
    bool again = bob_nest_lock_owned(words, owner);
    bob_ompt_mutex_acquire(ompt_mutex_test_nest_lock, 0, words);
    int count = bob_nest_lock_try(words, owner);
    if (count)
        nest_lock_taken(ompt_mutex_test_nest_lock, words, again);
    else
        stop_waiting();
    return count;
}

void bob_ompt_nest_lock_release(uint32_t *words)
{
    if (bob_nest_lock_release(words))
        bob_ompt_mutex_released(ompt_mutex_nest_lock, words);
    else
        nest_lock(ompt_scope_end, words, bob_ompt_take_ra());
}
