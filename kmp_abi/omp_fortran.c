/* The omp_lib routines as gfortran programs call them: the C name plus an
 * underscore, every argument by reference, logicals as 4-byte integers,
 * CHARACTER arguments as (pointer, hidden length at the end) without a
 * terminating NUL. Generic omp_lib names with an INTEGER(8) argument
 * resolve to the _8 variants (omp_set_num_threads_8_ ...), whose values
 * are clamped to int. Each calls the C routine. The same holds for the
 * Fortran forms of libomp's kmp_* extensions, which ifort and flang
 * programs call, but for the few routines libomp defines once for both
 * languages, whose arguments come by value (kmp_ftn_entry.h).
 *
 * Locks: gfortran's omp_lock_kind is 4 and omp_nest_lock_kind 8, and the
 * Fortran lock variable is the lock itself (Bobbin's nest lock is two
 * words). The OpenMP 2.5 nest lock ABI is in omp_lock_25.c. */
#include "kmpc.h"

#include <limits.h>
#include <string.h>

#define FTN_API KMP_EXPORT

static int clamp(int64_t v) { return v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : (int)v; }

/* ---- queries without arguments ------------------------------------------------ */

#define FTN_GET(T, name) \
    FTN_API T name##_(void) { return name(); }
#define FTN_QUERY(name) FTN_GET(int32_t, name)
FTN_QUERY(omp_get_active_level)
FTN_QUERY(omp_get_cancellation)
FTN_QUERY(omp_get_default_device)
FTN_QUERY(omp_get_device_num)
FTN_QUERY(omp_get_dynamic)
FTN_QUERY(omp_get_initial_device)
FTN_QUERY(omp_get_level)
FTN_QUERY(omp_get_max_active_levels)
FTN_QUERY(omp_get_max_task_priority)
FTN_QUERY(omp_get_max_teams)
FTN_QUERY(omp_get_max_threads)
FTN_QUERY(omp_get_nested)
FTN_QUERY(omp_get_num_devices)
FTN_QUERY(omp_get_num_places)
FTN_QUERY(omp_get_num_procs)
FTN_QUERY(omp_get_num_teams)
FTN_QUERY(omp_get_num_threads)
FTN_QUERY(omp_get_partition_num_places)
FTN_QUERY(omp_get_place_num)
FTN_QUERY(omp_get_proc_bind)
FTN_QUERY(omp_get_supported_active_levels)
FTN_QUERY(omp_get_team_num)
FTN_QUERY(omp_get_teams_thread_limit)
FTN_QUERY(omp_get_thread_limit)
FTN_QUERY(omp_get_thread_num)
FTN_QUERY(omp_in_explicit_task)
FTN_QUERY(omp_in_final)
FTN_QUERY(omp_in_parallel)
FTN_QUERY(omp_is_initial_device)

FTN_API double omp_get_wtick_(void) { return omp_get_wtick(); }
FTN_API double omp_get_wtime_(void) { return omp_get_wtime(); }

/* ---- one integer (or logical) argument, in a 4- and an 8-byte form ------------ */

#define FTN_SET(name)                                                                  \
    FTN_API void name##_(const int32_t *v) { name(*v); }                               \
    FTN_API void name##_8_(const int64_t *v) { name(clamp(*v)); }
FTN_SET(omp_display_env)
FTN_SET(omp_set_default_device)
FTN_SET(omp_set_dynamic)
FTN_SET(omp_set_max_active_levels)
FTN_SET(omp_set_nested)
FTN_SET(omp_set_num_teams)
FTN_SET(omp_set_num_threads)
FTN_SET(omp_set_teams_thread_limit)

#define FTN_QUERY_OF(name)                                                             \
    FTN_API int32_t name##_(const int32_t *v) { return name(*v); }                     \
    FTN_API int32_t name##_8_(const int64_t *v) { return name(clamp(*v)); }
FTN_QUERY_OF(omp_get_ancestor_thread_num)
FTN_QUERY_OF(omp_get_team_size)
FTN_QUERY_OF(omp_get_place_num_procs)

/* ---- schedule ------------------------------------------------------------------ */

FTN_API void omp_set_schedule_(const int32_t *kind, const int32_t *chunk)
{
    omp_set_schedule((omp_sched_t)*kind, *chunk);
}
FTN_API void omp_set_schedule_8_(const int32_t *kind, const int64_t *chunk)
{
    omp_set_schedule((omp_sched_t)*kind, clamp(*chunk));
}
FTN_API void omp_get_schedule_(int32_t *kind, int32_t *chunk)
{
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    *kind = (int32_t)k;
    *chunk = c;
}
FTN_API void omp_get_schedule_8_(int32_t *kind, int64_t *chunk)
{
    int32_t c;
    omp_get_schedule_(kind, &c);
    *chunk = c;
}

/* ---- places: the _8 forms fill INTEGER(8) arrays --------------------------------- */

FTN_API void omp_get_place_proc_ids_(const int32_t *place, int32_t *ids)
{
    omp_get_place_proc_ids(*place, ids);
}
FTN_API void omp_get_place_proc_ids_8_(const int64_t *place, int64_t *ids)
{
    int n = omp_get_place_num_procs(clamp(*place));
    int mine[n > 0 ? n : 1];
    omp_get_place_proc_ids(clamp(*place), mine);
    for (int i = 0; i < n; i++)
        ids[i] = mine[i];
}
FTN_API void omp_get_partition_place_nums_(int32_t *nums)
{
    omp_get_partition_place_nums(nums);
}
FTN_API void omp_get_partition_place_nums_8_(int64_t *nums)
{
    int n = omp_get_partition_num_places();
    int mine[n > 0 ? n : 1];
    omp_get_partition_place_nums(mine);
    for (int i = 0; i < n; i++)
        nums[i] = mine[i];
}

/* ---- affinity format: CHARACTER arguments ---------------------------------------- */

/* A Fortran string as a C string in buf (of len + 1 bytes). */
static const char *c_string(char *buf, const char *s, size_t len)
{
    memcpy(buf, s, len);
    buf[len] = '\0';
    return buf;
}

/* A C string of length n into a Fortran CHARACTER(len): blank-padded. */
static void fortran_string(char *dst, size_t len, const char *src, size_t n)
{
    if (n >= len) {
        memcpy(dst, src, len);
    } else {
        memcpy(dst, src, n);
        memset(dst + n, ' ', len - n);
    }
}

FTN_API void omp_set_affinity_format_(const char *format, size_t len)
{
    char buf[len + 1];
    omp_set_affinity_format(c_string(buf, format, len));
}
FTN_API int32_t omp_get_affinity_format_(char *buffer, size_t len)
{
    size_t n = omp_get_affinity_format(NULL, 0);
    char buf[n + 1];
    omp_get_affinity_format(buf, n + 1);
    fortran_string(buffer, len, buf, n);
    return (int32_t)n;
}
FTN_API void omp_display_affinity_(const char *format, size_t len)
{
    char buf[len + 1];
    omp_display_affinity(len ? c_string(buf, format, len) : NULL);
}
FTN_API int32_t omp_capture_affinity_(char *buffer, const char *format, size_t buffer_len,
                                      size_t format_len)
{
    char fmt[format_len + 1];
    const char *f = format_len ? c_string(fmt, format, format_len) : NULL;
    size_t n = omp_capture_affinity(NULL, 0, f);
    char buf[n + 1];
    omp_capture_affinity(buf, n + 1, f);
    fortran_string(buffer, buffer_len, buf, n);
    return (int32_t)n;
}

/* ---- resources, allocators, events ------------------------------------------------ */

FTN_API int32_t omp_pause_resource_(const int32_t *kind, const int32_t *device)
{
    return omp_pause_resource((omp_pause_resource_t)*kind, *device);
}
FTN_API int32_t omp_pause_resource_all_(const int32_t *kind)
{
    return omp_pause_resource_all((omp_pause_resource_t)*kind);
}

/* omp_alloctrait has the same layout in both languages. */
FTN_API omp_allocator_handle_t omp_init_allocator_(const omp_memspace_handle_t *space,
                                                   const int32_t *ntraits,
                                                   omp_alloctrait_t *traits)
{
    return omp_init_allocator(*space, *ntraits, traits);
}
FTN_API omp_allocator_handle_t omp_init_allocator_8_(const omp_memspace_handle_t *space,
                                                     const int64_t *ntraits,
                                                     omp_alloctrait_t *traits)
{
    return omp_init_allocator(*space, clamp(*ntraits), traits);
}
FTN_API void omp_destroy_allocator_(const omp_allocator_handle_t *allocator)
{
    omp_destroy_allocator(*allocator);
}
FTN_API void omp_set_default_allocator_(const omp_allocator_handle_t *allocator)
{
    omp_set_default_allocator(*allocator);
}
FTN_API omp_allocator_handle_t omp_get_default_allocator_(void)
{
    return omp_get_default_allocator();
}

/* libomp's form takes a reference; gfortran's omp_lib module passes the
 * handle by value (a `value` dummy), and gcc binaries bind
 * omp_fulfill_event_@OMP_5.0.1, which gomp_versions.def points at
 * gomp_omp_fulfill_event_. */
FTN_API void omp_fulfill_event_(const omp_event_handle_t *event)
{
    omp_fulfill_event(*event);
}
void gomp_omp_fulfill_event_(omp_event_handle_t event) { omp_fulfill_event(event); }

/* ---- routines whose Fortran form takes its arguments by value, as in C ----------- */

/* libomp defines these once for both languages (kmp_ftn_entry.h): the
 * interop queries and omp_control_tool. */
#define FTN_BY_VALUE(T, name, params, args) \
    FTN_API T name##_ params { return name args; }
FTN_BY_VALUE(int32_t, omp_control_tool, (int command, int modifier, void *arg),
             (command, modifier, arg))
FTN_BY_VALUE(int32_t, omp_get_num_interop_properties, (const omp_interop_t i), (i))
#define FTN_INTEROP_GET(T, name) \
    FTN_BY_VALUE(T, name, (const omp_interop_t i, omp_interop_property_t p, int *rc), (i, p, rc))
FTN_INTEROP_GET(omp_intptr_t, omp_get_interop_int)
FTN_INTEROP_GET(void *, omp_get_interop_ptr)
FTN_INTEROP_GET(const char *, omp_get_interop_str)
#define FTN_INTEROP_DESC(name, P) \
    FTN_BY_VALUE(const char *, name, (const omp_interop_t i, P p), (i, p))
FTN_INTEROP_DESC(omp_get_interop_name, omp_interop_property_t)
FTN_INTEROP_DESC(omp_get_interop_type_desc, omp_interop_property_t)
FTN_INTEROP_DESC(omp_get_interop_rc_desc, omp_interop_rc_t)

/* ---- libomp's kmp_* extensions: by reference, no _8 forms (kmp_ftn_entry.h) ------ */

#define FTN_CALL(name) \
    FTN_API void name##_(void) { name(); }
#define FTN_SET_AS(T, name) \
    FTN_API void name##_(const T *v) { name(*v); }
FTN_SET_AS(int32_t, kmp_set_stacksize)
FTN_SET_AS(size_t, kmp_set_stacksize_s)
FTN_SET_AS(int32_t, kmp_set_blocktime)
FTN_SET_AS(int32_t, kmp_set_library)
FTN_SET_AS(int32_t, kmp_set_disp_num_buffers)
FTN_QUERY(kmp_get_stacksize)
FTN_GET(size_t, kmp_get_stacksize_s)
FTN_QUERY(kmp_get_blocktime)
FTN_QUERY(kmp_get_library)
FTN_QUERY(kmp_get_num_known_threads)
FTN_QUERY(kmp_get_affinity_max_proc)
FTN_CALL(kmp_set_library_serial)
FTN_CALL(kmp_set_library_turnaround)
FTN_CALL(kmp_set_library_throughput)
FTN_CALL(kmp_set_warnings_on)
FTN_CALL(kmp_set_warnings_off)
/* libomp's one exception: the cancel kind comes by value. */
FTN_BY_VALUE(int32_t, kmp_get_cancellation_status, (int kind), (kind))

FTN_API void kmp_set_defaults_(const char *setting, int32_t len)
{
    char buf[len > 0 ? len + 1 : 1];
    kmp_set_defaults(c_string(buf, setting, len > 0 ? (size_t)len : 0));
}

FTN_API void *kmp_malloc_(const size_t *size) { return kmp_malloc(*size); }
FTN_API void *kmp_calloc_(const size_t *n, const size_t *size) { return kmp_calloc(*n, *size); }
FTN_API void *kmp_realloc_(void *const *p, const size_t *size) { return kmp_realloc(*p, *size); }
FTN_API void kmp_free_(void *const *p) { kmp_free(*p); }
FTN_API void *kmp_aligned_malloc_(const size_t *size, const size_t *alignment)
{
    return kmp_aligned_malloc(*size, *alignment);
}

/* The mask variable is passed by reference in C already. */
#define FTN_MASK(T, name) \
    FTN_API T name##_(kmp_affinity_mask_t *mask) { return name(mask); }
FTN_MASK(void, kmp_create_affinity_mask)
FTN_MASK(void, kmp_destroy_affinity_mask)
FTN_MASK(int32_t, kmp_set_affinity)
FTN_MASK(int32_t, kmp_get_affinity)
#define FTN_MASK_PROC(name) \
    FTN_API int32_t name##_(const int32_t *proc, kmp_affinity_mask_t *mask) \
    {                                                                       \
        return name(*proc, mask);                                           \
    }
FTN_MASK_PROC(kmp_set_affinity_mask_proc)
FTN_MASK_PROC(kmp_unset_affinity_mask_proc)
FTN_MASK_PROC(kmp_get_affinity_mask_proc)

/* ---- locks ------------------------------------------------------------------------ */

#define FTN_LOCK(name, T) \
    FTN_API void name##_(T *lock) { name(lock); }
#define FTN_TEST_LOCK(name, T) \
    FTN_API int32_t name##_(T *lock) { return name(lock); }
FTN_LOCK(omp_init_lock, omp_lock_t)
FTN_LOCK(omp_destroy_lock, omp_lock_t)
FTN_LOCK(omp_set_lock, omp_lock_t)
FTN_LOCK(omp_unset_lock, omp_lock_t)
FTN_TEST_LOCK(omp_test_lock, omp_lock_t)
FTN_LOCK(omp_init_nest_lock, omp_nest_lock_t)
FTN_LOCK(omp_destroy_nest_lock, omp_nest_lock_t)
FTN_LOCK(omp_set_nest_lock, omp_nest_lock_t)
FTN_LOCK(omp_unset_nest_lock, omp_nest_lock_t)
FTN_TEST_LOCK(omp_test_nest_lock, omp_nest_lock_t)

FTN_API void omp_init_lock_with_hint_(omp_lock_t *lock, const int32_t *hint)
{
    omp_init_lock_with_hint(lock, (omp_sync_hint_t)*hint);
}
FTN_API void omp_init_nest_lock_with_hint_(omp_nest_lock_t *lock, const int32_t *hint)
{
    omp_init_nest_lock_with_hint(lock, (omp_sync_hint_t)*hint);
}
