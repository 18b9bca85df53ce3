/* ULT and scheduler stacks: mmap'ed with a guard page below, cached per ES. */
#ifndef BTI_STACK_H
#define BTI_STACK_H

#include "es.h"

/* Bytes of PROT_NONE below every stack; large enough that a big frame
 * lands in it rather than beyond it. */
#define BTI_GUARD_SIZE ((size_t)64 << 10)

/* Every stack maps this many times the size asked for, so a unit near the
 * top of its stack still has a whole stack's room below: there its joiner
 * runs an unstarted SC unit in place (bt_join) without shortchanging it.
 * Pages never touched cost address space only. */
enum { BTI_STACK_SPAN = 2 };
static inline size_t bti_stack_span(size_t asked) { return BTI_STACK_SPAN * asked; }

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

/* Maps a stack for `size` bytes (bti_stack_span(size) usable); false if the
 * kernel refuses. */
bool bti_stack_map(size_t size, bti_stack_t *s);
void bti_stack_unmap(bti_stack_t *s);

/* Gives ULT u a stack (its own size, or the default from es's cache). */
void bti_stack_attach(bti_es_t *es, bt_unit_t *u);
/* Takes u's stack back, into es's cache while there is room. */
void bti_stack_release(bti_es_t *es, bt_unit_t *u);
void bti_stack_cache_drain(bti_es_t *es);
/* The stacks that ESs with full caches handed to each other: freed at
 * bt_finalize, their lock released in the child of a fork(). */
void bti_stack_spill_drain(void);
void bti_stack_spill_reset(void);

#endif
