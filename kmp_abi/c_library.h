/* The C library's own definition of a function this library also exports
 * in front of it (thread_self.c, dlopen.c). */
#ifndef KMP_C_LIBRARY_H
#define KMP_C_LIBRARY_H

#include "rt.h"

#include <dlfcn.h>

/* name@version after this library in the lookup order. Where dlopen
 * loaded this library without RTLD_GLOBAL, RTLD_NEXT finds nothing, and
 * the global scope, which this library is not in, has the C library's. */
static inline void *c_library(const char *name, const char *version)
{
    void *sym = dlvsym(RTLD_NEXT, name, version);
    if (!sym)
        sym = dlvsym(RTLD_DEFAULT, name, version);
    if (!sym)
        bob_fatal("cannot find %s@%s in the C library", name, version);
    return sym;
}

/* Declares `real`, the C library's name@version, looked up once. */
#define REAL(name, version)                                                              \
    static __typeof__(&name) real;                                                       \
    if (!__atomic_load_n(&real, __ATOMIC_RELAXED))                                       \
        __atomic_store_n(&real, (__typeof__(&name))c_library(#name, version),            \
                         __ATOMIC_RELAXED)

#endif
