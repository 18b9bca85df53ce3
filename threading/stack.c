/* This file allocates stacks and keeps the per-ES stack caches. A cached
 * stack stays mapped and warm, so a fork-join loop reuses the same few
 * stacks. A free stack's lowest words hold the link to the next and its
 * size: the default size may change (bt_set_stack_size), and a stack of
 * another size is then unmapped instead of handed out.
 *
 * Stacks often end on another ES than the one that took them (FULL units
 * take theirs at creation, on the creator's ES), so one ES's cache fills
 * while another's runs dry. A full cache therefore hands half its stacks to
 * a shared spill list, and an empty one takes a batch back from it, one
 * lock round trip per batch; only beyond the spill list's bound are stacks
 * unmapped, an munmap being costly once several OS threads share the
 * address space. */
#include "stack.h"

#include "futex.h"
#include "log.h"
#include "switch.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#ifdef BTI_ASAN
#include <sanitizer/asan_interface.h>
#endif

enum { STACK_CACHE_MAX = 256, SPILL_MAX = 2048 };

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

/* The lock is taken once per half cache moved, never across a system call. */
static struct {
    _Atomic int lock;
    _Atomic uint32_t count; /* read without the lock: a hint */
    bti_cache_t list;
} spill;

static void spill_lock(void)
{
    while (atomic_exchange_explicit(&spill.lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&spill.lock, memory_order_relaxed))
            bti_cpu_relax();
}

static void spill_unlock(void)
{
    atomic_store_explicit(&spill.count, spill.list.count, memory_order_relaxed);
    atomic_store_explicit(&spill.lock, 0, memory_order_release);
}

static void move_stacks(bti_cache_t *from, bti_cache_t *to, uint32_t n)
{
    for (; n > 0 && from->head; n--) {
        free_stack_t *f = from->head;
        from->head = f->next;
        f->next = to->head;
        to->head = f;
        from->count--;
        to->count++;
    }
}

void bti_stack_attach(bti_es_t *es, bt_unit_t *u)
{
    size_t size = u->stack_size ? u->stack_size : bti_g.stack_size;
    if (!es->stack_cache.head && atomic_load_explicit(&spill.count, memory_order_relaxed)) {
        spill_lock();
        move_stacks(&spill.list, &es->stack_cache, STACK_CACHE_MAX / 2);
        spill_unlock();
    }
    free_stack_t *cached = es->stack_cache.head;
    size_t span = bti_stack_span(bti_g.stack_size);
    while (cached && cached->size != span) { /* the default changed */
        es->stack_cache.head = cached->next;
        es->stack_cache.count--;
        bti_stack_unmap(&(bti_stack_t){cached, cached->size});
        cached = es->stack_cache.head;
    }
    if (size == bti_g.stack_size && cached) {
        es->stack_cache.head = cached->next;
        es->stack_cache.count--;
        u->stack.lo = cached;
        u->stack.size = span;
#ifdef BTI_ASAN
        /* Frames of the last ULT ended without unwinding: clear their poison. */
        __asan_unpoison_memory_region(cached, span);
#endif
        return;
    }
    if (!bti_stack_map(size, &u->stack))
        bti_fatal("cannot map a ULT stack of %zu bytes (%s); lower BOBBIN_STACK_SIZE "
                  "or create fewer ULTs at once", size, strerror(errno));
}

void bti_stack_release(bti_es_t *es, bt_unit_t *u)
{
    bool cacheable = u->stack.size == bti_stack_span(bti_g.stack_size);
    if (cacheable && es->stack_cache.count == STACK_CACHE_MAX) {
        spill_lock();
        uint32_t room = SPILL_MAX - spill.list.count;
        move_stacks(&es->stack_cache, &spill.list,
                    room < STACK_CACHE_MAX / 2 ? room : STACK_CACHE_MAX / 2);
        spill_unlock();
    }
    if (cacheable && es->stack_cache.count < STACK_CACHE_MAX) {
        free_stack_t *f = u->stack.lo;
        *f = (free_stack_t){es->stack_cache.head, u->stack.size};
        es->stack_cache.head = f;
        es->stack_cache.count++;
        u->stack.lo = NULL;
        return;
    }
    bti_stack_unmap(&u->stack);
}

/* In the child of a fork(): the lock may have been held by a thread that
 * is gone; the stacks stay valid (the child has the same mappings). */
void bti_stack_spill_reset(void)
{
    atomic_store_explicit(&spill.lock, 0, memory_order_relaxed);
}

static void drain(bti_cache_t *cache)
{
    while (cache->head) {
        free_stack_t *f = cache->head;
        cache->head = f->next;
        bti_stack_unmap(&(bti_stack_t){f, f->size});
    }
    cache->count = 0;
}

void bti_stack_cache_drain(bti_es_t *es)
{
    drain(&es->stack_cache);
}

void bti_stack_spill_drain(void)
{
    drain(&spill.list);
    atomic_store_explicit(&spill.count, 0, memory_order_relaxed);
}
