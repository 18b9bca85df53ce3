/* This file reads OMP_ALLOCATOR, the initial value of def-allocator-var,
 * and reads and sets that ICV in the calling task's data environment. */
#include "alloc.h"
#include "alloc_internal.h"

#include "rt.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static omp_allocator_handle_t initial_default = omp_default_mem_alloc;

/* ---- The default allocator ------------------------------------------------ */

omp_allocator_handle_t bob_alloc_initial_default(void)
{
    bob_alloc_init();
    return initial_default;
}

omp_allocator_handle_t bob_alloc_get_default(void)
{
    bob_config_t scratch; /* an inquiry (bob_icv_inquiry) */
    return bob_icv_inquiry(&scratch)->def_allocator;
}

void bob_alloc_set_default(omp_allocator_handle_t allocator)
{
    if (allocator == omp_null_allocator)
        allocator = omp_default_mem_alloc;
    if (bob_allocator_lookup(allocator, "omp_set_default_allocator"))
        bob_self()->icv.def_allocator = allocator;
}

/* ---- OMP_ALLOCATOR ----------------------------------------------------------- */

/* s without leading and trailing blanks, in place. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static bool parse_number(const char *s, uintptr_t *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end || v > UINTPTR_MAX)
        return false;
    *out = (uintptr_t)v;
    return true;
}

/* The predefined allocator called name, or omp_null_allocator. */
static omp_allocator_handle_t predefined_allocator(const char *name)
{
    for (uintptr_t h = 1; h <= LAST_PREDEFINED; h++)
        if (strcmp(name, bob_alloc_predefined_names[h]) == 0)
            return (omp_allocator_handle_t)h;
    return omp_null_allocator;
}

/* One "key=value" of OMP_ALLOCATOR into a trait; false with err set. */
static bool parse_trait(char *item, omp_alloctrait_t *t, char *err, size_t errlen)
{
    char *eq = strchr(item, '=');
    if (!*trim(item)) {
        snprintf(err, errlen, "an empty trait");
        return false;
    }
    if (!eq) {
        snprintf(err, errlen, "'%s' is not key=value", item);
        return false;
    }
    *eq = '\0';
    char *key = trim(item), *val = trim(eq + 1);
    size_t k = 1;
    while (k < bob_alloc_nkeys && strcmp(key, bob_alloc_key_names[k]) != 0)
        k++;
    if (k == bob_alloc_nkeys) {
        snprintf(err, errlen, "unknown trait '%s'", key);
        return false;
    }
    t->key = (omp_alloctrait_key_t)k;
    if (k == omp_atk_fb_data) { /* OpenMP 5.1: only a predefined allocator */
        t->value = predefined_allocator(val);
        if (t->value == omp_null_allocator) {
            snprintf(err, errlen, "fb_data '%s' is not a predefined allocator", val);
            return false;
        }
        return true;
    }
    if (k == omp_atk_alignment || k == omp_atk_pool_size) {
        if (!parse_number(val, &t->value)) {
            snprintf(err, errlen, "%s '%s' is not a number", key, val);
            return false;
        }
        return true;
    }
    if (strncmp(val, "omp_atv_", 8) == 0)
        val += 8;
    size_t v = 0;
    while (v < bob_alloc_nvalues &&
           !(bob_alloc_value_names[v] && strcmp(val, bob_alloc_value_names[v]) == 0))
        v++;
    if (v == bob_alloc_nvalues && strcmp(val, "sequential") == 0)
        v = omp_atv_sequential;
    if (v == bob_alloc_nvalues) {
        snprintf(err, errlen, "unknown value '%s' for %s", val, key);
        return false;
    }
    t->value = v;
    return true;
}

/* The allocator OMP_ALLOCATOR's value s names; omp_null_allocator with err
 * set if it is malformed, or, with *unavailable set, if it is well formed
 * but names traits on a memory space that has no memory. */
static omp_allocator_handle_t parse_allocator(const char *s, char *err, size_t errlen,
                                              bool *unavailable)
{
    char copy[512];
    if (strlen(s) >= sizeof copy) {
        snprintf(err, errlen, "too long");
        return omp_null_allocator;
    }
    strcpy(copy, s);
    char *colon = strchr(copy, ':');
    if (colon)
        *colon = '\0';
    char *name = trim(copy);
    omp_allocator_handle_t predefined = colon ? omp_null_allocator : predefined_allocator(name);
    if (predefined != omp_null_allocator)
        return predefined;
    size_t m = 0;
    while (m < bob_alloc_nmemspaces && strcmp(name, bob_alloc_memspaces[m].name) != 0)
        m++;
    if (m == bob_alloc_nmemspaces) {
        snprintf(err, errlen, colon ? "unknown memory space '%s'"
                                    : "unknown allocator or memory space '%s'",
                 name);
        return omp_null_allocator;
    }
    if (!colon)
        return bob_alloc_memspaces[m].allocator;
    omp_alloctrait_t traits[16];
    int n = 0;
    char *rest = colon + 1, *item;
    while ((item = strsep(&rest, ",")) != NULL) {
        if (n == (int)(sizeof traits / sizeof traits[0])) {
            snprintf(err, errlen, "too many traits");
            return omp_null_allocator;
        }
        if (!parse_trait(item, &traits[n++], err, errlen))
            return omp_null_allocator;
    }
    bob_allocator_t *a =
        bob_allocator_make(bob_alloc_memspaces[m].memspace, n, traits, err, errlen);
    *unavailable = !a && !bob_memspace_has_memory(bob_alloc_memspaces[m].memspace);
    return a ? (omp_allocator_handle_t)a->handle : omp_null_allocator;
}

static void alloc_init_once(void)
{
    const char *v = getenv("OMP_ALLOCATOR");
    if (v) {
        char err[160];
        bool unavailable = false;
        omp_allocator_handle_t a = parse_allocator(v, err, sizeof err, &unavailable);
        if (a != omp_null_allocator)
            initial_default = a;
        else if (unavailable)
            bob_warn("OMP_ALLOCATOR='%s': %s; using omp_default_mem_alloc", v, err);
        else
            bob_warn("OMP_ALLOCATOR='%s' is not an allocator or memspace[:traits] (%s); "
                     "using omp_default_mem_alloc", v, err);
    }
}

void bob_alloc_init(void) { pthread_once(&init_once, alloc_init_once); }
