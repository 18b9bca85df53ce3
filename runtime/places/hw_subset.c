/* This file reads libomp's KMP_HW_SUBSET, which restricts the machine the
 * runtime uses to a subset of its hardware, layer by layer from the top:
 * "2s,4c@8,1t" is the first two sockets, in each the four cores after the
 * first eight, in each core its first thread. places.c applies it to the
 * CPUs the places are built from, before the substrate binds its ESs.
 *
 * Grammar (as libomp's documentation has it): an optional ':' and a comma
 * separated list of [count|*]layer[@offset][:attribute]; a missing count
 * or '*' is every unit. Layers, in any case: s/socket/package, d/die,
 * n/numa/numa_domain, c/core, t/thread, L1/L2/L3/LL (caches, also as
 * l2_cache...), ti/tile and m/module (which hwloc does not report). The
 * items may come in any order; they apply from the layer nearest the
 * root down. Without the ':' (an implicit subset), socket, core and
 * thread are always layers, every unit of those not named; with it (an
 * explicit subset), only the named layers are, so ":1s,2t" is the first
 * two threads of the first socket whatever cores hold them.
 *
 * A count and offset hold under every unit of the layer above. A value
 * that is malformed, names a layer twice or one the topology lacks, asks
 * for more units than some unit above holds, or a core attribute (Bobbin
 * reads no core kinds), is ignored as a whole with one line, as libomp
 * ignores it. */
#include "places_internal.h"

#include "rt.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A layer's names, and its hwloc type; HWLOC_OBJ_TYPE_MAX for the layers
 * hwloc has no type of, last-level cache for LL. */
typedef struct layer_name {
    const char *names[4];
    hwloc_obj_type_t type;
    const char *what; /* in messages */
} layer_name_t;

enum { LAYER_LLC = HWLOC_OBJ_TYPE_MAX + 1 };

static const layer_name_t layers[] = {
    {{"s", "socket", "package"}, HWLOC_OBJ_PACKAGE, "socket"},
    {{"d", "die"}, HWLOC_OBJ_DIE, "die"},
    {{"n", "numa", "numa_domain"}, HWLOC_OBJ_NUMANODE, "NUMA domain"},
    {{"c", "core"}, HWLOC_OBJ_CORE, "core"},
    {{"t", "thread"}, HWLOC_OBJ_PU, "thread"},
    {{"l1", "l1_cache"}, HWLOC_OBJ_L1CACHE, "L1 cache"},
    {{"l2", "l2_cache"}, HWLOC_OBJ_L2CACHE, "L2 cache"},
    {{"l3", "l3_cache"}, HWLOC_OBJ_L3CACHE, "L3 cache"},
    {{"ll", "llc", "ll_cache"}, (hwloc_obj_type_t)LAYER_LLC, "last-level cache"},
    {{"ti", "tile"}, HWLOC_OBJ_TYPE_MAX, "tile"},
    {{"m", "module"}, HWLOC_OBJ_TYPE_MAX, "module"},
};
enum { N_LAYERS = sizeof layers / sizeof layers[0], MAX_ITEMS = N_LAYERS };
enum { SOCKET_LAYER = 0, CORE_LAYER = 3, THREAD_LAYER = 4 };

typedef struct item {
    int layer;         /* index in layers[] */
    long count;        /* 0: every unit */
    long offset;
    hwloc_obj_type_t type; /* resolved against the topology */
    int rank;          /* nearer the root: smaller */
} item_t;

struct bob_hw_subset { /* places_internal.h */
    item_t items[MAX_ITEMS];
    int n;
    bool explicit_layers;
};

static const char *const ENV = "KMP_HW_SUBSET";

static bool parse_count(const char **s, long *out)
{
    if (!isdigit((unsigned char)**s))
        return false;
    errno = 0;
    char *end;
    long v = strtol(*s, &end, 10);
    if (errno || v > INT_MAX)
        return false;
    *s = end;
    *out = v;
    return true;
}

static int layer_of(const char *name, size_t len)
{
    for (int l = 0; l < N_LAYERS; l++)
        for (int k = 0; k < 4 && layers[l].names[k]; k++) {
            const char *n = layers[l].names[k];
            size_t nl = strlen(n);
            /* a plural of the long names too: "cores", "sockets" */
            bool plural = nl > 2 && len == nl + 1 && (name[nl] == 's' || name[nl] == 'S');
            if ((len == nl || plural) && !strncasecmp(name, n, nl))
                return l;
        }
    return -1;
}

/* One item; false with why in err. */
static bool parse_item(const char *s, const char *end, item_t *it, char *err, size_t errlen)
{
    while (s < end && isspace((unsigned char)*s))
        s++;
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    it->count = 0;
    it->offset = 0;
    it->rank = 0;
    if (*s == '*')
        s++;
    else if (isdigit((unsigned char)*s) && (!parse_count(&s, &it->count) || it->count == 0)) {
        snprintf(err, errlen, "a count is a positive number");
        return false;
    }
    const char *name = s;
    while (s < end && (isalnum((unsigned char)*s) || *s == '_'))
        s++;
    it->layer = layer_of(name, (size_t)(s - name));
    if (it->layer < 0) {
        snprintf(err, errlen, "'%.*s' is not a layer (s, d, n, c, t, L1, L2, L3, LL, ti, m)",
                 (int)(end - name), name);
        return false;
    }
    if (s < end && *s == '@') {
        s++;
        if (!parse_count(&s, &it->offset)) {
            snprintf(err, errlen, "'@' is followed by a number of units to skip");
            return false;
        }
    }
    if (s < end && *s == ':') {
        snprintf(err, errlen, "core attributes (%.*s) are not supported", (int)(end - s - 1),
                 s + 1);
        return false;
    }
    if (s != end) {
        snprintf(err, errlen, "unexpected '%.*s'", (int)(end - s), s);
        return false;
    }
    return true;
}

static bool parse(const char *v, struct bob_hw_subset *hs, char *err, size_t errlen)
{
    const char *s = v;
    while (isspace((unsigned char)*s))
        s++;
    hs->explicit_layers = *s == ':';
    if (hs->explicit_layers)
        s++;
    hs->n = 0;
    for (;;) {
        const char *end = strchr(s, ',');
        if (!end)
            end = s + strlen(s);
        if (hs->n == MAX_ITEMS) {
            snprintf(err, errlen, "more items than layers");
            return false;
        }
        item_t *it = &hs->items[hs->n];
        if (!parse_item(s, end, it, err, errlen))
            return false;
        for (int i = 0; i < hs->n; i++)
            if (hs->items[i].layer == it->layer) {
                snprintf(err, errlen, "the %s layer is named twice", layers[it->layer].what);
                return false;
            }
        hs->n++;
        if (!*end)
            break;
        s = end + 1;
    }
    if (!hs->explicit_layers) {
        static const int implied[] = {SOCKET_LAYER, CORE_LAYER, THREAD_LAYER};
        for (int k = 0; k < 3; k++) {
            bool named = false;
            for (int i = 0; i < hs->n; i++)
                named |= hs->items[i].layer == implied[k];
            if (!named)
                hs->items[hs->n++] = (item_t){.layer = implied[k], .rank = -1};
        }
    }
    return true;
}

/* ---- Against the topology ------------------------------------------------- */

/* The last-level cache's type, HWLOC_OBJ_TYPE_MAX if it has none. */
static hwloc_obj_type_t last_level_cache(hwloc_topology_t topo)
{
    hwloc_obj_type_t t = bob_places_llc_type(topo);
    return t == HWLOC_OBJ_CORE ? HWLOC_OBJ_TYPE_MAX : t;
}

/* Resolves each item's type and rank (depth from the root, twice over: a
 * NUMA node hangs beside the children of the object it is attached to, so
 * it ranks just below that object); false with why in err if the topology
 * lacks a layer named. A layer only implied that the topology lacks is
 * dropped. */
static bool resolve(hwloc_topology_t topo, struct bob_hw_subset *hs, char *err,
                    size_t errlen)
{
    int kept = 0;
    for (int i = 0; i < hs->n; i++) {
        item_t it = hs->items[i];
        bool implied = it.rank < 0;
        it.type = layers[it.layer].type == (hwloc_obj_type_t)LAYER_LLC
                      ? last_level_cache(topo)
                      : layers[it.layer].type;
        hwloc_obj_t first = it.type == HWLOC_OBJ_TYPE_MAX
                                ? NULL
                                : hwloc_get_next_obj_by_type(topo, it.type, NULL);
        if (!first) {
            if (implied)
                continue;
            snprintf(err, errlen, "this machine's topology has no %s layer",
                     layers[it.layer].what);
            return false;
        }
        it.rank = it.type == HWLOC_OBJ_NUMANODE ? 2 * first->parent->depth + 1
                                                 : 2 * first->depth;
        hs->items[kept++] = it;
    }
    hs->n = kept;
    for (int i = 1; i < hs->n; i++) /* by rank: a few items, insertion sort */
        for (int j = i; j > 0 && hs->items[j - 1].rank > hs->items[j].rank; j--) {
            item_t t = hs->items[j];
            hs->items[j] = hs->items[j - 1];
            hs->items[j - 1] = t;
        }
    for (int i = 1; i < hs->n; i++)
        if (hs->items[i].rank == hs->items[i - 1].rank) {
            snprintf(err, errlen, "the %s and %s layers are the same",
                     layers[hs->items[i - 1].layer].what, layers[hs->items[i].layer].what);
            return false;
        }
    return true;
}

/* Adds to out the CPUs the items from `level` down keep of `parent`;
 * false with why in err if some unit holds fewer units than asked for. */
static bool take(hwloc_topology_t topo, const struct bob_hw_subset *hs, int level,
                 hwloc_const_bitmap_t parent, hwloc_bitmap_t out, char *err, size_t errlen)
{
    if (level == hs->n) {
        hwloc_bitmap_or(out, out, parent);
        return true;
    }
    const item_t *it = &hs->items[level];
    hwloc_bitmap_t unit = hwloc_bitmap_alloc();
    if (!unit) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    long seen = 0;
    bool ok = true;
    for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, it->type, NULL); o && ok;
         o = hwloc_get_next_obj_by_type(topo, it->type, o)) {
        hwloc_bitmap_and(unit, o->cpuset, parent);
        if (hwloc_bitmap_iszero(unit))
            continue;
        seen++;
        if (seen > it->offset && (it->count == 0 || seen <= it->offset + it->count))
            ok = take(topo, hs, level + 1, unit, out, err, errlen);
    }
    hwloc_bitmap_free(unit);
    if (ok && (seen < it->offset + (it->count ? it->count : 1))) {
        snprintf(err, errlen, "it asks for %ld %s(s) from offset %ld where there are %ld",
                 it->count ? it->count : 1, layers[it->layer].what, it->offset, seen);
        ok = false;
    }
    return ok;
}

bool bob_hw_subset_read(bob_hw_subset_t **out)
{
    *out = NULL;
    const char *v = getenv(ENV);
    if (!v || !v[strspn(v, " \t")])
        return false;
    struct bob_hw_subset *hs = malloc(sizeof *hs);
    char err[200];
    if (!hs)
        snprintf(err, sizeof err, "out of memory");
    else if (parse(v, hs, err, sizeof err)) {
        *out = hs;
        return true;
    }
    free(hs);
    bob_warn("%s='%s': %s; ignored", ENV, v, err);
    return false;
}

void bob_hw_subset_apply(bob_hw_subset_t *hs, hwloc_topology_t topo,
                         hwloc_bitmap_t avail)
{
    char err[200];
    hwloc_bitmap_t kept = hwloc_bitmap_alloc();
    bool ok = kept != NULL;
    if (!ok)
        snprintf(err, sizeof err, "out of memory");
    ok = ok && resolve(topo, hs, err, sizeof err) &&
         take(topo, hs, 0, avail, kept, err, sizeof err);
    if (ok && hwloc_bitmap_iszero(kept)) {
        snprintf(err, sizeof err, "it leaves no CPU");
        ok = false;
    }
    if (ok)
        hwloc_bitmap_copy(avail, kept);
    else
        bob_warn("%s='%s': %s; ignored", ENV, getenv(ENV), err);
    hwloc_bitmap_free(kept);
    free(hs);
}
