/* This file keeps the memory of ended teams for the next ones, a few
 * blocks per ES. A team is a few KiB, past malloc's per-thread caches:
 * taking and freeing one at every fork-join cost a tenth of its time in
 * the arena's lock and in merging the block back into free memory. A
 * region and the nested regions its threads fork on an ES each end before
 * the next of their kind begins, so a few blocks per ES serve them all.
 *
 * An ES runs one unit at a time and none suspends in here, so its cache
 * needs no lock. Application threads that are no ES use malloc. */
#include "rt.h"

#include <bobbin/threading.h>
#include <stdlib.h>

enum { KEPT = 4 };

typedef struct team_cache {
    bob_team_t *kept[KEPT];
} team_cache_t;

static team_cache_t *caches; /* one per ES, made with the runtime */

void bob_team_mem_init(void)
{
    caches = calloc((size_t)bt_num_es(), sizeof *caches);
    if (!caches)
        bob_fatal("out of memory for the team caches");
}

static team_cache_t *cache_here(void)
{
    int es = bt_self_es();
    return caches && es >= 0 ? &caches[es] : NULL;
}

bob_team_t *bob_team_mem_take(int nthreads)
{
    team_cache_t *cache = cache_here();
    for (int i = 0; cache && i < KEPT; i++) {
        bob_team_t *team = cache->kept[i];
        if (team && team->capacity >= nthreads) {
            cache->kept[i] = NULL;
            return team;
        }
    }
    size_t size = sizeof(bob_team_t) + (size_t)nthreads * sizeof(bob_thread_t);
    bob_team_t *team = aligned_alloc(64, (size + 63) & ~(size_t)63);
    if (!team)
        bob_fatal("out of memory creating a team of %d threads", nthreads);
    team->capacity = nthreads;
    return team;
}

/* A full cache keeps its largest blocks: they serve any team they hold. */
void bob_team_free(bob_team_t *team)
{
    team_cache_t *cache = cache_here();
    for (int i = 0; cache && i < KEPT; i++) {
        bob_team_t *kept = cache->kept[i];
        if (!kept || kept->capacity < team->capacity) {
            cache->kept[i] = team;
            team = kept;
            if (!team)
                return;
        }
    }
    free(team);
}
