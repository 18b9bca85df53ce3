/* Free lists of recycled objects (unit descriptors, stacks): one per ES and
 * kind, used by that ES alone without a lock, and behind those of a kind a
 * spill list that the ESs share.
 *
 * Objects are often freed on another ES than the one that took them: a
 * producer's units run and end on the ESs that steal them; FULL units take
 * their stacks on their creator's ES. One ES's list then fills while
 * another's runs dry, and every object would go back to malloc (or munmap)
 * on one side and come out of it on the other, through the allocator's
 * locks: a futex wait each time the two collide. Instead, a list that
 * reaches its bound is handed whole to the spill list, and an ES whose
 * list is empty takes a whole one back: one short lock hold per list,
 * whatever its length. Objects link through their first word. */
#ifndef BTI_SPILL_H
#define BTI_SPILL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct bti_cache {
    void *head;
    uint32_t count;
    /* Stack caches: the first `dirty` stacks came back since their ES last
     * trimmed them (stack.c); a list keeps it in the spill list. */
    uint32_t dirty;
} bti_cache_t;

static inline void bti_cache_push(bti_cache_t *c, void *obj)
{
    *(void **)obj = c->head;
    c->head = obj;
    c->count++;
}

static inline void *bti_cache_pop(bti_cache_t *c)
{
    void *obj = c->head;
    c->head = *(void **)obj;
    c->count--;
    return obj;
}

/* Beyond this many lists, what an ES frees goes back to the system. */
enum { BTI_SPILL_LISTS = 8 };

typedef struct bti_spill {
    _Atomic int lock;
    _Atomic uint32_t nlists; /* read without the lock: a hint */
    bti_cache_t lists[BTI_SPILL_LISTS];
} bti_spill_t;

/* Hands the whole of *c to s, leaving *c empty; false, *c untouched, if s
 * is full. */
bool bti_spill_give(bti_spill_t *s, bti_cache_t *c);
/* Makes the empty *c one of s's lists; false if s has none. */
bool bti_spill_take(bti_spill_t *s, bti_cache_t *c);
/* In the child of a fork(): the lock may have been held by a thread that
 * is gone; the lists stay valid. */
void bti_spill_reset(bti_spill_t *s);
/* Hands every object of *c, then of every list of s, to release. */
void bti_cache_drain(bti_cache_t *c, void (*release)(void *obj));
void bti_spill_drain(bti_spill_t *s, void (*release)(void *obj));

#endif
