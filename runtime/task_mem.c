/* This file allocates task descriptors from per-ES free lists, by size
 * class, so that creating and finishing tasks touches neither malloc nor
 * its locks in the steady state, and a loop of millions of tasks reuses the
 * same memory. A task may finish on another ES than the one that made it;
 * its memory then joins that ES's list. Each list is capped; what exceeds
 * the cap, and sizes beyond the classes, go back to malloc. Application
 * threads (not ESs) use malloc directly. */
#include "task.h"

#include <bobbin/threading.h>
#include <stdlib.h>

enum { CLASS_BYTES = 64, CLASSES = 32, CAP = 1024 };

typedef struct free_block {
    struct free_block *next;
} free_block_t;

typedef struct es_cache {
    free_block_t *head[CLASSES];
    uint32_t count[CLASSES];
} es_cache_t;

static es_cache_t *caches; /* one per ES, made with the runtime */

void bob_task_mem_init(void)
{
    caches = calloc((size_t)bt_num_es(), sizeof *caches);
    if (!caches)
        bob_fatal("out of memory for the task caches");
}

/* Block sizes are whole classes: the size is found again from the class. */
static int class_of(size_t size) { return (int)((size + CLASS_BYTES - 1) / CLASS_BYTES) - 1; }

void *bob_task_mem_alloc(size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES && caches[es].head[c]) {
        free_block_t *b = caches[es].head[c];
        caches[es].head[c] = b->next;
        caches[es].count[c]--;
        return b;
    }
    void *p = aligned_alloc(16, (size_t)(c + 1) * CLASS_BYTES);
    if (!p)
        bob_fatal("out of memory allocating a task of %zu bytes", size);
    return p;
}

void bob_task_mem_free(void *p, size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES && caches[es].count[c] < CAP) {
        free_block_t *b = p;
        b->next = caches[es].head[c];
        caches[es].head[c] = b;
        caches[es].count[c]++;
        return;
    }
    free(p);
}
