/* Which TLS block each OpenMP thread runs with (tls.c). */
#ifndef BOB_TLS_H
#define BOB_TLS_H

#include "rt.h"

/* The block for thread tid of team, about to be created on ES es (its
 * pool's) as a first-level member or not: NULL for the block of that ES's
 * OS thread, BT_TLS_BORROW for one from the cache of the ES that starts
 * it. */
bt_tls_t *bob_tls_for(bob_team_t *team, int tid, int es, bool first_level);
/* Gives back the blocks a contention group kept for its threads: its next
 * first-level team takes others (after a hard pause, new ones). */
void bob_tls_cgroup_free(bob_cgroup_t *cg);

#endif
