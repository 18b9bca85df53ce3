/* This file finds LLVM's libomptarget in the process, for device.c to
 * forward the device routines to it.
 *
 * A clang program built with -fopenmp-targets links libomptarget after
 * libomp, so its calls of omp_get_num_devices, omp_target_alloc... bind to
 * this library, which must then answer as libomptarget would: LLVM's libomp
 * does the same, looking the names up with dlsym. The lookup here goes
 * through libomptarget's own handle (found from __tgt_register_lib, which
 * only libomptarget defines), not RTLD_NEXT: a gcc program run with this
 * library preloaded over the system's libgomp has libgomp next, with
 * omp_* routines of the same names.
 *
 * Resolved once, by whichever thread asks first; threads that ask at the
 * same time each resolve, and the first to publish wins. No lock: an
 * OpenMP thread here is a work unit that must not block its ES. */
#include "device.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>

static const bob_libomptarget_t absent;
static _Atomic(const bob_libomptarget_t *) resolved;

static void *handle_of_libomptarget(void)
{
    void *probe = dlsym(RTLD_DEFAULT, "__tgt_register_lib");
    Dl_info info;
    if (!probe || !dladdr(probe, &info) || !info.dli_fname)
        return NULL;
    return dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
}

/* the routines of the library at handle, or NULL if one it must have is
 * missing */
static const bob_libomptarget_t *lookup(void *handle)
{
    bob_libomptarget_t *api = malloc(sizeof *api);
    if (!api)
        return NULL;
#define FIND(field, name) *(void **)&api->field = dlsym(handle, name)
    FIND(get_num_devices, "omp_get_num_devices");
    FIND(get_initial_device, "omp_get_initial_device");
    FIND(alloc, "omp_target_alloc");
    FIND(free, "omp_target_free");
    FIND(is_present, "omp_target_is_present");
    FIND(memcpy, "omp_target_memcpy");
    FIND(memcpy_rect, "omp_target_memcpy_rect");
    FIND(associate_ptr, "omp_target_associate_ptr");
    FIND(disassociate_ptr, "omp_target_disassociate_ptr");
    FIND(is_accessible, "omp_target_is_accessible");
    FIND(get_mapped_ptr, "omp_get_mapped_ptr");
#undef FIND
    if (!api->get_num_devices || !api->get_initial_device || !api->alloc || !api->free ||
        !api->is_present || !api->memcpy || !api->memcpy_rect || !api->associate_ptr ||
        !api->disassociate_ptr) {
        free(api);
        return NULL;
    }
    return api;
}

static const bob_libomptarget_t *resolve(void)
{
    void *handle = handle_of_libomptarget();
    const bob_libomptarget_t *api = handle ? lookup(handle) : NULL;
    if (handle)
        dlclose(handle); /* the program holds it; this only drops the count taken */
    return api ? api : &absent;
}

const bob_libomptarget_t *bob_libomptarget(void)
{
    const bob_libomptarget_t *api = atomic_load_explicit(&resolved, memory_order_acquire);
    if (!api) {
        const bob_libomptarget_t *mine = resolve();
        if (atomic_compare_exchange_strong_explicit(&resolved, &api, mine,
                                                    memory_order_acq_rel,
                                                    memory_order_acquire))
            api = mine;
        else if (mine != &absent)
            free((void *)mine);
    }
    return api == &absent ? NULL : api;
}
