/* OpenMP places and thread affinity policy (places.c and the files
 * places_internal.h names): the place list from OMP_PLACES, the bind-var
 * list from OMP_PROC_BIND, the queries of the omp_*place* routines, and the
 * affinity-format ICV with its expansion.
 *
 * Everything here is read-only after bob_places_init(), except the
 * affinity format, which has its own lock. Every function below first
 * makes sure bob_places_init() has run, so it may be called at any time. */
#ifndef BOB_PLACES_H
#define BOB_PLACES_H

#include "rt.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Reads OMP_PLACES, OMP_PROC_BIND and OMP_AFFINITY_FORMAT and the affinity
 * mask, and builds an explicit place list; a list of an abstract name (or
 * the default) waits for the first query that needs it, which loads the
 * hwloc topology, so that start-up reads no topology. Malformed values are
 * reported here. Idempotent and thread-safe. Best
 * called before the substrate starts (then the CPU set it sees is exactly
 * the one the substrate binds its ESs to); afterwards it uses the affinity
 * mask the process had when the library was loaded. */
void bob_places_init(void);

/* The bind-var (an omp_proc_bind_t value) of a task at nesting level
 * `level`, i.e. the policy of the regions it creates: entry `level` of the
 * OMP_PROC_BIND list, the last entry for deeper levels. */
int bob_proc_bind_at_level(int level);

/* The bind-var of the members of `team`: entry `level` of the OMP_PROC_BIND
 * list, or past its end the proc_bind clause that made the team or, with
 * none, its parent's members' (libgomp's reading: the clause becomes the
 * bind-var where the list says nothing). */
int bob_proc_bind_of(const bob_team_t *team);

/* The policy by which a teams construct splits the place partition of its
 * encountering thread among the initial threads of its league, when the
 * encountering task's bind-var is not false (OpenMP 5.2, sec. 10.2: an
 * implementation-defined split): KMP_TEAMS_PROC_BIND, spread by default,
 * as in libomp. */
int bob_proc_bind_teams(void);

/* The two OMP_DISPLAY_ENV lines, e.g.
 *   [host] OMP_PROC_BIND = 'SPREAD,CLOSE'
 *   [host] OMP_PLACES = '{0},{1}'  */
void bob_places_display(FILE *out);

/* KMP_AFFINITY's reset: after an outermost region, the thread that
 * encountered it gets back the affinity mask it started with
 * (bob_places_unbind_thread). Read-only after bob_places_init(). */
extern bool bob_places_reset;

/* ---- The place list -------------------------------------------------------- */

int bob_places_count(void);
/* CPUs (OS indices, ascending) of place p; 0 if p is not a place. */
int bob_places_num_procs(int place);
/* Writes bob_places_num_procs(place) CPU numbers to ids; nothing if p is
 * not a place. */
void bob_places_proc_ids(int place, int *ids);
/* The first place that contains OS CPU `cpu`, or -1. */
int bob_places_of_cpu(int cpu);
/* The first place that holds every CPU the calling thread may run on (its
 * affinity mask): for ESs 1.. the one CPU the substrate bound them to; ES 0
 * is the application's thread, which keeps its own mask. -1 on an external
 * thread or if no place holds the whole mask. */
int bob_places_current(void);
/* Binds the calling OS thread to the CPUs of place p that the process may
 * use (none: unchanged). */
void bob_places_bind_thread(int place);
/* The CPU the initial thread's first place starts with, where ES 0 is to
 * be (bt_options_t.es0_cpu) when binding is requested: the lowest, but
 * under a KMP_AFFINITY type, whose initial thread starts at the offset-th
 * place, that place's first (its list is then built before the substrate
 * starts). */
int bob_places_es0_cpu(void);
/* Binds the calling OS thread to every CPU the runtime may use, the mask
 * the starting thread had (KMP_AFFINITY's reset). */
void bob_places_unbind_thread(void);

/* ---- Binding threads (placement.c) ------------------------------------------ */

/* The binding of thread `tid` of a new team of `nthreads` under `policy`
 * (an omp_proc_bind_t; false: unbound, in the primary's partition), given
 * the binding of its primary thread. */
bob_binding_t bob_places_assign(int policy, int nthreads, int tid, bob_binding_t primary);
/* The k-th ES (modulo their number) of place p, or -1 if p has none. */
int bob_places_es(int place, int k);
/* The place of an application thread's initial thread, when bind-var is
 * not false: ES 0's thread (the program's initial thread) the place of ES
 * 0's CPU, another the place of the CPU it runs on, or the first place if
 * none holds that CPU. Its OS thread is left as it is: libomp binds a root
 * at its first region (team.c, bob_encountering_binding). */
bob_binding_t bob_places_initial_binding(bool es0_thread);
/* omp_get_place_num: the calling thread's place if it is bound, else
 * bob_places_current(). */
int bob_places_thread_place(void);
/* The calling thread's place partition. */
int bob_places_partition_count(void);
void bob_places_partition(int *place_nums);

/* ---- Affinity format (OpenMP 5.2, sec. 18.3.x and OMP_AFFINITY_FORMAT) --- */

void bob_places_set_affinity_format(const char *format);
/* Copies the affinity-format-var into buffer (NUL-terminated, truncated to
 * size); returns its full length. */
size_t bob_places_get_affinity_format(char *buffer, size_t size);
/* Expands format (the affinity-format-var if NULL or empty) for the calling
 * thread into buffer, truncated like snprintf; returns the full length. */
size_t bob_places_capture_affinity(char *buffer, size_t size, const char *format);
/* Prints the expansion and a newline on stdout. */
void bob_places_display_affinity(const char *format);
/* OMP_DISPLAY_AFFINITY (display_affinity.c): sets team->display_affinity,
 * whether the members of a new team, bound to their places, print their
 * lines as they start: when the nesting level, team size or place changed
 * for any of them since the same thread (the same thread numbers down from
 * the initial thread, a primary thread being the one that encountered its
 * region) last printed, or it never did. */
void bob_places_display_plan(bob_team_t *team);

#endif
