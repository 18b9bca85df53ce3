/* This file holds the grammar of OMP_PLACES: explicit lists of places
 * such as {0,1},{2:2} or {0:2}:4:2, and the abstract names (threads,
 * cores, ll_caches, numa_domains, sockets, optionally with a count).
 * places_build.c turns what it reads into the place list. */
#include "places_internal.h"

#include <ctype.h>
#include <errno.h>
#include <hwloc.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- OMP_PLACES: explicit lists ------------------------------------------- */

void bob_places_skip_ws(const char **s)
{
    while (isspace((unsigned char)**s))
        (*s)++;
}

static bool accept(const char **s, char c)
{
    bob_places_skip_ws(s);
    if (**s != c)
        return false;
    (*s)++;
    return true;
}

/* A decimal number in [min, max], with an optional sign if min < 0. */
static bool parse_number(const char **s, long min, long max, long *out)
{
    bob_places_skip_ws(s);
    const char *p = *s;
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p) || (min >= 0 && **s == '-'))
        return false;
    errno = 0;
    char *end;
    long v = strtol(*s, &end, 10);
    if (errno || v < min || v > max)
        return false;
    *s = end;
    *out = v;
    return true;
}

/* The optional ":length[:stride]" after a resource or a place. */
static bool parse_interval(const char **s, long *len, long *stride, bool *given)
{
    *len = 1;
    *stride = 1;
    *given = accept(s, ':');
    if (!*given)
        return true;
    if (!parse_number(s, 1, MAX_INTERVAL, len))
        return false;
    if (accept(s, ':') && !parse_number(s, -MAX_CPU, MAX_CPU, stride))
        return false;
    return true;
}

/* "{res-list}" or a bare resource number: the CPUs of one place. Exclusions
 * ("!n") apply to the whole place whatever their position. */
static bool parse_place(const char **s, hwloc_bitmap_t set)
{
    long num, len, stride;
    bool interval;
    if (!accept(s, '{')) {
        if (!parse_number(s, 0, MAX_CPU - 1, &num))
            return false;
        hwloc_bitmap_only(set, (unsigned)num);
        return true;
    }
    hwloc_bitmap_t excluded = hwloc_bitmap_alloc();
    bool ok = excluded != NULL;
    hwloc_bitmap_zero(set);
    while (ok) {
        bool negate = accept(s, '!');
        ok = parse_number(s, 0, MAX_CPU - 1, &num) &&
             parse_interval(s, &len, &stride, &interval) && !(negate && interval);
        for (long k = 0; ok && k < len; k++) {
            long cpu = num + k * stride;
            ok = cpu >= 0 && cpu < MAX_CPU;
            if (ok)
                hwloc_bitmap_set(negate ? excluded : set, (unsigned)cpu);
        }
        if (ok && accept(s, '}'))
            break;
        ok = ok && accept(s, ',');
    }
    if (ok)
        hwloc_bitmap_andnot(set, set, excluded);
    hwloc_bitmap_free(excluded);
    return ok;
}

/* A copy of `set` with every CPU moved by `shift`; NULL if one leaves the
 * range of CPU numbers. */
static hwloc_bitmap_t shifted(hwloc_const_bitmap_t set, long shift)
{
    hwloc_bitmap_t copy = hwloc_bitmap_alloc();
    if (!copy)
        return NULL;
    int cpu;
    hwloc_bitmap_foreach_begin(cpu, set)
    {
        long moved = cpu + shift;
        if (moved < 0 || moved >= MAX_CPU) {
            hwloc_bitmap_free(copy);
            return NULL;
        }
        hwloc_bitmap_set(copy, (unsigned)moved);
    }
    hwloc_bitmap_foreach_end();
    return copy;
}

bool bob_places_parse_list(const char *s, bob_place_vec_t *out)
{
    hwloc_bitmap_t place = hwloc_bitmap_alloc();
    bool ok = place != NULL;
    while (ok) {
        long len, stride;
        bool interval;
        bool negate = accept(&s, '!');
        ok = parse_place(&s, place) && parse_interval(&s, &len, &stride, &interval) &&
             !(negate && interval);
        if (!ok)
            break;
        if (negate) {
            int kept = 0;
            for (int i = 0; i < out->n; i++) {
                if (hwloc_bitmap_isequal(out->v[i], place))
                    hwloc_bitmap_free(out->v[i]);
                else
                    out->v[kept++] = out->v[i];
            }
            out->n = kept;
        }
        for (long k = 0; ok && !negate && k < len; k++)
            ok = bob_place_vec_push(out, shifted(place, k * stride));
        bob_places_skip_ws(&s);
        if (!*s)
            break;
        ok = ok && accept(&s, ',');
    }
    hwloc_bitmap_free(place);
    return ok;
}

/* ---- OMP_PLACES: abstract names --------------------------------------------- */

/* In the order of enum bob_place_kind. */
static const char *const kind_names[] = {"threads", "cores", "ll_caches", "numa_domains",
                                         "sockets"};

bool bob_places_parse_abstract(const char *s, enum bob_place_kind *kind, long *count,
                               enum bob_abstract_fault *fault)
{
    *fault = ABSTRACT_NOT_A_WORD;
    bob_places_skip_ws(&s);
    size_t n = 0;
    while (isalpha((unsigned char)s[n]) || s[n] == '_')
        n++;
    if (!n)
        return false;
    *fault = ABSTRACT_UNKNOWN;
    int k = -1;
    for (int i = 0; i < (int)(sizeof kind_names / sizeof kind_names[0]); i++)
        if (strlen(kind_names[i]) == n && !strncasecmp(s, kind_names[i], n))
            k = i;
    if (k < 0)
        return false;
    *kind = (enum bob_place_kind)k;
    *fault = ABSTRACT_BAD_COUNT;
    s += n;
    *count = 0;
    bool ok = !accept(&s, '(') || (parse_number(&s, 1, INT_MAX, count) && accept(&s, ')'));
    bob_places_skip_ws(&s);
    if (!ok || *s) {
        *count = 0;
        return false;
    }
    *fault = ABSTRACT_NONE;
    return true;
}

const char *bob_places_kind_name(enum bob_place_kind kind) { return kind_names[kind]; }
