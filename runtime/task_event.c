/* This file handles the event handles of detachable tasks (DETACH).
 *
 * A handle names a slot of a table whose memory is never freed, not the
 * task: the program may keep its handle after the task has completed and
 * its memory has gone to another task, and fulfilling it again must then
 * name the misuse rather than complete a stranger or write freed memory.
 *
 * A slot's word holds a generation, advanced each time the slot is given
 * back, and whether its event was fulfilled; a handle carries the slot's
 * number and the generation it was made in. Fulfilling is one CAS on that
 * word, so it is safe in a signal handler. It succeeds once per
 * generation, and the task cannot complete (nor its slot be given back)
 * before it has, so the task a successful CAS reads is alive. */
#include "task.h"

#include <stdlib.h>

enum {
    CHUNK_SLOTS = 1024,
    MAX_CHUNKS = 4096, /* four million events waiting at once */
};

typedef struct {
    _Atomic uint64_t word;   /* generation << 1 | fulfilled */
    bob_task_t *task;        /* set before its handle exists */
    _Atomic uint32_t next;   /* number of the next free slot, 0 for none */
} slot_t;

static slot_t *_Atomic chunks[MAX_CHUNKS];
static _Atomic uint32_t fresh = 1; /* slot numbers start at 1: 0 is no slot */
/* the free slots, a stack whose top carries a tag against ABA in its high half */
static _Atomic uint64_t free_top;

/* The slot numbered n, or NULL when no slot has that number. */
static slot_t *slot_at(uint64_t n)
{
    if (n == 0 || n >= (uint64_t)MAX_CHUNKS * CHUNK_SLOTS)
        return NULL;
    slot_t *chunk = atomic_load_explicit(&chunks[n / CHUNK_SLOTS], memory_order_acquire);
    return chunk ? &chunk[n % CHUNK_SLOTS] : NULL;
}

static uint32_t take_free(void)
{
    uint64_t top = atomic_load_explicit(&free_top, memory_order_acquire);
    while ((uint32_t)top) {
        /* a popped slot's next may be read stale; the tag then fails the CAS */
        uint32_t next = atomic_load_explicit(&slot_at((uint32_t)top)->next, memory_order_relaxed);
        uint64_t new_top = ((top >> 32) + 1) << 32 | next;
        if (atomic_compare_exchange_weak_explicit(&free_top, &top, new_top,
                                                  memory_order_acquire, memory_order_acquire))
            return (uint32_t)top;
    }
    return 0;
}

static uint32_t take_fresh(void)
{
    uint32_t n = atomic_fetch_add_explicit(&fresh, 1, memory_order_relaxed);
    if (n >= (uint64_t)MAX_CHUNKS * CHUNK_SLOTS)
        bob_fatal("more than %d detached tasks wait for their events", MAX_CHUNKS * CHUNK_SLOTS);
    slot_t *_Atomic *chunk = &chunks[n / CHUNK_SLOTS];
    if (!atomic_load_explicit(chunk, memory_order_acquire)) {
        slot_t *mine = calloc(CHUNK_SLOTS, sizeof(slot_t));
        slot_t *none = NULL;
        if (!mine)
            bob_fatal("out of memory for the events of detached tasks");
        if (!atomic_compare_exchange_strong_explicit(chunk, &none, mine, memory_order_acq_rel,
                                                     memory_order_acquire))
            free(mine);
    }
    return n;
}

uint32_t bob_task_event_make(bob_task_t *t)
{
    uint32_t n = take_free();
    if (!n)
        n = take_fresh();
    slot_at(n)->task = t;
    return n;
}

uint64_t bob_task_event_handle(const bob_task_t *t)
{
    uint64_t word = atomic_load_explicit(&slot_at(t->event)->word, memory_order_relaxed);
    return (word >> 1) << 32 | t->event;
}

bob_task_t *bob_task_event_fulfil(uint64_t handle)
{
    slot_t *s = slot_at((uint32_t)handle);
    uint64_t live = (handle >> 32) << 1;
    if (!s || (handle >> 32) >= (uint64_t)1 << 31)
        bob_fatal("omp_fulfill_event: %#llx is not the event of a detachable task",
                  (unsigned long long)handle);
    if (!atomic_compare_exchange_strong_explicit(&s->word, &live, live | 1,
                                                 memory_order_acquire, memory_order_relaxed))
        bob_fatal("omp_fulfill_event: the event of a task was already fulfilled");
    return s->task;
}

void bob_task_event_free(uint32_t n)
{
    slot_t *s = slot_at(n);
    uint64_t word = atomic_load_explicit(&s->word, memory_order_relaxed);
    /* the generation wraps within 31 bits, so that a handle never has its
     * top bit set and any value above is recognised as no handle */
    atomic_store_explicit(&s->word, ((word >> 1) + 1) % ((uint64_t)1 << 31) << 1,
                          memory_order_relaxed);
    uint64_t top = atomic_load_explicit(&free_top, memory_order_relaxed);
    do
        atomic_store_explicit(&s->next, (uint32_t)top, memory_order_relaxed);
    while (!atomic_compare_exchange_weak_explicit(&free_top, &top,
                                                  ((top >> 32) + 1) << 32 | n,
                                                  memory_order_release, memory_order_relaxed));
}
