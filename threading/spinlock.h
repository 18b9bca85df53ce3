/* The substrate's spinlocks, held for a few stores (the waiter queue of a
 * sync object, a spill list, a priority pool), never across a switch. A
 * unit holding one is not preempted (bti_nopreempt): were it frozen, a unit
 * of its ES spinning for the lock would keep the ES from ever resuming it. */
#ifndef BTI_SPINLOCK_H
#define BTI_SPINLOCK_H

#include "futex.h"
#include "preempt.h"

static inline void bti_spin_lock(_Atomic int *lock)
{
    bti_nopreempt_enter();
    while (atomic_exchange_explicit(lock, 1, memory_order_acquire))
        while (atomic_load_explicit(lock, memory_order_relaxed))
            bti_cpu_relax();
}

static inline void bti_spin_unlock(_Atomic int *lock)
{
    atomic_store_explicit(lock, 0, memory_order_release);
    bti_nopreempt_leave();
}

#endif
