/* This file holds the slow paths of unit descriptor memory (the fast paths
 * are inline in unit_mem.h). A free list that grows past its cap gives back
 * to malloc, so an ES that frees what another creates does not hoard. */
#include "unit_mem.h"

#include <stdlib.h>

bt_unit_t *bti_unit_alloc_slow(void)
{
    return aligned_alloc(64, (sizeof(bt_unit_t) + 63) & ~(size_t)63);
}

void bti_unit_free_slow(bt_unit_t *u) { free(u); }

void bti_unit_cache_drain(bti_es_t *es)
{
    while (es->unit_cache.head) {
        void *u = es->unit_cache.head;
        es->unit_cache.head = *(void **)u;
        free(u);
    }
    es->unit_cache.count = 0;
}
