/* This file is how the runtime's waiters wait: spin a while, then suspend
 * the work unit on the word with bt_futex_wait, so its ES runs other units
 * (the one being waited for among them, if it shares the ES).
 *
 * How long to spin. A suspended waiter costs its waker a wake-up and its ES
 * a switch; a spinning one costs the ES's other ready units their turn (a
 * task waited for may be one of them). So a waiter spins (bob_spin in
 * rt.h), up to BOB_SPIN_ALONE rounds (about 0.1 ms), only while its ES has
 * nothing else to run (bt_spin_pays, which also honours a passive wait
 * policy; asked every 16 rounds, since a hand-off's latency is a round).
 * A flat team thus waits as a Pthread runtime's would, and 64 threads on 2
 * ESs hand their ESs to each other at once.
 *
 * A thread that sleeps until tasks have run says so (bt_units_wanted): a
 * team-mate that spins on its ES without a scheduling point is then
 * preempted for them, as a Pthread is by the OS, where they would
 * otherwise wait for it for ever. */
#include "rt.h"
#include "task.h"

#include <bobbin/threading.h>
#include <limits.h>

void bob_wait(uint32_t *word, uint32_t expected, const char *what)
{
    if (bt_self_is_tasklet()) {
        if (bob_self()->task)
            bob_fatal("%s in a task run as a tasklet (BOBBIN_TASK_KIND=tasklet); "
                      "tasklets cannot suspend: use ult", what);
        bob_fatal("%s in an OpenMP thread run as a tasklet (BOBBIN_THREAD_KIND); "
                  "tasklets cannot suspend: use ult for this nesting level", what);
    }
    bt_futex_wait(word, expected);
}

/* The waiter counts itself before it looks at the word again, and the
 * changer stores the word before it looks at the count (all seq_cst): so
 * either the waiter sees the new value or the changer sees the waiter. A
 * flag that the changer clears would not do: a changer that made the value
 * the waiter already saw can clear it late, and the next changer then skips
 * the wake-up. */
void bob_wait_change(uint32_t *word, uint32_t seen, _Atomic uint32_t *waiters,
                     const char *what)
{
    atomic_fetch_add(waiters, 1);
    if (__atomic_load_n(word, __ATOMIC_SEQ_CST) == seen)
        bob_wait(word, seen, what);
    /* relaxed: a changer that still sees this waiter only wakes in vain */
    atomic_fetch_sub_explicit(waiters, 1, memory_order_relaxed);
}

void bob_wake_change(uint32_t *word, _Atomic uint32_t *waiters)
{
    if (atomic_load(waiters))
        bt_futex_wake(word, INT_MAX);
}

enum spun { SPUN_ZERO, SPUN_HELPED, SPUN_OUT };

/* Spins (bob_spin) until *word is 0, help runs a unit in place, or
 * spinning no longer pays. */
static enum spun spin_helping(_Atomic uint32_t *word, bool (*help)(void *), void *arg)
{
    bob_spin_t s = {0};
    for (;;) {
        while (atomic_load_explicit(word, memory_order_acquire) && bob_spin(&s))
            ;
        if (!atomic_load_explicit(word, memory_order_acquire))
            return SPUN_ZERO;
        if (help && help(arg))
            return SPUN_HELPED;
        if (!bob_spin_resumes(&s))
            return SPUN_OUT;
    }
}

/* bob_wait returns once the word is no longer v, or spuriously: the word
 * is looked at again, and a waiter woken early spins (or helps) anew. */
void bob_wait_zero_helping(_Atomic uint32_t *word, const char *what, bool (*help)(void *),
                           void *arg, bob_thread_t *lender, bob_lend_t to_whom)
{
    for (;;) {
        enum spun spun = spin_helping(word, help, arg);
        if (spun == SPUN_ZERO)
            return;
        if (spun == SPUN_HELPED)
            continue;
        uint32_t v = atomic_load_explicit(word, memory_order_acquire);
        if (!v)
            return;
        if (lender) { /* what it waits for includes tasks, which it lets run */
            bob_seat_lend(lender, to_whom);
            bt_units_wanted(1);
        }
        bob_wait((uint32_t *)word, v, what);
        if (lender) {
            bt_units_wanted(-1);
            bob_seat_reclaim(lender);
        }
    }
}

void bob_wait_zero(_Atomic uint32_t *word, const char *what)
{
    bob_wait_zero_helping(word, what, NULL, NULL, NULL, BOB_LEND_TEAM);
}
