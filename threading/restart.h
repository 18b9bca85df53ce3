/* System calls that the preemption signal interrupts, made again with
 * their meaning (restart.c). */
#ifndef BTI_RESTART_H
#define BTI_RESTART_H

#include "klt.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <ucontext.h>

/* Asks the kernel what it offers (once, at start-up: the handler cannot). */
void bti_restart_init(void);

/* Whether the preemption handler may freeze a KLT stopped at pc outside
 * [lo, hi), Bobbin's code, or at the stub where it makes a socket call
 * again, which holds no state of Bobbin's. */
static inline bool bti_restart_may_freeze(uintptr_t pc, uintptr_t lo, uintptr_t hi)
{
    extern const unsigned char bti_restart_socket_back[];
    return pc < lo || pc >= hi || pc == (uintptr_t)bti_restart_socket_back;
}

/* Whether the signal on k ended a system call with EINTR right before the
 * interrupted instruction, or found k about to enter one that bti_restart
 * made again: that one is set back to having ended with EINTR, which it
 * has not left yet, for bti_restart to make again or end. */
bool bti_restart_wanted(bti_klt_t *k, ucontext_t *uc);

/* The monitor, about to signal k: notes the system call k is blocked in,
 * as the kernel shows it, should the handler not find its number. */
void bti_restart_note(bti_klt_t *k);

/* The handler on k takes what the monitor noted, if anything (into *c). */
static inline bool bti_restart_take_note(bti_klt_t *k, struct bti_seen_call *c)
{
    if (!atomic_exchange_explicit(&k->seen_valid, 0, memory_order_acquire))
        return false;
    *c = k->seen;
    return true;
}

/* Called by the handler on k, whose system call the signal ended with
 * EINTR at `at` (CLOCK_MONOTONIC), once k may go on (after its freeze):
 * sets uc to make the call again so that it ends when it would have, or
 * leaves it to return EINTR. seen: what the monitor noted, or NULL. */
void bti_restart(bti_klt_t *k, ucontext_t *uc, const struct timespec *at,
                 const struct bti_seen_call *seen);

/* Called by the handler on k when bti_restart_wanted was not: if k stands
 * at a syscall instruction that the kernel moved it back to, to make the
 * call the signal ended again after the handler (SA_RESTART), where the
 * monitor saw it blocked (seen, or NULL) or where a handler found it so
 * before, a signal of the program's that came meanwhile, whose handler
 * would have had the call end, ends it with EINTR rather than run before
 * it is made again. */
void bti_restart_interrupted(bti_klt_t *k, ucontext_t *uc, const struct bti_seen_call *seen);

#endif
