/* This file allocates stacks and keeps the per-ES stack caches. A cached
 * stack stays mapped and warm, so a fork-join loop reuses the same few
 * stacks. A free stack's lowest words hold the link to the next and its
 * size: the default size may change (bt_set_stack_size), and a stack of
 * another size is then unmapped instead of handed out. */
#include "stack.h"

#include "log.h"
#include "switch.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#ifdef BTI_ASAN
#include <sanitizer/asan_interface.h>
#endif

enum { STACK_CACHE_MAX = 128 };

bool bti_stack_map(size_t size, bti_stack_t *s)
{
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

void bti_stack_attach(bti_es_t *es, bt_unit_t *u)
{
    size_t size = u->stack_size ? u->stack_size : bti_g.stack_size;
    free_stack_t *cached = es->stack_cache.head;
    while (cached && cached->size != bti_g.stack_size) { /* the default changed */
        es->stack_cache.head = cached->next;
        es->stack_cache.count--;
        bti_stack_unmap(&(bti_stack_t){cached, cached->size});
        cached = es->stack_cache.head;
    }
    if (size == bti_g.stack_size && cached) {
        es->stack_cache.head = cached->next;
        es->stack_cache.count--;
        u->stack.lo = cached;
        u->stack.size = size;
#ifdef BTI_ASAN
        /* Frames of the last ULT ended without unwinding: clear their poison. */
        __asan_unpoison_memory_region(cached, size);
#endif
        return;
    }
    if (!bti_stack_map(size, &u->stack))
        bti_fatal("cannot map a ULT stack of %zu bytes (%s); lower BOBBIN_STACK_SIZE "
                  "or create fewer ULTs at once", size, strerror(errno));
}

void bti_stack_release(bti_es_t *es, bt_unit_t *u)
{
    if (u->stack.size == bti_g.stack_size && es->stack_cache.count < STACK_CACHE_MAX) {
        free_stack_t *f = u->stack.lo;
        *f = (free_stack_t){es->stack_cache.head, u->stack.size};
        es->stack_cache.head = f;
        es->stack_cache.count++;
        u->stack.lo = NULL;
        return;
    }
    bti_stack_unmap(&u->stack);
}

void bti_stack_cache_drain(bti_es_t *es)
{
    while (es->stack_cache.head) {
        free_stack_t *f = es->stack_cache.head;
        es->stack_cache.head = f->next;
        bti_stack_unmap(&(bti_stack_t){f, f->size});
    }
    es->stack_cache.count = 0;
}
