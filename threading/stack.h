/* ULT and scheduler stacks: mmap'ed with a guard region below, cached per
 * ES. */
#ifndef BTI_STACK_H
#define BTI_STACK_H

#include "es.h"

/* Every stack maps this many times the size asked for, so a unit near the
 * top of its stack still has a whole stack's room below: there its joiner
 * runs an unstarted SC unit in place (bt_join) without shortchanging it.
 * Pages never touched cost address space only. */
enum { BTI_STACK_SPAN = 2 };
static inline size_t bti_stack_span(size_t asked) { return BTI_STACK_SPAN * asked; }

/* Bytes of PROT_NONE below a stack whose span is `span`: as large as the
 * size asked for, within [64K, 64M], in 64K steps. A frame that leaps past
 * the end of the stack lands in it, not in whatever is mapped below (a
 * neighbouring stack, written over without a fault), as long as the frame
 * is smaller than the stack, and no frame that fits the stack is larger. A
 * guard costs address space only, never memory or commit charge. */
static inline size_t bti_stack_guard(size_t span)
{
    size_t asked = span / BTI_STACK_SPAN, lo = (size_t)64 << 10, hi = (size_t)64 << 20;
    size_t g = asked < lo ? lo : asked > hi ? hi : asked;
    return (g + lo - 1) & ~(lo - 1);
}

/* Stacks are mapped at the same alignment, so their tops would all fall
 * into one cache set: a unit's first frames start this far below the top,
 * a per-stack offset that spreads them over 64 sets. */
static inline size_t bti_stack_color(const bti_stack_t *s)
{
    return (((uintptr_t)s->lo >> 16) * 0x9E3779B1u) & (63 << 6);
}

/* s without its colour: what a context started on it may use. */
static inline bti_stack_t bti_stack_colored(const bti_stack_t *s)
{
    return (bti_stack_t){s->lo, s->size - bti_stack_color(s)};
}

/* Maps a stack for `size` bytes (bti_stack_span(size) usable); false, with
 * errno set, if the kernel refuses. */
bool bti_stack_map(size_t size, bti_stack_t *s);
void bti_stack_unmap(bti_stack_t *s);

/* Gives ULT u a stack (its own size, or the default from es's cache). */
void bti_stack_attach(bti_es_t *es, bt_unit_t *u);
/* Takes u's stack back, into es's cache while there is room. */
void bti_stack_release(bti_es_t *es, bt_unit_t *u);
/* Called by an ES with nothing to run: returns to the kernel the deep
 * pages (stack.c) of the stacks its cache took in since its last call. */
void bti_stack_trim(bti_es_t *es);
void bti_stack_cache_drain(bti_es_t *es);
/* The stacks that ESs with full caches handed to each other: freed at
 * bt_finalize, their lock released in the child of a fork(). */
void bti_stack_spill_drain(void);
void bti_stack_spill_reset(void);

#endif
