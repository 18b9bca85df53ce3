/* This file decides what the place list holds: the places OMP_PLACES
 * names, or one per core, NUMA domain, cache... of the hwloc topology,
 * restricted to the CPUs the runtime may use. places.c publishes it. */
#include "places_internal.h"

#include "rt.h"

#include <hwloc.h>
#include <stdbool.h>
#include <stdlib.h>

/* ---- Place lists under construction -------------------------------------- */

bool bob_place_vec_push(bob_place_vec_t *pv, hwloc_bitmap_t set)
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

void bob_place_vec_clear(bob_place_vec_t *pv)
{
    for (int i = 0; i < pv->n; i++)
        hwloc_bitmap_free(pv->v[i]);
    free(pv->v);
    *pv = (bob_place_vec_t){0};
}

/* ---- From the topology ------------------------------------------------------ */

hwloc_obj_type_t bob_places_llc_type(hwloc_topology_t topo)
{
    static const hwloc_obj_type_t levels[] = {HWLOC_OBJ_L5CACHE, HWLOC_OBJ_L4CACHE,
                                              HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L2CACHE,
                                              HWLOC_OBJ_L1CACHE};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (hwloc_get_type_depth(topo, levels[i]) != HWLOC_TYPE_DEPTH_UNKNOWN)
            return levels[i];
    return HWLOC_OBJ_CORE;
}

hwloc_obj_t bob_places_unit_of(hwloc_topology_t topo, hwloc_obj_t pu,
                               enum bob_place_kind kind, hwloc_obj_type_t llc)
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
                           enum bob_place_kind kind, long count, bob_place_vec_t *out)
{
    hwloc_obj_type_t llc = bob_places_llc_type(topo);
    int ngroups = 0, cap = 0;
    hwloc_obj_t *groups = NULL;
    bool ok = true;
    for (hwloc_obj_t pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, NULL); pu && ok;
         pu = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_PU, pu)) {
        if (!hwloc_bitmap_isset(avail, pu->os_index))
            continue;
        hwloc_obj_t g = bob_places_unit_of(topo, pu, kind, llc);
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
            ok = bob_place_vec_push(out, hwloc_bitmap_alloc());
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
static void build_per_cpu(hwloc_const_bitmap_t avail, bob_place_vec_t *out)
{
    int cpu;
    hwloc_bitmap_foreach_begin(cpu, avail)
    {
        hwloc_bitmap_t one = hwloc_bitmap_alloc();
        if (one)
            hwloc_bitmap_only(one, (unsigned)cpu);
        if (!bob_place_vec_push(out, one))
            break;
    }
    hwloc_bitmap_foreach_end();
}

/* Keeps the available CPUs of each place and drops the empty places. */
static void restrict_to(bob_place_vec_t *pv, hwloc_const_bitmap_t avail)
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

bool bob_places_plan(hwloc_const_bitmap_t avail, bool binding, bob_place_vec_t *out,
                     enum bob_place_kind *kind, long *count)
{
    const char *v = getenv("OMP_PLACES");
    *kind = KIND_CORES;
    *count = 0;
    enum bob_abstract_fault fault;
    if (!v && !binding) /* the default list of libomp: see the top of places.c */
        return bob_place_vec_push(out, hwloc_bitmap_dup(avail));
    if (!v || bob_places_parse_abstract(v, kind, count, &fault))
        return false;
    if (fault == ABSTRACT_BAD_COUNT) {
        const char *name = bob_places_kind_name(*kind);
        bob_warn("OMP_PLACES='%s' is not %s or %s(count) with a positive count; using %s",
                 v, name, name, name);
        return false;
    }
    *kind = KIND_CORES;
    *count = 0;
    if (fault == ABSTRACT_UNKNOWN || !bob_places_parse_list(v, out)) {
        bob_place_vec_clear(out);
        bob_warn("OMP_PLACES='%s' is not an abstract name (threads, cores, "
                 "ll_caches, numa_domains, sockets, optionally with (count)) or a "
                 "list of places such as {0,1},{2:2} or {0:2}:4:2; using cores", v);
        return false;
    }
    restrict_to(out, avail);
    if (out->n > 0)
        return true;
    bob_warn("OMP_PLACES='%s' leaves no place with a CPU this process may use; "
             "using cores", v);
    return false;
}

void bob_places_build_abstract(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                               enum bob_place_kind kind, long count, bob_place_vec_t *out)
{
    if (topo && !build_abstract(topo, avail, kind, count, out))
        bob_place_vec_clear(out);
    if (out->n == 0)
        build_per_cpu(avail, out);
}
