/* Devices and their memory: the host device, and the devices of LLVM's
 * libomptarget when the program brings it (clang's -fopenmp-targets).
 *
 * Without libomptarget the host is the only device: its number is
 * omp_get_initial_device() == omp_get_num_devices() == 0, and OpenMP 5.1's
 * omp_initial_device (-1) names it too; any other number is invalid. With
 * libomptarget, which the program links after this library, every routine
 * here forwards to libomptarget's own (libomptarget.c), as LLVM's libomp
 * does, so the program sees libomptarget's devices, not only the host. */
#ifndef BOB_DEVICE_H
#define BOB_DEVICE_H

#include "task.h"

#include <stddef.h>

/* OpenMP 5.1's omp_initial_device */
enum { BOB_INITIAL_DEVICE = -1 };

/* ---- libomptarget.c ---- */
/* libomptarget's routines; the last two are NULL in versions without them. */
typedef struct bob_libomptarget {
    int (*get_num_devices)(void);
    int (*get_initial_device)(void);
    void *(*alloc)(size_t size, int device);
    void (*free)(void *ptr, int device);
    int (*is_present)(const void *ptr, int device);
    int (*memcpy)(void *dst, const void *src, size_t length, size_t dst_offset,
                  size_t src_offset, int dst_device, int src_device);
    int (*memcpy_rect)(void *dst, const void *src, size_t element_size, int num_dims,
                       const size_t *volume, const size_t *dst_offsets,
                       const size_t *src_offsets, const size_t *dst_dimensions,
                       const size_t *src_dimensions, int dst_device, int src_device);
    int (*associate_ptr)(const void *host_ptr, const void *device_ptr, size_t size,
                         size_t device_offset, int device);
    int (*disassociate_ptr)(const void *ptr, int device);
    int (*is_accessible)(const void *ptr, size_t size, int device);
    void *(*get_mapped_ptr)(const void *ptr, int device);
} bob_libomptarget_t;

/* libomptarget's routines if the process has it, else NULL; looked up on
 * the first call. */
const bob_libomptarget_t *bob_libomptarget(void);

/* ---- device.c ---- */
int bob_num_devices(void);
int bob_initial_device(void);
/* Whether device is the host; for another, valid or not, false, except
 * that under OMP_TARGET_OFFLOAD=mandatory a non-negative one ends the
 * program with libgomp 12's message and status. */
bool bob_device_is_host(int device);
/* The memory routines of OpenMP's device memory API (omp_target_*), with
 * its arguments and results. */
void *bob_target_alloc(size_t size, int device);
void bob_target_free(void *ptr, int device);
int bob_target_is_present(const void *ptr, int device);
int bob_target_is_accessible(const void *ptr, size_t size, int device);
void *bob_target_mapped_ptr(const void *ptr, int device);
int bob_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device);
int bob_target_disassociate_ptr(const void *ptr, int device);

/* ---- device_copy.c ---- */
/* A copy of omp_target_memcpy_rect, or of omp_target_memcpy if linear:
 * then volume[0] is its length and dst_offsets[0], src_offsets[0] its
 * offsets, in bytes. */
typedef struct bob_target_copy {
    bool linear;
    void *dst;
    const void *src;
    size_t element_size;
    int num_dims;
    const size_t *volume, *dst_offsets, *src_offsets, *dst_dimensions, *src_dimensions;
    int dst_device, src_device;
} bob_target_copy_t;

int bob_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device);
int bob_target_memcpy_rect(const bob_target_copy_t *copy);
/* The same as a task of self that waits for the n dependences deps; the
 * result is that of starting it (0, or EINVAL for invalid devices). */
int bob_target_memcpy_async(bob_thread_t *self, const bob_target_copy_t *copy, int n,
                            const bob_dep_t *deps);

#endif
