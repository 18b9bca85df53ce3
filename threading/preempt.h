/* Preemption of units that keep their ES past a time slice (preempt.c). */
#ifndef BTI_PREEMPT_H
#define BTI_PREEMPT_H

#include "es.h"

/* Reads BOBBIN_TIME_SLICE, installs the signal handler, starts the
 * monitor (bt_init); stops it and restores the handler (bt_finalize). */
void bti_preempt_init(void);
void bti_preempt_fini(void);
void bti_preempt_after_fork(void);
/* Stops the monitor (bt_pause) and starts a new one (when work comes). */
void bti_preempt_pause(void);
void bti_preempt_resume(void);

void bti_monitor_arm(void);

/* Nonzero while the code running with this TLS block must not be frozen:
 * it holds a spinlock that a unit of its ES may spin for (spinlock.h), or
 * forks (fork.c). */
extern __thread unsigned bti_nopreempt __attribute__((tls_model("initial-exec")));

static inline void bti_nopreempt_enter(void)
{
    bti_nopreempt++;
    atomic_signal_fence(memory_order_seq_cst);
}

static inline void bti_nopreempt_leave(void)
{
    atomic_signal_fence(memory_order_seq_cst);
    bti_nopreempt--;
}

/* Nonzero while the code running with this TLS block switches its ES to a
 * unit and calls out of Bobbin's code (the loader, the C library, a
 * sanitizer) for the unit's TLS block or stack. The handler sees an
 * instruction outside Bobbin's code there, but a KLT frozen in the
 * callee's allocator may hold its lock, which every KLT that serves the ES
 * next then waits for, each until the monitor freezes it too, until the
 * frozen holder's turn comes behind all the ES's ready units: so the
 * handler leaves such a call alone the first BTI_OUTCALL_PATIENCE times it
 * is asked (counted here). Not for ever: the call may itself wait for a
 * lock that a frozen unit of the ES holds, and only freezing it lets that
 * unit's turn come. */
extern __thread unsigned bti_outcall __attribute__((tls_model("initial-exec")));
enum { BTI_OUTCALL_PATIENCE = 8 };

static inline void bti_outcall_enter(void)
{
    bti_outcall = 1;
    atomic_signal_fence(memory_order_seq_cst);
}

static inline void bti_outcall_leave(void)
{
    atomic_signal_fence(memory_order_seq_cst);
    bti_outcall = 0;
}

/* u is about to enter a pool of es (before the push: once in, it may run
 * at once). A progress unit is counted there until it runs (bti_uncount),
 * and the monitor watches from then on. The count errs high where a thief
 * moves units away in a batch: they stay counted on the victim until they
 * run, which costs at most a needless preemption. Returns whether u is a
 * progress unit, for bti_watch after the push, when u may be gone. */
static inline bool bti_count(bti_es_t *es, bt_unit_t *u)
{
    if (!u->progress)
        return false;
    u->counted = es;
    atomic_fetch_add_explicit(&es->waiting, 1, memory_order_relaxed);
    if (__builtin_expect(!atomic_load_explicit(&bti_g.armed, memory_order_relaxed), 0))
        bti_monitor_arm();
    return true;
}

/* A unit that is no progress unit (progress: what bti_count returned
 * before the push, after which u may have run and gone) entered a pool:
 * it is watched for while a thread sleeps until units run
 * (bt_units_wanted). The monitor, disarmed meanwhile, must look again:
 * after the push, seq_cst, as it looks at the pools once more after it
 * disarms itself, so that either it sees the unit or this sees it
 * disarmed. Before the push,
 * a monitor that disarmed between this look and the push saw no unit, and
 * the unit waited behind a spinner for ever. */
static inline void bti_watch(bool progress)
{
    if (!progress &&
        __builtin_expect(atomic_load_explicit(&bti_g.units_wanted, memory_order_relaxed), 0)) {
        atomic_thread_fence(memory_order_seq_cst);
        if (!atomic_load_explicit(&bti_g.armed, memory_order_relaxed))
            bti_monitor_arm();
    }
}

/* Pushes u into the private pool of es, the caller's ES. */
static inline void bti_local_push(bti_es_t *es, bt_unit_t *u)
{
    bool progress = bti_count(es, u);
    bti_fifo_push(&es->local, u);
    bti_watch(progress);
}

/* u leaves the pools to run. */
static inline void bti_uncount(bt_unit_t *u)
{
    if (u->progress && u->counted) {
        atomic_fetch_sub_explicit(&u->counted->waiting, 1, memory_order_relaxed);
        u->counted = NULL;
    }
}

#endif
