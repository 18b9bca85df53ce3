/* This file decides when OMP_DISPLAY_AFFINITY's lines are printed: every
 * OpenMP thread of a parallel region prints the expansion of the
 * affinity-format-var when it starts, if what such a line shows changed
 * for any thread of the region since that thread last printed (OpenMP 5.2,
 * sec. 21.2.4: the information of all threads in the region, on entering
 * the first region and on any change). What changes, as libomp tracks it:
 * the nesting level, the team size and the place; not the format itself.
 *
 * Which thread is "the same": an OpenMP thread is a new work unit in each
 * region, so it is named by its thread numbers from the initial thread
 * down (thread 1 of every first-level region is one thread, as a hot team
 * keeps its members in libomp), and by its contention group's root. The
 * primary thread of a team is the thread that encountered the region, so
 * its number 0 adds nothing to the name: it prints again when it is back
 * in the outer team.
 * Printing is rare and this path runs only with the variable set: one
 * lock and a list searched in full are enough. */
#include "places.h"
#include "places_internal.h"

#include "rt.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* What each thread's last line showed, by thread path. */
typedef struct shown {
    struct shown *next;
    char *path;
    int level, nthreads, place;
} shown_t;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static shown_t *shown;

/* "root: l.t ...": t's thread numbers with their levels from level 1 down,
 * after its contention group's (the initial thread's team of an
 * application thread, a team of a league...), those of primary threads
 * left out. */
static void path_of(bob_strbuf_t *b, const bob_thread_t *t)
{
    if (t->team->level == 0 || !t->team->master) {
        bob_sb_printf(b, "%p:", (const void *)t->team->cgroup);
        return;
    }
    path_of(b, t->team->master);
    if (t->tid > 0)
        bob_sb_printf(b, " %d.%d", t->team->level, t->tid);
}

/* The entry of path, made (with level 0, which no team has) if missing;
 * NULL if memory ran out. */
static shown_t *entry(const char *path)
{
    for (shown_t *s = shown; s; s = s->next)
        if (!strcmp(s->path, path))
            return s;
    shown_t *s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        free(s);
        return NULL;
    }
    s->next = shown;
    shown = s;
    return s;
}

void bob_places_display_plan(bob_team_t *team)
{
    bool changed = false;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < team->nthreads; i++) {
        const bob_thread_t *t = &team->threads[i];
        bob_strbuf_t path = {0};
        path_of(&path, t);
        shown_t *s = path.failed || !path.s ? NULL : entry(path.s);
        free(path.s);
        if (!s)
            continue;
        if (s->level != team->level || s->nthreads != team->nthreads ||
            s->place != t->binding.place)
            changed = true;
        s->level = team->level;
        s->nthreads = team->nthreads;
        s->place = t->binding.place;
    }
    pthread_mutex_unlock(&lock);
    team->display_affinity = changed;
}
