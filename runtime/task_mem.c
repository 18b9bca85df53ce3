/* This file allocates task descriptors, from the per-ES free lists of
 * block_mem.c, with the fields that start zero in a task already zero
 * (BOB_TASK_CLEAN_FROM..TO), so its creator writes only the fields it
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
 * and that holds nothing is kept (bob_task_mem_keep), with its own spare:
 * a task run at once that makes one run at once (a tree's node, a nested
 * task) thus finds its child's memory in the memory it was made in, and a
 * loop of them allocates nothing. The context frees its spare when it
 * goes (bob_context_fini). */
#include "task.h"

#include <string.h>

/* The free list's link lies in the fields every task sets. */
_Static_assert(sizeof(void *) <= BOB_TASK_CLEAN_FROM, "the link overlaps the clean part");

/* The clean part is read sixteen aligned bytes at a time: an OR per 16
 * bytes, where word by word took a load and an OR per 8. Unrolled, into
 * two chains: a loop spent more on its counter than on the ORs, and one
 * chain waits for each OR before the next. */
typedef uint64_t chunk_t __attribute__((vector_size(16), may_alias));
enum { TASK_ALIGN = 16, CLEAN_CHUNKS = (BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM) / 16 };
_Static_assert(BOB_TASK_CLEAN_FROM % 16 == 0 && BOB_TASK_CLEAN_TO % 16 == 0,
               "the clean part is read in aligned 16-byte chunks");

static void *clean_part(bob_task_t *t) { return (char *)t + BOB_TASK_CLEAN_FROM; }

static bool is_clean(const bob_task_t *t)
{
    const chunk_t *p =
        __builtin_assume_aligned((const char *)t + BOB_TASK_CLEAN_FROM, TASK_ALIGN);
    chunk_t even = p[0], odd = p[1];
#pragma GCC unroll 32
    for (int i = 2; i + 1 < CLEAN_CHUNKS; i += 2) {
        even |= p[i];
        odd |= p[i + 1];
    }
    if (CLEAN_CHUNKS % 2)
        even |= p[CLEAN_CHUNKS - 1];
    even |= odd;
    return (even[0] | even[1]) == 0;
}

bob_task_t *bob_task_mem_alloc(size_t size)
{
    bool fresh;
    bob_task_t *t = bob_block_take(size, &fresh);
    if (fresh)
        memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
    t->ctx.spare = NULL;
    return t;
}

static void give(bob_task_t *t, size_t size)
{
    if (!is_clean(t))
        memset(clean_part(t), 0, BOB_TASK_CLEAN_TO - BOB_TASK_CLEAN_FROM);
    bob_block_give(t, size);
}

/* With its context's spare, and that one's, as deep as tasks run at once
 * nested when they were kept. */
void bob_task_mem_free(bob_task_t *t, size_t size)
{
    bob_task_t *spare = t->ctx.spare;
    give(t, size);
    for (bob_task_t *next; spare; spare = next) {
        next = spare->ctx.spare;
        give(spare, spare->size);
    }
}

bob_task_t *bob_task_mem_take(bob_thread_t *self, size_t size)
{
    bob_task_t *t = self->spare;
    if (t && bob_block_same_class(t->size, size)) {
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
