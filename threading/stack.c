/* This file allocates stacks and keeps the per-ES stack caches. A cached
 * stack stays mapped and warm, so a fork-join loop reuses the same few
 * stacks; a free stack links to the next through its lowest word. */
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

void bti_stack_attach(bti_es_t *es, bt_unit_t *u)
{
    size_t size = u->stack_size ? u->stack_size : bti_g.stack_size;
    void *cached = es->stack_cache.head;
    if (size == bti_g.stack_size && cached) {
        es->stack_cache.head = *(void **)cached;
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
        *(void **)u->stack.lo = es->stack_cache.head;
        es->stack_cache.head = u->stack.lo;
        es->stack_cache.count++;
        u->stack.lo = NULL;
        return;
    }
    bti_stack_unmap(&u->stack);
}

void bti_stack_cache_drain(bti_es_t *es)
{
    while (es->stack_cache.head) {
        bti_stack_t s = {es->stack_cache.head, bti_g.stack_size};
        es->stack_cache.head = *(void **)s.lo;
        bti_stack_unmap(&s);
    }
    es->stack_cache.count = 0;
}
