/* The work-unit descriptor and the waiter record that every wait in the
 * substrate (join, mutex, condition, barrier, eventual) is built from. */
#ifndef BTI_UNIT_H
#define BTI_UNIT_H

#include "asan.h"
#include "context.h"

#include <bobbin/threading.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct bti_es;

typedef struct bti_stack {
    void *lo;    /* lowest usable byte; the guard lies just below (stack.h) */
    size_t size; /* usable bytes */
} bti_stack_t;

/* bt_unit.tls_mode (tls.h). */
enum bti_tls_mode { BTI_TLS_NONE, BTI_TLS_OWN, BTI_TLS_BORROW };

/* bt_unit.park: the suspend/resume handshake (see scheduler.c). */
enum { BTI_RUNNING = 0, BTI_PERMIT = 1, BTI_PARKED = 2 };

/* bt_unit.join: 0, the address of the joiner's waiter, or this. */
#define BTI_JOIN_DONE ((uintptr_t)1)

/* Two cache lines, split by who touches them while the unit runs on
 * another ES than its creator: the first holds all that the runner of a
 * stackless start (a tasklet, an SC unit that does not suspend) reads and
 * writes, the second the join word the joiner spins on and what only
 * stacks, suspensions, ROC, the creator and a joiner running the unit in
 * place touch. So that runner's one access to the second line is the
 * exchange that ends it (bti_unit_end), and the joiner's spinning never
 * takes away a line it is about to write. */
struct bt_unit {
    bt_unit_t *next; /* link in the one pool or list holding it */
    bt_fn_t fn;
    void *arg;
    struct bti_es *es; /* ES that last ran it; resumes go there */
    void **keys;
    bool is_tasklet;
    bool started;
    bool migratable; /* resumes go to the shared pool */
    uint8_t kind;    /* enum bt_ult_kind, never DEFAULT */
    /* ROC and SC until their first suspension: a ROC unit still returns to
     * the scheduler that called it, an SC unit runs on the scheduler's stack
     * or its joiner's. */
    bool unpromoted;
    /* Its joiner may run it on the joiner's stack. Cleared when it starts
     * on a stack of its own or first leaves its context (bti_promote): a
     * unit in a pool with in_place set has not started. */
    bool in_place;
    bool detached; /* frees itself when it ends */
    uint8_t tls_mode; /* enum bti_tls_mode: which TLS block it runs with */
    /* The lowest byte of the stack it runs on, from its start to its end
     * (promotion hands it that stack rather than moving it elsewhere). */
    void *stack_floor;
    /* ULTs: the size asked for, or the default when it was created. Here,
     * as a joiner checks it before running the unit in place and a thief
     * before running it on the scheduler's stack. */
    uint32_t stack_size;
    /* It stands for a thread: while it waits in a pool, the unit keeping
     * its ES past a time slice is preempted (preempt.c). */
    bool progress;
    /* Its waits keep its block from units that start (bt_self_keep_block). */
    bool keeps_block;
    bool flag; /* bt_self_flag, saved and loaded with arg */
    _Alignas(64) _Atomic uintptr_t join;
    /* The link back in a FIFO (fifo.h), written with `next` by whoever
     * holds the list. */
    bt_unit_t *prev;
    /* A progress unit waiting in a pool: the ES whose count it is in. */
    struct bti_es *counted;
    /* SC or tasklet run in place by a unit (bti_run_here): the unit whose
     * stack it runs on. The host's frames lie below its own until it
     * returns. Set by the joiner, which also ends the unit here (join). */
    struct bt_unit *host;
    _Atomic int park;
    int priority;
    /* The thread pointer of its TLS block, unless tls_mode is NONE: given
     * at creation, borrowed when it starts, or its joiner's for a unit run
     * in place, as it may resume later. */
    void *tls;
    btd_ctx_t ctx;
    bti_stack_t stack; /* attached when a ULT starts, released when it ends */
    uint32_t nkeys;
    void **ret_slot; /* ROC: where its return address is */
    /* ROC or SS: called by its joiner, the waiter in join, whose context
     * the call saved (bti_run_roc); cleared once it ends or suspends. */
    bool joiner_below;
#ifdef BTI_ASAN
    /* bt_self_set_arg or _set_flag wrote its TLS block's slots since the
     * unit last left (bti_arg_save): a unit must never be loaded so (es.h) */
    bool arg_unsaved;
#endif
};

/* The stack u runs on: its host's if it has one; the scheduler's for a
 * tasklet and for an SC unit that has not suspended; else its own. */
static inline const bti_stack_t *bti_unit_stack(const bti_stack_t *sched_stack,
                                                const bt_unit_t *u)
{
    while (u->host)
        u = u->host;
    if (u->is_tasklet || (u->kind == BT_ULT_SC && u->unpromoted))
        return sched_stack;
    return &u->stack;
}

/* A waiter lives on the waiting thread's stack and is woken exactly once:
 * a ULT by unpark (unit != NULL), an external thread through its futex. */
typedef struct bti_waiter {
    bt_unit_t *unit;
    const char *call; /* the API call waiting, for the tasklet error */
    const void *key;  /* bt_futex_wait: the word waited on */
    _Atomic int futex;
    struct bti_waiter *next;
} bti_waiter_t;

#endif
