/* libomp's kmp_* extensions that programs commonly call. The library mode
 * and blocktime read back what was set (runtime/env.c derives their first
 * values as libomp does); the serial library runs regions with one thread.
 * Dispatch buffers matter only to libomp; affinity masks describe CPUs,
 * which work units are not bound to, so setting one is refused. */
#include "kmpc.h"

#include <sched.h>
#include <stdlib.h>

KMP_EXPORT void kmp_set_stacksize_s(size_t size) { bob_set_stack_size(size); }
KMP_EXPORT void kmp_set_stacksize(int size)
{
    if (size > 0)
        bob_set_stack_size((size_t)size);
}
KMP_EXPORT size_t kmp_get_stacksize_s(void) { return bob_stack_size(); }
KMP_EXPORT int kmp_get_stacksize(void) { return (int)bob_stack_size(); }

KMP_EXPORT void kmp_set_blocktime(int ms)
{
    bob_init();
    bob_config.blocktime_ms = ms;
}
KMP_EXPORT int kmp_get_blocktime(void)
{
    bob_init();
    return bob_config.blocktime_ms;
}

KMP_EXPORT void kmp_set_library(int mode)
{
    bob_init();
    if (mode >= BOB_LIBRARY_SERIAL && mode <= BOB_LIBRARY_THROUGHPUT)
        bob_config.library_mode = mode;
}
KMP_EXPORT void kmp_set_library_serial(void) { kmp_set_library(BOB_LIBRARY_SERIAL); }
KMP_EXPORT void kmp_set_library_turnaround(void) { kmp_set_library(BOB_LIBRARY_TURNAROUND); }
KMP_EXPORT void kmp_set_library_throughput(void) { kmp_set_library(BOB_LIBRARY_THROUGHPUT); }
KMP_EXPORT int kmp_get_library(void)
{
    bob_init();
    return bob_config.library_mode;
}

/* "NAME=value": an environment setting, effective if the runtime has not
 * read its environment yet. */
KMP_EXPORT void kmp_set_defaults(const char *setting) { bob_set_default(setting); }
KMP_EXPORT void kmp_set_disp_num_buffers(int n) { (void)n; }
KMP_EXPORT void kmp_set_warnings_on(void) { bob_config.quiet = false; }
KMP_EXPORT void kmp_set_warnings_off(void) { bob_config.quiet = true; }

KMP_EXPORT void *kmp_malloc(size_t size) { return malloc(size); }
KMP_EXPORT void *kmp_calloc(size_t n, size_t size) { return calloc(n, size); }
KMP_EXPORT void *kmp_realloc(void *p, size_t size) { return realloc(p, size); }
KMP_EXPORT void kmp_free(void *p) { free(p); }
KMP_EXPORT void *kmp_aligned_malloc(size_t size, size_t alignment)
{
    void *p = NULL;
    return posix_memalign(&p, alignment, size) ? NULL : p;
}

KMP_EXPORT void kmp_create_affinity_mask(kmp_affinity_mask_t *mask)
{
    cpu_set_t *set = calloc(1, sizeof *set);
    *mask = set;
}
KMP_EXPORT void kmp_destroy_affinity_mask(kmp_affinity_mask_t *mask)
{
    free(*mask);
    *mask = NULL;
}
KMP_EXPORT int kmp_get_affinity_max_proc(void) { return CPU_SETSIZE; }
KMP_EXPORT int kmp_get_affinity(kmp_affinity_mask_t *mask)
{
    return sched_getaffinity(0, sizeof(cpu_set_t), *mask) ? -1 : 0;
}
KMP_EXPORT int kmp_set_affinity(kmp_affinity_mask_t *mask)
{
    (void)mask;
    return -1;
}
KMP_EXPORT int kmp_set_affinity_mask_proc(int cpu, kmp_affinity_mask_t *mask)
{
    if (!*mask || cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    CPU_SET(cpu, (cpu_set_t *)*mask);
    return 0;
}
KMP_EXPORT int kmp_unset_affinity_mask_proc(int cpu, kmp_affinity_mask_t *mask)
{
    if (!*mask || cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    CPU_CLR(cpu, (cpu_set_t *)*mask);
    return 0;
}
KMP_EXPORT int kmp_get_affinity_mask_proc(int cpu, kmp_affinity_mask_t *mask)
{
    if (!*mask || cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
    return CPU_ISSET(cpu, (cpu_set_t *)*mask) != 0;
}

KMP_EXPORT int kmp_get_cancellation_status(int kind)
{
    return bob_cancellation_point(bob_self(), kind);
}

/* The OS threads Bobbin runs on: its execution streams. */
KMP_EXPORT int kmp_get_num_known_threads(void) { return bob_num_procs(); }

/* OpenMP threads are not OS threads: there is no thread mask to reset. */
KMP_EXPORT int kmp_set_thread_affinity_mask_initial(void) { return 0; }

/* icc's names for them (kmp_csupport.cpp), arguments by value as here. */
#define KMPC_NAME(name) KMP_ALIAS(kmpc_##name, kmp_##name)
KMPC_NAME(malloc);
KMPC_NAME(calloc);
KMPC_NAME(realloc);
KMPC_NAME(free);
KMPC_NAME(aligned_malloc);
KMPC_NAME(set_stacksize);
KMPC_NAME(set_stacksize_s);
KMPC_NAME(set_blocktime);
KMPC_NAME(set_library);
KMPC_NAME(set_defaults);
KMPC_NAME(set_disp_num_buffers);
KMPC_NAME(set_affinity_mask_proc);
KMPC_NAME(unset_affinity_mask_proc);
KMPC_NAME(get_affinity_mask_proc);
