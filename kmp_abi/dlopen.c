/* dlopen, in front of the C library's for the programs and libraries that
 * bind it after Bobbin (linked with -fopenmp, or LD_PRELOAD): the TLS
 * blocks of OpenMP threads get the static TLS of the modules it loads, as
 * the C library's threads do (threading/tls_late.c). Where Bobbin itself
 * was loaded by dlopen without RTLD_GLOBAL, the program's later dlopen
 * calls are the C library's alone.
 *
 * The C library searches for a bare name (no '/') first in the calling
 * object's DT_RPATH or DT_RUNPATH ($ORIGIN...), and takes the caller to be
 * whoever called it: here, Bobbin. So a bare name not loaded yet is looked
 * for here first, in the caller's search path as the C library gives it
 * (dlinfo's RTLD_DI_SERINFO: its run paths, LD_LIBRARY_PATH, the default
 * directories), and only if none has it is it left to the C library (its
 * cache of names, and any path it knows). */
#include "c_library.h"
#include "kmpc.h"
#include "symver.h"

#include <bobbin/threading.h>

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The path of file in the search path of the object holding caller, or
 * NULL. */
static char *in_callers_path(const char *file, const void *caller)
{
    Dl_info info;
    struct link_map *map = NULL;
    Dl_serinfo size;
    if (!dladdr1(caller, &info, (void **)&map, RTLD_DL_LINKMAP) || !map ||
        dlinfo(map, RTLD_DI_SERINFOSIZE, &size))
        return NULL;
    Dl_serinfo *paths = malloc(size.dls_size);
    char *found = NULL;
    if (paths && !dlinfo(map, RTLD_DI_SERINFOSIZE, paths) &&
        !dlinfo(map, RTLD_DI_SERINFO, paths))
        for (unsigned i = 0; !found && i < paths->dls_cnt; i++) {
            char *path;
            if (asprintf(&path, "%s/%s", paths->dls_serpath[i].dls_name, file) < 0)
                break;
            if (access(path, F_OK) == 0)
                found = path;
            else
                free(path);
        }
    free(paths);
    return found;
}

KMP_EXPORT void *dlopen(const char *file, int mode)
{
    REAL(dlopen, "GLIBC_2.34");
    const void *caller = __builtin_return_address(0);
    void *handle = file ? real(file, mode | RTLD_NOLOAD) : real(file, mode);
    if (handle) /* loaded already, or the program: nothing new */
        return handle;
    bt_tls_load_t *load = bt_tls_loading();
    char *path = strchr(file, '/') ? NULL : in_callers_path(file, caller);
    if (path)
        handle = real(path, mode);
    free(path);
    if (!handle)
        handle = real(file, mode);
    bt_tls_loaded(load);
    return handle;
}

V(dlopen, "GLIBC_2.2.5")
