/* This file keeps the memory of ended teams for the next ones, a few
 * blocks per ES. A team is a few KiB, past malloc's per-thread caches:
 * taking and freeing one at every fork-join cost a tenth of its time in
 * the arena's lock and in merging the block back into free memory. A
 * region and the nested regions its threads fork on an ES each end before
 * the next of their kind begins, so a few blocks per ES serve them all.
 *
 * An ES runs one unit at a time and none suspends in here, so its cache
 * needs no lock. Application threads that are no ES use malloc.
 *
 * Most of a team's header is its worksharing slots, and most regions take
 * few of them: a kept block remembers how many its team took, and only
 * those are zeroed again for the next (with the rest of the header and the
 * threads). */
#include "rt.h"

#include <bobbin/threading.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { KEPT = 4 };

/* Lines of its own: ESs forking nested regions at once must not take each
 * other's cache lines. */
typedef struct team_cache {
    _Alignas(64) bob_team_t *kept[KEPT];
} team_cache_t;

static team_cache_t *caches; /* one per ES, made with the runtime */

void bob_team_mem_init(void)
{
    caches = bob_per_es_new(sizeof *caches, "the team caches");
}

static team_cache_t *cache_here(void)
{
    int es = bt_self_es();
    return caches && es >= 0 ? &caches[es] : NULL;
}

static bob_team_t *kept_block(team_cache_t *cache, int nthreads)
{
    for (int i = 0; cache && i < KEPT; i++) {
        bob_team_t *team = cache->kept[i];
        if (team && team->capacity >= nthreads) {
            cache->kept[i] = NULL;
            return team;
        }
    }
    return NULL;
}

bob_team_t *bob_team_mem_take(int nthreads)
{
    bob_team_t *team = kept_block(cache_here(), nthreads);
    int capacity = nthreads, dirty = BOB_WS_SLOTS;
    if (team) {
        capacity = team->capacity;
        dirty = team->ws_dirty;
    } else {
        size_t size = sizeof(bob_team_t) + (size_t)nthreads * (sizeof(bob_thread_t) +
                                                               sizeof(bob_seat_t));
        team = aligned_alloc(64, (size + 63) & ~(size_t)63);
        if (!team)
            bob_fatal("out of memory creating a team of %d threads", nthreads);
    }
    memset(team, 0, offsetof(bob_team_t, ws) + (size_t)dirty * sizeof(bob_ws_t));
    memset(team->threads, 0, (size_t)nthreads * sizeof(bob_thread_t));
    team->capacity = capacity;
    team->seats = (bob_seat_t *)&team->threads[capacity];
    return team;
}

/* A full cache keeps its largest blocks: they serve any team they hold. */
void bob_team_free(bob_team_t *team)
{
    team->ws_dirty = bob_ws_release_all(team);
    team_cache_t *cache = cache_here();
    if (!cache) {
        free(team);
        return;
    }
    for (int i = 0; i < KEPT && team; i++) {
        bob_team_t *kept = cache->kept[i];
        if (!kept || kept->capacity < team->capacity) {
            cache->kept[i] = team;
            team = kept;
        }
    }
    free(team);
}
