/* OpenMP memory management: allocators, their traits and the blocks they
 * hand out (alloc.c and the files alloc_internal.h names).
 * kmp_abi/omp_alloc.c exports the omp_*, __kmpc_* and kmp_* routines over
 * this interface.
 *
 * Handles. The predefined allocators are the small numbers of omp.h
 * (omp_default_mem_alloc = 1 ... omp_thread_mem_alloc = 8). The memory
 * spaces are the process heap, but for omp_high_bw_mem_space, which has no
 * memory here: no allocator can be made on it (omp_init_allocator answers
 * omp_null_allocator), and a request to the predefined
 * omp_high_bw_mem_alloc takes its fallback, the default memory space, at
 * once. An allocator made by
 * omp_init_allocator is the address of its descriptor, so always above
 * 1024 as in LLVM's runtime. omp_null_allocator (0) means the default
 * allocator wherever an allocator is used.
 *
 * Blocks. Each block starts with a header just below the pointer returned
 * to the program: the allocator that served the block (whose pool it was
 * charged to), the allocator the program asked for (they differ after a
 * fallback), the address malloc returned, the size asked for and a check
 * word. So omp_free and omp_realloc need no allocator argument, and pool
 * accounting is exact.
 *
 * Pools. pool_size bounds the storage of the blocks an allocator has
 * outstanding: each block's size asked for and its header (not alignment
 * padding), as LLVM's libomp and libgomp count theirs, so two blocks of
 * half a pool never both fit; the bound is kept with a compare-and-swap
 * loop, so concurrent requests never see a transiently over-full pool.
 *
 * The default allocator (def-allocator-var) is an ICV of each task's data
 * environment (bob_icv_t.def_allocator): OMP_ALLOCATOR gives the initial
 * value, omp_set_default_allocator changes the calling task's only, and
 * implicit and explicit tasks start with their creator's, as they copy
 * the other ICVs. */
#ifndef BOB_ALLOC_H
#define BOB_ALLOC_H

#include <omp.h>

#include <stddef.h>

/* Reads OMP_ALLOCATOR. Idempotent and thread-safe; every routine below
 * that depends on the default allocator calls it itself. */
void bob_alloc_init(void);

/* The allocator OMP_ALLOCATOR selected (omp_default_mem_alloc if unset or
 * malformed). */
omp_allocator_handle_t bob_alloc_initial_default(void);
/* The calling task's def-allocator-var. */
omp_allocator_handle_t bob_alloc_get_default(void);
/* Sets the calling task's def-allocator-var; omp_null_allocator selects
 * omp_default_mem_alloc, an invalid handle is warned about and ignored. */
void bob_alloc_set_default(omp_allocator_handle_t allocator);

/* Creates an allocator; omp_null_allocator, with a one-line warning naming
 * `who`, if the memory space or a trait is invalid. */
omp_allocator_handle_t bob_allocator_create(omp_memspace_handle_t memspace, int ntraits,
                                            const omp_alloctrait_t *traits,
                                            const char *who);
/* Predefined handles and omp_null_allocator are ignored. Blocks still
 * outstanding stay valid and can be freed afterwards. */
void bob_allocator_destroy(omp_allocator_handle_t allocator);

/* `who` names the entry point in messages. align is 0 or a power of two;
 * the block is aligned to the larger of it, the allocator's alignment trait
 * and alignof(max_align_t). A size of 0 gives NULL. On failure the
 * allocator's fallback trait decides: another allocator, NULL, or the end
 * of the program. */
void *bob_alloc(size_t align, size_t size, omp_allocator_handle_t allocator,
                const char *who);
void *bob_calloc(size_t align, size_t nmemb, size_t size,
                 omp_allocator_handle_t allocator, const char *who);
/* omp_realloc: ptr NULL allocates, size 0 frees and gives NULL. A NULL
 * result leaves ptr allocated. allocator omp_null_allocator means the one
 * ptr was allocated with (free_allocator if given), or the default one when
 * ptr is NULL. free_allocator is only a hint: the header knows. */
void *bob_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator, const char *who);
/* ptr NULL does nothing; the allocator argument is only a hint. A pointer
 * that no OpenMP allocator returned (or one freed already, when that is
 * still detectable) ends the program with a message. */
void bob_free(void *ptr, omp_allocator_handle_t allocator, const char *who);

/* Writes a description of the allocator into buf (at most len bytes with
 * the NUL): a predefined name, or the OMP_ALLOCATOR form of a custom one
 * ("omp_default_mem_space:alignment=64,pool_size=1024"). For messages and
 * OMP_DISPLAY_ENV. Returns buf. */
char *bob_allocator_describe(omp_allocator_handle_t allocator, char *buf, size_t len);

#endif
