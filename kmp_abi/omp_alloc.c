/* Memory management entry points: the omp_* routines of OpenMP 5.x, the
 * __kmpc_* forms clang emits for the allocate directive and clause (their
 * gtid argument is not needed), and the constant handles LLVM's libomp
 * exports as data. All of it over runtime/alloc.h. */
#include "alloc/alloc.h"
#include "kmpc.h"

#include <stdint.h>

#define OMP_API KMP_EXPORT

/* ---- omp_* ------------------------------------------------------------------ */

OMP_API omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t m, int ntraits,
                                                  omp_alloctrait_t traits[])
{
    return bob_allocator_create(m, ntraits, traits, "omp_init_allocator");
}

OMP_API void omp_destroy_allocator(omp_allocator_handle_t allocator)
{
    bob_allocator_destroy(allocator);
}

OMP_API void omp_set_default_allocator(omp_allocator_handle_t a)
{
    bob_alloc_set_default(a);
}

OMP_API omp_allocator_handle_t omp_get_default_allocator(void)
{
    return bob_alloc_get_default();
}

OMP_API void *omp_alloc(size_t size, omp_allocator_handle_t a)
{
    return bob_alloc(0, size, a, "omp_alloc");
}

OMP_API void *omp_aligned_alloc(size_t align, size_t size, omp_allocator_handle_t a)
{
    return bob_alloc(align, size, a, "omp_aligned_alloc");
}

OMP_API void *omp_calloc(size_t nmemb, size_t size, omp_allocator_handle_t a)
{
    return bob_calloc(0, nmemb, size, a, "omp_calloc");
}

OMP_API void *omp_aligned_calloc(size_t align, size_t nmemb, size_t size,
                                 omp_allocator_handle_t a)
{
    return bob_calloc(align, nmemb, size, a, "omp_aligned_calloc");
}

OMP_API void *omp_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                          omp_allocator_handle_t free_allocator)
{
    return bob_realloc(ptr, size, allocator, free_allocator, "omp_realloc");
}

OMP_API void omp_free(void *ptr, omp_allocator_handle_t a)
{
    bob_free(ptr, a, "omp_free");
}

/* ---- __kmpc_* (LLVM 14's set) ------------------------------------------------ */

KMP_EXPORT omp_allocator_handle_t __kmpc_init_allocator(int gtid, omp_memspace_handle_t ms,
                                                        int ntraits,
                                                        omp_alloctrait_t traits[])
{
    (void)gtid;
    return bob_allocator_create(ms, ntraits, traits, "__kmpc_init_allocator");
}

KMP_EXPORT void __kmpc_destroy_allocator(int gtid, omp_allocator_handle_t al)
{
    (void)gtid;
    bob_allocator_destroy(al);
}

KMP_EXPORT void __kmpc_set_default_allocator(int gtid, omp_allocator_handle_t al)
{
    (void)gtid;
    bob_alloc_set_default(al);
}

KMP_EXPORT omp_allocator_handle_t __kmpc_get_default_allocator(int gtid)
{
    (void)gtid;
    return bob_alloc_get_default();
}

KMP_EXPORT void *__kmpc_alloc(int gtid, size_t sz, omp_allocator_handle_t al)
{
    (void)gtid;
    return bob_alloc(0, sz, al, "__kmpc_alloc");
}

KMP_EXPORT void *__kmpc_aligned_alloc(int gtid, size_t align, size_t sz,
                                      omp_allocator_handle_t al)
{
    (void)gtid;
    return bob_alloc(align, sz, al, "__kmpc_aligned_alloc");
}

KMP_EXPORT void *__kmpc_calloc(int gtid, size_t nmemb, size_t sz, omp_allocator_handle_t al)
{
    (void)gtid;
    return bob_calloc(0, nmemb, sz, al, "__kmpc_calloc");
}

KMP_EXPORT void *__kmpc_realloc(int gtid, void *ptr, size_t sz, omp_allocator_handle_t al,
                                omp_allocator_handle_t free_al)
{
    (void)gtid;
    return bob_realloc(ptr, sz, al, free_al, "__kmpc_realloc");
}

KMP_EXPORT void __kmpc_free(int gtid, void *ptr, omp_allocator_handle_t al)
{
    (void)gtid;
    bob_free(ptr, al, "__kmpc_free");
}

/* ---- Constant handles as data ------------------------------------------------
 * omp.h makes these enumerators in C, but LLVM's libomp also exports them as
 * read-only objects (for Fortran and other languages); the asm labels give
 * the objects those names without clashing with the enumerators. */
#define HANDLE_OBJECT(sym, value)                                                 \
    KMP_EXPORT const uintptr_t bob_handle_##sym __asm__(#sym) = (uintptr_t)(value)

HANDLE_OBJECT(omp_null_allocator, omp_null_allocator);
HANDLE_OBJECT(omp_default_mem_alloc, omp_default_mem_alloc);
HANDLE_OBJECT(omp_large_cap_mem_alloc, omp_large_cap_mem_alloc);
HANDLE_OBJECT(omp_const_mem_alloc, omp_const_mem_alloc);
HANDLE_OBJECT(omp_high_bw_mem_alloc, omp_high_bw_mem_alloc);
HANDLE_OBJECT(omp_low_lat_mem_alloc, omp_low_lat_mem_alloc);
HANDLE_OBJECT(omp_cgroup_mem_alloc, omp_cgroup_mem_alloc);
HANDLE_OBJECT(omp_pteam_mem_alloc, omp_pteam_mem_alloc);
HANDLE_OBJECT(omp_thread_mem_alloc, omp_thread_mem_alloc);
HANDLE_OBJECT(omp_default_mem_space, omp_default_mem_space);
HANDLE_OBJECT(omp_large_cap_mem_space, omp_large_cap_mem_space);
HANDLE_OBJECT(omp_const_mem_space, omp_const_mem_space);
HANDLE_OBJECT(omp_high_bw_mem_space, omp_high_bw_mem_space);
HANDLE_OBJECT(omp_low_lat_mem_space, omp_low_lat_mem_space);
HANDLE_OBJECT(kmp_max_mem_alloc, 1024);
