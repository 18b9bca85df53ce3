/* The timed bodies of the substrate microbenchmark: fork-join of empty units,
 * yield and yield_to.
 *
 * fork_join: the main ULT creates n empty units, round robin over the
 * (private or shared) pools of ES 0 .. nes-1, joins them in creation order,
 * then frees them; the window covers all three loops.
 *
 * yield, yield_to: n ULTs in the private pool of ES 0 take a first turn each
 * (so that all have started), then switch BENCH_YIELD_ROUNDS times each. The
 * window opens when the first ULT begins its timed switches and closes when
 * the last one ends them, so creation, first start and join stay outside. */
#include "cases.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tsc.h"

const char *bench_op_name(enum bench_op op)
{
    switch (op) {
    case OP_FORK_JOIN: return "fork_join";
    case OP_YIELD: return "yield";
    case OP_YIELD_TO: return "yield_to";
    }
    return "?";
}

static void out_of_memory(const char *what, int n)
{
    fprintf(stderr, "bench_substrate: %s returned NULL while creating %d units "
            "(out of memory?)\n", what, n);
    exit(2);
}

static void empty_unit(void *arg)
{
    (void)arg;
}

static double fork_join_once(const struct bench_case *c, int nes, bt_unit_t **u)
{
    bt_pool_t *pools[nes];
    for (int e = 0; e < nes; e++)
        pools[e] = c->shared ? bt_pool_shared(e) : bt_pool_private(e);
    const int n = c->n;
    int p = 0;

    uint64_t t0 = tsc_begin();
    if (c->tasklet) {
        for (int i = 0; i < n; i++) {
            u[i] = bt_tasklet_create(pools[p], empty_unit, NULL);
            if (u[i] == NULL)
                out_of_memory("bt_tasklet_create", n);
            p = p + 1 == nes ? 0 : p + 1;
        }
    } else {
        for (int i = 0; i < n; i++) {
            u[i] = bt_ult_create(pools[p], empty_unit, NULL);
            if (u[i] == NULL)
                out_of_memory("bt_ult_create", n);
            p = p + 1 == nes ? 0 : p + 1;
        }
    }
    for (int i = 0; i < n; i++)
        bt_join(u[i]);
    for (int i = 0; i < n; i++)
        bt_free(u[i]);
    uint64_t t1 = tsc_end();

    return (double)(t1 - t0) / n;
}

/* State of the running yield iteration. All its ULTs live on ES 0, but the
 * counters are atomic anyway so that a misplaced unit cannot race on them. */
static struct {
    bt_unit_t **units;
    int n;
    int ring; /* 1: yield_to the next ULT of the ring; 0: plain yield */
    atomic_int entered, finished;
    uint64_t t0, t1;
} ys;

static void yielder(void *arg)
{
    int i = (int)(intptr_t)arg;
    bt_unit_t *next = ys.ring ? ys.units[i + 1 == ys.n ? 0 : i + 1] : NULL;

    /* Untimed first turn: by the time unit 0 comes back, all have started. */
    if (next)
        bt_yield_to(next);
    else
        bt_yield();

    if (atomic_fetch_add_explicit(&ys.entered, 1, memory_order_relaxed) == 0)
        ys.t0 = tsc_begin();
    if (next) {
        for (int k = 0; k < BENCH_YIELD_ROUNDS; k++)
            bt_yield_to(next);
    } else {
        for (int k = 0; k < BENCH_YIELD_ROUNDS; k++)
            bt_yield();
    }
    if (atomic_fetch_add_explicit(&ys.finished, 1, memory_order_relaxed) + 1 == ys.n)
        ys.t1 = tsc_end();
}

static double yield_once(const struct bench_case *c, bt_unit_t **u)
{
    const int n = c->n;
    bt_pool_t *pool = bt_pool_private(0);

    ys.units = u;
    ys.n = n;
    ys.ring = c->op == OP_YIELD_TO;
    atomic_store(&ys.entered, 0);
    atomic_store(&ys.finished, 0);
    for (int i = 0; i < n; i++) {
        u[i] = bt_ult_create(pool, yielder, (void *)(intptr_t)i);
        if (u[i] == NULL)
            out_of_memory("bt_ult_create", n);
    }
    /* Let every ULT take its first turn, then wait for the last one first:
     * in FIFO order it finishes last, so the main ULT stays out of the
     * timed window. */
    bt_yield();
    for (int i = n - 1; i >= 0; i--)
        bt_join(u[i]);
    for (int i = 0; i < n; i++)
        bt_free(u[i]);

    return (double)(ys.t1 - ys.t0) / ((double)n * BENCH_YIELD_ROUNDS);
}

double bench_case_once(const struct bench_case *c, int nes, bt_unit_t **units)
{
    if (c->op == OP_FORK_JOIN)
        return fork_join_once(c, nes, units);
    return yield_once(c, units);
}
