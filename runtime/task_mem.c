/* This file allocates task descriptors from per-ES free lists, by size
 * class, so that creating and finishing tasks touches neither malloc nor
 * its locks in the steady state, and a loop of millions of tasks reuses the
 * same memory. A task may finish on another ES than the one that made it;
 * its memory then joins that ES's list. Each list is capped; what exceeds
 * the cap goes to a stack any ES takes from (`spilled`), sizes beyond the
 * classes back to malloc. Application threads (not ESs) use malloc
 * directly.
 *
 * The memory comes back with the fields that start zero in a task already
 * zero (BOB_TASK_CLEAN_FROM..TO), so its creator writes only the fields it
 * sets, not 400 bytes. Most tasks leave those fields zero, which a free
 * checks by reading them: loads, where clearing would be stores. A task run
 * at once on its creator has its body between two of these paths, and a
 * short body's dependent chain keeps the path's stores from retiring: the
 * fewer there are, the more of the next body the core can overlap.
 *
 * Shorter still: a context (a thread's or a task's) keeps the memory of
 * its last task that completed here, on its creator, as its spare, and
 * its next task of the same class takes it back with no list, no ES
 * lookup and no free. A throttled producer thus makes every task in the
 * same block, still in its cache. Only a task nothing refers to any more
 * and that holds nothing is kept (bob_task_mem_keep); the context frees
 * its spare when it goes (bob_context_fini). */
#include "task.h"

#include <bobbin/threading.h>
#include <stdlib.h>
#include <string.h>

enum { CLASS_BYTES = 64, CLASSES = 32, CAP = 1024 };

typedef struct free_block {
    struct free_block *next;
} free_block_t;

/* Lines of its own: ESs making tasks at once must not take each other's
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
 * push one block; an allocation whose list is empty takes the whole stack
 * with one exchange, which no pop can interleave with (no ABA). The push's
 * release and the exchange's acquire hand over each block's link and its
 * cleared head. The taker counts what it took, so that its cap holds. */
static _Atomic(free_block_t *) spilled[CLASSES];

static free_block_t *take_spilled(es_cache_t *cache, int c)
{
    free_block_t *b = atomic_exchange_explicit(&spilled[c], NULL, memory_order_acquire);
    uint32_t n = 0;
    for (free_block_t *x = b; x; x = x->next)
        n++;
    cache->head[c] = b;
    cache->count[c] = n;
    return b;
}

static void spill(free_block_t *b, int c)
{
    free_block_t *top = atomic_load_explicit(&spilled[c], memory_order_relaxed);
    do
        b->next = top;
    while (!atomic_compare_exchange_weak_explicit(&spilled[c], &top, b, memory_order_release,
                                                  memory_order_relaxed));
}

void bob_task_mem_init(void)
{
    caches = bob_per_es_new(sizeof *caches, "the task caches");
}

/* Block sizes are whole classes: the size is found again from the class.
 * Blocks start on a cache line, so that no two tasks share one: two
 * threads running tasks made next to each other (a taskloop's helpers,
 * gomp_task.c) wrote each other's lines at every chunk, which doubled a
 * taskloop of tiny chunks. */
static int class_of(size_t size) { return (int)((size + CLASS_BYTES - 1) / CLASS_BYTES) - 1; }

/* The free-list link lies in the fields every task sets. */
_Static_assert(sizeof(free_block_t) <= BOB_TASK_CLEAN_FROM, "the link overlaps the clean part");

/* The clean part is read sixteen aligned bytes at a time: an OR per 16
 * bytes, where word by word took a load and an OR per 8. */
typedef uint64_t chunk_t __attribute__((vector_size(16), may_alias));
enum { TASK_ALIGN = 16, CLEAN_CHUNKS = (BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM) / 16 };
_Static_assert(BOB_TASK_CLEAN_FROM % 16 == 0 && BOB_TASK_CLEAN_TO % 16 == 0,
               "the clean part is read in aligned 16-byte chunks");

static void *clean_part(bob_task_t *t) { return (char *)t + BOB_TASK_CLEAN_FROM; }

static bool is_clean(const bob_task_t *t)
{
    const chunk_t *p =
        __builtin_assume_aligned((const char *)t + BOB_TASK_CLEAN_FROM, TASK_ALIGN);
    chunk_t any = p[0];
    for (int i = 1; i < CLEAN_CHUNKS; i++)
        any |= p[i];
    return (any[0] | any[1]) == 0;
}

bob_task_t *bob_task_mem_alloc(size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (caches && es >= 0 && c < CLASSES) {
        es_cache_t *cache = &caches[es];
        free_block_t *b = cache->head[c];
        if (b || (atomic_load_explicit(&spilled[c], memory_order_relaxed) &&
                  (b = take_spilled(cache, c)))) {
            cache->head[c] = b->next;
            cache->count[c]--;
            return (bob_task_t *)b;
        }
    }
    bob_task_t *t = aligned_alloc(CLASS_BYTES, (size_t)(c + 1) * CLASS_BYTES);
    if (!t)
        bob_fatal("out of memory allocating a task of %zu bytes", size);
    memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
    return t;
}

void bob_task_mem_free(bob_task_t *t, size_t size)
{
    int c = class_of(size), es = bt_self_es();
    if (!caches || es < 0 || c >= CLASSES) {
        free(t);
        return;
    }
    if (!is_clean(t))
        memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
    free_block_t *b = (free_block_t *)t;
    es_cache_t *cache = &caches[es];
    if (cache->count[c] >= CAP) {
        spill(b, c);
        return;
    }
    b->next = cache->head[c];
    cache->head[c] = b;
    cache->count[c]++;
}

bob_task_t *bob_task_mem_take(bob_thread_t *self, size_t size)
{
    bob_task_t *t = self->spare;
    if (t && class_of(t->size) == class_of(size)) {
        self->spare = NULL;
        return t;
    }
    t = bob_task_mem_alloc(size);
    t->parent_task = NULL;
    t->taskgroup = NULL;
    atomic_init(&t->refs, 1);
    return t;
}

/* refs acquire: pairs with the acq_rel decrement of t's last child
 * (task.c, release), whose count_down of t's children came before it, so
 * that write is done before t's memory is made a new task. */
bool bob_task_mem_reusable(const bob_task_t *t)
{
    return !t->parent_task && !t->taskgroup &&
           atomic_load_explicit(&t->refs, memory_order_acquire) == 1 && is_clean(t);
}

bool bob_task_mem_keep(bob_thread_t *self, bob_task_t *t)
{
    if (self->spare || !bob_task_mem_reusable(t))
        return false;
    self->spare = t;
    return true;
}
