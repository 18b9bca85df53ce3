/* This file allocates stacks and keeps the per-ES stack caches. A cached
 * stack stays mapped and warm, so a fork-join loop reuses the same few
 * stacks. A free stack's highest line holds the link to the next, its
 * lowest byte and its span: the default size may change
 * (bt_set_stack_size), and a stack of another size is then unmapped
 * instead of handed out.
 *
 * Stacks often end on another ES than the one that took them, so a full
 * cache goes to the shared spill list (spill.h), and only beyond its bound
 * are stacks unmapped, an munmap being costly once several OS threads share
 * the address space.
 *
 * A stack costs memory only as far as its units touch it (MAP_NORESERVE,
 * nothing touched in advance), and a cached one keeps only its top
 * STACK_WARM bytes: a unit that once went deep (a task's large array)
 * would otherwise leave megabytes behind in the cache. Which pages a unit
 * touched only the kernel knows, and asking it anything (madvise, mincore)
 * costs about a microsecond, ten times a unit's whole life on the fast
 * paths; so a stack is not trimmed as it comes back, but by its ES once
 * that has nothing to run (bti_stack_trim), and a stack that cycles through
 * a busy loop keeps its pages meanwhile. The cache's first `dirty` stacks
 * are those taken in since its last trim (pops and pushes are at the head),
 * and a list moved to or from the spill list keeps its count. */
#include "stack.h"

#include "log.h"
#include "preempt.h"
#include "switch.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#ifdef BTI_ASAN
#include <sanitizer/asan_interface.h>
#endif

enum { STACK_CACHE_MAX = 256 };
/* What every use of a stack touches (the scheduler's frames, a unit's
 * usual ones) and a cached stack keeps; a multiple of any page size. */
static const size_t STACK_WARM = (size_t)64 << 10;

bool bti_stack_map(size_t asked, bti_stack_t *s)
{
    size_t size = bti_stack_span(asked), guard = bti_stack_guard(size);
    /* PROT_NONE, then the stack made writable: where the kernel keeps a
     * commit charge for all private memory (strict overcommit ignores
     * MAP_NORESERVE), the guard is not charged. */
    char *base = mmap(NULL, guard + size, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED)
        return false;
    if (mprotect(base + guard, size, PROT_READ | PROT_WRITE)) {
        int err = errno;
        munmap(base, guard + size);
        errno = err;
        return false;
    }
    /* Under THP "always" the first touch near a stack's top would take a
     * whole huge page: with a stack per unit, megabytes per task. Advice
     * only, so a kernel without THP refusing it changes nothing. */
    madvise(base + guard, size, MADV_NOHUGEPAGE);
    s->lo = base + guard;
    s->size = size;
    return true;
}

void bti_stack_unmap(bti_stack_t *s)
{
    size_t guard = bti_stack_guard(s->size);
    munmap((char *)s->lo - guard, guard + s->size);
    s->lo = NULL;
}

typedef struct free_stack {
    struct free_stack *next; /* first: the cache's link (spill.h) */
    void *lo;
    size_t size;
} free_stack_t;

static free_stack_t *header_of(const bti_stack_t *s)
{
    uintptr_t top = (uintptr_t)s->lo + s->size;
    return (free_stack_t *)((top - sizeof(free_stack_t)) & ~(uintptr_t)63);
}

static bti_spill_t spill;

static free_stack_t *cache_pop(bti_cache_t *c)
{
    if (c->dirty)
        c->dirty--;
    return bti_cache_pop(c);
}

/* Unmaps a stack of the cache or the spill list. */
static void unmap_free(void *obj)
{
    free_stack_t *f = obj;
    bti_stack_unmap(&(bti_stack_t){f->lo, f->size});
}

/* Called in a switch to u (or where a FULL unit is made): its calls out of
 * Bobbin's code (the C library, the sanitizer) are outcalls (preempt.h). */
void bti_stack_attach(bti_es_t *es, bt_unit_t *u)
{
    size_t size = u->stack_size;
    bti_cache_t *c = &es->stack_cache;
    if (!c->head)
        bti_spill_take(&spill, c);
    bti_outcall_enter();
    size_t span = bti_stack_span(bti_g.stack_size);
    while (c->head && ((free_stack_t *)c->head)->size != span) /* the default changed */
        unmap_free(cache_pop(c));
    if (size == bti_g.stack_size && c->head) {
        free_stack_t *f = cache_pop(c);
        u->stack.lo = f->lo;
        u->stack.size = span;
#ifdef BTI_ASAN
        /* Frames of the last ULT ended without unwinding: clear their poison. */
        __asan_unpoison_memory_region(u->stack.lo, span);
#endif
    } else if (!bti_stack_map(size, &u->stack)) {
        bti_fatal("cannot map a ULT stack of %zu bytes (%s); lower BOBBIN_STACK_SIZE "
                  "or create fewer ULTs at once", size, strerror(errno));
    }
    bti_outcall_leave();
}

void bti_stack_release(bti_es_t *es, bt_unit_t *u)
{
    bti_cache_t *c = &es->stack_cache;
    bool cacheable = u->stack.size == bti_stack_span(bti_g.stack_size);
    if (cacheable && c->count == STACK_CACHE_MAX)
        bti_spill_give(&spill, c);
    if (cacheable && c->count < STACK_CACHE_MAX) {
        free_stack_t *f = header_of(&u->stack);
#ifdef BTI_ASAN
        __asan_unpoison_memory_region(f, sizeof *f); /* as in bti_stack_attach */
#endif
        f->lo = u->stack.lo;
        f->size = u->stack.size;
        bti_cache_push(c, f);
        c->dirty++;
        u->stack.lo = NULL;
        return;
    }
    bti_stack_unmap(&u->stack);
}

/* Runs in the scheduler, in no unit, where the preemption handler never
 * freezes its OS thread: no other serves the ES before it has done. */
void bti_stack_trim(bti_es_t *es)
{
    bti_cache_t *c = &es->stack_cache;
    free_stack_t *f = c->head;
    for (uint32_t i = 0; i < c->dirty; i++, f = f->next)
        if (f->size > STACK_WARM)
            madvise(f->lo, (f->size - STACK_WARM) & ~(STACK_WARM - 1), MADV_DONTNEED);
    c->dirty = 0;
}

void bti_stack_spill_reset(void) { bti_spill_reset(&spill); }

void bti_stack_cache_drain(bti_es_t *es) { bti_cache_drain(&es->stack_cache, unmap_free); }

void bti_stack_spill_drain(void) { bti_spill_drain(&spill, unmap_free); }
