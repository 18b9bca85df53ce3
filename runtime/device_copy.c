/* This file handles the device memory copies: omp_target_memcpy and
 * omp_target_memcpy_rect between host buffers (or forwarded to
 * libomptarget, see device.h), and their _async forms, which are tasks of
 * the caller with the dependences of its depend objects. */
#include "device.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

/* Whether both devices are the host (both are checked: either may end the
 * program under OMP_TARGET_OFFLOAD=mandatory). */
static bool host_to_host(int dst_device, int src_device)
{
    bool dst = bob_device_is_host(dst_device);
    return bob_device_is_host(src_device) && dst;
}

int bob_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->memcpy(dst, src, length, dst_offset, src_offset, dst_device, src_device);
    if (!host_to_host(dst_device, src_device))
        return EINVAL;
    if (length)
        memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
    return 0;
}

/* The rows of dimensions d.. of c: dst and src point at the first element
 * of their block of dimension d, strides are each dimension's step in
 * bytes. */
static void copy_rows(const bob_target_copy_t *c, int d, char *dst, const char *src,
                      const size_t *dst_stride, const size_t *src_stride)
{
    dst += c->dst_offsets[d] * dst_stride[d];
    src += c->src_offsets[d] * src_stride[d];
    if (d == c->num_dims - 1) {
        memmove(dst, src, c->volume[d] * c->element_size);
        return;
    }
    for (size_t k = 0; k < c->volume[d]; k++)
        copy_rows(c, d + 1, dst + k * dst_stride[d], src + k * src_stride[d], dst_stride,
                  src_stride);
}

/* Whether the volume lies inside both arrays. */
static bool fits(const bob_target_copy_t *c)
{
    for (int d = 0; d < c->num_dims; d++)
        if (c->dst_offsets[d] > c->dst_dimensions[d] ||
            c->volume[d] > c->dst_dimensions[d] - c->dst_offsets[d] ||
            c->src_offsets[d] > c->src_dimensions[d] ||
            c->volume[d] > c->src_dimensions[d] - c->src_offsets[d])
            return false;
    return true;
}

/* With NULL dst and src: the number of dimensions supported, which is any
 * (libgomp's INT_MAX). */
int bob_target_memcpy_rect(const bob_target_copy_t *c)
{
    if (!c->dst && !c->src)
        return INT_MAX;
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->memcpy_rect(c->dst, c->src, c->element_size, c->num_dims, c->volume,
                               c->dst_offsets, c->src_offsets, c->dst_dimensions,
                               c->src_dimensions, c->dst_device, c->src_device);
    if (!host_to_host(c->dst_device, c->src_device) ||
        !c->dst || !c->src || c->num_dims < 1 || !fits(c))
        return EINVAL;
    for (int d = 0; d < c->num_dims; d++)
        if (c->volume[d] == 0)
            return 0;
    size_t dst_stride[c->num_dims], src_stride[c->num_dims];
    dst_stride[c->num_dims - 1] = src_stride[c->num_dims - 1] = c->element_size;
    for (int d = c->num_dims - 1; d > 0; d--) {
        dst_stride[d - 1] = dst_stride[d] * c->dst_dimensions[d];
        src_stride[d - 1] = src_stride[d] * c->src_dimensions[d];
    }
    copy_rows(c, 0, c->dst, c->src, dst_stride, src_stride);
    return 0;
}

/* ---- the _async forms ----------------------------------------------------------- */

/* The task: its copy's arrays are its own, in the task's shareds. */
typedef struct copy_task {
    bob_kmp_task_t kmp;
    bob_target_copy_t copy;
} copy_task_t;

static int run(const bob_target_copy_t *c)
{
    if (c->linear)
        return bob_target_memcpy(c->dst, c->src, c->volume[0], c->dst_offsets[0],
                                 c->src_offsets[0], c->dst_device, c->src_device);
    return bob_target_memcpy_rect(c);
}

static int32_t copy_entry(int32_t gtid, void *kmp)
{
    (void)gtid;
    run(&((copy_task_t *)kmp)->copy);
    return 0;
}

/* Copies n sizes from `from` (if any) to *at, which it advances. */
static const size_t *keep(size_t **at, const size_t *from, int n)
{
    if (!from)
        return NULL;
    size_t *kept = memcpy(*at, from, (size_t)n * sizeof *from);
    *at += n;
    return kept;
}

int bob_target_memcpy_async(bob_thread_t *self, const bob_target_copy_t *copy, int n,
                            const bob_dep_t *deps)
{
    if (!copy->linear && !copy->dst && !copy->src)
        return INT_MAX;
    if (copy->num_dims < 1)
        return EINVAL;
    if (!bob_libomptarget() && !host_to_host(copy->dst_device, copy->src_device))
        return EINVAL;
    int len = copy->num_dims;
    copy_task_t *t = (copy_task_t *)bob_task_alloc(self, BOB_TASK_TIED, sizeof *t,
                                                   5 * (size_t)len * sizeof(size_t),
                                                   copy_entry);
    size_t *at = t->kmp.shareds;
    t->copy = *copy;
    t->copy.volume = keep(&at, copy->volume, len);
    t->copy.dst_offsets = keep(&at, copy->dst_offsets, len);
    t->copy.src_offsets = keep(&at, copy->src_offsets, len);
    t->copy.dst_dimensions = keep(&at, copy->dst_dimensions, len);
    t->copy.src_dimensions = keep(&at, copy->src_dimensions, len);
    bob_task_submit_deps(self, bob_task_of(t), n, deps);
    return 0;
}
