/* This file implements the runtime's locks, whose waiters suspend through
 * bt_futex_wait, so an ES whose unit waits runs other units (the holder
 * among them if it shares the ES).
 *
 * Lock: one 4-byte word (gcc's omp_lock_t is 4 bytes), the body of OpenMP
 * locks, critical sections and reductions: 0 free, 1 held, 2 held and maybe
 * waited on (the classic futex mutex).
 *
 * Nest lock: two words (clang's omp_nest_lock_t is 8 bytes):
 *     word 0   count << 2 | waiters << 1 | held    (0 when free)
 *     word 1   owner id (0 when free)
 * Only the owner writes word 1 and changes the count; others only set the
 * waiters bit, which is why the count moves with atomic adds. */
#include "task.h"

#include <bobbin/threading.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool bob_lock_try(uint32_t *word)
{
    uint32_t free = 0;
    return __atomic_compare_exchange_n(word, &free, 1, false, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

/* A waiter looks before it pauses, and pauses only while the lock is held
 * (a contended critical section measured 18 ns per entry pausing first, 9
 * ns so). It spins as long as its ES would idle before sleeping
 * (bt_spin_count), not BOB_SPIN_ALONE rounds, while the ES has nothing
 * else to run: such a lock is often taken again and again by the holder
 * (nothing makes it fair), and a waiter suspended after 0.1 ms cost each
 * hand-off a wake-up and a switch. Between looks it pauses 1, 2, 4 ... 64
 * times: every look pulls the line from the holder, who must take it back
 * to release and to take the lock again (interleaved medians, 2 threads,
 * 64 units of work under the lock, gcc: 14.8 -> 7.7 ns per entry,
 * libgomp's 10.4; clang 8.8 -> 2.7). A try that fails on a free-looking
 * word means another took the lock, so the next look counts a round: the
 * spin still ends, and the waiter suspends. */
enum { LOCK_MAX_PAUSES = 64 };

/* true once it took the lock, false when spinning no longer pays */
static bool spin_to_take(uint32_t *word)
{
    int limit = bt_spin_count(), pauses = 1;
    for (bob_spin_t s = {0};;) {
        if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0) {
            if (bob_lock_try(word))
                return true;
            continue;
        }
        for (int i = 0; i < pauses; i++)
            if (!bob_spin_upto(&s, limit))
                return false;
        if (pauses < LOCK_MAX_PAUSES)
            pauses *= 2;
    }
}

void bob_lock_acquire(uint32_t *word)
{
    if (bob_lock_try(word) || spin_to_take(word))
        return;
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0)
        bob_wait(word, 2, "a lock or critical section");
}

void bob_lock_release(uint32_t *word)
{
    if (__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2)
        bt_futex_wake(word, 1);
}

/* Not preempted while held (bt_nopreempt_enter): a unit of the holder's ES
 * spinning here would keep the ES from resuming it. So the holder must not
 * wait for what a preempted unit may hold either: it calls no allocator,
 * whose lock a unit preempted in malloc on the same ES may hold. */
void bob_spin_acquire(uint32_t *word)
{
    bt_nopreempt_enter();
    while (__atomic_exchange_n(word, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(word, __ATOMIC_RELAXED))
            __builtin_ia32_pause();
}

void bob_spin_release(uint32_t *word)
{
    __atomic_store_n(word, 0, __ATOMIC_RELEASE);
    bt_nopreempt_leave();
}

enum { HELD = 1, WAITERS = 2, ONE = 4 };

/* Explicit tasks' owner ids: the high bit set (an implicit task's gtid + 1
 * never has it), the rest a number no live task holds. Only tasks that take
 * nest locks draw one, so a spinlock suffices. */
enum { EXPLICIT = 1u << 31 };

static uint32_t owners_lock;
static uint32_t *owners_free, owners_nfree, owners_cap, owners_next;

uint32_t bob_nest_owner(bob_thread_t *self)
{
    bob_task_t *t = self->task;
    if (!t)
        return (uint32_t)self->gtid + 1;
    if (t->nest_owner)
        return t->nest_owner;
    bob_spin_acquire(&owners_lock);
    uint32_t id = owners_nfree ? owners_free[--owners_nfree] : EXPLICIT | ++owners_next;
    bob_spin_release(&owners_lock);
    return t->nest_owner = id;
}

/* The list grows in memory allocated with the lock released
 * (bob_spin_acquire), as often as others fill it meanwhile. */
void bob_nest_owner_free(uint32_t owner)
{
    uint32_t *grown = NULL, *old = NULL, grown_cap = 0;
    bob_spin_acquire(&owners_lock);
    while (owners_nfree == owners_cap) {
        if (grown_cap > owners_cap) {
            if (owners_nfree) /* the first list: nothing to copy from NULL */
                memcpy(grown, owners_free, owners_nfree * sizeof *grown);
            old = owners_free;
            owners_free = grown;
            owners_cap = grown_cap;
            grown = NULL;
            break;
        }
        grown_cap = owners_cap ? 2 * owners_cap : 64;
        bob_spin_release(&owners_lock);
        free(grown);
        grown = malloc(grown_cap * sizeof *grown);
        if (!grown)
            bob_fatal("out of memory for nest lock owners");
        bob_spin_acquire(&owners_lock);
    }
    owners_free[owners_nfree++] = owner;
    bob_spin_release(&owners_lock);
    free(old);
    free(grown);
}

int bob_nest_lock_try(uint32_t *w, uint32_t self)
{
    if (__atomic_load_n(&w[1], __ATOMIC_RELAXED) == self)
        return (int)(__atomic_add_fetch(&w[0], ONE, __ATOMIC_RELAXED) >> 2);
    uint32_t free = 0;
    if (!__atomic_compare_exchange_n(&w[0], &free, ONE | HELD, false, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED))
        return 0;
    __atomic_store_n(&w[1], self, __ATOMIC_RELAXED);
    return 1;
}

void bob_nest_lock_acquire(uint32_t *w, uint32_t self)
{
    while (!bob_nest_lock_try(w, self)) {
        uint32_t v = __atomic_load_n(&w[0], __ATOMIC_RELAXED);
        if (v == 0)
            continue;
        if (!(v & WAITERS) && !__atomic_compare_exchange_n(&w[0], &v, v | WAITERS, false,
                                                           __ATOMIC_RELAXED,
                                                           __ATOMIC_RELAXED))
            continue;
        bob_wait(&w[0], v | WAITERS, "a nest lock");
    }
}

bool bob_nest_lock_release(uint32_t *w)
{
    if ((__atomic_load_n(&w[0], __ATOMIC_RELAXED) >> 2) > 1) {
        __atomic_sub_fetch(&w[0], ONE, __ATOMIC_RELAXED);
        return false;
    }
    __atomic_store_n(&w[1], 0, __ATOMIC_RELAXED);
    if (__atomic_exchange_n(&w[0], 0, __ATOMIC_RELEASE) & WAITERS)
        bt_futex_wake(&w[0], INT_MAX);
    return true;
}

bool bob_nest_lock_owned(const uint32_t *w, uint32_t self)
{
    return __atomic_load_n(&w[1], __ATOMIC_RELAXED) == self;
}
