/* The operations the substrate microbenchmark times, one iteration each. */
#ifndef BENCH_CASES_H
#define BENCH_CASES_H

#include <bobbin/threading.h>

enum bench_op { OP_FORK_JOIN, OP_YIELD, OP_YIELD_TO };

struct bench_case {
    enum bench_op op;
    int tasklet; /* fork_join only: tasklets instead of ULTs */
    int shared;  /* fork_join only: shared pools instead of private ones */
    int n;       /* units per iteration */
};

/* Each ULT of a yield or yield_to iteration switches this many times inside
 * the timed window. */
#define BENCH_YIELD_ROUNDS 64

const char *bench_op_name(enum bench_op op);

/* Runs one iteration of `c` on the first `nes` ESs from the main ULT and
 * returns its cost in ticks per unit (fork_join) or per switch (yield,
 * yield_to). `units` has room for c->n handles. */
double bench_case_once(const struct bench_case *c, int nes, bt_unit_t **units);

#endif
