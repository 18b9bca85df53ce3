/* This file decides which TLS block each OpenMP thread runs with, so that
 * every OpenMP thread has its own threadprivate and __thread variables,
 * errno and C library state, at its own addresses, as a Pthread would
 * (the blocks and the switching are the substrate's, threading/tls.c):
 *   - The initial thread of ES 0's main ULT runs with that OS thread's own
 *     block, and thread i of its first-level teams, placed on ES i for
 *     i below the ES count, with ES i's: the flat case keeps its blocks
 *     from region to region and switches none.
 *   - Other threads of a first-level team have a block of their contention
 *     group's, one per thread number, kept from region to region, so that
 *     threadprivate values persist as the spec says.
 *   - Threads of nested teams, and the initial threads of a league, borrow
 *     a block from the cache of the ES that starts them and give it back
 *     when they end, values kept, as a runtime's pooled threads keep
 *     theirs (BT_TLS_BORROW): the threads of a nested team that run one
 *     after the other on an ES switch no blocks between them.
 * A block moves with its thread from ES to ES. Explicit tasks have none:
 * they run with the block of the thread that executes them, the waiting
 * thread's when it runs them in place, or else that of the OS thread of
 * the ES that starts them, which is the TLS of the flat team's thread i
 * (it runs only on ES i) if it lends it, waiting at a scheduling point
 * (seat.c), and else one of the ES's cache.
 *
 * BOBBIN_TLS=off gives no thread a block of its own: each runs with the
 * block of the ES it runs on, which switches nothing where setting the
 * thread pointer costs a system call (kernels without FSGSBASE for user
 * code), at the price of OpenMP threads sharing TLS when they share an ES. */
#include "tls.h"

#include <bobbin/threading.h>
#include <stdlib.h>

static bt_tls_t *take(void)
{
    bt_tls_t *tls = bt_tls_take();
    if (!tls)
        bob_fatal("out of memory for an OpenMP thread's TLS");
    return tls;
}

/* The contention group's block for thread tid, made on first use. Only the
 * group's initial thread forks its first-level teams, one at a time. */
static bt_tls_t *kept(bob_cgroup_t *cg, int tid)
{
    if (tid >= cg->ntls) {
        int n = cg->ntls ? cg->ntls : 4;
        while (n <= tid)
            n *= 2;
        bt_tls_t **grown = realloc(cg->tls, (size_t)n * sizeof *grown);
        if (!grown)
            bob_fatal("out of memory for an OpenMP thread's TLS");
        for (int i = cg->ntls; i < n; i++)
            grown[i] = NULL;
        cg->tls = grown;
        cg->ntls = n;
    }
    if (!cg->tls[tid])
        cg->tls[tid] = take();
    return cg->tls[tid];
}

bt_tls_t *bob_tls_for(bob_team_t *team, int tid, int es, bool first_level)
{
    bob_cgroup_t *cg = team->cgroup;
    if (bob_config.tls_off)
        return NULL;
    if (!first_level || !cg)
        return BT_TLS_BORROW;
    if (cg->main && tid == es && tid < bt_num_es())
        return NULL;
    return kept(cg, tid);
}

void bob_tls_cgroup_free(bob_cgroup_t *cg)
{
    for (int i = 0; i < cg->ntls; i++)
        if (cg->tls[i])
            bt_tls_give(cg->tls[i]);
    free(cg->tls);
    cg->tls = NULL;
    cg->ntls = 0;
}
