/* Execution streams and the substrate's global state. */
#ifndef BTI_ES_H
#define BTI_ES_H

#include "deque.h"
#include "fifo.h"
#include "inbox.h"
#include "log.h"
#include "priority.h"
#include "spill.h"
#include "switch.h"
#include "unit.h"
#include "yieldq.h"

#include <pthread.h>

struct bt_pool {
    struct bti_es *es;
    bool shared;
};

/* One ES, laid out by who touches each line: an idle ES polls the pools
 * of the others many times a microsecond, and each poll would take away a
 * line the owner is about to write (a cross-core transfer in the owner's
 * fork-join), were the polled fields and the owner's hot ones to share it. */
typedef struct bti_es {
    /* Set at the start, then only read, by anyone. */
    struct bt_pool pools[2]; /* private, shared */
    int rank;
    int cpu;
    /* Touched by the OS thread serving it only (the seat: klt.h). */
    btd_ctx_t os_ctx; /* the serving OS thread outside the scheduler */
    bti_stack_t os_stack;
    _Alignas(64) bt_unit_t *current; /* running unit; NULL in the scheduler */
    /* The TLS block the scheduler and units without a block of their own
     * run with: home_tls unless that is frozen (klt.h); and the block the
     * thread pointer names now (tls.h). */
    void *native_tls;
    void *cur_tls;
    void *home_tls;
#ifdef BTI_ASAN
    const void *asan_save; /* the serving KLT's (klt.h) */
#endif
    bool home_frozen;
    /* Units away from their context here that keep the home block meanwhile
     * (bti_home_leave): units that start here take another. */
    int home_kept;
    /* Units set aside while a KLT is frozen (klt.h) with the home block
     * or with a thread, and the number of those with a thread. */
    bti_fifo_t set_aside;
    int frozen_threads;
    void *tls_free;      /* blocks given back here, linked (tls.c) */
    /* Work left for whoever runs next on this ES, right after a switch,
     * because it must not be done on the stack being switched away from. */
    bt_unit_t *dead;       /* an ended ULT: release its stack, wake its joiner */
    bt_unit_t *parking;    /* a ULT that asked to park */
    bt_unit_t *yielding;   /* a ULT that yielded: queued once saved */
    bt_unit_t *moving;     /* a ULT migrating to `moving_to` */
    struct bt_pool *moving_to;
    bti_fifo_t local;      /* private pool: units pushed by this ES */
    bti_cache_t unit_cache;
    bti_cache_t stack_cache;
    uint32_t idle_probes;
    bool roc_completed; /* a ROC unit returned to the scheduler: it is done */
    uint64_t rng;
    btd_ctx_t sched_ctx;
    bti_stack_t sched_stack;
    /* Touched by other threads too, as each says. */
    _Alignas(64) bti_inbox_t private_inbox; /* private pool: units pushed by others */
    bti_inbox_t shared_inbox;  /* shared pool: units pushed by others */
    bti_prio_t prio;           /* units with a priority, before all others */
    bti_prio_t prio_own;       /* the same of the private pool: not stolen */
    bti_deque_t shared;        /* shared pool: owner pushes, anyone steals */
    bti_yieldq_t yielded;      /* ULTs that yielded, proxies: run after all else */
    /* Units another ES may take that this one may not run now (set_aside
     * in scheduler.c): its own scheduler leaves them to thieves. */
    bti_inbox_t aside_inbox;
    /* 1 while the ES sleeps or is about to; wakers exchange it to 0. */
    _Alignas(64) _Atomic int sleep;
    _Atomic(struct bti_klt *) klt;    /* the OS thread serving it (klt.h) */
    _Atomic(struct bti_klt *) spares; /* its OS threads waiting to */
    _Atomic int spawning; /* a spare is being started (klt.c) */
    _Atomic int spare_wanted; /* a freeze found no spare (preempt.c) */
    _Atomic unsigned nswitch; /* units picked: the monitor's sign of progress */
    _Atomic int waiting; /* progress units ready in its pools (preempt.h) */
} bti_es_t;

enum bti_wait_policy { BTI_WAIT_ACTIVE, BTI_WAIT_PASSIVE, BTI_WAIT_SPIN_THEN_SLEEP };

/* The kind of BT_ULT_DEFAULT unless BOBBIN_ULT_KIND says otherwise: the
 * cheapest at low suspension rates in bench_promotion (see the README). */
#define BTI_DEFAULT_ULT_KIND BT_ULT_SC

struct bti_global {
    bti_es_t **es;
    int num_es;
    bool initialized;
    size_t stack_size;
    enum bti_wait_policy wait_policy;
    uint32_t spin_count;
    enum bt_ult_kind ult_kind; /* what BT_ULT_DEFAULT means */
    bool fsgsbase;              /* wrfsbase sets the thread pointer (tls.c) */
    struct bti_klt *adopter;    /* the application's thread serving ES 0 */
    bool es0_bound_by_caller;   /* bt_options_t */
    uint64_t time_slice_ns;     /* 0: no preemption (preempt.c) */
    _Atomic int armed;          /* the monitor watches (preempt.c) */
    _Atomic int units_wanted;   /* threads asleep until units run (preempt.c) */
    ptrdiff_t tls_es_offset;    /* of bti_tls_es from a block's thread pointer */
    _Atomic int stopping;
    _Atomic int paused;         /* what bt_pause ended (pause.c) */
    /* ES 0's main ULT, which its code writes (its argument whenever it
     * leaves its code, bti_arg_save): on lines of its own, away from the
     * fields above, which every ES reads. */
    _Alignas(64) bt_unit_t main_unit;
    _Alignas(64) _Atomic int nsleeping;
};

extern struct bti_global bti_g;

/* The ES of the calling OS thread, NULL on external threads. Initial-exec
 * TLS is read %fs-relative at every use, so a ULT that migrated between two
 * reads sees its new ES. */
extern __thread bti_es_t *bti_tls_es __attribute__((tls_model("initial-exec")));

static inline bti_es_t *bti_es_self(void) { return bti_tls_es; }

/* The unit whose code runs, its argument (bt_self_arg) and its flag
 * (bt_self_flag): NULL and 0 on external threads; in the scheduler,
 * whatever unit last ran there and has not ended (bti_arg_clear). They lie in
 * the loaded block, shared by the units that run with that block, so
 * whoever hands control to a unit's code loads them there (bti_arg_load),
 * once the unit's block is loaded: reading the argument is one load, where
 * es->current->arg took three dependent ones. While the unit runs, the
 * slots are their only copies: bt_self_set_flag (twice per gcc task run
 * at once) is one store to the block, not a second one to the unit's line
 * as well, and a unit saves the slots back (bti_arg_save) whenever its
 * code stops running on its block: where it switches away, or lets another unit run on its stack. */
extern __thread void *bti_tls_arg __attribute__((tls_model("initial-exec")));
extern __thread int bti_tls_flag __attribute__((tls_model("initial-exec")));
extern __thread bt_unit_t *bti_tls_unit __attribute__((tls_model("initial-exec")));

static inline void bti_arg_load(bt_unit_t *u)
{
#ifdef BTI_ASAN
    if (u && u->arg_unsaved)
        bti_fatal("a unit left its code without saving its argument (bti_arg_save)");
#endif
    bti_tls_unit = u;
    bti_tls_arg = u ? u->arg : NULL;
    bti_tls_flag = u ? u->flag : 0;
}

/* The unit whose code runs has ended: the slots of the block it ran with
 * name no unit, so that a signal handler that asks there later (an OpenMP
 * inquiry in the scheduler, which keeps the block loaded) finds no
 * argument of a unit that may be gone. Only a unit's own end writes them:
 * the scheduler writes nothing in a block it keeps (tls.h), which may be a
 * frozen unit's, loaded on that unit's OS thread too. */
static inline void bti_arg_clear(void)
{
    bti_tls_unit = NULL;
    bti_tls_arg = NULL;
    bti_tls_flag = 0;
}

/* self, whose code runs, stops running it for now. */
static inline void bti_arg_save(bt_unit_t *self)
{
    self->arg = bti_tls_arg;
    self->flag = bti_tls_flag;
#ifdef BTI_ASAN
    self->arg_unsaved = false;
#endif
}

/* The calling OS thread stops serving an ES. */
static inline void bti_tls_leave_es(void)
{
    bti_tls_es = NULL;
    bti_arg_clear();
}

/* A fresh scheduler context and OS thread for es (init.c): at the start,
 * after a fork, after a pause. */
void bti_es_restart(bti_es_t *es);

#endif
