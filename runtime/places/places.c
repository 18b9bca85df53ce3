/* This file sets up places and thread affinity policy (OMP_PLACES and
 * OMP_PROC_BIND, OpenMP 5.2, sec. 21.1.5-6), keeps the place list and
 * answers the place queries. placement.c binds threads to places,
 * places_build.c decides what the list holds,
 * places_parse.c reads OMP_PLACES, proc_bind.c OMP_PROC_BIND, and
 * affinity_format.c expands affinity formats (OMP_AFFINITY_FORMAT,
 * omp_capture_affinity).
 *
 * CPUs. Places hold OS CPU numbers, restricted to the CPUs the runtime may
 * use: the affinity mask of the thread that starts the substrate, over whose
 * CPUs it binds its ESs (ES i > 0 to the mask's CPU i modulo its size; ES 0
 * keeps the starting thread's mask). If bob_places_init runs before the
 * substrate starts, it reads that mask itself; afterwards the calling
 * thread may be an ES bound to one CPU, so it uses the mask the process had
 * when the library was loaded (a constructor keeps it).
 *
 * Cost. Start-up reads the environment and one affinity mask, and builds
 * an explicit OMP_PLACES list, which needs no topology; hwloc's topology
 * (hundreds of sysfs files and plugins) is loaded, without I/O devices,
 * only by the first query that needs the list of an abstract name, or at
 * start-up when KMP_HW_SUBSET asks for a subset of the machine.
 *
 * Defaults. With OMP_PLACES unset the list is implementation defined.
 * LLVM's libomp 14 on a 2-core machine reports one place holding every CPU
 * when OMP_PROC_BIND is unset or false, and one place per core when it is
 * set; libgomp reports no places at all unless one of the two is set.
 * Bobbin answers as libomp: one place of every CPU while no level binds
 * (it needs no topology), else "cores". With OMP_PROC_BIND unset, bind-var
 * is false, except that it is true when OMP_PLACES is set (what both libomp
 * and libgomp do: asking for places asks for binding). Which thread is
 * bound where: placement.c.
 *
 * Malformed values are reported in one line, naming the variable, the
 * value and what is used instead, and never stop the program. */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <bobbin/threading.h>
#include <errno.h>
#include <hwloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The place list: place p holds cpus[first[p]] .. cpus[first[p + 1] - 1]. */
static int num_places;
static int *place_first;
static int *place_cpus;
/* place_of[cpu]: the first place holding cpu, -1 if none; cpu < max_cpu. */
static int *place_of;
static int max_cpu;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* ---- Affinity masks ---------------------------------------------------------- */

bool bob_places_thread_mask(hwloc_bitmap_t out)
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
    if (load_time_mask && !bob_places_thread_mask(load_time_mask)) {
        hwloc_bitmap_free(load_time_mask);
        load_time_mask = NULL;
    }
}

/* ---- Initialisation ---------------------------------------------------------- */

/* Flattens the list into place_first/place_cpus/place_of. */
static void publish(const bob_place_vec_t *pv)
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

/* The CPUs of the place list, and what remains to build once the topology
 * is loaded (list_pending: OMP_PLACES names a kind of object, or is unset
 * or malformed; pending_kmp: the list is a KMP_AFFINITY type's). */
static hwloc_bitmap_t avail;
static bool list_pending, pending_kmp;
static enum bob_place_kind pending_kind;
static long pending_count;
static pthread_once_t list_once = PTHREAD_ONCE_INIT;

static hwloc_topology_t topology_get(bool caches);
static void topology_drop(void);
static void bind_os_thread(hwloc_const_bitmap_t cpus, const char *what);

/* KMP_HW_SUBSET: the CPUs of the subset, and before the substrate starts
 * the calling thread bound to them, so that its ESs are the subset's and
 * omp_get_num_procs counts them, as libomp's threads keep to the subset. */
static void restrict_machine(void)
{
    bob_hw_subset_t *subset;
    if (!bob_hw_subset_read(&subset))
        return;
    hwloc_topology_t topo = topology_get(true);
    if (!topo) {
        free(subset);
        bob_warn("KMP_HW_SUBSET='%s': hwloc cannot read this machine's topology; ignored",
                 getenv("KMP_HW_SUBSET"));
        return;
    }
    hwloc_bitmap_t before = hwloc_bitmap_dup(avail);
    bob_hw_subset_apply(subset, topo, avail);
    if (before && !hwloc_bitmap_isequal(before, avail) && !bt_initialized() &&
        hwloc_topology_is_thissystem(topo))
        bind_os_thread(avail, "the KMP_HW_SUBSET subset");
    hwloc_bitmap_free(before);
}

/* The mask the starting thread has once KMP_HW_SUBSET applied: what
 * bob_places_unbind_thread gives back. */
static hwloc_bitmap_t unbound_mask;

static void keep_unbound_mask(void)
{
    unbound_mask = hwloc_bitmap_alloc();
    bool have = unbound_mask && !bt_initialized() && bob_places_thread_mask(unbound_mask);
    if (!have && unbound_mask && load_time_mask)
        have = hwloc_bitmap_copy(unbound_mask, load_time_mask) == 0;
    if (!have) {
        hwloc_bitmap_free(unbound_mask);
        unbound_mask = NULL;
    }
}

/* KMP_AFFINITY names a type: its list instead of OMP_PLACES's. */
static void kmp_affinity_plan(void)
{
    bob_kmp_affinity_note_ignored("OMP_PLACES");
    bob_place_vec_t pv = {0};
    if (bob_kmp_affinity_bind() != omp_proc_bind_false) {
        list_pending = pending_kmp = true;
        return;
    }
    if (!bob_kmp_affinity_disabled()) /* none: the default list */
        bob_place_vec_push(&pv, hwloc_bitmap_dup(avail));
    publish(&pv);
    bob_place_vec_clear(&pv);
}

/* Everything but the topology: start-up pays for one affinity mask (and,
 * with KMP_HW_SUBSET, the topology). */
static void places_init(void)
{
    bob_affinity_format_read();
    bob_kmp_affinity_read();
    bob_proc_bind_read(getenv("OMP_PLACES") != NULL && !bob_kmp_affinity_typed());

    /* The CPUs the substrate binds to: see the comment at the top. */
    avail = hwloc_bitmap_alloc();
    if (!avail)
        return;
    bool have_mask = !bt_initialized() && bob_places_thread_mask(avail);
    if (!have_mask && load_time_mask)
        have_mask = hwloc_bitmap_copy(avail, load_time_mask) == 0;
    if (!have_mask || hwloc_bitmap_iszero(avail))
        return;
    restrict_machine();
    keep_unbound_mask();
    bob_place_vec_t pv = {0};
    if (bob_kmp_affinity_typed())
        kmp_affinity_plan();
    else if (bob_places_plan(avail, bob_proc_bind_requested(), &pv, &pending_kind,
                             &pending_count))
        publish(&pv);
    else
        list_pending = true;
    bob_place_vec_clear(&pv);
    if (!list_pending)
        topology_drop();
}

/* hwloc's plugins, none of which a place list needs: the XML one (hwloc
 * reads HWLOC_XMLFILE without it) and those of I/O devices and GPUs. Each
 * is loaded, with its libraries (libxml2 and ICU, libOpenCL, libX11...),
 * when a topology is first made; only the environment can keep them out. */
static const char PLUGINS_BLACKLIST[] = "HWLOC_PLUGINS_BLACKLIST";
static const char UNNEEDED_PLUGINS[] = "hwloc_xml_libxml,hwloc_pci,hwloc_opencl,hwloc_gl,"
                                       "hwloc_cuda,hwloc_nvml,hwloc_rsmi,hwloc_levelzero";

/* The topology, for the places of an abstract name: without the plugins
 * above (unless the user names plugins to keep out), from the operating
 * system's description alone (hwloc's x86 backend binds the caller to each
 * CPU in turn to read its CPUID, milliseconds on a small machine), without
 * I/O devices, which no place holds, nor caches (each cache of each CPU is
 * several sysfs files) unless the places are caches or NUMA domains, whose
 * nodes may hang from caches and would move up to their parents otherwise,
 * or KMP_HW_SUBSET may name them.
 * The variable is set only while hwloc reads it, as libomp too sets
 * variables of its own, so that the program's children do not inherit it. */
static hwloc_topology_t load_topology(bool caches)
{
    bool blacklist = !getenv(PLUGINS_BLACKLIST) && !getenv("HWLOC_PLUGINS_BLOCKLIST") &&
                     setenv(PLUGINS_BLACKLIST, UNNEEDED_PLUGINS, 0) == 0;
    hwloc_topology_t topo;
    int failed = hwloc_topology_init(&topo);
    if (blacklist)
        unsetenv(PLUGINS_BLACKLIST);
    if (failed)
        return NULL;
    hwloc_topology_set_components(topo, HWLOC_TOPOLOGY_COMPONENTS_FLAG_BLACKLIST, "x86");
    hwloc_topology_set_io_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
    if (!caches)
        hwloc_topology_set_cache_types_filter(topo, HWLOC_TYPE_FILTER_KEEP_NONE);
    if (hwloc_topology_load(topo)) {
        hwloc_topology_destroy(topo);
        return NULL;
    }
    return topo;
}

/* The topology, loaded once, by KMP_HW_SUBSET at start-up or by the first
 * query that needs the list of an abstract name, whichever comes first;
 * NULL if hwloc could not load it. */
static hwloc_topology_t topology;
static bool topology_loaded;

static hwloc_topology_t topology_get(bool caches)
{
    if (topology_loaded)
        return topology;
    topology_loaded = true;
    topology = load_topology(caches);
    /* HWLOC_SYNTHETIC or HWLOC_XMLFILE: the places are that machine's */
    if (topology && !hwloc_topology_is_thissystem(topology))
        hwloc_bitmap_copy(avail, hwloc_topology_get_allowed_cpuset(topology));
    return topology;
}

static void topology_drop(void)
{
    if (topology)
        hwloc_topology_destroy(topology);
    topology = NULL;
}

/* KMP_AFFINITY=verbose: the list and the policy, once. */
static void verbose_report(void)
{
    bob_strbuf_t b = {0};
    bob_sb_printf(&b, "%d places", num_places);
    for (int p = 0; p < num_places; p++) {
        bob_sb_printf(&b, " {");
        bob_sb_cpu_list(&b, place_cpus + place_first[p], place_first[p + 1] - place_first[p],
                        false);
        bob_sb_printf(&b, "}");
    }
    bob_sb_printf(&b, "; OMP_PROC_BIND ");
    bob_proc_bind_describe(&b);
    if (!b.failed)
        bob_warn("KMP_AFFINITY: %s", b.s);
    free(b.s);
}

static void list_init(void)
{
    if (list_pending) {
        hwloc_topology_t topo = topology_get(pending_kind == KIND_LL_CACHES ||
                                             pending_kind == KIND_NUMA || pending_kmp);
        bob_place_vec_t pv = {0};
        if (!pending_kmp)
            bob_places_build_abstract(topo, avail, pending_kind, pending_count, &pv);
        else
            bob_kmp_affinity_build(topo, avail, &pv);
        if (pv.n == 0) /* KMP_AFFINITY, after its warning: all CPUs */
            bob_place_vec_push(&pv, hwloc_bitmap_dup(avail));
        publish(&pv);
        bob_place_vec_clear(&pv);
        topology_drop();
    }
    if (bob_kmp_affinity_verbose())
        verbose_report();
}

/* The place list is built: the queries below call this first. */
static void list_ready(void)
{
    bob_places_init();
    pthread_once(&list_once, list_init);
}

void bob_places_init(void) { pthread_once(&init_once, places_init); }

void bob_places_display(FILE *out)
{
    list_ready();
    bob_strbuf_t b = {0};
    bob_sb_printf(&b, "  [host] OMP_PROC_BIND = '");
    bob_proc_bind_describe(&b);
    bob_sb_printf(&b, "'\n  [host] OMP_PLACES = '");
    for (int p = 0; p < num_places; p++) {
        bob_sb_printf(&b, "%s{", p ? "," : "");
        bob_sb_cpu_list(&b, place_cpus + place_first[p],
                        place_first[p + 1] - place_first[p], true);
        bob_sb_printf(&b, "}");
    }
    bob_sb_printf(&b, "'\n");
    if (!b.failed)
        fputs(b.s, out);
    free(b.s);
}

/* ---- Queries ------------------------------------------------------------------ */

int bob_places_count(void)
{
    list_ready();
    return num_places;
}

int bob_places_num_procs(int place)
{
    list_ready();
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
    list_ready();
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
 * CPU each for life, so their answer is read once per ES (not per thread:
 * an OpenMP thread's TLS moves with it between ESs); ES 0 runs on the
 * application's thread, which keeps (and may change) its own mask, so it
 * asks the kernel every time. Asking the kernel also keeps this right
 * whichever CPU list the substrate used. Entries are the place + 1, 0 when
 * not read yet; two ESs' first reads may race to make the array. */
static _Atomic(_Atomic int *) es_places;

static _Atomic int *es_places_get(void)
{
    _Atomic int *p = atomic_load_explicit(&es_places, memory_order_acquire);
    if (p)
        return p;
    _Atomic int *fresh = calloc((size_t)bt_num_es(), sizeof *fresh);
    if (!fresh)
        bob_fatal("out of memory for the places of the ESs");
    if (atomic_compare_exchange_strong_explicit(&es_places, &p, fresh,
                                                memory_order_acq_rel,
                                                memory_order_acquire))
        return fresh;
    free(fresh);
    return p;
}

int bob_places_current(void)
{
    list_ready(); /* reads the mask before the substrate starts, if it has not yet */
    bob_init();
    int es = bt_self_es();
    if (es < 0)
        return -1;
    _Atomic int *known = es > 0 ? &es_places_get()[es] : NULL;
    int seen = known ? atomic_load_explicit(known, memory_order_relaxed) : 0;
    if (seen)
        return seen - 1;
    int place = -1;
    hwloc_bitmap_t mask = hwloc_bitmap_alloc();
    if (mask && bob_places_thread_mask(mask))
        place = place_holding(mask);
    hwloc_bitmap_free(mask);
    if (known) /* relaxed: a number, the same whoever reads it first */
        atomic_store_explicit(known, place + 1, memory_order_relaxed);
    return place;
}

/* Binds the calling OS thread to cpus (none: unchanged); `what` names them
 * in the warning should the kernel refuse. */
static void bind_os_thread(hwloc_const_bitmap_t cpus, const char *what)
{
    int top = hwloc_bitmap_last(cpus);
    cpu_set_t *set = top >= 0 ? CPU_ALLOC(top + 1) : NULL;
    size_t size = CPU_ALLOC_SIZE(top + 1);
    if (!set)
        return;
    CPU_ZERO_S(size, set);
    int cpu;
    hwloc_bitmap_foreach_begin(cpu, cpus)
    {
        CPU_SET_S(cpu, size, set);
    }
    hwloc_bitmap_foreach_end();
    /* the kernel's call: the library's own sched_setaffinity binds the
     * calling unit, and this binds the initial thread's OS thread */
    if (syscall(SYS_sched_setaffinity, 0, size, set))
        bob_warn("cannot bind a thread to %s; it runs unbound", what);
    CPU_FREE(set);
}

int bob_places_es0_cpu(void)
{
    bob_places_init();
    if (bob_kmp_affinity_bind() != omp_proc_bind_false) {
        int n = bob_places_count();
        if (n > 0)
            return place_cpus[place_first[bob_kmp_affinity_first_place(n)]];
    }
    return avail && !hwloc_bitmap_iszero(avail) ? hwloc_bitmap_first(avail) : 0;
}

void bob_places_unbind_thread(void)
{
    if (unbound_mask)
        bind_os_thread(unbound_mask, "the CPUs it started with");
}

void bob_places_bind_thread(int place)
{
    int n = bob_places_num_procs(place);
    hwloc_bitmap_t cpus = n > 0 ? hwloc_bitmap_alloc() : NULL;
    if (!cpus)
        return;
    for (int k = 0; k < n; k++) {
        int cpu = place_cpus[place_first[place] + k];
        if (!load_time_mask || hwloc_bitmap_isset(load_time_mask, (unsigned)cpu))
            hwloc_bitmap_set(cpus, (unsigned)cpu);
    }
    char what[32];
    snprintf(what, sizeof what, "place %d", place);
    if (!hwloc_bitmap_iszero(cpus))
        bind_os_thread(cpus, what);
    hwloc_bitmap_free(cpus);
}
