/* ULT and scheduler stacks: mmap'ed with a guard page below, cached per ES. */
#ifndef BTI_STACK_H
#define BTI_STACK_H

#include "es.h"

/* Bytes of PROT_NONE below every stack; large enough that a big frame
 * lands in it rather than beyond it. */
#define BTI_GUARD_SIZE ((size_t)64 << 10)

/* Maps a stack of `size` usable bytes; false if the kernel refuses. */
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
