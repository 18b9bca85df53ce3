/* This file handles device numbers and the device memory routines that
 * are not copies (omp_target_alloc, _free, _is_present, _is_accessible,
 * omp_get_mapped_ptr, _associate_ptr, _disassociate_ptr) for the host
 * device, or forwards them to libomptarget (see device.h).
 *
 * Invalid device numbers get libgomp's answers (NULL, 0, EINVAL), without
 * a message; under OMP_TARGET_OFFLOAD=mandatory a non-negative one ends the
 * program with libgomp's message and status 1, as libgomp 12 does. */
#include "device.h"

#include <errno.h>
#include <stdlib.h>

int bob_num_devices(void)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    return lt ? lt->get_num_devices() : 0;
}

int bob_initial_device(void)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    return lt ? lt->get_initial_device() : 0;
}

bool bob_device_is_host(int device)
{
    if (device == BOB_INITIAL_DEVICE || device == bob_initial_device())
        return true;
    bob_init();
    if (device >= 0 && bob_config.target_offload == BOB_OFFLOAD_MANDATORY)
        bob_gomp_fatal("OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found");
    return false;
}

void *bob_target_alloc(size_t size, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->alloc(size, device);
    return bob_device_is_host(device) ? malloc(size) : NULL;
}

/* Freeing NULL does nothing, on any device number, as in libgomp. */
void bob_target_free(void *ptr, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        lt->free(ptr, device);
    else if (ptr && bob_device_is_host(device))
        free(ptr);
}

/* NULL is present everywhere, as in libgomp. */
int bob_target_is_present(const void *ptr, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->is_present(ptr, device);
    return !ptr || bob_device_is_host(device);
}

/* Whether device is one of libomptarget's, which a libomptarget without
 * the OpenMP 5.1 routines (LLVM 14) cannot be asked about. */
static bool unanswerable(const bob_libomptarget_t *lt, int device)
{
    return lt && device >= 0 && device < lt->get_num_devices();
}

/* The host reaches all host memory; of another device, nothing is known. */
int bob_target_is_accessible(const void *ptr, size_t size, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt && lt->is_accessible)
        return lt->is_accessible(ptr, size, device);
    if (unanswerable(lt, device))
        return 0;
    return bob_device_is_host(device);
}

/* On the host a pointer maps to itself. */
void *bob_target_mapped_ptr(const void *ptr, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt && lt->get_mapped_ptr)
        return lt->get_mapped_ptr(ptr, device);
    if (!ptr || unanswerable(lt, device))
        return NULL;
    return bob_device_is_host(device) ? (void *)ptr : NULL;
}

/* Host memory cannot be associated with itself: EINVAL on the host as on
 * an invalid device, as libgomp answers. */
int bob_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->associate_ptr(host_ptr, device_ptr, size, device_offset, device);
    bob_device_is_host(device);
    return EINVAL;
}

int bob_target_disassociate_ptr(const void *ptr, int device)
{
    const bob_libomptarget_t *lt = bob_libomptarget();
    if (lt)
        return lt->disassociate_ptr(ptr, device);
    bob_device_is_host(device);
    return EINVAL;
}
