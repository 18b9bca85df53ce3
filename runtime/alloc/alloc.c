/* This file hands out and takes back the blocks of OpenMP allocators: the
 * header below each block, pool accounting and the fallbacks followed when
 * an allocator cannot serve a request. See alloc.h for the design. */
#include "alloc.h"
#include "alloc_internal.h"

#include "rt.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Longest chain of allocator_fb fallbacks followed before giving up; only a
 * cycle (made possible by destroying and recreating allocators) reaches it. */
#define MAX_FALLBACK_HOPS 64

/* The header below every block. */
typedef struct bob_block {
    bob_allocator_t *owner;       /* served it; its pool was charged */
    bob_allocator_t *asked;       /* the program asked for it */
    void *base;                   /* what malloc returned */
    size_t size;                  /* bytes asked for */
    uintptr_t check;              /* seal(): tells our blocks from others */
} bob_block_t;

#define MIN_ALIGN ((size_t)alignof(max_align_t))
#define HEADER (((sizeof(bob_block_t) + MIN_ALIGN - 1) / MIN_ALIGN) * MIN_ALIGN)

/* ---- Blocks --------------------------------------------------------------- */

static uintptr_t seal(const bob_block_t *b, const void *user)
{
    return ((uintptr_t)user ^ (uintptr_t)b->owner ^ ((uintptr_t)b->asked << 1) ^
            (uintptr_t)b->base ^ b->size) * (uintptr_t)0x9e3779b97f4a7c15u;
}

static bob_block_t *header_of(void *user)
{
    return (bob_block_t *)((char *)user - HEADER);
}

/* What a block of `size` bytes takes from its allocator's pool: its bytes
 * and its header, storage the allocator keeps for it (LLVM's libomp and
 * libgomp count theirs too, so no portable program fills a pool to the
 * byte); not the alignment padding, which depends on where malloc's block
 * happens to start. */
static size_t pool_charge_of(size_t size) { return HEADER + size; }

static bool pool_charge(bob_allocator_t *a, size_t size)
{
    if (!a->pool_size)
        return true;
    size_t used = atomic_load_explicit(&a->pool_used, memory_order_relaxed);
    do {
        if (size > a->pool_size - used)
            return false;
    } while (!atomic_compare_exchange_weak_explicit(&a->pool_used, &used, used + size,
                                                    memory_order_relaxed,
                                                    memory_order_relaxed));
    return true;
}

static void pool_release(bob_allocator_t *a, size_t size)
{
    if (a->pool_size)
        atomic_fetch_sub_explicit(&a->pool_used, size, memory_order_relaxed);
}

static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }

static void *write_header(void *base, void *user, bob_allocator_t *owner,
                          bob_allocator_t *asked, size_t size)
{
    bob_block_t *b = header_of(user);
    b->owner = owner;
    b->asked = asked;
    b->base = base;
    b->size = size;
    b->check = seal(b, user);
    return user;
}

/* One attempt with allocator a, no fallback; NULL if its memory space, its
 * pool or the heap cannot provide the block. charge false: the caller has
 * charged the pool. */
static void *try_block(bob_allocator_t *a, bob_allocator_t *asked, size_t align,
                       size_t size, bool zero, bool charge)
{
    if (!bob_memspace_has_memory(a->memspace))
        return NULL;
    size_t eff = max_size(max_size(align, a->alignment), MIN_ALIGN);
    size_t slack = eff - MIN_ALIGN;
    if (size > SIZE_MAX - HEADER - slack)
        return NULL;
    if (charge && !pool_charge(a, pool_charge_of(size)))
        return NULL;
    size_t total = HEADER + slack + size;
    void *base = zero ? calloc(1, total) : malloc(total);
    if (!base) {
        if (charge)
            pool_release(a, pool_charge_of(size));
        return NULL;
    }
    uintptr_t user = ((uintptr_t)base + HEADER + eff - 1) & ~(uintptr_t)(eff - 1);
    if (!a->predefined)
        atomic_fetch_add_explicit(&a->refs, 1, memory_order_relaxed);
    if (asked != a && !asked->predefined)
        atomic_fetch_add_explicit(&asked->refs, 1, memory_order_relaxed);
    return write_header(base, (void *)user, a, asked, size);
}

static void fail_abort(bob_allocator_t *a, size_t size, const char *who)
{
    char name[200];
    bob_allocator_describe((omp_allocator_handle_t)a->handle, name, sizeof name);
    if (a->predefined)
        bob_fatal("%s: allocator %s cannot provide %zu bytes; its fallback is abort_fb", who,
                  name, size);
    bob_fatal("%s: allocator %#jx (%s) cannot provide %zu bytes; its fallback is abort_fb",
              who, (uintmax_t)a->handle, name, size);
}

/* Allocates from `asked`, following its fallback traits. */
static void *alloc_with(bob_allocator_t *asked, size_t align, size_t size, bool zero,
                        const char *who)
{
    if (size == 0)
        return NULL;
    align = max_size(align, asked->alignment);
    bob_allocator_t *a = asked;
    for (int hop = 0;; hop++) {
        void *p = try_block(a, asked, align, size, zero, true);
        if (p)
            return p;
        switch (a->fallback) {
        case omp_atv_null_fb:
            return NULL;
        case omp_atv_abort_fb:
            fail_abort(a, size, who);
            return NULL;
        case omp_atv_allocator_fb:
            if (hop == MAX_FALLBACK_HOPS) {
                bob_warn("%s: more than %d allocator_fb fallbacks (a cycle?); returning NULL",
                         who, MAX_FALLBACK_HOPS);
                return NULL;
            }
            a = bob_allocator_lookup(a->fb_data, who);
            if (!a)
                return NULL;
            break;
        default: /* omp_atv_default_mem_fb */
            if (a == &bob_predefined_allocators[omp_default_mem_alloc])
                return NULL;
            a = &bob_predefined_allocators[omp_default_mem_alloc];
            break;
        }
    }
}

static bob_allocator_t *resolve(omp_allocator_handle_t allocator, const char *who)
{
    if (allocator == omp_null_allocator)
        allocator = bob_alloc_get_default();
    return bob_allocator_lookup(allocator, who);
}

static bool check_align(size_t align, const char *who)
{
    if (align == 0 || is_power_of_two(align))
        return true;
    bob_warn("%s: alignment %zu is not a power of two; returning NULL", who, align);
    return false;
}

void *bob_alloc(size_t align, size_t size, omp_allocator_handle_t allocator,
                const char *who)
{
    if (!check_align(align, who))
        return NULL;
    bob_allocator_t *a = resolve(allocator, who);
    return a ? alloc_with(a, align, size, false, who) : NULL;
}

void *bob_calloc(size_t align, size_t nmemb, size_t size,
                 omp_allocator_handle_t allocator, const char *who)
{
    if (!check_align(align, who))
        return NULL;
    bob_allocator_t *a = resolve(allocator, who);
    if (!a || nmemb == 0 || size == 0)
        return NULL;
    size_t total;
    if (__builtin_mul_overflow(nmemb, size, &total))
        total = SIZE_MAX; /* no allocator can provide it: the fallbacks decide */
    return alloc_with(a, align, total, true, who);
}

/* The header of a block an allocator returned, or the end of the program. */
static bob_block_t *checked_header(void *ptr, const char *who)
{
    bob_block_t *b = header_of(ptr);
    if (b->check != seal(b, ptr))
        bob_fatal("%s: %p was not returned by an OpenMP allocation routine, or was "
                  "freed already", who, ptr);
    return b;
}

/* Frees block b; release false: its pool charge has gone to another block. */
static void free_block(bob_block_t *b, bool release)
{
    bob_allocator_t *owner = b->owner, *asked = b->asked;
    void *base = b->base;
    size_t size = b->size;
    b->check = 0;
    free(base);
    if (release)
        pool_release(owner, pool_charge_of(size));
    bob_allocator_unref(owner);
    if (asked != owner)
        bob_allocator_unref(asked);
}

void bob_free(void *ptr, omp_allocator_handle_t allocator, const char *who)
{
    (void)allocator; /* the header knows */
    if (ptr)
        free_block(checked_header(ptr, who), true);
}

/* Resizes the block when the allocator stays the same, charging the pool
 * only the difference: in place with realloc() when no alignment beyond
 * malloc's is needed; else shrinking keeps the block (the heap keeps the
 * tail until it is freed) and growing moves it, the new block taking over
 * the old one's charge. NULL if it cannot. */
static void *realloc_same(bob_block_t *b, void *ptr, bob_allocator_t *a, size_t size)
{
    if (b->owner != a || b->asked != a)
        return NULL;
    size_t old = b->size;
    if (size > old && !pool_charge(a, size - old))
        return NULL;
    if ((char *)ptr == (char *)b->base + HEADER && a->alignment <= MIN_ALIGN &&
        size <= SIZE_MAX - HEADER) {
        void *base = realloc(b->base, HEADER + size); /* b dangles if it moved */
        if (base) {
            if (size < old)
                pool_release(a, old - size);
            return write_header(base, (char *)base + HEADER, a, a, size);
        }
    }
    if (size <= old) {
        pool_release(a, old - size);
        return write_header(b->base, ptr, a, a, size);
    }
    void *p = try_block(a, a, 0, size, false, false);
    if (!p) {
        pool_release(a, size - old);
        return NULL;
    }
    memcpy(p, ptr, old);
    free_block(b, false);
    return p;
}

void *bob_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator, const char *who)
{
    if (!ptr)
        return bob_alloc(0, size, allocator, who);
    bob_block_t *b = checked_header(ptr, who);
    if (size == 0) {
        bob_free(ptr, free_allocator, who);
        return NULL;
    }
    bob_allocator_t *a;
    if (allocator == omp_null_allocator) {
        a = b->asked;
        if (a->magic != ALLOCATOR_LIVE) {
            bob_warn("%s: the allocator of %p was destroyed; returning NULL", who, ptr);
            return NULL;
        }
    } else if (!(a = bob_allocator_lookup(allocator, who))) {
        return NULL;
    }
    void *p = realloc_same(b, ptr, a, size);
    if (p)
        return p;
    p = alloc_with(a, 0, size, false, who);
    if (!p)
        return NULL;
    memcpy(p, ptr, size < b->size ? size : b->size);
    bob_free(ptr, free_allocator, who);
    return p;
}
