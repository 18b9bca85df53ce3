/* This file reads libomp's KMP_AFFINITY and builds the place list its
 * types describe; places.c, proc_bind.c and placement.c use it where
 * OMP_PLACES and OMP_PROC_BIND would otherwise decide.
 *
 * Grammar (libomp's documentation): [modifier,...]type[,permute[,offset]],
 * comma separated, in any case. Modifiers: verbose/noverbose (the place
 * list and policy printed once), warnings/nowarnings (the notes below that
 * are not about a malformed value), respect/norespect (Bobbin always keeps
 * to the process's affinity mask, where its ESs run), reset/noreset,
 * granularity=thread|fine|core|socket|package|numa_domain|ll_cache,
 * proclist=[...] (CPUs, ranges a-b and {sets}). Types: none, compact,
 * scatter, balanced, explicit, disabled. A token that is none of these is
 * ignored with one line, and the rest applies, as libomp does.
 *
 * Meaning, on the places machinery: a type takes precedence over
 * OMP_PLACES and OMP_PROC_BIND (each ignored with a note), as in libomp;
 * modifiers alone do not. none: no binding, the default list; disabled:
 * no places at all; compact, scatter, balanced and explicit: a list of
 * places, consecutive threads bound to consecutive places (bind-var
 * close at every level), the initial thread at place offset. That is
 * libomp's model: it sorts the hardware threads and binds thread i to the
 * (i + offset)-th, coarsened to its granule.
 *   compact: one place per available hardware thread, its granule (the
 *     core by default, so a core's threads give equal places and fill it
 *     first), sorted by (socket, core in socket, thread in core);
 *   scatter: the same places sorted by (thread in core, core in socket,
 *     socket), so that consecutive threads land far apart;
 *   permute k moves the k most significant keys of that order to the least
 *     significant end, in reverse;
 *   balanced: one place per granule, in scatter's order: threads go to
 *     separate cores first, and when there are more threads than cores,
 *     consecutive threads share one (close puts them there);
 *   explicit: proclist's entries in order, each coarsened to its granule.
 * reset: after an outermost region, the thread that encountered it gets
 * back the affinity mask it started with (team.c). */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <ctype.h>
#include <errno.h>
#include <hwloc.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum aff_type { AFF_UNSET, AFF_NONE, AFF_COMPACT, AFF_SCATTER, AFF_BALANCED, AFF_EXPLICIT,
                AFF_DISABLED };
static const char *const type_names[] = {"", "none", "compact", "scatter", "balanced",
                                         "explicit", "disabled"};

static struct {
    const char *value;
    enum aff_type type;
    enum bob_place_kind granularity;
    bool verbose, warnings;
    int nnumbers;
    long permute, offset;
    bob_place_vec_t proclist;
} aff = {.granularity = KIND_CORES, .warnings = true};

bool bob_places_reset;

static const char ENV[] = "KMP_AFFINITY";

/* ---- Reading ------------------------------------------------------------- */

static bool parse_long(const char *s, long *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    char *end;
    long v = strtol(s, &end, 10);
    if (errno || *end || v > INT_MAX)
        return false;
    *out = v;
    return true;
}

/* "a" or "a-b": appends those CPUs to set; false if malformed. */
static bool parse_cpus(const char *s, const char *end, hwloc_bitmap_t set)
{
    char buf[32];
    size_t len = (size_t)(end - s);
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == 0 || len >= sizeof buf)
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *dash = strchr(buf + 1, '-');
    long lo, hi;
    if (dash)
        *dash = '\0';
    if (!parse_long(buf, &lo) || !parse_long(dash ? dash + 1 : buf, &hi) || hi < lo ||
        hi >= MAX_CPU)
        return false;
    hwloc_bitmap_set_range(set, (unsigned)lo, (int)hi);
    return true;
}

/* proclist's inside: comma separated "a", "a-b" (one place per CPU) and
 * "{a,b-c,...}" (one place); false if malformed. */
static bool parse_proclist(const char *s, bob_place_vec_t *out)
{
    while (*s) {
        bool set = *s == '{';
        const char *end = set ? strchr(s, '}') : s + strcspn(s, ",");
        if (!end)
            return false;
        hwloc_bitmap_t cpus = hwloc_bitmap_alloc();
        bool ok = cpus != NULL;
        for (const char *p = s + set; ok && p < end;) {
            const char *q = memchr(p, ',', (size_t)(end - p));
            if (!q)
                q = end;
            ok = parse_cpus(p, q, cpus);
            p = q + (q < end);
        }
        if (!ok) {
            hwloc_bitmap_free(cpus);
            return false;
        }
        if (set) {
            if (!bob_place_vec_push(out, cpus))
                return false;
        } else {
            int cpu;
            hwloc_bitmap_foreach_begin(cpu, cpus)
            {
                hwloc_bitmap_t one = hwloc_bitmap_alloc();
                if (one)
                    hwloc_bitmap_only(one, (unsigned)cpu);
                ok = ok && bob_place_vec_push(out, one);
            }
            hwloc_bitmap_foreach_end();
            hwloc_bitmap_free(cpus);
            if (!ok)
                return false;
        }
        s = end + set;
        if (*s == ',' && s[1])
            s++;
        else if (*s)
            return false;
    }
    return out->n > 0;
}

static bool granularity(const char *g)
{
    static const struct {
        const char *name;
        enum bob_place_kind kind;
    } names[] = {{"thread", KIND_THREADS},     {"fine", KIND_THREADS},
                 {"core", KIND_CORES},         {"socket", KIND_SOCKETS},
                 {"package", KIND_SOCKETS},    {"numa_domain", KIND_NUMA},
                 {"numa", KIND_NUMA},          {"ll_cache", KIND_LL_CACHES}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcasecmp(g, names[i].name)) {
            aff.granularity = names[i].kind;
            return true;
        }
    return false;
}

/* One token; false if it is none of the grammar's. */
static bool token(char *t)
{
    static const struct {
        const char *name;
        bool *flag;
        bool value;
    } modifiers[] = {{"verbose", &aff.verbose, true},   {"noverbose", &aff.verbose, false},
                     {"warnings", &aff.warnings, true}, {"nowarnings", &aff.warnings, false},
                     {"reset", &bob_places_reset, true},
                     {"noreset", &bob_places_reset, false}};
    for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++)
        if (!strcasecmp(t, modifiers[i].name)) {
            *modifiers[i].flag = modifiers[i].value;
            return true;
        }
    if (!strcasecmp(t, "respect") || !strcasecmp(t, "norespect"))
        return true;
    for (int k = AFF_NONE; k <= AFF_DISABLED; k++)
        if (!strcasecmp(t, type_names[k])) {
            aff.type = (enum aff_type)k;
            aff.nnumbers = 0;
            return true;
        }
    if (!strncasecmp(t, "granularity=", 12))
        return granularity(t + 12);
    size_t len = strlen(t);
    if (!strncasecmp(t, "proclist=[", 10) && len > 11 && t[len - 1] == ']') {
        t[len - 1] = '\0';
        bob_place_vec_clear(&aff.proclist);
        bool ok = parse_proclist(t + 10, &aff.proclist);
        t[len - 1] = ']';
        if (!ok)
            bob_place_vec_clear(&aff.proclist);
        return ok;
    }
    long v;
    if (aff.type != AFF_UNSET && aff.nnumbers < 2 && parse_long(t, &v)) {
        *(aff.nnumbers++ ? &aff.offset : &aff.permute) = v;
        return true;
    }
    return false;
}

/* Where the token starting at s ends: the next comma outside brackets and
 * braces. */
static char *token_end(char *s)
{
    int depth = 0;
    for (; *s; s++) {
        depth += (*s == '[' || *s == '{') - (*s == ']' || *s == '}');
        if (*s == ',' && depth <= 0)
            break;
    }
    return s;
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

void bob_kmp_affinity_read(void)
{
    aff.value = getenv(ENV);
    if (!aff.value || !aff.value[strspn(aff.value, " \t")])
        return;
    char *copy = strdup(aff.value);
    if (!copy) {
        bob_warn("%s='%s': out of memory; ignored", ENV, aff.value);
        return;
    }
    for (char *s = copy; *s;) {
        char *end = token_end(s);
        bool last = !*end;
        *end = '\0';
        char *t = trim(s);
        if (!token(t))
            bob_warn("%s='%s': '%s' is not a modifier, type or number of it; ignored", ENV,
                     aff.value, t);
        s = last ? end : end + 1;
    }
    free(copy);
    if (aff.type == AFF_EXPLICIT && aff.proclist.n == 0) {
        bob_warn("%s='%s': the explicit type needs proclist=[...] (CPUs, a-b ranges and "
                 "{sets}); using none", ENV, aff.value);
        aff.type = AFF_NONE;
    }
    if (aff.nnumbers && aff.type != AFF_COMPACT && aff.type != AFF_SCATTER &&
        aff.type != AFF_BALANCED && aff.warnings)
        bob_warn("%s='%s': permute and offset apply to compact, scatter and balanced; "
                 "ignored", ENV, aff.value);
}

bool bob_kmp_affinity_typed(void) { return aff.type != AFF_UNSET; }

bool bob_kmp_affinity_disabled(void) { return aff.type == AFF_DISABLED; }

int bob_kmp_affinity_bind(void)
{
    return aff.type >= AFF_COMPACT && aff.type <= AFF_EXPLICIT ? omp_proc_bind_close
                                                                : omp_proc_bind_false;
}

void bob_kmp_affinity_note_ignored(const char *var)
{
    const char *v = getenv(var);
    if (v && aff.type != AFF_UNSET && aff.warnings)
        bob_warn("%s='%s' is ignored: %s='%s' names an affinity type, which takes "
                 "precedence, as in libomp", var, v, ENV, aff.value);
}

int bob_kmp_affinity_first_place(int nplaces)
{
    return nplaces > 0 && aff.type != AFF_EXPLICIT ? (int)(aff.offset % nplaces) : 0;
}

/* ---- The place list --------------------------------------------------------- */

enum { LEVELS = 3 }; /* socket, core in socket, thread in core */

typedef struct entry {
    hwloc_obj_t pu;
    int key[LEVELS];
} entry_t;

/* The significance of the keys, most significant first (for the sort). */
static int order[LEVELS];

static int compare(const void *a, const void *b)
{
    const entry_t *x = a, *y = b;
    for (int i = 0; i < LEVELS; i++)
        if (x->key[order[i]] != y->key[order[i]])
            return x->key[order[i]] < y->key[order[i]] ? -1 : 1;
    return x->pu->logical_index < y->pu->logical_index ? -1 : 1;
}

/* The index of obj among the objects of its type inside `within`. */
static int index_in(hwloc_topology_t topo, hwloc_obj_t obj, hwloc_obj_t within)
{
    hwloc_obj_t first =
        within ? hwloc_get_next_obj_inside_cpuset_by_type(topo, within->cpuset, obj->type, NULL)
               : NULL;
    return (int)(obj->logical_index - (first ? first->logical_index : 0));
}

static void set_key(hwloc_topology_t topo, entry_t *e)
{
    hwloc_obj_t pkg = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, e->pu);
    hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, e->pu);
    e->key[0] = pkg ? (int)pkg->logical_index : 0;
    e->key[1] = core ? index_in(topo, core, pkg) : 0;
    e->key[2] = index_in(topo, e->pu, core);
}

/* compact: socket, core, thread; scatter and balanced the reverse; then
 * permute moves its first keys to the end, reversed. */
static void set_order(void)
{
    int base[LEVELS];
    for (int i = 0; i < LEVELS; i++)
        base[i] = aff.type == AFF_COMPACT ? i : LEVELS - 1 - i;
    int k = aff.permute < LEVELS ? (int)aff.permute : LEVELS;
    for (int i = 0; i < LEVELS - k; i++)
        order[i] = base[k + i];
    for (int i = 0; i < k; i++)
        order[LEVELS - k + i] = base[k - 1 - i];
}

/* The available CPUs of the granule of `pu`. */
static hwloc_bitmap_t granule(hwloc_topology_t topo, hwloc_obj_t pu, hwloc_const_bitmap_t avail)
{
    hwloc_obj_t unit =
        bob_places_unit_of(topo, pu, aff.granularity, bob_places_llc_type(topo));
    hwloc_bitmap_t set = hwloc_bitmap_dup(unit->cpuset);
    if (set)
        hwloc_bitmap_and(set, set, avail);
    return set;
}

/* compact, scatter and balanced. */
static void build_sorted(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                         bob_place_vec_t *out)
{
    int n = hwloc_bitmap_weight(avail), k = 0;
    entry_t *es = calloc((size_t)(n > 0 ? n : 1), sizeof *es);
    if (!es)
        return;
    for (hwloc_obj_t pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, NULL); pu && k < n;
         pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, pu))
        if (hwloc_bitmap_isset(avail, pu->os_index)) {
            es[k].pu = pu;
            set_key(topo, &es[k++]);
        }
    set_order();
    qsort(es, (size_t)k, sizeof *es, compare);
    for (int i = 0; i < k; i++) {
        hwloc_bitmap_t set = granule(topo, es[i].pu, avail);
        bool seen = false; /* balanced: each granule once */
        for (int j = 0; aff.type == AFF_BALANCED && set && j < out->n && !seen; j++)
            seen = hwloc_bitmap_isequal(out->v[j], set);
        if (seen)
            hwloc_bitmap_free(set);
        else if (!bob_place_vec_push(out, set))
            break;
    }
    free(es);
}

/* explicit: proclist's entries, each coarsened to its granules. */
static void build_explicit(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                           bob_place_vec_t *out)
{
    for (int i = 0; i < aff.proclist.n; i++) {
        hwloc_bitmap_t set = hwloc_bitmap_dup(aff.proclist.v[i]);
        if (!set)
            break;
        int cpu;
        hwloc_bitmap_foreach_begin(cpu, aff.proclist.v[i])
        {
            hwloc_obj_t pu = topo ? hwloc_get_pu_obj_by_os_index(topo, (unsigned)cpu) : NULL;
            hwloc_bitmap_t g = pu ? granule(topo, pu, avail) : NULL;
            if (g)
                hwloc_bitmap_or(set, set, g);
            hwloc_bitmap_free(g);
        }
        hwloc_bitmap_foreach_end();
        hwloc_bitmap_and(set, set, avail);
        if (hwloc_bitmap_iszero(set)) {
            if (aff.warnings)
                bob_warn("%s='%s': proclist entry %d has no CPU this process may use; "
                         "dropped", ENV, aff.value, i + 1);
            hwloc_bitmap_free(set);
        } else if (!bob_place_vec_push(out, set)) {
            break;
        }
    }
}

void bob_kmp_affinity_build(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                            bob_place_vec_t *out)
{
    if (aff.type == AFF_EXPLICIT)
        build_explicit(topo, avail, out);
    else if (topo)
        build_sorted(topo, avail, out);
    else /* no topology: one place per CPU, in their order */
        bob_places_build_abstract(NULL, avail, KIND_THREADS, 0, out);
    if (out->n == 0)
        bob_warn("%s='%s': no place can be made of the CPUs this process may use; "
                 "threads are not bound", ENV, aff.value);
}

bool bob_kmp_affinity_verbose(void) { return aff.verbose; }
