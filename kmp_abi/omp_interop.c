/* The interop routines. Interop objects come from target constructs, which
 * Bobbin (host only) never creates: every object is omp_interop_none, and
 * every query answers "empty" as the spec prescribes for it. */
#include "kmpc.h"

static void set_rc(int *rc, omp_interop_rc_t value)
{
    if (rc)
        *rc = value;
}

KMP_EXPORT int omp_get_num_interop_properties(const omp_interop_t interop)
{
    (void)interop;
    return 0;
}

KMP_EXPORT omp_intptr_t omp_get_interop_int(const omp_interop_t interop,
                                            omp_interop_property_t property, int *rc)
{
    (void)interop, (void)property;
    set_rc(rc, omp_irc_empty);
    return 0;
}

KMP_EXPORT void *omp_get_interop_ptr(const omp_interop_t interop,
                                     omp_interop_property_t property, int *rc)
{
    (void)interop, (void)property;
    set_rc(rc, omp_irc_empty);
    return NULL;
}

KMP_EXPORT const char *omp_get_interop_str(const omp_interop_t interop,
                                           omp_interop_property_t property, int *rc)
{
    (void)interop, (void)property;
    set_rc(rc, omp_irc_empty);
    return NULL;
}

KMP_EXPORT const char *omp_get_interop_name(const omp_interop_t interop,
                                            omp_interop_property_t property)
{
    (void)interop, (void)property;
    return NULL;
}

KMP_EXPORT const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                                 omp_interop_property_t property)
{
    (void)interop, (void)property;
    return NULL;
}

KMP_EXPORT const char *omp_get_interop_rc_desc(const omp_interop_t interop,
                                               omp_interop_rc_t rc)
{
    (void)interop;
    return rc == omp_irc_empty ? "no interop object: Bobbin runs on the host only"
                               : "unknown return code";
}
