/* System calls that the preemption signal interrupts, made again with
 * their meaning (restart.c). */
#ifndef BTI_RESTART_H
#define BTI_RESTART_H

#include "klt.h"

#include <errno.h>
#include <stdbool.h>
#include <time.h>
#include <ucontext.h>

/* Asks the kernel what it offers (once, at start-up: the handler cannot). */
void bti_restart_init(void);

/* Whether the signal ended a system call with EINTR right before the
 * interrupted instruction. */
static inline bool bti_restart_wanted(const ucontext_t *uc)
{
    return uc->uc_mcontext.gregs[REG_RAX] == -EINTR;
}

/* Called by the handler on k, whose system call the signal ended with
 * EINTR at `at` (CLOCK_MONOTONIC), once k may go on (after its freeze):
 * sets uc to make the call again so that it ends when it would have, or
 * leaves it to return EINTR. */
void bti_restart(bti_klt_t *k, ucontext_t *uc, const struct timespec *at);

#endif
