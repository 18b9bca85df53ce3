/* This file allocates stacks and keeps the per-ES stack caches. A cached
 * stack stays mapped and warm, so a fork-join loop reuses the same few
 * stacks. A free stack's lowest words hold the link to the next and its
 * size: the default size may change (bt_set_stack_size), and a stack of
 * another size is then unmapped instead of handed out.
 *
 * Stacks often end on another ES than the one that took them, so a full
 * cache goes to the shared spill list (spill.h), and only beyond its bound
 * are stacks unmapped, an munmap being costly once several OS threads share
 * the address space. */
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

bool bti_stack_map(size_t asked, bti_stack_t *s)
{
    size_t size = bti_stack_span(asked);
    char *base = mmap(NULL, BTI_GUARD_SIZE + size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (base == MAP_FAILED)
        return false;
    if (mprotect(base, BTI_GUARD_SIZE, PROT_NONE)) {
        munmap(base, BTI_GUARD_SIZE + size);
        return false;
    }
    /* Under THP "always" the first touch near a stack's top would take a
     * whole huge page: with a stack per unit, megabytes per task. Advice
     * only, so a kernel without THP refusing it changes nothing. */
    madvise(base, BTI_GUARD_SIZE + size, MADV_NOHUGEPAGE);
    s->lo = base + BTI_GUARD_SIZE;
    s->size = size;
    return true;
}

void bti_stack_unmap(bti_stack_t *s)
{
    munmap((char *)s->lo - BTI_GUARD_SIZE, BTI_GUARD_SIZE + s->size);
    s->lo = NULL;
}

typedef struct free_stack {
    struct free_stack *next;
    size_t size;
} free_stack_t;

static bti_spill_t spill;

/* Unmaps a stack of the cache or the spill list. */
static void unmap_free(void *obj)
{
    free_stack_t *f = obj;
    bti_stack_unmap(&(bti_stack_t){f, f->size});
}

/* Called in a switch to u (or where a FULL unit is made): its calls out of
 * Bobbin's code (the C library, the sanitizer) are outcalls (preempt.h). */
void bti_stack_attach(bti_es_t *es, bt_unit_t *u)
{
    size_t size = u->stack_size;
    if (!es->stack_cache.head)
        bti_spill_take(&spill, &es->stack_cache);
    bti_outcall_enter();
    free_stack_t *cached = es->stack_cache.head;
    size_t span = bti_stack_span(bti_g.stack_size);
    while (cached && cached->size != span) { /* the default changed */
        unmap_free(bti_cache_pop(&es->stack_cache));
        cached = es->stack_cache.head;
    }
    if (size == bti_g.stack_size && cached) {
        u->stack.lo = bti_cache_pop(&es->stack_cache);
        u->stack.size = span;
#ifdef BTI_ASAN
        /* Frames of the last ULT ended without unwinding: clear their poison. */
        __asan_unpoison_memory_region(cached, span);
#endif
    } else if (!bti_stack_map(size, &u->stack)) {
        bti_fatal("cannot map a ULT stack of %zu bytes (%s); lower BOBBIN_STACK_SIZE "
                  "or create fewer ULTs at once", size, strerror(errno));
    }
    bti_outcall_leave();
}

void bti_stack_release(bti_es_t *es, bt_unit_t *u)
{
    bool cacheable = u->stack.size == bti_stack_span(bti_g.stack_size);
    if (cacheable && es->stack_cache.count == STACK_CACHE_MAX)
        bti_spill_give(&spill, &es->stack_cache);
    if (cacheable && es->stack_cache.count < STACK_CACHE_MAX) {
        free_stack_t *f = u->stack.lo;
        f->size = u->stack.size;
        bti_cache_push(&es->stack_cache, f);
        u->stack.lo = NULL;
        return;
    }
    bti_stack_unmap(&u->stack);
}

void bti_stack_spill_reset(void) { bti_spill_reset(&spill); }

void bti_stack_cache_drain(bti_es_t *es) { bti_cache_drain(&es->stack_cache, unmap_free); }

void bti_stack_spill_drain(void) { bti_spill_drain(&spill, unmap_free); }
