/* The omp_* routines about places, proc_bind and the affinity format.
 *
 * LLVM's omp.h renames the four affinity-format routines to ompc_* with
 * macros, so programs compiled against it call those names; both spellings
 * are exported, as libomp does. */
#include "kmpc.h"
#include "places/places.h"

#include <stddef.h>

#undef omp_set_affinity_format
#undef omp_get_affinity_format
#undef omp_display_affinity
#undef omp_capture_affinity

#define OMP_API KMP_EXPORT

OMP_API omp_proc_bind_t omp_get_proc_bind(void)
{
    return (omp_proc_bind_t)bob_proc_bind_of(bob_self_inquiry()->team);
}

OMP_API int omp_get_num_places(void) { return bob_places_count(); }
OMP_API int omp_get_place_num_procs(int place) { return bob_places_num_procs(place); }
OMP_API void omp_get_place_proc_ids(int place, int *ids) { bob_places_proc_ids(place, ids); }
OMP_API int omp_get_place_num(void) { return bob_places_thread_place(); }
OMP_API int omp_get_partition_num_places(void) { return bob_places_partition_count(); }
OMP_API void omp_get_partition_place_nums(int *place_nums)
{
    bob_places_partition(place_nums);
}

OMP_API void omp_set_affinity_format(const char *format)
{
    bob_places_set_affinity_format(format);
}

OMP_API size_t omp_get_affinity_format(char *buffer, size_t size)
{
    return bob_places_get_affinity_format(buffer, size);
}

OMP_API void omp_display_affinity(const char *format)
{
    bob_places_display_affinity(format);
}

OMP_API size_t omp_capture_affinity(char *buffer, size_t size, const char *format)
{
    return bob_places_capture_affinity(buffer, size, format);
}

/* The ompc_* spellings (declared here: omp.h only names them via macros). */
#define OMPC_ALIAS(name) __attribute__((alias(#name)))
OMP_API void ompc_set_affinity_format(const char *) OMPC_ALIAS(omp_set_affinity_format);
OMP_API size_t ompc_get_affinity_format(char *, size_t) OMPC_ALIAS(omp_get_affinity_format);
OMP_API void ompc_display_affinity(const char *) OMPC_ALIAS(omp_display_affinity);
OMP_API size_t ompc_capture_affinity(char *, size_t, const char *)
    OMPC_ALIAS(omp_capture_affinity);
