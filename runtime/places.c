/* This file reads OMP_PLACES and OMP_PROC_BIND (OpenMP 5.2, sec. 21.1.5-6),
 * keeps the place list and the bind-var list, answers the place queries,
 * and expands affinity formats (OMP_AFFINITY_FORMAT, omp_capture_affinity).
 *
 * CPUs. Places hold OS CPU numbers, restricted to the CPUs the runtime may
 * use: the affinity mask of the thread that starts the substrate, over whose
 * CPUs it binds its ESs (ES i > 0 to the mask's CPU i modulo its size; ES 0
 * keeps the starting thread's mask). If bob_places_init runs before the
 * substrate starts, it reads that mask itself; afterwards the calling
 * thread may be an ES bound to one CPU, so it uses the mask the process had
 * when the library was loaded (a constructor keeps it).
 *
 * Defaults. With OMP_PLACES unset the list is implementation defined.
 * LLVM's libomp 14 on a 2-core machine reports one place holding every CPU
 * when OMP_PROC_BIND is unset or false, and one place per core when it is
 * set; libgomp reports no places at all unless one of the two is set.
 * Bobbin binds its ESs (but ES 0, the application's thread) to single
 * CPUs, so a per-core list describes where OpenMP threads really run: the
 * default is "cores" whatever OMP_PROC_BIND says, and omp_get_place_num
 * names the core of the caller's ES. With OMP_PROC_BIND unset, bind-var is
 * false, except that it is true when OMP_PLACES is set (what both libomp
 * and libgomp do: asking for places asks for binding).
 *
 * Malformed values are reported in one line, naming the variable, the
 * value and what is used instead, and never stop the program. */
#include "places.h"

#include "rt.h"

#include <bobbin/threading.h>
#include <ctype.h>
#include <errno.h>
#include <hwloc.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Bounds that keep a hostile OMP_PLACES from exhausting memory. */
enum { MAX_CPU = 1 << 20, MAX_PLACES = 1 << 16, MAX_INTERVAL = 1 << 16 };

static const char DEFAULT_AFFINITY_FORMAT[] =
    "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";

/* The place list: place p holds cpus[first[p]] .. cpus[first[p + 1] - 1]. */
static int num_places;
static int *place_first;
static int *place_cpus;
/* place_of[cpu]: the first place holding cpu, -1 if none; cpu < max_cpu. */
static int *place_of;
static int max_cpu;

/* bind-var per nesting level; the last entry repeats. */
static int *bind_list;
static int bind_len;
static int bind_fallback = omp_proc_bind_false; /* if memory ran out */

static pthread_mutex_t format_lock = PTHREAD_MUTEX_INITIALIZER;
static char *affinity_format;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* ---- Affinity masks ---------------------------------------------------------- */

/* The calling OS thread's affinity mask as a bitmap; false on failure. */
static bool thread_mask(hwloc_bitmap_t out)
{
    for (int ncpu = 1024; ncpu <= MAX_CPU; ncpu *= 2) {
        cpu_set_t *set = CPU_ALLOC(ncpu);
        if (!set)
            return false;
        size_t size = CPU_ALLOC_SIZE(ncpu);
        if (sched_getaffinity(0, size, set) == 0) {
            hwloc_bitmap_zero(out);
            for (int cpu = 0; cpu < ncpu; cpu++)
                if (CPU_ISSET_S(cpu, size, set))
                    hwloc_bitmap_set(out, (unsigned)cpu);
            CPU_FREE(set);
            return !hwloc_bitmap_iszero(out);
        }
        CPU_FREE(set);
        if (errno != EINVAL)
            return false;
    }
    return false;
}

static hwloc_bitmap_t load_time_mask;

__attribute__((constructor)) static void keep_load_time_mask(void)
{
    load_time_mask = hwloc_bitmap_alloc();
    if (load_time_mask && !thread_mask(load_time_mask)) {
        hwloc_bitmap_free(load_time_mask);
        load_time_mask = NULL;
    }
}

/* ---- Growable strings ------------------------------------------------------- */

typedef struct strbuf {
    char *s;
    size_t len, cap;
    bool failed;
} strbuf_t;

__attribute__((format(printf, 2, 3))) static void sb_printf(strbuf_t *b, const char *fmt,
                                                            ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        size_t room = b->cap - b->len;
        int n = vsnprintf(b->s ? b->s + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 64;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->failed = true;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
}

static void sb_pad(strbuf_t *b, char c, int count)
{
    for (int i = 0; i < count; i++)
        sb_printf(b, "%c", c);
}

/* Appends a sorted CPU list; runs of two or more CPUs become a:b (range) or
 * a:length (OMP_PLACES interval) depending on `interval`. */
static void sb_cpu_list(strbuf_t *b, const int *cpus, int n, bool interval)
{
    for (int i = 0; i < n;) {
        int j = i;
        while (j + 1 < n && cpus[j + 1] == cpus[j] + 1)
            j++;
        const char *sep = i ? "," : "";
        if (j == i)
            sb_printf(b, "%s%d", sep, cpus[i]);
        else if (interval)
            sb_printf(b, "%s%d:%d", sep, cpus[i], j - i + 1);
        else
            sb_printf(b, "%s%d-%d", sep, cpus[i], cpus[j]);
        i = j + 1;
    }
}

/* ---- Place lists under construction -------------------------------------- */

typedef struct place_vec {
    hwloc_bitmap_t *v;
    int n, cap;
} place_vec_t;

static bool vec_push(place_vec_t *pv, hwloc_bitmap_t set)
{
    if (!set)
        return false;
    if (pv->n == MAX_PLACES) {
        hwloc_bitmap_free(set);
        return false;
    }
    if (pv->n == pv->cap) {
        int cap = pv->cap ? 2 * pv->cap : 16;
        hwloc_bitmap_t *v = realloc(pv->v, (size_t)cap * sizeof *v);
        if (!v) {
            hwloc_bitmap_free(set);
            return false;
        }
        pv->v = v;
        pv->cap = cap;
    }
    pv->v[pv->n++] = set;
    return true;
}

static void vec_clear(place_vec_t *pv)
{
    for (int i = 0; i < pv->n; i++)
        hwloc_bitmap_free(pv->v[i]);
    free(pv->v);
    *pv = (place_vec_t){0};
}

/* ---- OMP_PLACES: explicit lists ------------------------------------------- */

static void skip_ws(const char **s)
{
    while (isspace((unsigned char)**s))
        (*s)++;
}

static bool accept(const char **s, char c)
{
    skip_ws(s);
    if (**s != c)
        return false;
    (*s)++;
    return true;
}

/* A decimal number in [min, max], with an optional sign if min < 0. */
static bool parse_number(const char **s, long min, long max, long *out)
{
    skip_ws(s);
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

/* place-list: comma-separated "place[:count[:stride]]" or "!place"; "!place"
 * removes the places equal to it listed so far (as libgomp does). */
static bool parse_place_list(const char *s, place_vec_t *out)
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
            ok = vec_push(out, shifted(place, k * stride));
        skip_ws(&s);
        if (!*s)
            break;
        ok = ok && accept(&s, ',');
    }
    hwloc_bitmap_free(place);
    return ok;
}

/* ---- OMP_PLACES: abstract names --------------------------------------------- */

enum place_kind { KIND_THREADS, KIND_CORES, KIND_LL_CACHES, KIND_NUMA, KIND_SOCKETS };

static const char *const kind_names[] = {"threads", "cores", "ll_caches", "numa_domains",
                                         "sockets"};

/* "name" or "name(count)": the kind and count (0: all); false if s is not
 * an abstract name, *malformed if it looks like one but is not. */
static bool parse_abstract(const char *s, enum place_kind *kind, long *count,
                           bool *malformed)
{
    *malformed = false;
    skip_ws(&s);
    size_t n = 0;
    while (isalpha((unsigned char)s[n]) || s[n] == '_')
        n++;
    if (!n)
        return false;
    *malformed = true;
    int k = -1;
    for (int i = 0; i < (int)(sizeof kind_names / sizeof kind_names[0]); i++)
        if (strlen(kind_names[i]) == n && !strncasecmp(s, kind_names[i], n))
            k = i;
    if (k < 0)
        return false;
    s += n;
    *count = 0;
    if (accept(&s, '(') && !(parse_number(&s, 1, INT_MAX, count) && accept(&s, ')')))
        return false;
    skip_ws(&s);
    if (*s)
        return false;
    *kind = (enum place_kind)k;
    *malformed = false;
    return true;
}

/* The highest cache level the topology has (the last-level cache). */
static hwloc_obj_type_t last_level_cache(hwloc_topology_t topo)
{
    static const hwloc_obj_type_t levels[] = {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE,
                                              HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE,
                                              HWLOC_OBJ_L1CACHE};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (hwloc_get_type_depth(topo, levels[i]) != HWLOC_TYPE_DEPTH_UNKNOWN)
            return levels[i];
    return HWLOC_OBJ_CORE;
}

/* The object whose CPUs form the place of `pu`. */
static hwloc_obj_t group_of(hwloc_topology_t topo, hwloc_obj_t pu, enum place_kind kind,
                            hwloc_obj_type_t llc)
{
    hwloc_obj_t obj = NULL;
    switch (kind) {
    case KIND_THREADS:
        return pu;
    case KIND_CORES:
        obj = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
        break;
    case KIND_LL_CACHES:
        obj = hwloc_get_ancestor_obj_by_type(topo, llc, pu);
        if (!obj)
            obj = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_CORE, pu);
        break;
    case KIND_NUMA: /* the nearest ancestor with NUMA nodes attached */
        for (obj = pu->parent; obj && obj->memory_arity == 0; obj = obj->parent)
            ;
        break;
    case KIND_SOCKETS:
        obj = hwloc_get_ancestor_obj_by_type(topo, HWLOC_OBJ_PACKAGE, pu);
        if (!obj)
            obj = hwloc_get_root_obj(topo);
        break;
    }
    return obj ? obj : pu;
}

/* One place per object of the kind, holding its available CPUs, in the
 * topology's logical order; the first `count` of them if count > 0. */
static bool build_abstract(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                           enum place_kind kind, long count, place_vec_t *out)
{
    hwloc_obj_type_t llc = last_level_cache(topo);
    int ngroups = 0, cap = 0;
    hwloc_obj_t *groups = NULL;
    bool ok = true;
    for (hwloc_obj_t pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, NULL); pu && ok;
         pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, pu)) {
        if (!hwloc_bitmap_isset(avail, pu->os_index))
            continue;
        hwloc_obj_t g = group_of(topo, pu, kind, llc);
        int p = ngroups - 1;
        while (p >= 0 && groups[p] != g) /* usually the last one */
            p--;
        if (p < 0) {
            if (ngroups == cap) {
                cap = cap ? 2 * cap : 16;
                hwloc_obj_t *grown = realloc(groups, (size_t)cap * sizeof *grown);
                if (!grown) {
                    ok = false;
                    break;
                }
                groups = grown;
            }
            ok = vec_push(out, hwloc_bitmap_alloc());
            if (!ok)
                break;
            p = ngroups;
            groups[ngroups++] = g;
        }
        hwloc_bitmap_set(out->v[p], pu->os_index);
    }
    free(groups);
    while (ok && count > 0 && out->n > count)
        hwloc_bitmap_free(out->v[--out->n]);
    return ok;
}

/* One place per CPU of `avail`: the list without a topology. */
static void build_per_cpu(hwloc_const_bitmap_t avail, place_vec_t *out)
{
    int cpu;
    hwloc_bitmap_foreach_begin(cpu, avail)
    {
        hwloc_bitmap_t one = hwloc_bitmap_alloc();
        if (one)
            hwloc_bitmap_only(one, (unsigned)cpu);
        if (!vec_push(out, one))
            break;
    }
    hwloc_bitmap_foreach_end();
}

/* Keeps the available CPUs of each place and drops the empty places. */
static void restrict_to(place_vec_t *pv, hwloc_const_bitmap_t avail)
{
    int kept = 0;
    for (int i = 0; i < pv->n; i++) {
        hwloc_bitmap_and(pv->v[i], pv->v[i], avail);
        if (hwloc_bitmap_iszero(pv->v[i]))
            hwloc_bitmap_free(pv->v[i]);
        else
            pv->v[kept++] = pv->v[i];
    }
    pv->n = kept;
}

/* The place list OMP_PLACES asks for, with "cores" as the default and the
 * fallback. `topo` is NULL if hwloc could not load the topology. */
static void build_places(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                         place_vec_t *out)
{
    const char *v = getenv("OMP_PLACES");
    enum place_kind kind = KIND_CORES;
    long count = 0;
    bool malformed = false;
    bool abstract = true;
    if (v && !parse_abstract(v, &kind, &count, &malformed)) {
        abstract = false;
        kind = KIND_CORES;
        count = 0;
        if (malformed || !parse_place_list(v, out)) {
            vec_clear(out);
            abstract = true;
            bob_warn("OMP_PLACES='%s' is not an abstract name (threads, cores, "
                     "ll_caches, numa_domains, sockets, optionally with (count)) or a "
                     "list of places such as {0,1},{2:2} or {0:2}:4:2; using cores", v);
        }
    }
    if (!abstract) {
        restrict_to(out, avail);
        if (out->n > 0)
            return;
        bob_warn("OMP_PLACES='%s' leaves no place with a CPU this process may use; "
                 "using cores", v);
        kind = KIND_CORES;
        count = 0;
    }
    if (topo && !build_abstract(topo, avail, kind, count, out))
        vec_clear(out);
    if (out->n == 0)
        build_per_cpu(avail, out);
}

/* ---- OMP_PROC_BIND ----------------------------------------------------------- */

static const char *const bind_names[] = {"false", "true", "primary", "close", "spread"};

static int bind_value(const char *s, size_t n)
{
    if (n == 6 && !strncasecmp(s, "master", 6))
        return omp_proc_bind_master;
    for (int i = 0; i < (int)(sizeof bind_names / sizeof bind_names[0]); i++)
        if (strlen(bind_names[i]) == n && !strncasecmp(s, bind_names[i], n))
            return i;
    return -1;
}

/* Parses v into bind_list; false if malformed. */
static bool parse_proc_bind(const char *v)
{
    int n = 1;
    for (const char *c = v; *c; c++)
        n += *c == ',';
    int *list = malloc((size_t)n * sizeof *list);
    if (!list)
        return false;
    const char *s = v;
    for (int i = 0; i < n; i++) {
        skip_ws(&s);
        size_t len = 0;
        while (isalpha((unsigned char)s[len]))
            len++;
        list[i] = bind_value(s, len);
        s += len;
        skip_ws(&s);
        /* true and false stand alone; the list holds primary, close, spread. */
        bool alone = list[i] == omp_proc_bind_false || list[i] == omp_proc_bind_true;
        if (list[i] < 0 || (alone && n > 1) || *s != (i + 1 < n ? ',' : '\0')) {
            free(list);
            return false;
        }
        s++;
    }
    bind_list = list;
    bind_len = n;
    return true;
}

static void read_proc_bind(bool places_set)
{
    int def = places_set ? omp_proc_bind_true : omp_proc_bind_false;
    const char *v = getenv("OMP_PROC_BIND");
    if (v && !parse_proc_bind(v))
        bob_warn("OMP_PROC_BIND='%s' is not true, false or a list of primary, master, "
                 "close and spread (one per nesting level); using %s",
                 v, bind_names[def]);
    if (bind_len)
        return;
    bind_list = malloc(sizeof *bind_list);
    if (bind_list) {
        bind_list[0] = def;
        bind_len = 1;
    } else {
        bind_fallback = def;
    }
}

/* ---- Initialisation ---------------------------------------------------------- */

/* Flattens the list into place_first/place_cpus/place_of. */
static void publish(const place_vec_t *pv)
{
    int total = 0, top = -1;
    for (int i = 0; i < pv->n; i++) {
        total += hwloc_bitmap_weight(pv->v[i]);
        int last = hwloc_bitmap_last(pv->v[i]);
        if (last > top)
            top = last;
    }
    int *first = malloc((size_t)(pv->n + 1) * sizeof *first);
    int *cpus = malloc((size_t)(total ? total : 1) * sizeof *cpus);
    int *of = malloc((size_t)(top + 1 > 0 ? top + 1 : 1) * sizeof *of);
    if (!first || !cpus || !of) {
        free(first);
        free(cpus);
        free(of);
        bob_warn("out of memory building the place list; there are no places");
        return;
    }
    for (int c = 0; c <= top; c++)
        of[c] = -1;
    int k = 0;
    for (int i = 0; i < pv->n; i++) {
        first[i] = k;
        int cpu;
        hwloc_bitmap_foreach_begin(cpu, pv->v[i])
        {
            cpus[k++] = cpu;
            if (of[cpu] < 0)
                of[cpu] = i;
        }
        hwloc_bitmap_foreach_end();
    }
    first[pv->n] = k;
    place_first = first;
    place_cpus = cpus;
    place_of = of;
    max_cpu = top + 1;
    num_places = pv->n;
}

static void read_affinity_format(void)
{
    const char *v = getenv("OMP_AFFINITY_FORMAT");
    affinity_format = strdup(v ? v : DEFAULT_AFFINITY_FORMAT);
}

static void places_init(void)
{
    read_affinity_format();
    read_proc_bind(getenv("OMP_PLACES") != NULL);

    /* The CPUs the substrate binds to: see the comment at the top. */
    hwloc_bitmap_t avail = hwloc_bitmap_alloc();
    if (!avail)
        return;
    bool have_mask = !bt_initialized() && thread_mask(avail);
    if (!have_mask && load_time_mask)
        have_mask = hwloc_bitmap_copy(avail, load_time_mask) == 0;

    hwloc_topology_t topo = NULL;
    if (hwloc_topology_init(&topo)) {
        topo = NULL;
    } else if (hwloc_topology_load(topo)) {
        hwloc_topology_destroy(topo);
        topo = NULL;
    }
    if (!have_mask && topo)
        have_mask = hwloc_bitmap_copy(avail, hwloc_topology_get_allowed_cpuset(topo)) == 0;
    if (have_mask && !hwloc_bitmap_iszero(avail)) {
        place_vec_t pv = {0};
        build_places(topo, avail, &pv);
        publish(&pv);
        vec_clear(&pv);
    }
    if (topo)
        hwloc_topology_destroy(topo);
    hwloc_bitmap_free(avail);
}

void bob_places_init(void) { pthread_once(&init_once, places_init); }

int bob_proc_bind_at_level(int level)
{
    bob_places_init();
    if (bind_len == 0)
        return bind_fallback;
    if (level < 0)
        level = 0;
    return bind_list[level < bind_len ? level : bind_len - 1];
}

void bob_places_display(FILE *out)
{
    bob_places_init();
    strbuf_t b = {0};
    sb_printf(&b, "  [host] OMP_PROC_BIND = '");
    for (int i = 0; i < (bind_len ? bind_len : 1); i++) {
        const char *name = bind_names[bind_len ? bind_list[i] : bind_fallback];
        sb_printf(&b, "%s", i ? "," : "");
        for (const char *c = name; *c; c++)
            sb_printf(&b, "%c", toupper((unsigned char)*c));
    }
    sb_printf(&b, "'\n  [host] OMP_PLACES = '");
    for (int p = 0; p < num_places; p++) {
        sb_printf(&b, "%s{", p ? "," : "");
        sb_cpu_list(&b, place_cpus + place_first[p], place_first[p + 1] - place_first[p],
                    true);
        sb_printf(&b, "}");
    }
    sb_printf(&b, "'\n");
    if (!b.failed)
        fputs(b.s, out);
    free(b.s);
}

/* ---- Queries ------------------------------------------------------------------ */

int bob_places_count(void)
{
    bob_places_init();
    return num_places;
}

int bob_places_num_procs(int place)
{
    bob_places_init();
    if (place < 0 || place >= num_places)
        return 0;
    return place_first[place + 1] - place_first[place];
}

void bob_places_proc_ids(int place, int *ids)
{
    int n = bob_places_num_procs(place);
    if (n > 0 && ids)
        memcpy(ids, place_cpus + place_first[place], (size_t)n * sizeof *ids);
}

int bob_places_of_cpu(int cpu)
{
    bob_places_init();
    return cpu >= 0 && cpu < max_cpu ? place_of[cpu] : -1;
}

/* The first place holding every CPU of `mask`, or -1. */
static int place_holding(hwloc_const_bitmap_t mask)
{
    int want = hwloc_bitmap_weight(mask);
    if (want == 1)
        return bob_places_of_cpu(hwloc_bitmap_first(mask));
    for (int p = 0; p < num_places && want > 0; p++) {
        int have = 0;
        for (int k = place_first[p]; k < place_first[p + 1]; k++)
            have += hwloc_bitmap_isset(mask, (unsigned)place_cpus[k]);
        if (have == want)
            return p;
    }
    return -1;
}

/* An ES runs where its OS thread may run: the thread is "bound to a place"
 * when its affinity mask lies inside one. The substrate binds ESs 1.. to one
 * CPU each for life, so their answer is read once per OS thread; ES 0 runs
 * on the application's thread, which keeps (and may change) its own mask,
 * so it asks the kernel every time. Asking the kernel also keeps this right
 * whichever CPU list the substrate used. -2: not read yet. */
static _Thread_local int es_place = -2;

int bob_places_current(void)
{
    bob_places_init(); /* before the substrate starts, if it has not yet */
    bob_init();
    int es = bt_self_es();
    if (es < 0)
        return -1;
    if (es > 0 && es_place != -2)
        return es_place;
    int place = -1;
    hwloc_bitmap_t mask = hwloc_bitmap_alloc();
    if (mask && thread_mask(mask))
        place = place_holding(mask);
    hwloc_bitmap_free(mask);
    if (es > 0)
        es_place = place;
    return place;
}

int bob_places_partition_count(void) { return bob_places_count(); }

void bob_places_partition(int *place_nums)
{
    int n = bob_places_count();
    for (int i = 0; i < n && place_nums; i++)
        place_nums[i] = i;
}

/* ---- Affinity format ------------------------------------------------------------ */

void bob_places_set_affinity_format(const char *format)
{
    bob_places_init();
    char *copy = strdup(format ? format : "");
    if (!copy) {
        bob_warn("omp_set_affinity_format: out of memory; the format is unchanged");
        return;
    }
    pthread_mutex_lock(&format_lock);
    char *old = affinity_format;
    affinity_format = copy;
    pthread_mutex_unlock(&format_lock);
    free(old);
}

/* A copy of the affinity-format-var (free it), or NULL. */
static char *format_copy(void)
{
    bob_places_init();
    pthread_mutex_lock(&format_lock);
    char *copy = strdup(affinity_format ? affinity_format : DEFAULT_AFFINITY_FORMAT);
    pthread_mutex_unlock(&format_lock);
    return copy;
}

/* Copies s into buffer like snprintf("%s"); returns strlen(s). */
static size_t copy_out(char *buffer, size_t size, const char *s)
{
    size_t len = strlen(s);
    if (buffer && size > 0) {
        size_t n = len < size - 1 ? len : size - 1;
        memcpy(buffer, s, n);
        buffer[n] = '\0';
    }
    return len;
}

size_t bob_places_get_affinity_format(char *buffer, size_t size)
{
    char *copy = format_copy();
    size_t len = copy_out(buffer, size, copy ? copy : "");
    free(copy);
    return len;
}

enum field {
    F_TEAM_NUM, F_NUM_TEAMS, F_NESTING_LEVEL, F_THREAD_NUM, F_NUM_THREADS,
    F_ANCESTOR_TNUM, F_HOST, F_PROCESS_ID, F_NATIVE_TID, F_THREAD_AFFINITY, F_UNKNOWN
};

static const struct {
    char short_name;
    const char *long_name;
} fields[] = {
    [F_TEAM_NUM] = {'t', "team_num"},
    [F_NUM_TEAMS] = {'T', "num_teams"},
    [F_NESTING_LEVEL] = {'L', "nesting_level"},
    [F_THREAD_NUM] = {'n', "thread_num"},
    [F_NUM_THREADS] = {'N', "num_threads"},
    [F_ANCESTOR_TNUM] = {'a', "ancestor_tnum"},
    [F_HOST] = {'H', "host"},
    [F_PROCESS_ID] = {'P', "process_id"},
    [F_NATIVE_TID] = {'i', "native_thread_id"},
    [F_THREAD_AFFINITY] = {'A', "thread_affinity"},
};

/* The field at *s (after "%" and the modifiers); advances past it. */
static enum field parse_field(const char **s)
{
    const char *p = *s;
    if (*p == '{') {
        const char *close = strchr(p, '}');
        if (!close) {
            *s = p + strlen(p);
            return F_UNKNOWN;
        }
        *s = close + 1;
        size_t n = (size_t)(close - p - 1);
        for (int f = 0; f < F_UNKNOWN; f++)
            if (strlen(fields[f].long_name) == n && !strncmp(p + 1, fields[f].long_name, n))
                return (enum field)f;
        return F_UNKNOWN;
    }
    if (!*p)
        return F_UNKNOWN;
    *s = p + 1;
    for (int f = 0; f < F_UNKNOWN; f++)
        if (fields[f].short_name == *p)
            return (enum field)f;
    return F_UNKNOWN;
}

/* The value of a string field, in b. */
static void string_field(strbuf_t *b, enum field f)
{
    if (f == F_HOST) {
        char host[256];
        if (gethostname(host, sizeof host))
            strcpy(host, "unknown");
        host[sizeof host - 1] = '\0';
        sb_printf(b, "%s", host);
    } else if (f == F_THREAD_AFFINITY) {
        hwloc_bitmap_t mask = hwloc_bitmap_alloc();
        if (mask && thread_mask(mask)) {
            int n = hwloc_bitmap_weight(mask), k = 0, cpu;
            int *cpus = malloc((size_t)n * sizeof *cpus);
            if (cpus) {
                hwloc_bitmap_foreach_begin(cpu, mask)
                    cpus[k++] = cpu;
                hwloc_bitmap_foreach_end();
                sb_cpu_list(b, cpus, n, false);
                free(cpus);
            }
        }
        hwloc_bitmap_free(mask);
    } else {
        sb_printf(b, "undefined");
    }
}

static long number_field(enum field f, const bob_thread_t *self)
{
    switch (f) {
    case F_TEAM_NUM: return self->team->league_num;
    case F_NUM_TEAMS: return self->team->league_size;
    case F_NESTING_LEVEL: return self->team->level;
    case F_THREAD_NUM: return self->tid;
    case F_NUM_THREADS: return self->team->nthreads;
    case F_ANCESTOR_TNUM:
        return self->team->level > 0 && self->team->master ? self->team->master->tid : -1;
    case F_PROCESS_ID: return (long)getpid();
    case F_NATIVE_TID: return (long)syscall(SYS_gettid);
    default: return 0;
    }
}

/* Expands format into b: "%%" is a percent sign; a field is
 * %[0][.][width]x or %[0][.][width]{name}: left-justified in `width`
 * columns, right-justified with ".", zero-padded with "0." (numbers). */
static void expand(strbuf_t *b, const char *format)
{
    const bob_thread_t *self = bob_self();
    for (const char *s = format; *s;) {
        if (*s != '%') {
            size_t n = strcspn(s, "%");
            sb_printf(b, "%.*s", (int)n, s);
            s += n;
            continue;
        }
        s++;
        if (*s == '%') {
            sb_printf(b, "%%");
            s++;
            continue;
        }
        bool zero = *s == '0';
        s += zero;
        bool right = *s == '.';
        s += right;
        int width = 0;
        while (isdigit((unsigned char)*s)) {
            if (width < 4096)
                width = width * 10 + (*s - '0');
            s++;
        }
        enum field f = parse_field(&s);
        strbuf_t value = {0};
        if (f == F_HOST || f == F_THREAD_AFFINITY || f == F_UNKNOWN)
            string_field(&value, f);
        else if (zero && right)
            sb_printf(&value, "%0*ld", width, number_field(f, self));
        else
            sb_printf(&value, "%ld", number_field(f, self));
        int pad = value.failed || (size_t)width <= value.len ? 0 : width - (int)value.len;
        if (right)
            sb_pad(b, ' ', pad);
        if (!value.failed && value.s)
            sb_printf(b, "%s", value.s);
        if (!right)
            sb_pad(b, ' ', pad);
        free(value.s);
    }
}

/* The expansion of format (or the affinity-format-var), NUL-terminated;
 * free it. NULL if memory ran out. */
static char *capture(const char *format)
{
    char *owned = NULL;
    if (!format || !*format)
        format = owned = format_copy();
    strbuf_t b = {0};
    if (format) {
        sb_printf(&b, "%s", "");
        expand(&b, format);
    }
    free(owned);
    if (b.failed || !format) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

size_t bob_places_capture_affinity(char *buffer, size_t size, const char *format)
{
    char *line = capture(format);
    size_t len = copy_out(buffer, size, line ? line : "");
    free(line);
    return len;
}

void bob_places_display_affinity(const char *format)
{
    char *line = capture(format);
    if (line)
        fprintf(stdout, "%s\n", line);
    free(line);
}
