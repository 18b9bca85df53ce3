/* This file prints OMP_DISPLAY_AFFINITY's lines: each OpenMP thread of a
 * parallel region prints the expansion of the affinity-format-var when it
 * starts, if that differs from what the same thread printed last (OpenMP
 * 5.2, sec. 21.2.4: on entering the first region, and on any change in
 * what the format shows).
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The last line each thread printed, by thread path. */
typedef struct shown {
    struct shown *next;
    char *path, *line;
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

/* The entry of path, made if missing; NULL if memory ran out. */
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

void bob_places_display_if_changed(const bob_thread_t *t)
{
    bob_strbuf_t path = {0};
    path_of(&path, t);
    char *line = bob_affinity_capture(NULL);
    if (path.failed || !path.s || !line) {
        free(path.s);
        free(line);
        return;
    }
    pthread_mutex_lock(&lock);
    shown_t *s = entry(path.s);
    if (s && (!s->line || strcmp(s->line, line))) {
        fprintf(stdout, "%s\n", line);
        free(s->line);
        s->line = line;
        line = NULL;
    }
    pthread_mutex_unlock(&lock);
    free(path.s);
    free(line);
}
