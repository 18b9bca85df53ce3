/* Unit descriptors: per-ES free lists in front of a shared spill list and
 * malloc (spill.h), and the unit-local key values a unit owns. */
#ifndef BTI_UNIT_MEM_H
#define BTI_UNIT_MEM_H

#include "es.h"

/* 128 KiB of descriptors per ES, and as many per spilled list. */
enum { BTI_UNIT_CACHE_MAX = 1024 };

bt_unit_t *bti_unit_alloc_slow(bti_es_t *es);
void bti_unit_free_slow(bti_es_t *es, bt_unit_t *u);
void bti_unit_cache_drain(bti_es_t *es);
/* The lists that ESs with full caches handed over: freed at bt_finalize,
 * their lock released in the child of a fork(). */
void bti_unit_spill_drain(void);
void bti_unit_spill_reset(void);

/* es may be NULL (external thread): then malloc and free directly. The
 * fast path of create and free is a pop and a push on the ES's free list:
 * no lock, no malloc. */
static inline bt_unit_t *bti_unit_alloc(bti_es_t *es)
{
    if (__builtin_expect(es && es->unit_cache.head != NULL, 1))
        return bti_cache_pop(&es->unit_cache);
    return bti_unit_alloc_slow(es);
}

static inline void bti_unit_free(bti_es_t *es, bt_unit_t *u)
{
    if (__builtin_expect(es && es->unit_cache.count < BTI_UNIT_CACHE_MAX, 1)) {
        bti_cache_push(&es->unit_cache, u);
        return;
    }
    bti_unit_free_slow(es, u);
}

/* Runs the key destructors of u's values and frees its key table. */
void bti_unit_release_keys_slow(bt_unit_t *u);
static inline void bti_unit_release_keys(bt_unit_t *u)
{
    if (u->keys)
        bti_unit_release_keys_slow(u);
}

#endif
