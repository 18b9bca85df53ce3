/* This file hands out small blocks from per-ES free lists, by size class,
 * so that what the runtime makes and drops per task (task descriptors,
 * task_mem.c; dependence nodes, depend.c) touches neither malloc nor its
 * locks in the steady state, and a loop of millions of tasks reuses the
 * same memory. A block may be freed on another ES than the one that took
 * it; it then joins that ES's list. Each list is capped; what exceeds the
 * cap goes to a stack any ES takes from (`spilled`), itself capped,
 * sizes beyond the classes back to malloc. Application threads (not ESs)
 * use malloc directly: the blocks they take end on ESs, so without the
 * stack's cap a thread that makes tasks from outside the ESs would fill
 * it for ever.
 *
 * An ES runs one unit at a time and none suspends in here, so its lists
 * need no lock. */
#include "rt.h"

#include <bobbin/threading.h>
#include <stdlib.h>

enum { CLASS_BYTES = 64, CLASSES = 32, CAP = 1024 };

typedef struct free_block {
    struct free_block *next;
} free_block_t;

/* Lines of its own: ESs taking blocks at once must not take each other's
 * cache lines. */
typedef struct es_cache {
    _Alignas(64) free_block_t *head[CLASSES];
    uint32_t count[CLASSES];
} es_cache_t;

static es_cache_t *caches; /* one per ES, made with the runtime */

/* Blocks freed beyond a list's cap, for any ES to take: where one ES makes
 * the tasks and another runs them, the first's list empties and the
 * second's fills, and malloc would then hand every block across the two
 * through its arena's lock (with a futex wait when they collide). Frees
 * push one block; a take whose list is empty takes the whole stack with
 * one exchange, which no pop can interleave with (no ABA). The push's
 * release and the exchange's acquire hand over each block's link and
 * contents. The taker counts what it took, so that its cap holds. */
typedef struct spill_stack {
    _Atomic(free_block_t *) top;
    /* Its blocks, counted before a push and after a take: never below the
     * true count, so the cap holds. On top's line, which a push or a take
     * writes anyway. */
    _Atomic uint32_t count;
} spill_stack_t;
static spill_stack_t spilled[CLASSES];

static free_block_t *take_spilled(es_cache_t *cache, int c)
{
    free_block_t *b = atomic_exchange_explicit(&spilled[c].top, NULL, memory_order_acquire);
    uint32_t n = 0;
    for (free_block_t *x = b; x; x = x->next)
        n++;
    atomic_fetch_sub_explicit(&spilled[c].count, n, memory_order_relaxed);
    cache->head[c] = b;
    cache->count[c] = n;
    return b;
}

static void spill(free_block_t *b, int c)
{
    if (atomic_fetch_add_explicit(&spilled[c].count, 1, memory_order_relaxed) >= CAP) {
        atomic_fetch_sub_explicit(&spilled[c].count, 1, memory_order_relaxed);
        free(b);
        return;
    }
    free_block_t *top = atomic_load_explicit(&spilled[c].top, memory_order_relaxed);
    do
        b->next = top;
    while (!atomic_compare_exchange_weak_explicit(&spilled[c].top, &top, b, memory_order_release,
                                                  memory_order_relaxed));
}

void bob_blocks_init(void)
{
    caches = bob_per_es_new(sizeof *caches, "the block caches");
}

/* Block sizes are whole classes: the size is found again from the class.
 * Blocks start on a cache line, so that no two share one: two threads
 * running tasks made next to each other (a taskloop's helpers,
 * gomp_task.c) wrote each other's lines at every chunk, which doubled a
 * taskloop of tiny chunks. */
static int class_of(size_t size) { return (int)((size + CLASS_BYTES - 1) / CLASS_BYTES) - 1; }

bool bob_block_same_class(size_t a, size_t b) { return class_of(a) == class_of(b); }

void *bob_block_take(size_t size, bool *fresh)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES) {
        es_cache_t *cache = &caches[es];
        free_block_t *b = cache->head[c];
        if (b || (atomic_load_explicit(&spilled[c].top, memory_order_relaxed) &&
                  (b = take_spilled(cache, c)))) {
            cache->head[c] = b->next;
            cache->count[c]--;
            *fresh = false;
            return b;
        }
    }
    void *p = aligned_alloc(CLASS_BYTES, (size_t)(c + 1) * CLASS_BYTES);
    if (!p)
        bob_fatal("out of memory taking a block of %zu bytes", size);
    *fresh = true;
    return p;
}

void bob_block_give(void *p, size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (!caches || es < 0 || c >= CLASSES) {
        free(p);
        return;
    }
    free_block_t *b = p;
    es_cache_t *cache = &caches[es];
    if (cache->count[c] >= CAP) {
        spill(b, c);
        return;
    }
    b->next = cache->head[c];
    cache->head[c] = b;
    cache->count[c]++;
}
