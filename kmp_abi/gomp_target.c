/* GOMP entry points of the device constructs: target, target data, target
 * enter/exit data and target update, all run on the host
 * (runtime/target.c), and the registration of offload images, of which
 * Bobbin, which loads no offload plugin, has nothing to do. Each construct
 * has the 4.0 form (8-bit map kinds, none of them firstprivate) and the 4.5
 * one gcc emits since (16-bit kinds, flags, depend, args). */
#include "gomp_abi.h"

GOMP_EXPORT void GOMP_target_ext(int device, void (*fn)(void *), size_t mapnum,
                                 void **hostaddrs, size_t *sizes, unsigned short *kinds,
                                 unsigned flags, void **depend, void **args)
{
    bob_gomp_target_t target = {fn, mapnum, hostaddrs, sizes, kinds, args};
    bob_gomp_target(bob_self(), device, &target, flags, depend);
}

GOMP_EXPORT void GOMP_target(int device, void (*fn)(void *), const void *unused,
                             size_t mapnum, void **hostaddrs, size_t *sizes,
                             unsigned char *kinds)
{
    (void)unused;
    (void)kinds;
    bob_gomp_target_t target = {fn, mapnum, hostaddrs, sizes, NULL, NULL};
    bob_gomp_target(bob_self(), device, &target, 0, NULL);
}

GOMP_EXPORT void GOMP_target_data_ext(int device, size_t mapnum, void **hostaddrs,
                                      size_t *sizes, unsigned short *kinds)
{
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    bob_gomp_target_data(bob_self(), device, 0, NULL);
}

GOMP_EXPORT void GOMP_target_data(int device, const void *unused, size_t mapnum,
                                  void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    bob_gomp_target_data(bob_self(), device, 0, NULL);
}

/* The end of a target data region: the host mapped nothing to unmap. */
GOMP_EXPORT void GOMP_target_end_data(void) {}

GOMP_EXPORT void GOMP_target_update_ext(int device, size_t mapnum, void **hostaddrs,
                                        size_t *sizes, unsigned short *kinds,
                                        unsigned flags, void **depend)
{
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    bob_gomp_target_data(bob_self(), device, flags, depend);
}

GOMP_EXPORT void GOMP_target_update(int device, const void *unused, size_t mapnum,
                                    void **hostaddrs, size_t *sizes, unsigned char *kinds)
{
    (void)unused, (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    bob_gomp_target_data(bob_self(), device, 0, NULL);
}

GOMP_EXPORT void GOMP_target_enter_exit_data(int device, size_t mapnum, void **hostaddrs,
                                             size_t *sizes, unsigned short *kinds,
                                             unsigned flags, void **depend)
{
    (void)mapnum, (void)hostaddrs, (void)sizes, (void)kinds;
    bob_gomp_target_data(bob_self(), device, flags, depend);
}

/* Offload images register before main, from constructors of binaries
 * built with -foffload; only libgomp's plugins could run them. */
GOMP_EXPORT void GOMP_offload_register_ver(unsigned version, const void *host_table,
                                           int target_type, const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

GOMP_EXPORT void GOMP_offload_unregister_ver(unsigned version, const void *host_table,
                                             int target_type, const void *target_data)
{
    (void)version, (void)host_table, (void)target_type, (void)target_data;
}

GOMP_EXPORT void GOMP_offload_register(const void *host_table, int target_type,
                                       const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}

GOMP_EXPORT void GOMP_offload_unregister(const void *host_table, int target_type,
                                         const void *target_data)
{
    (void)host_table, (void)target_type, (void)target_data;
}
