/* This file makes and destroys allocators: their descriptors, where those
 * live, the traits they are made with, and the predefined allocators that
 * omp.h numbers 1 to 8. */
#include "alloc.h"
#include "alloc_internal.h"

#include "rt.h"

#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The predefined allocators, indexed by handle: default traits, except the
 * memory space and the access trait their names imply. Initialised
 * statically, so they work before bob_alloc_init. */
#define PREDEFINED(h, ms, acc)                                                    \
    [h] = {.magic = ALLOCATOR_LIVE, .predefined = true, .memspace = ms,           \
           .handle = h, .fallback = omp_atv_default_mem_fb, .access = acc}
bob_allocator_t bob_predefined_allocators[LAST_PREDEFINED + 1] = {
    PREDEFINED(omp_default_mem_alloc, omp_default_mem_space, 0),
    PREDEFINED(omp_large_cap_mem_alloc, omp_large_cap_mem_space, 0),
    PREDEFINED(omp_const_mem_alloc, omp_const_mem_space, 0),
    PREDEFINED(omp_high_bw_mem_alloc, omp_high_bw_mem_space, 0),
    PREDEFINED(omp_low_lat_mem_alloc, omp_low_lat_mem_space, 0),
    PREDEFINED(omp_cgroup_mem_alloc, omp_default_mem_space, omp_atv_cgroup),
    PREDEFINED(omp_pteam_mem_alloc, omp_default_mem_space, omp_atv_pteam),
    PREDEFINED(omp_thread_mem_alloc, omp_default_mem_space, omp_atv_thread),
};
#undef PREDEFINED

/* ---- Descriptors and traits ----------------------------------------------- */

static void set_defaults(bob_allocator_t *a, omp_memspace_handle_t memspace)
{
    memset(a, 0, sizeof *a);
    a->magic = ALLOCATOR_LIVE;
    a->memspace = memspace;
    a->fallback = omp_atv_default_mem_fb;
    atomic_init(&a->refs, 1);
    atomic_init(&a->pool_used, 0);
}

static bool value_in(uintptr_t v, uintptr_t lo, uintptr_t hi) { return v >= lo && v <= hi; }

/* Applies one trait to a; on error writes why into err and returns false. */
static bool apply_trait(bob_allocator_t *a, omp_alloctrait_key_t key, uintptr_t v,
                        char *err, size_t errlen)
{
    const char *kname = (unsigned)key < bob_alloc_nkeys ? bob_alloc_key_names[key] : NULL;
    if (!kname) {
        snprintf(err, errlen, "unknown trait key %d", (int)key);
        return false;
    }
    if (v == omp_atv_default) { /* the trait's default value */
        switch (key) {
        case omp_atk_alignment: a->alignment = 0; break;
        case omp_atk_pool_size: a->pool_size = 0; break;
        case omp_atk_fallback: a->fallback = omp_atv_default_mem_fb; break;
        case omp_atk_fb_data: a->fb_data = omp_null_allocator; break;
        case omp_atk_pinned: a->pinned = false; break;
        case omp_atk_sync_hint: a->sync_hint = 0; break;
        case omp_atk_access: a->access = 0; break;
        case omp_atk_partition: a->partition = 0; break;
        }
        return true;
    }
    bool ok = true;
    switch (key) {
    case omp_atk_sync_hint:
        ok = value_in(v, omp_atv_contended, omp_atv_private);
        a->sync_hint = (int)v;
        break;
    case omp_atk_alignment:
        ok = is_power_of_two(v);
        a->alignment = v;
        break;
    case omp_atk_access:
        ok = value_in(v, omp_atv_all, omp_atv_cgroup);
        a->access = (int)v;
        break;
    case omp_atk_pool_size:
        ok = v > 0;
        a->pool_size = v;
        break;
    case omp_atk_fallback:
        ok = value_in(v, omp_atv_default_mem_fb, omp_atv_allocator_fb);
        a->fallback = (int)v;
        break;
    case omp_atk_fb_data:
        a->fb_data = (omp_allocator_handle_t)v;
        break;
    case omp_atk_pinned:
        ok = v == omp_atv_false || v == omp_atv_true;
        a->pinned = v == omp_atv_true;
        break;
    case omp_atk_partition:
        ok = value_in(v, omp_atv_environment, omp_atv_interleaved);
        a->partition = (int)v;
        break;
    }
    if (!ok) {
        const char *why = key == omp_atk_alignment ? " (not a power of two)"
                          : key == omp_atk_pool_size ? " (not positive)"
                                                     : "";
        snprintf(err, errlen, "invalid value %ju for trait %s%s", (uintmax_t)v, kname, why);
    }
    return ok;
}

/* Descriptors live below 2 GiB where the system allows it (MAP_32BIT), so
 * that their handles survive clang 14, which passes a non-constant
 * allocator of an allocate clause to __kmpc_alloc truncated to 32 bits and
 * sign-extended. Elsewhere, or once low memory is short, they come from the
 * heap. */
enum { SLAB_BYTES = 64 * 1024 };
static pthread_mutex_t slab_lock = PTHREAD_MUTEX_INITIALIZER;
static bob_allocator_t *slab_free;

static bob_allocator_t *new_descriptor(void)
{
    bob_allocator_t *a = NULL;
    pthread_mutex_lock(&slab_lock);
#ifdef MAP_32BIT
    if (!slab_free) {
        void *m = mmap(NULL, SLAB_BYTES, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
        if (m != MAP_FAILED) {
            bob_allocator_t *slots = m;
            for (size_t i = SLAB_BYTES / sizeof *slots; i-- > 0;) {
                slots[i].next_free = slab_free;
                slab_free = &slots[i];
            }
        }
    }
#endif
    if (slab_free) {
        a = slab_free;
        slab_free = a->next_free;
    }
    pthread_mutex_unlock(&slab_lock);
    if (a) {
        a->low = true;
        return a;
    }
    a = aligned_alloc(alignof(bob_allocator_t), sizeof *a);
    if (a)
        a->low = false;
    return a;
}

static void free_descriptor(bob_allocator_t *a)
{
    if (!a->low) {
        free(a);
        return;
    }
    pthread_mutex_lock(&slab_lock);
    a->next_free = slab_free;
    slab_free = a;
    pthread_mutex_unlock(&slab_lock);
}

bob_allocator_t *bob_allocator_lookup(omp_allocator_handle_t h, const char *who)
{
    uintptr_t v = (uintptr_t)h;
    if (v >= 1 && v <= LAST_PREDEFINED)
        return &bob_predefined_allocators[v];
    if (v > MAX_PREDEFINED_HANDLE) {
        bob_allocator_t *a = (bob_allocator_t *)v;
        if (a->magic == ALLOCATOR_LIVE)
            return a;
        bob_warn("%s: allocator %#jx is not a live allocator handle%s", who, (uintmax_t)v,
                 a->magic == ALLOCATOR_DEAD ? " (destroyed)" : "");
        return NULL;
    }
    bob_warn("%s: %ju is not a supported allocator handle", who, (uintmax_t)v);
    return NULL;
}

static bool is_memspace(omp_memspace_handle_t ms)
{
    for (size_t i = 0; i < bob_alloc_nmemspaces; i++)
        if (bob_alloc_memspaces[i].memspace == ms)
            return true;
    return false;
}

bob_allocator_t *bob_allocator_make(omp_memspace_handle_t ms, int ntraits,
                                const omp_alloctrait_t *traits, char *err, size_t errlen)
{
    if (!is_memspace(ms)) {
        snprintf(err, errlen, "unknown memory space %ju", (uintmax_t)ms);
        return NULL;
    }
    if (!bob_memspace_has_memory(ms)) {
        snprintf(err, errlen, "there is no high-bandwidth memory");
        return NULL;
    }
    if (ntraits < 0 || (ntraits > 0 && !traits)) {
        snprintf(err, errlen, "%d traits at %p", ntraits, (const void *)traits);
        return NULL;
    }
    bob_allocator_t *a = new_descriptor();
    if (!a) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    bool low = a->low;
    set_defaults(a, ms);
    a->low = low;
    a->handle = (uintptr_t)a;
    for (int i = 0; i < ntraits; i++)
        if (!apply_trait(a, traits[i].key, traits[i].value, err, errlen))
            goto bad;
    if (a->fallback == omp_atv_allocator_fb) {
        if (a->fb_data == omp_null_allocator) {
            snprintf(err, errlen, "fallback allocator_fb without an fb_data allocator");
            goto bad;
        }
        uintptr_t fb = (uintptr_t)a->fb_data;
        bool known = (fb >= 1 && fb <= LAST_PREDEFINED) ||
                     (fb > MAX_PREDEFINED_HANDLE &&
                      ((bob_allocator_t *)fb)->magic == ALLOCATOR_LIVE);
        if (!known) {
            snprintf(err, errlen, "fb_data %#jx is not an allocator", (uintmax_t)fb);
            goto bad;
        }
    }
    return a;
bad:
    a->magic = ALLOCATOR_DEAD;
    free_descriptor(a);
    return NULL;
}

omp_allocator_handle_t bob_allocator_create(omp_memspace_handle_t memspace, int ntraits,
                                            const omp_alloctrait_t *traits,
                                            const char *who)
{
    bob_alloc_init();
    char err[160];
    bob_allocator_t *a = bob_allocator_make(memspace, ntraits, traits, err, sizeof err);
    if (!a && !bob_memspace_has_memory(memspace))
        return omp_null_allocator; /* the answer that tells a program so: no warning */
    if (!a) {
        bob_warn("%s: %s; returning omp_null_allocator", who, err);
        return omp_null_allocator;
    }
    return (omp_allocator_handle_t)a->handle;
}

void bob_allocator_unref(bob_allocator_t *a)
{
    if (a->predefined)
        return;
    if (atomic_fetch_sub_explicit(&a->refs, 1, memory_order_acq_rel) == 1)
        free_descriptor(a);
}

void bob_allocator_destroy(omp_allocator_handle_t allocator)
{
    uintptr_t v = (uintptr_t)allocator;
    if (v <= MAX_PREDEFINED_HANDLE)
        return;
    bob_allocator_t *a = bob_allocator_lookup(allocator, "omp_destroy_allocator");
    if (!a)
        return;
    a->magic = ALLOCATOR_DEAD;
    bob_allocator_unref(a);
}
