/* Unit descriptors: per-ES free lists in front of malloc, and the
 * unit-local key values a unit owns. */
#ifndef BTI_UNIT_MEM_H
#define BTI_UNIT_MEM_H

#include "es.h"

enum { BTI_UNIT_CACHE_MAX = 8192 };

bt_unit_t *bti_unit_alloc_slow(void);
void bti_unit_free_slow(bt_unit_t *u);
void bti_unit_cache_drain(bti_es_t *es);

/* es may be NULL (external thread): then malloc and free directly. The
 * fast path of create and free is a pop and a push on the ES's free list:
 * no lock, no malloc. */
static inline bt_unit_t *bti_unit_alloc(bti_es_t *es)
{
    if (__builtin_expect(es && es->unit_cache.head != NULL, 1)) {
        bt_unit_t *u = es->unit_cache.head;
        es->unit_cache.head = *(void **)u;
        es->unit_cache.count--;
        return u;
    }
    return bti_unit_alloc_slow();
}

static inline void bti_unit_free(bti_es_t *es, bt_unit_t *u)
{
    if (__builtin_expect(es && es->unit_cache.count < BTI_UNIT_CACHE_MAX, 1)) {
        *(void **)u = es->unit_cache.head;
        es->unit_cache.head = u;
        es->unit_cache.count++;
        return;
    }
    bti_unit_free_slow(u);
}

/* Runs the key destructors of u's values and frees its key table. */
void bti_unit_release_keys_slow(bt_unit_t *u);
static inline void bti_unit_release_keys(bt_unit_t *u)
{
    if (u->keys)
        bti_unit_release_keys_slow(u);
}

#endif
