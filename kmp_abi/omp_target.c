/* The omp_* routines of devices: their number, which one is the host, and
 * the device memory routines (omp_target_*), over runtime/device.h.
 *
 * The _async routines take depend objects, whose layout is the compiler's:
 * clang's omp_depend_t points at the first of its kmp_depend_info entries,
 * the entry before it holding their count in its address field (clang's
 * depobj codegen); gcc's is a 16-byte {address, kind}. Their default
 * versions, which clang binaries bind, take clang's; gcc binaries bind
 * their OMP_5.1.1 versions (gomp_versions.def), the gomp_* forms here. */
#include "kmpc.h"

#include "device.h"
#include "gomp.h"

#define OMP_API KMP_EXPORT

OMP_API int omp_get_num_devices(void) { return bob_num_devices(); }
OMP_API int omp_get_initial_device(void) { return bob_initial_device(); }
OMP_API int omp_get_device_num(void) { return bob_initial_device(); }

/* Only the host's code calls it here: code that clang offloads is compiled
 * apart, with omp.h's variant that answers 0. */
OMP_API int omp_is_initial_device(void) { return 1; }

OMP_API void *omp_target_alloc(size_t size, int device)
{
    return bob_target_alloc(size, device);
}

OMP_API void omp_target_free(void *ptr, int device) { bob_target_free(ptr, device); }

OMP_API int omp_target_is_present(const void *ptr, int device)
{
    return bob_target_is_present(ptr, device);
}

OMP_API int omp_target_is_accessible(const void *ptr, size_t size, int device)
{
    return bob_target_is_accessible(ptr, size, device);
}

OMP_API void *omp_get_mapped_ptr(const void *ptr, int device)
{
    return bob_target_mapped_ptr(ptr, device);
}

OMP_API int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr,
                                     size_t size, size_t device_offset, int device)
{
    return bob_target_associate_ptr(host_ptr, device_ptr, size, device_offset, device);
}

OMP_API int omp_target_disassociate_ptr(const void *ptr, int device)
{
    return bob_target_disassociate_ptr(ptr, device);
}

OMP_API int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                              size_t src_offset, int dst_device, int src_device)
{
    return bob_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device,
                             src_device);
}

#define RECT_COPY(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets,   \
                  dst_dimensions, src_dimensions, dst_device, src_device)               \
    ((bob_target_copy_t){false, dst, src, element_size, num_dims, volume, dst_offsets,  \
                         src_offsets, dst_dimensions, src_dimensions, dst_device,       \
                         src_device})
#define LINEAR_COPY(dst, src, length, dst_offset, src_offset, dst_device, src_device)   \
    ((bob_target_copy_t){true, dst, src, 1, 1, &(size_t){length}, &(size_t){dst_offset}, \
                         &(size_t){src_offset}, NULL, NULL, dst_device, src_device})

OMP_API int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size,
                                   int num_dims, const size_t *volume,
                                   const size_t *dst_offsets, const size_t *src_offsets,
                                   const size_t *dst_dimensions,
                                   const size_t *src_dimensions, int dst_device,
                                   int src_device)
{
    bob_target_copy_t copy = RECT_COPY(dst, src, element_size, num_dims, volume,
                                       dst_offsets, src_offsets, dst_dimensions,
                                       src_dimensions, dst_device, src_device);
    return bob_target_memcpy_rect(&copy);
}

/* ---- the _async forms, with clang's and gcc's depend objects --------------------- */

static size_t clang_depobj_count(const omp_depend_t depobj)
{
    return (size_t)((const bob_dep_t *)depobj)[-1].addr;
}

/* The async copy with the dependences of count depend objects of clang. */
static int copy_async_clang(const bob_target_copy_t *copy, int count,
                            const omp_depend_t *depobjs)
{
    size_t n = 0;
    for (int i = 0; i < count; i++)
        n += clang_depobj_count(depobjs[i]);
    bob_dep_t deps[n ? n : 1];
    size_t at = 0;
    for (int i = 0; i < count; i++)
        for (size_t k = 0; k < clang_depobj_count(depobjs[i]); k++)
            deps[at++] = ((const bob_dep_t *)depobjs[i])[k];
    return bob_target_memcpy_async(bob_self(), copy, (int)n, deps);
}

/* gcc's omp_depend_t */
typedef struct gomp_depend {
    void *addr;
    uintptr_t kind;
} gomp_depend_t;

static int copy_async_gomp(const bob_target_copy_t *copy, int count,
                           const gomp_depend_t *depobjs)
{
    bob_dep_t deps[count > 0 ? count : 1];
    for (int i = 0; i < count; i++)
        deps[i] = bob_gomp_depobj(&depobjs[i]);
    return bob_target_memcpy_async(bob_self(), copy, count, deps);
}

OMP_API int omp_target_memcpy_async(void *dst, const void *src, size_t length,
                                    size_t dst_offset, size_t src_offset, int dst_device,
                                    int src_device, int depobj_count,
                                    omp_depend_t *depobj_list)
{
    bob_target_copy_t copy = LINEAR_COPY(dst, src, length, dst_offset, src_offset,
                                         dst_device, src_device);
    return copy_async_clang(&copy, depobj_count, depobj_list);
}

OMP_API int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size,
                                         int num_dims, const size_t *volume,
                                         const size_t *dst_offsets,
                                         const size_t *src_offsets,
                                         const size_t *dst_dimensions,
                                         const size_t *src_dimensions, int dst_device,
                                         int src_device, int depobj_count,
                                         omp_depend_t *depobj_list)
{
    bob_target_copy_t copy = RECT_COPY(dst, src, element_size, num_dims, volume,
                                       dst_offsets, src_offsets, dst_dimensions,
                                       src_dimensions, dst_device, src_device);
    return copy_async_clang(&copy, depobj_count, depobj_list);
}

int gomp_omp_target_memcpy_async(void *dst, const void *src, size_t length,
                                            size_t dst_offset, size_t src_offset,
                                            int dst_device, int src_device,
                                            int depobj_count, gomp_depend_t *depobj_list)
{
    bob_target_copy_t copy = LINEAR_COPY(dst, src, length, dst_offset, src_offset,
                                         dst_device, src_device);
    return copy_async_gomp(&copy, depobj_count, depobj_list);
}

int gomp_omp_target_memcpy_rect_async(
    void *dst, const void *src, size_t element_size, int num_dims, const size_t *volume,
    const size_t *dst_offsets, const size_t *src_offsets, const size_t *dst_dimensions,
    const size_t *src_dimensions, int dst_device, int src_device, int depobj_count,
    gomp_depend_t *depobj_list)
{
    bob_target_copy_t copy = RECT_COPY(dst, src, element_size, num_dims, volume,
                                       dst_offsets, src_offsets, dst_dimensions,
                                       src_dimensions, dst_device, src_device);
    return copy_async_gomp(&copy, depobj_count, depobj_list);
}
