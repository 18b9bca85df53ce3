/* This file spells allocators, memory spaces, trait keys and trait values
 * as OMP_ALLOCATOR, OMP_DISPLAY_ENV and messages write them, and describes
 * an allocator in those words. */
#include "alloc.h"
#include "alloc_internal.h"

#include <stdint.h>
#include <stdio.h>

const char *const bob_alloc_predefined_names[LAST_PREDEFINED + 1] = {
    [omp_null_allocator] = "omp_null_allocator",
    [omp_default_mem_alloc] = "omp_default_mem_alloc",
    [omp_large_cap_mem_alloc] = "omp_large_cap_mem_alloc",
    [omp_const_mem_alloc] = "omp_const_mem_alloc",
    [omp_high_bw_mem_alloc] = "omp_high_bw_mem_alloc",
    [omp_low_lat_mem_alloc] = "omp_low_lat_mem_alloc",
    [omp_cgroup_mem_alloc] = "omp_cgroup_mem_alloc",
    [omp_pteam_mem_alloc] = "omp_pteam_mem_alloc",
    [omp_thread_mem_alloc] = "omp_thread_mem_alloc",
};

const bob_memspace_t bob_alloc_memspaces[] = {
    {"omp_default_mem_space", omp_default_mem_space, omp_default_mem_alloc},
    {"omp_large_cap_mem_space", omp_large_cap_mem_space, omp_large_cap_mem_alloc},
    {"omp_const_mem_space", omp_const_mem_space, omp_const_mem_alloc},
    {"omp_high_bw_mem_space", omp_high_bw_mem_space, omp_high_bw_mem_alloc},
    {"omp_low_lat_mem_space", omp_low_lat_mem_space, omp_low_lat_mem_alloc},
};
const size_t bob_alloc_nmemspaces =
    sizeof bob_alloc_memspaces / sizeof bob_alloc_memspaces[0];

const char *const bob_alloc_key_names[] = {
    [omp_atk_sync_hint] = "sync_hint", [omp_atk_alignment] = "alignment",
    [omp_atk_access] = "access",       [omp_atk_pool_size] = "pool_size",
    [omp_atk_fallback] = "fallback",   [omp_atk_fb_data] = "fb_data",
    [omp_atk_pinned] = "pinned",       [omp_atk_partition] = "partition",
};
const size_t bob_alloc_nkeys = sizeof bob_alloc_key_names / sizeof bob_alloc_key_names[0];

const char *const bob_alloc_value_names[] = {
    [omp_atv_false] = "false",
    [omp_atv_true] = "true",
    [omp_atv_contended] = "contended",
    [omp_atv_uncontended] = "uncontended",
    [omp_atv_serialized] = "serialized",
    [omp_atv_private] = "private",
    [omp_atv_all] = "all",
    [omp_atv_thread] = "thread",
    [omp_atv_pteam] = "pteam",
    [omp_atv_cgroup] = "cgroup",
    [omp_atv_default_mem_fb] = "default_mem_fb",
    [omp_atv_null_fb] = "null_fb",
    [omp_atv_abort_fb] = "abort_fb",
    [omp_atv_allocator_fb] = "allocator_fb",
    [omp_atv_environment] = "environment",
    [omp_atv_nearest] = "nearest",
    [omp_atv_blocked] = "blocked",
    [omp_atv_interleaved] = "interleaved",
};
const size_t bob_alloc_nvalues =
    sizeof bob_alloc_value_names / sizeof bob_alloc_value_names[0];

static const char *memspace_name(omp_memspace_handle_t ms)
{
    for (size_t i = 0; i < bob_alloc_nmemspaces; i++)
        if (bob_alloc_memspaces[i].memspace == ms)
            return bob_alloc_memspaces[i].name;
    return "?";
}

static const char *value_name(uintptr_t v)
{
    if (v < bob_alloc_nvalues && bob_alloc_value_names[v])
        return bob_alloc_value_names[v];
    return "?";
}

char *bob_allocator_describe(omp_allocator_handle_t allocator, char *buf, size_t len)
{
    uintptr_t v = (uintptr_t)allocator;
    if (len == 0)
        return buf;
    if (v <= LAST_PREDEFINED) {
        snprintf(buf, len, "%s", bob_alloc_predefined_names[v]);
        return buf;
    }
    const bob_allocator_t *a = (const bob_allocator_t *)v;
    if (v <= MAX_PREDEFINED_HANDLE || a->magic != ALLOCATOR_LIVE) {
        snprintf(buf, len, "%#jx", (uintmax_t)v);
        return buf;
    }
    size_t n = (size_t)snprintf(buf, len, "%s", memspace_name(a->memspace));
    char sep = ':';
#define ADD(...)                                                                  \
    do {                                                                          \
        if (n < len)                                                              \
            n += (size_t)snprintf(buf + n, len - n, "%c", sep);                   \
        if (n < len)                                                              \
            n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__);                 \
        sep = ',';                                                                \
    } while (0)
    if (a->alignment)
        ADD("alignment=%zu", a->alignment);
    if (a->pool_size)
        ADD("pool_size=%zu", a->pool_size);
    if (a->fallback != omp_atv_default_mem_fb)
        ADD("fallback=%s", value_name((uintptr_t)a->fallback));
    if (a->fallback == omp_atv_allocator_fb)
        ADD("fb_data=%#jx", (uintmax_t)a->fb_data);
    if (a->sync_hint)
        ADD("sync_hint=%s", value_name((uintptr_t)a->sync_hint));
    if (a->access)
        ADD("access=%s", value_name((uintptr_t)a->access));
    if (a->pinned)
        ADD("pinned=true");
    if (a->partition)
        ADD("partition=%s", value_name((uintptr_t)a->partition));
#undef ADD
    return buf;
}
