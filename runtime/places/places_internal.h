/* What the files behind places.h share with each other and with no one
 * else: places.c (the list and its queries), placement.c (binding threads
 * to places), places_build.c (what the list
 * holds), places_parse.c (the OMP_PLACES grammar), proc_bind.c (the
 * bind-var list), affinity_format.c and places_text.c (the text they all
 * print). */
#ifndef BOB_PLACES_INTERNAL_H
#define BOB_PLACES_INTERNAL_H

#include <hwloc.h>
#include <stdbool.h>
#include <stddef.h>

/* Bounds that keep a hostile OMP_PLACES from exhausting memory. */
enum { MAX_CPU = 1 << 20, MAX_PLACES = 1 << 16, MAX_INTERVAL = 1 << 16 };

/* ---- places.c ----------------------------------------------------------------- */

/* The calling OS thread's affinity mask as a bitmap; false on failure. */
bool bob_places_thread_mask(hwloc_bitmap_t out);

/* ---- places_text.c: growable strings --------------------------------------- */

typedef struct bob_strbuf {
    char *s;
    size_t len, cap;
    bool failed;
} bob_strbuf_t;

__attribute__((format(printf, 2, 3))) void bob_sb_printf(bob_strbuf_t *b, const char *fmt,
                                                         ...);
void bob_sb_pad(bob_strbuf_t *b, char c, int count);
/* Appends a sorted CPU list. With `interval`, runs of two or more CPUs
 * become a:length (OMP_PLACES intervals); without, runs of three or more
 * become a-b, as libomp prints masks (%A: "0,1", "0-2"). */
void bob_sb_cpu_list(bob_strbuf_t *b, const int *cpus, int n, bool interval);

/* ---- places_build.c: place lists under construction ------------------------ */

/* The abstract names of OMP_PLACES. */
enum bob_place_kind { KIND_THREADS, KIND_CORES, KIND_LL_CACHES, KIND_NUMA, KIND_SOCKETS };


typedef struct bob_place_vec {
    hwloc_bitmap_t *v;
    int n, cap;
} bob_place_vec_t;

/* Appends set, which the vector then owns (it frees set on failure); false
 * if set is NULL, the list is full or memory ran out. */
bool bob_place_vec_push(bob_place_vec_t *pv, hwloc_bitmap_t set);
void bob_place_vec_clear(bob_place_vec_t *pv);

/* What OMP_PLACES asks for, read without the topology: true if it is an
 * explicit list, then in `out` restricted to `avail`, or unset while no
 * binding is asked for, then one place of `avail`; false if the list is
 * one place per object of a kind (*kind, the first *count of them if
 * *count > 0), "cores" when OMP_PLACES is unset, malformed (one warning;
 * a kind's name with a malformed count is that kind, all of it) or leaves
 * no usable CPU. */
bool bob_places_plan(hwloc_const_bitmap_t avail, bool binding, bob_place_vec_t *out,
                     enum bob_place_kind *kind, long *count);
/* The highest cache level the topology has (the last-level cache), or
 * HWLOC_OBJ_CORE if it reports none. */
hwloc_obj_type_t bob_places_llc_type(hwloc_topology_t topo);
/* The object whose CPUs form the place of `pu` in a list of the kind; llc:
 * bob_places_llc_type(topo). */
hwloc_obj_t bob_places_unit_of(hwloc_topology_t topo, hwloc_obj_t pu,
                               enum bob_place_kind kind, hwloc_obj_type_t llc);
/* The list of one place per object of the kind; one per CPU of `avail`
 * if `topo` is NULL (hwloc could not load the topology). */
void bob_places_build_abstract(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                               enum bob_place_kind kind, long count, bob_place_vec_t *out);

/* ---- places_parse.c: the OMP_PLACES grammar -------------------------------- */

void bob_places_skip_ws(const char **s);
/* place-list: comma-separated "place[:count[:stride]]" or "!place"; "!place"
 * removes the places equal to it listed so far (as libgomp does). */
bool bob_places_parse_list(const char *s, bob_place_vec_t *out);
/* Why a value is not an abstract name. */
enum bob_abstract_fault {
    ABSTRACT_NONE,
    ABSTRACT_NOT_A_WORD, /* it may be a list of places */
    ABSTRACT_UNKNOWN,    /* a word that names no kind */
    ABSTRACT_BAD_COUNT,  /* a kind's name, then no "(count)" or more text */
};
/* "name" or "name(count)": the kind and count (0: all); false, and why in
 * *fault, if s is not. With ABSTRACT_BAD_COUNT, *kind is the name's kind
 * and *count 0: libomp takes such a value for the name alone. */
bool bob_places_parse_abstract(const char *s, enum bob_place_kind *kind, long *count,
                               enum bob_abstract_fault *fault);
/* "threads", "cores"...: as OMP_PLACES names the kind. */
const char *bob_places_kind_name(enum bob_place_kind kind);

/* ---- proc_bind.c: OMP_PROC_BIND ---------------------------------------------- */

/* Reads OMP_PROC_BIND into the bind-var list; places_set: OMP_PLACES is set.
 * A KMP_AFFINITY type sets the list instead. */
void bob_proc_bind_read(bool places_set);
/* Whether some level binds: an entry of the list is not false. */
bool bob_proc_bind_requested(void);
/* Appends the list in upper case, e.g. "SPREAD,CLOSE", for OMP_DISPLAY_ENV. */
void bob_proc_bind_describe(bob_strbuf_t *b);

/* ---- hw_subset.c: KMP_HW_SUBSET --------------------------------------------- */

typedef struct bob_hw_subset bob_hw_subset_t;
/* Reads KMP_HW_SUBSET; true with the parsed value in *out (the caller
 * passes it to bob_hw_subset_apply) if it is set and well formed, false if
 * unset or malformed (one warning). */
bool bob_hw_subset_read(bob_hw_subset_t **out);
/* Restricts avail to the subset of the machine `topo` describes, or
 * leaves it (one warning) if the topology cannot give it; frees hs. */
void bob_hw_subset_apply(bob_hw_subset_t *hs, hwloc_topology_t topo, hwloc_bitmap_t avail);

/* ---- kmp_affinity.c: KMP_AFFINITY ----------------------------------------- */

/* Reads KMP_AFFINITY (malformed tokens: one line each); before the others. */
void bob_kmp_affinity_read(void);
/* Whether it names a type, which then takes precedence over OMP_PLACES and
 * OMP_PROC_BIND. */
bool bob_kmp_affinity_typed(void);
/* The type is disabled: no places. */
bool bob_kmp_affinity_disabled(void);
/* The bind-var of every level its type implies: close for compact,
 * scatter, balanced and explicit, else false. */
int bob_kmp_affinity_bind(void);
/* Notes that the variable var, if set, yields to the type. */
void bob_kmp_affinity_note_ignored(const char *var);
/* The place list of a binding type, of the CPUs in avail; topo may be NULL. */
void bob_kmp_affinity_build(hwloc_topology_t topo, hwloc_const_bitmap_t avail,
                            bob_place_vec_t *out);
/* The initial thread's place in a list of nplaces: the offset. */
int bob_kmp_affinity_first_place(int nplaces);
/* Whether the place list and policy are to be printed (verbose). */
bool bob_kmp_affinity_verbose(void);

/* ---- affinity_format.c ------------------------------------------------------- */

/* Sets the affinity-format-var from OMP_AFFINITY_FORMAT. */
void bob_affinity_format_read(void);
/* The expansion of format (the affinity-format-var if NULL or empty) for
 * the calling thread, NUL-terminated; free it. NULL if memory ran out. */
char *bob_affinity_capture(const char *format);

#endif
