/* Asynchronous preemption that ends in a user-space yield (async.c,
 * async_x86_64.S): the preemption signal's handler, rather than freeze its
 * OS thread with the interrupted unit (klt.h), may make the unit "call"
 * bti_async_entry on return from the handler. The entry saves every
 * register and yields the unit as bt_yield does, on its OS thread, which
 * goes on scheduling; the unit goes on later on whichever OS thread of
 * its ES then picks it, at the instruction it was interrupted at, with
 * every register as it was. No OS thread changes hands, and the unit is
 * no longer pinned to the one it ran on. */
#ifndef BTI_ASYNC_H
#define BTI_ASYNC_H

#include "klt.h"

#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>

/* The executable segments of the loaded libraries whose path contains
 * name (bti_text_find, at start-up: dl_iterate_phdr takes the loader's
 * lock, which a handler must not). */
struct bti_text {
    const char *name;
    uintptr_t lo, hi;
};
void bti_text_find(struct bti_text *texts, size_t n);
bool bti_text_has(const struct bti_text *texts, size_t n, uintptr_t pc);

/* Whether the instruction at pc, code that was interrupted, is a syscall
 * (0f 05). */
static inline bool bti_at_syscall(uintptr_t pc)
{
    const unsigned char *insn = (const unsigned char *)pc;
    return insn[0] == 0x0f && insn[1] == 0x05;
}

/* Reads what the entry needs (the size of the extended state, CPUID leaf
 * 0xD) and where the libraries lie whose code it never redirects; without
 * XSAVE, or on another architecture, nothing is ever redirected. */
void bti_async_init(void);

/* Called by the preemption handler on es's active KLT k, which is to stop
 * es->current, interrupted at uc outside Bobbin's code and not in a system
 * call, where it would freeze k: redirects the unit to bti_async_entry
 * instead, and returns true, if that is safe (async.c lists when). */
bool bti_async_redirect(bti_es_t *es, bti_klt_t *k, ucontext_t *uc);

#endif
