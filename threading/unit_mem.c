/* This file holds the slow paths of unit descriptor memory (the fast paths
 * are inline in unit_mem.h): an ES whose list is empty takes one that
 * another ES filled, so that a producer's descriptors come back from the
 * ESs that ran its units (spill.h); malloc only when there is none. */
#include "unit_mem.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>

static bti_spill_t spill;

enum { UNIT_BYTES = (sizeof(bt_unit_t) + 63) & ~(size_t)63 };
static_assert(offsetof(bt_unit_t, join) == 64, "a unit's runner fields fill its first line");

bt_unit_t *bti_unit_alloc_slow(bti_es_t *es)
{
    if (es && bti_spill_take(&spill, &es->unit_cache))
        return bti_cache_pop(&es->unit_cache);
    return aligned_alloc(64, UNIT_BYTES);
}

void bti_unit_free_slow(bti_es_t *es, bt_unit_t *u)
{
    if (es && bti_spill_give(&spill, &es->unit_cache)) {
        bti_cache_push(&es->unit_cache, u);
        return;
    }
    free(u);
}

void bti_unit_cache_drain(bti_es_t *es) { bti_cache_drain(&es->unit_cache, free); }

void bti_unit_spill_drain(void) { bti_spill_drain(&spill, free); }

void bti_unit_spill_reset(void) { bti_spill_reset(&spill); }
