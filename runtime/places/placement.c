/* This file binds OpenMP threads to places (OpenMP 5.2, sec. 10.1.3): which
 * place and place partition each implicit task of a new team gets under
 * the primary, close and spread policies, which ESs run a place's threads,
 * the initial thread's binding, and the queries of a thread's binding.
 *
 * Places and ESs. The substrate binds ES i > 0 to one CPU; ES 0 runs on
 * the initial thread, which, when binding is requested, the substrate
 * lists at the lowest CPU and this file places at that CPU's place (the
 * first place if none holds it; under a KMP_AFFINITY type, at the
 * offset-th place, whose first CPU the substrate then lists ES 0 at);
 * team.c binds it there at its first region that binds, ES 0's spare OS
 * threads following it. A place's ESs are those of the CPUs it holds, and
 * a thread bound to a place runs on the ESs of that place only: team.c puts its unit in the
 * private pool of one of them, which no other ES steals from. A place
 * with no ES (more places than ESs, or a topology that is not this
 * machine's, HWLOC_SYNTHETIC or HWLOC_XMLFILE) binds its threads in name
 * only: they report it and run where team.c puts unbound threads.
 *
 * Positions. A partition is `count` consecutive places from `first`,
 * modulo the list's length N; position q of it is place (first + q) % N.
 * Every policy below works on positions, from the primary thread's. */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <bobbin/threading.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

/* ---- Assigning places ------------------------------------------------------ */

/* The primary's partition as positions: its first place, its length, and
 * the primary's position in it (0 if the primary is not bound). */
typedef struct span {
    int first, len, start;
} span_t;

static span_t span_of(bob_binding_t primary, int nplaces)
{
    span_t s = {primary.count ? primary.first : 0,
                primary.count ? primary.count : nplaces, 0};
    int at = primary.place >= 0 ? primary.place : bob_places_current();
    if (at >= 0)
        s.start = (at - s.first + nplaces) % nplaces;
    if (s.start >= s.len)
        s.start = 0;
    return s;
}

static int place_at(span_t s, int pos, int nplaces)
{
    return (s.first + pos % s.len) % nplaces;
}

bob_binding_t bob_places_assign(int policy, int nthreads, int tid, bob_binding_t primary)
{
    int n = policy == omp_proc_bind_false ? 0 : bob_places_count();
    if (n == 0)
        return (bob_binding_t){-1, primary.first, primary.count};
    span_t s = span_of(primary, n);
    long long t = nthreads, p = s.len;
    bob_binding_t b = {place_at(s, s.start, n), s.first, primary.count ? s.len : 0};
    if (policy == omp_proc_bind_master)
        return b;
    /* close, and spread with more threads than places: consecutive threads
     * fill consecutive places, as evenly as they divide */
    int group = (int)(t <= p ? tid : tid * p / t);
    if (policy == omp_proc_bind_close || t > p) {
        b.place = place_at(s, s.start + group, n);
        if (policy != omp_proc_bind_close) /* spread: a partition of its place */
            b = (bob_binding_t){b.place, b.place, 1};
        return b;
    }
    /* spread (true too, as in libomp): T subpartitions, the k-th holding
     * positions [k * P / T, (k + 1) * P / T); the primary keeps its place
     * and the subpartition holding it, thread i takes the i-th after that,
     * at its first place. */
    long long k0 = ((s.start + 1) * t + p - 1) / p - 1;
    long long k = (k0 + tid) % t;
    int lo = (int)(k * p / t), hi = (int)((k + 1) * p / t);
    b.first = place_at(s, lo, n);
    b.count = hi - lo;
    if (tid > 0)
        b.place = b.first;
    return b;
}

/* ---- The ESs of each place -------------------------------------------------- */

/* ESs of place p: es_list[es_first[p]] .. es_list[es_first[p + 1] - 1],
 * made once the substrate runs (an ES's CPU never changes): the ESs of
 * every CPU it holds, so that places sharing CPUs (an explicit list, or
 * KMP_AFFINITY's compact with a granule of several CPUs, one place per
 * hardware thread) all have their ESs. */
static int *es_first, *es_list;
static pthread_once_t es_once = PTHREAD_ONCE_INIT;

/* The ESs by CPU: those of cpu are by_cpu[at[cpu]] .. by_cpu[at[cpu + 1] - 1]
 * (a counting sort); *top: the highest CPU of an ES. */
static bool es_by_cpu(int nes, int **at, int **by_cpu, int *top)
{
    *top = -1;
    for (int e = 0; e < nes; e++)
        *top = bt_es_cpu(e) > *top ? bt_es_cpu(e) : *top;
    *at = calloc((size_t)*top + 3, sizeof **at);
    *by_cpu = malloc((size_t)(nes > 0 ? nes : 1) * sizeof **by_cpu);
    if (!*at || !*by_cpu)
        return false;
    for (int e = 0; e < nes; e++) /* counts, shifted by two for the prefix sum */
        if (bt_es_cpu(e) >= 0)
            (*at)[bt_es_cpu(e) + 2]++;
    for (int c = 0; c <= *top; c++)
        (*at)[c + 2] += (*at)[c + 1];
    for (int e = 0; e < nes; e++)
        if (bt_es_cpu(e) >= 0)
            (*by_cpu)[(*at)[bt_es_cpu(e) + 1]++] = e;
    return true;
}

static void es_map_init(void)
{
    int n = bob_places_count(), nes = bt_num_es(), top, *at = NULL, *by_cpu = NULL;
    int *first = calloc((size_t)n + 1, sizeof *first), *list = NULL, *ids = NULL;
    bool ok = first && es_by_cpu(nes, &at, &by_cpu, &top);
    int total = 0;
    for (int pass = 0; ok && pass < 2; pass++) { /* count, then fill */
        total = 0;
        for (int p = 0; p < n && ok; p++) {
            int m = bob_places_num_procs(p);
            int *grown = realloc(ids, (size_t)(m > 0 ? m : 1) * sizeof *ids);
            ok = grown != NULL;
            ids = grown;
            if (!ok)
                break;
            bob_places_proc_ids(p, ids);
            first[p] = total;
            for (int k = 0; k < m; k++)
                for (int i = ids[k] <= top ? at[ids[k]] : 0; ids[k] <= top && i < at[ids[k] + 1];
                     i++, total++)
                    if (pass)
                        list[total] = by_cpu[i];
        }
        first[n] = total;
        if (ok && !pass)
            ok = (list = malloc((size_t)(total > 0 ? total : 1) * sizeof *list)) != NULL;
    }
    free(ids);
    free(at);
    free(by_cpu);
    if (!ok) {
        free(first);
        free(list);
        bob_warn("out of memory mapping places to ESs; threads run unbound");
        return;
    }
    es_first = first;
    es_list = list;
}

int bob_places_es(int place, int k)
{
    if (place < 0)
        return -1;
    bob_init();
    pthread_once(&es_once, es_map_init);
    if (!es_first || place >= bob_places_count())
        return -1;
    int have = es_first[place + 1] - es_first[place];
    return have > 0 ? es_list[es_first[place] + k % have] : -1;
}

/* ---- The initial thread ------------------------------------------------------ */

bob_binding_t bob_places_initial_binding(bool es0_thread)
{
    bob_binding_t b = {-1, 0, 0};
    if (bob_proc_bind_at_level(0) == omp_proc_bind_false)
        return b;
    if (bob_kmp_affinity_typed()) { /* libomp's thread 0: the offset-th place */
        b.place = bob_places_count() > 0 ? bob_kmp_affinity_first_place(bob_places_count()) : -1;
        return b;
    }
    b.place = bob_places_of_cpu(es0_thread ? bt_es_cpu(0) : sched_getcpu());
    if (b.place < 0) /* its CPU is in no place: the first, as in libomp */
        b.place = bob_places_count() > 0 ? 0 : -1;
    return b;
}

/* ---- Queries ----------------------------------------------------------------- */

/* The binding of the calling thread's implicit task. */
static bob_binding_t self_binding(void)
{
    const bob_thread_t *self = bob_self();
    return self->team->threads[self->tid].binding;
}

int bob_places_thread_place(void)
{
    bob_binding_t b = self_binding();
    return b.place >= 0 ? b.place : bob_places_current();
}

int bob_places_partition_count(void)
{
    bob_binding_t b = self_binding();
    return b.count ? b.count : bob_places_count();
}

void bob_places_partition(int *place_nums)
{
    bob_binding_t b = self_binding();
    int n = bob_places_count(), count = b.count ? b.count : n;
    for (int i = 0; i < count && place_nums; i++)
        place_nums[i] = (b.first + i) % n;
}
