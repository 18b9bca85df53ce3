/* What the files behind alloc.h share with each other and with no one
 * else: alloc.c (blocks, pools, fallbacks), allocator.c (descriptors,
 * traits, the predefined allocators), alloc_names.c (how allocators, memory
 * spaces and traits are spelled) and alloc_env.c (OMP_ALLOCATOR and the
 * default allocator). */
#ifndef BOB_ALLOC_INTERNAL_H
#define BOB_ALLOC_INTERNAL_H

#include <omp.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Handles up to this value are reserved for predefined allocators, as in
 * LLVM's runtime (kmp_max_mem_alloc). */
#define MAX_PREDEFINED_HANDLE ((uintptr_t)1024)
#define LAST_PREDEFINED ((uintptr_t)omp_thread_mem_alloc)

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

static inline bool is_power_of_two(uintptr_t v) { return v != 0 && (v & (v - 1)) == 0; }

/* Whether Bobbin has memory of the space ms to give. It has no
 * high-bandwidth memory (nor have LLVM's libomp without memkind and
 * libgomp 12 here), so no allocator can be made on omp_high_bw_mem_space:
 * omp_init_allocator answers omp_null_allocator, as theirs do, which is
 * how a program learns that there is none. The predefined
 * omp_high_bw_mem_alloc, whose requests all fail, serves from the default
 * memory space by its default_mem_fb fallback. The other spaces are the
 * process heap. */
static inline bool bob_memspace_has_memory(omp_memspace_handle_t ms)
{
    return ms != omp_high_bw_mem_space;
}

/* ---- allocator.c --------------------------------------------------------------- */

/* The predefined allocators, indexed by handle. */
extern bob_allocator_t bob_predefined_allocators[LAST_PREDEFINED + 1];

/* The descriptor of a handle that is not omp_null_allocator, or NULL with a
 * warning. */
bob_allocator_t *bob_allocator_lookup(omp_allocator_handle_t h, const char *who);
/* Builds a descriptor; NULL with the reason in err. */
bob_allocator_t *bob_allocator_make(omp_memspace_handle_t ms, int ntraits,
                                    const omp_alloctrait_t *traits, char *err,
                                    size_t errlen);
/* Drops one reference (see bob_allocator_t.refs); the last frees the
 * descriptor. Predefined allocators are not counted. */
void bob_allocator_unref(bob_allocator_t *a);

/* ---- alloc_names.c ------------------------------------------------------------- */

/* Indexed by handle, omp_null_allocator included. */
extern const char *const bob_alloc_predefined_names[LAST_PREDEFINED + 1];

/* The predefined memory spaces, with the predefined allocator that serves
 * each (what OMP_ALLOCATOR=<memspace> means). */
typedef struct bob_memspace {
    const char *name;
    omp_memspace_handle_t memspace;
    omp_allocator_handle_t allocator;
} bob_memspace_t;
extern const bob_memspace_t bob_alloc_memspaces[];
extern const size_t bob_alloc_nmemspaces;

/* Trait keys and the names of their symbolic values, for OMP_ALLOCATOR and
 * messages; indexed by omp_alloctrait_key_t and omp_alloctrait_value_t,
 * with NULL where omp.h has no key or value. */
extern const char *const bob_alloc_key_names[];
extern const size_t bob_alloc_nkeys;
extern const char *const bob_alloc_value_names[];
extern const size_t bob_alloc_nvalues;

#endif
