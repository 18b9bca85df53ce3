/* OpenMP memory management: allocator descriptors, trait checking, blocks
 * with headers, pool accounting, fallbacks and OMP_ALLOCATOR. See alloc.h
 * for the design. */
#include "alloc.h"
#include "rt.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Handles up to this value are reserved for predefined allocators, as in
 * LLVM's runtime (kmp_max_mem_alloc). */
#define MAX_PREDEFINED_HANDLE ((uintptr_t)1024)
#define LAST_PREDEFINED ((uintptr_t)omp_thread_mem_alloc)
/* Longest chain of allocator_fb fallbacks followed before giving up; only a
 * cycle (made possible by destroying and recreating allocators) reaches it. */
#define MAX_FALLBACK_HOPS 64

enum { ALLOCATOR_LIVE = 0x4c4c4f42, ALLOCATOR_DEAD = 0x44414544 };

typedef struct bob_allocator {
    uint32_t magic;
    bool predefined;
    bool pinned;
    omp_memspace_handle_t memspace;
    uintptr_t handle;
    size_t alignment;             /* trait; 0 when not given */
    size_t pool_size;             /* 0: unbounded */
    int fallback;                 /* omp_atv_*_fb */
    omp_allocator_handle_t fb_data;
    int sync_hint, access, partition; /* omp_atv_* values, 0 when not given */
    /* The handle's reference plus one per block naming this allocator; the
     * descriptor goes when it drops to 0. */
    _Atomic size_t refs;
    bool low;                     /* in a low-memory slab (new_descriptor) */
    struct bob_allocator *next_free;
    _Alignas(64) _Atomic size_t pool_used;
} bob_allocator_t;

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

/* The predefined allocators, indexed by handle: default traits, except the
 * memory space and the access trait their names imply. Initialised
 * statically, so they work before bob_alloc_init. */
#define PREDEFINED(h, ms, acc)                                                    \
    [h] = {.magic = ALLOCATOR_LIVE, .predefined = true, .memspace = ms,           \
           .handle = h, .fallback = omp_atv_default_mem_fb, .access = acc}
static bob_allocator_t predefined[LAST_PREDEFINED + 1] = {
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

static const char *const predefined_names[LAST_PREDEFINED + 1] = {
    [omp_null_allocator] = "omp_null_allocator",
    [omp_default_mem_alloc] = "omp_default_mem_alloc",
    [omp_large_cap_mem_alloc] = "omp_large_cap_mem_alloc",
    [omp_const_mem_alloc] = "omp_const_mem_alloc",
    [omp_high_bw_mem_alloc] = "omp_high_bw_mem_alloc",
    [omp_low_lat_mem_alloc] = "omp_low_lat_mem_alloc",
    [omp_cgroup_mem_alloc] = "omp_cgroup_mem_alloc",
    [omp_pteam_mem_alloc] = "omp_pteam_mem_alloc",
    [omp_thread_mem_alloc] = "omp_thread_mem_alloc",
};

/* The predefined memory spaces, with the predefined allocator that serves
 * each (what OMP_ALLOCATOR=<memspace> means). */
static const struct {
    const char *name;
    omp_memspace_handle_t memspace;
    omp_allocator_handle_t allocator;
} memspaces[] = {
    {"omp_default_mem_space", omp_default_mem_space, omp_default_mem_alloc},
    {"omp_large_cap_mem_space", omp_large_cap_mem_space, omp_large_cap_mem_alloc},
    {"omp_const_mem_space", omp_const_mem_space, omp_const_mem_alloc},
    {"omp_high_bw_mem_space", omp_high_bw_mem_space, omp_high_bw_mem_alloc},
    {"omp_low_lat_mem_space", omp_low_lat_mem_space, omp_low_lat_mem_alloc},
};
#define NMEMSPACES (sizeof memspaces / sizeof memspaces[0])

/* Trait keys and the names of their symbolic values, for OMP_ALLOCATOR and
 * messages. */
static const char *const key_names[] = {
    [omp_atk_sync_hint] = "sync_hint", [omp_atk_alignment] = "alignment",
    [omp_atk_access] = "access",       [omp_atk_pool_size] = "pool_size",
    [omp_atk_fallback] = "fallback",   [omp_atk_fb_data] = "fb_data",
    [omp_atk_pinned] = "pinned",       [omp_atk_partition] = "partition",
};
#define NKEYS (sizeof key_names / sizeof key_names[0])

static const char *const value_names[] = {
    [omp_atv_false] = "false",
    [omp_atv_true] = "true",
    [omp_atv_contended] = "contended",
    [omp_atv_uncontended] = "uncontended",
    [omp_atv_serialized] = "serialized",
    [omp_atv_private] = "private",
    [omp_atv_all] = "all",
    [omp_atv_thread] = "thread",
    [omp_atv_pteam] = "pteam",
    [omp_atv_cgroup] = "cgroup",
    [omp_atv_default_mem_fb] = "default_mem_fb",
    [omp_atv_null_fb] = "null_fb",
    [omp_atv_abort_fb] = "abort_fb",
    [omp_atv_allocator_fb] = "allocator_fb",
    [omp_atv_environment] = "environment",
    [omp_atv_nearest] = "nearest",
    [omp_atv_blocked] = "blocked",
    [omp_atv_interleaved] = "interleaved",
};
#define NVALUES (sizeof value_names / sizeof value_names[0])

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static omp_allocator_handle_t initial_default = omp_default_mem_alloc;
static _Atomic uintptr_t default_allocator = omp_default_mem_alloc;

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

static bool is_power_of_two(uintptr_t v) { return v != 0 && (v & (v - 1)) == 0; }

static bool value_in(uintptr_t v, uintptr_t lo, uintptr_t hi) { return v >= lo && v <= hi; }

/* Applies one trait to a; on error writes why into err and returns false. */
static bool apply_trait(bob_allocator_t *a, omp_alloctrait_key_t key, uintptr_t v,
                        char *err, size_t errlen)
{
    const char *kname = (unsigned)key < NKEYS ? key_names[key] : NULL;
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

/* The descriptor of a handle that is not omp_null_allocator, or NULL with a
 * warning. */
static bob_allocator_t *lookup(omp_allocator_handle_t h, const char *who)
{
    uintptr_t v = (uintptr_t)h;
    if (v >= 1 && v <= LAST_PREDEFINED)
        return &predefined[v];
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
    for (size_t i = 0; i < NMEMSPACES; i++)
        if (memspaces[i].memspace == ms)
            return true;
    return false;
}

/* Builds a descriptor; NULL with the reason in err. */
static bob_allocator_t *make_allocator(omp_memspace_handle_t ms, int ntraits,
                                       const omp_alloctrait_t *traits, char *err,
                                       size_t errlen)
{
    if (!is_memspace(ms)) {
        snprintf(err, errlen, "unknown memory space %ju", (uintmax_t)ms);
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
    bob_allocator_t *a = make_allocator(memspace, ntraits, traits, err, sizeof err);
    if (!a) {
        bob_warn("%s: %s; returning omp_null_allocator", who, err);
        return omp_null_allocator;
    }
    return (omp_allocator_handle_t)a->handle;
}

static void unref(bob_allocator_t *a)
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
    bob_allocator_t *a = lookup(allocator, "omp_destroy_allocator");
    if (!a)
        return;
    a->magic = ALLOCATOR_DEAD;
    unref(a);
}

/* ---- The default allocator ------------------------------------------------ */

omp_allocator_handle_t bob_alloc_initial_default(void)
{
    bob_alloc_init();
    return initial_default;
}

omp_allocator_handle_t bob_alloc_get_default(void)
{
    bob_alloc_init();
    return (omp_allocator_handle_t)atomic_load_explicit(&default_allocator,
                                                        memory_order_acquire);
}

void bob_alloc_set_default(omp_allocator_handle_t allocator)
{
    bob_alloc_init();
    if (allocator == omp_null_allocator)
        allocator = omp_default_mem_alloc;
    if (!lookup(allocator, "omp_set_default_allocator"))
        return;
    atomic_store_explicit(&default_allocator, (uintptr_t)allocator, memory_order_release);
}

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

/* One attempt with allocator a, no fallback; NULL if its pool or the heap
 * cannot provide the block. charge false: the caller has charged the pool. */
static void *try_block(bob_allocator_t *a, bob_allocator_t *asked, size_t align,
                       size_t size, bool zero, bool charge)
{
    size_t eff = max_size(max_size(align, a->alignment), MIN_ALIGN);
    size_t slack = eff - MIN_ALIGN;
    if (size > SIZE_MAX - HEADER - slack)
        return NULL;
    if (charge && !pool_charge(a, size))
        return NULL;
    size_t total = HEADER + slack + size;
    void *base = zero ? calloc(1, total) : malloc(total);
    if (!base) {
        if (charge)
            pool_release(a, size);
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
        bob_fatal("%s: allocator %s cannot provide %zu bytes; its fallback is abort_fb",
                  who, name, size);
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
            a = lookup(a->fb_data, who);
            if (!a)
                return NULL;
            break;
        default: /* omp_atv_default_mem_fb */
            if (a == &predefined[omp_default_mem_alloc])
                return NULL;
            a = &predefined[omp_default_mem_alloc];
            break;
        }
    }
}

static bob_allocator_t *resolve(omp_allocator_handle_t allocator, const char *who)
{
    if (allocator == omp_null_allocator)
        allocator = bob_alloc_get_default();
    return lookup(allocator, who);
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
        pool_release(owner, size);
    unref(owner);
    if (asked != owner)
        unref(asked);
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
    } else if (!(a = lookup(allocator, who))) {
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

/* ---- Names ----------------------------------------------------------------- */

static const char *memspace_name(omp_memspace_handle_t ms)
{
    for (size_t i = 0; i < NMEMSPACES; i++)
        if (memspaces[i].memspace == ms)
            return memspaces[i].name;
    return "?";
}

static const char *value_name(uintptr_t v)
{
    return v < NVALUES && value_names[v] ? value_names[v] : "?";
}

char *bob_allocator_describe(omp_allocator_handle_t allocator, char *buf, size_t len)
{
    uintptr_t v = (uintptr_t)allocator;
    if (len == 0)
        return buf;
    if (v <= LAST_PREDEFINED) {
        snprintf(buf, len, "%s", predefined_names[v]);
        return buf;
    }
    const bob_allocator_t *a = (const bob_allocator_t *)v;
    if (v <= MAX_PREDEFINED_HANDLE || a->magic != ALLOCATOR_LIVE) {
        snprintf(buf, len, "%#jx", (uintmax_t)v);
        return buf;
    }
    size_t n = (size_t)snprintf(buf, len, "%s", memspace_name(a->memspace));
    char sep = ':';
#define ADD(...)                                                                  \
    do {                                                                          \
        if (n < len)                                                              \
            n += (size_t)snprintf(buf + n, len - n, "%c", sep);                   \
        if (n < len)                                                              \
            n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__);                 \
        sep = ',';                                                                \
    } while (0)
    if (a->alignment)
        ADD("alignment=%zu", a->alignment);
    if (a->pool_size)
        ADD("pool_size=%zu", a->pool_size);
    if (a->fallback != omp_atv_default_mem_fb)
        ADD("fallback=%s", value_name((uintptr_t)a->fallback));
    if (a->fallback == omp_atv_allocator_fb)
        ADD("fb_data=%#jx", (uintmax_t)a->fb_data);
    if (a->sync_hint)
        ADD("sync_hint=%s", value_name((uintptr_t)a->sync_hint));
    if (a->access)
        ADD("access=%s", value_name((uintptr_t)a->access));
    if (a->pinned)
        ADD("pinned=true");
    if (a->partition)
        ADD("partition=%s", value_name((uintptr_t)a->partition));
#undef ADD
    return buf;
}

/* ---- OMP_ALLOCATOR ----------------------------------------------------------- */

/* s without leading and trailing blanks, in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool parse_number(const char *s, uintptr_t *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > UINTPTR_MAX)
        return false;
    *out = (uintptr_t)v;
    return true;
}

/* One "key=value" of OMP_ALLOCATOR into a trait; false with err set. */
static bool parse_trait(char *item, omp_alloctrait_t *t, char *err, size_t errlen)
{
    char *eq = strchr(item, '=');
    if (!*trim(item)) {
        snprintf(err, errlen, "an empty trait");
        return false;
    }
    if (!eq) {
        snprintf(err, errlen, "'%s' is not key=value", item);
        return false;
    }
    *eq = '\0';
    char *key = trim(item), *val = trim(eq + 1);
    size_t k = 1;
    while (k < NKEYS && strcmp(key, key_names[k]) != 0)
        k++;
    if (k == NKEYS || k == omp_atk_fb_data) {
        snprintf(err, errlen, "unknown trait '%s'", key);
        return false;
    }
    t->key = (omp_alloctrait_key_t)k;
    if (k == omp_atk_alignment || k == omp_atk_pool_size) {
        if (!parse_number(val, &t->value)) {
            snprintf(err, errlen, "%s '%s' is not a number", key, val);
            return false;
        }
        return true;
    }
    if (strncmp(val, "omp_atv_", 8) == 0)
        val += 8;
    size_t v = 0;
    while (v < NVALUES && !(value_names[v] && strcmp(val, value_names[v]) == 0))
        v++;
    if (v == NVALUES && strcmp(val, "sequential") == 0)
        v = omp_atv_sequential;
    if (v == NVALUES) {
        snprintf(err, errlen, "unknown value '%s' for %s", val, key);
        return false;
    }
    if (k == omp_atk_fallback && v == omp_atv_allocator_fb) {
        snprintf(err, errlen, "fallback allocator_fb needs fb_data, which it cannot give");
        return false;
    }
    t->value = v;
    return true;
}

/* The allocator OMP_ALLOCATOR's value s names; omp_null_allocator with err
 * set if it is malformed. */
static omp_allocator_handle_t parse_allocator(const char *s, char *err, size_t errlen)
{
    char copy[512];
    if (strlen(s) >= sizeof copy) {
        snprintf(err, errlen, "too long");
        return omp_null_allocator;
    }
    strcpy(copy, s);
    char *colon = strchr(copy, ':');
    if (colon)
        *colon = '\0';
    char *name = trim(copy);
    if (!colon)
        for (uintptr_t h = 1; h <= LAST_PREDEFINED; h++)
            if (strcmp(name, predefined_names[h]) == 0)
                return (omp_allocator_handle_t)h;
    size_t m = 0;
    while (m < NMEMSPACES && strcmp(name, memspaces[m].name) != 0)
        m++;
    if (m == NMEMSPACES) {
        snprintf(err, errlen, colon ? "unknown memory space '%s'"
                                    : "unknown allocator or memory space '%s'",
                 name);
        return omp_null_allocator;
    }
    if (!colon)
        return memspaces[m].allocator;
    omp_alloctrait_t traits[16];
    int n = 0;
    char *rest = colon + 1, *item;
    while ((item = strsep(&rest, ",")) != NULL) {
        if (n == (int)(sizeof traits / sizeof traits[0])) {
            snprintf(err, errlen, "too many traits");
            return omp_null_allocator;
        }
        if (!parse_trait(item, &traits[n++], err, errlen))
            return omp_null_allocator;
    }
    bob_allocator_t *a = make_allocator(memspaces[m].memspace, n, traits, err, errlen);
    return a ? (omp_allocator_handle_t)a->handle : omp_null_allocator;
}

static void alloc_init_once(void)
{
    const char *v = getenv("OMP_ALLOCATOR");
    if (v) {
        char err[160];
        omp_allocator_handle_t a = parse_allocator(v, err, sizeof err);
        if (a != omp_null_allocator)
            initial_default = a;
        else
            bob_warn("OMP_ALLOCATOR='%s' is not an allocator or memspace[:traits] (%s); "
                     "using omp_default_mem_alloc", v, err);
    }
    atomic_store_explicit(&default_allocator, (uintptr_t)initial_default,
                          memory_order_release);
}

void bob_alloc_init(void) { pthread_once(&init_once, alloc_init_once); }
