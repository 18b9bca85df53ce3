/* This file allocates task descriptors from per-ES free lists, by size
 * class, so that creating and finishing tasks touches neither malloc nor
 * its locks in the steady state, and a loop of millions of tasks reuses the
 * same memory. A task may finish on another ES than the one that made it;
 * its memory then joins that ES's list. Each list is capped; what exceeds
 * the cap, and sizes beyond the classes, go back to malloc. Application
 * threads (not ESs) use malloc directly.
 *
 * The memory comes back with the fields that start zero in a task already
 * zero (BOB_TASK_CLEAN_FROM..TO), so its creator writes only the fields it
 * sets, not 400 bytes. Most tasks leave those fields zero, which a free
 * checks by reading them: loads, where clearing would be stores. A task run
 * at once on its creator has its body between two of these paths, and a
 * short body's dependent chain keeps the path's stores from retiring: the
 * fewer there are, the more of the next body the core can overlap. */
#include "task.h"

#include <bobbin/threading.h>
#include <stdlib.h>
#include <string.h>

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

/* The free-list link lies in the fields every task sets. */
_Static_assert(sizeof(free_block_t) <= BOB_TASK_CLEAN_FROM, "the link overlaps the clean part");
_Static_assert(BOB_TASK_CLEAN_FROM % 8 == 0 && BOB_TASK_CLEAN_TO % 8 == 0,
               "the clean part is read in 8-byte words");

static void *clean_part(bob_task_t *t) { return (char *)t + BOB_TASK_CLEAN_FROM; }

static bool is_clean(bob_task_t *t)
{
    const char *p = clean_part(t);
    uint64_t any = 0;
    for (size_t i = 0; i < BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM; i += 8) {
        uint64_t word;
        memcpy(&word, p + i, 8);
        any |= word;
    }
    return any == 0;
}

bob_task_t *bob_task_mem_alloc(size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES && caches[es].head[c]) {
        free_block_t *b = caches[es].head[c];
        caches[es].head[c] = b->next;
        caches[es].count[c]--;
        return (bob_task_t *)b;
    }
    bob_task_t *t = aligned_alloc(16, (size_t)(c + 1) * CLASS_BYTES);
    if (!t)
        bob_fatal("out of memory allocating a task of %zu bytes", size);
    memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
    return t;
}

void bob_task_mem_free(bob_task_t *t, size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES && caches[es].count[c] < CAP) {
        if (!is_clean(t))
            memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
        free_block_t *b = (free_block_t *)t;
        b->next = caches[es].head[c];
        caches[es].head[c] = b;
        caches[es].count[c]++;
        return;
    }
    free(t);
}
