/* OS threads that serve ESs (KLTs, klt.c), and how one hands its ES to
 * another: the ground of preemption (preempt.c).
 *
 * An ES is served by one KLT at a time, its active one (es->klt); the
 * others of the ES wait in the kernel, each either a spare (nothing of its
 * own to resume) or frozen: stopped in the preemption signal's handler
 * together with the unit it ran, whose registers, stack, TLS block, locks
 * and kernel state stay with it. A frozen KLT waits in its ES's pools as
 * a proxy unit; the scheduler that picks the proxy hands the ES back to
 * it and becomes a spare. So at most one OS thread per ES runs anything
 * but a wait, and a unit that spins or blocks in the kernel stops only
 * its own OS thread, never its ES.
 *
 * The seat: the ES fields that belong to the OS thread serving it (the
 * running unit, the scheduler's context and stack, the block the thread
 * pointer names, the work deferred to after a switch). A handover saves
 * the leaving KLT's seat in its record and loads the arriving one's, so
 * everything else in threading/ goes on reading them in the ES, and code
 * frozen mid-way finds its own seat again when it resumes: a KLT serves
 * one ES for life.
 *
 * TLS. The scheduler and units without a block of their own run with the
 * ES's home block (that of its first OS thread, the application's for
 * ES 0), whichever KLT serves it. A KLT frozen with the home block loaded
 * freezes the block too: until it resumes, the ES runs its scheduler on
 * the active KLT's own block and sets aside the units that would need the
 * home one (set_aside), the application's thread among them when it
 * waits for its proxy's turn (bti_klt_may_resume).
 *
 * Tasks. A unit that is not a thread (not progress) runs on an ES when the
 * thread there reaches a point where it lets other work run: OpenMP's task
 * scheduling points. A thread frozen in the middle of its code has not, so
 * while one is, its ES runs threads and frozen KLTs only, and sets the
 * others aside too (those another ES could take stay takeable there:
 * set_aside in scheduler.c); but not while a thread sleeps until such
 * units have run (bt_units_wanted), whose progress then depends on them. */
#ifndef BTI_KLT_H
#define BTI_KLT_H

#include "es.h"
#include "tls.h"

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef BTI_ASAN
#define BTI_SEAT_ASAN(X) X(asan_save)
#else
#define BTI_SEAT_ASAN(X)
#endif
#define BTI_SEAT(X)                                                                   \
    X(current) X(native_tls) X(cur_tls) X(dead) X(parking) X(yielding) X(moving)     \
    X(moving_to)                                                                      \
    X(roc_completed) X(sched_ctx) X(sched_stack) X(os_ctx) X(os_stack) BTI_SEAT_ASAN(X)

#define BTI_SEAT_MEMBER(f) __typeof__(((bti_es_t *)0)->f) f;
struct bti_seat {
    BTI_SEAT(BTI_SEAT_MEMBER)
};
#undef BTI_SEAT_MEMBER

/* bti_klt.go: what a waiting KLT is told. */
enum { BTI_KLT_WAIT, BTI_KLT_RUN, BTI_KLT_STOP };

typedef struct bti_klt {
    struct bti_seat seat; /* its part of the ES while another KLT serves it */
    bti_es_t *es;         /* the one ES it serves */
    pthread_t thread;
    pid_t tid;
    void *native; /* its own TLS block */
    void *altstack;
    sigset_t base_mask; /* its signal mask when it started (preempt.c) */
    /* asks to freeze it in a handler of the program's, and the switch
     * count of its ES they came at (preempt.c) */
    unsigned handler_asks, handler_nswitch;
    bool adopted;  /* the application's thread (ES 0's first KLT) */
    bool frozen;   /* holds a preempted unit; resumes through `proxy` */
    bool held_home; /* frozen with the ES's home block loaded */
    bool held_thread; /* frozen in a thread's code (klt.c) */
    _Atomic int go;
    _Atomic int preempt; /* the monitor asks it to give its ES up */
    /* The times in a row its handler was asked to freeze it in the C
     * library and left it alone (preempt.c); its handler's only. */
    unsigned library_asks;
    bt_unit_t proxy;     /* stands for the frozen KLT in its ES's pools */
    /* The time argument of a system call its handler made again
     * (restart.c): read by the kernel until it returns, and by the handler
     * if interrupted again; the end it waits for, where its syscall
     * instruction is, and its number (a socket call's) */
    struct timespec restart_time;
    struct timespec restart_end;
    const void *restart_at;
    long restart_nr;
    /* A call to be made again at its syscall instruction, by the handler
     * that moved %rip back there or by the kernel (SA_RESTART): where
     * that is, %rsp and %rax as left there, and the call's number. A
     * signal that finds them so finds the call not entered yet, still
     * the interrupted one (restart.c). */
    struct bti_remade_call {
        uintptr_t pc, sp;
        long rax, nr;
        bool by_kernel;
    } remade;
    /* The system call the monitor saw it blocked in right before
     * signalling it (restart.c), if seen_valid */
    struct bti_seen_call {
        long nr;
        unsigned long arg[6], sp, pc;
    } seen;
    _Atomic int seen_valid;
    struct bti_klt *next_spare;
    struct bti_klt *next_all;
#ifdef BTI_ASAN
    unsigned char asan_save[BTI_ASAN_SAVE_BYTES]; /* its own key values (tls.h) */
#endif
} bti_klt_t;

/* The proxy's fn: never called, only compared. */
void bti_klt_proxy_fn(void *klt);

/* Makes the calling thread ES es's first KLT, active at once. */
bti_klt_t *bti_klt_adopt(bti_es_t *es, bool application);
/* Starts es's first KLT (active at once). */
void bti_klt_spawn(bti_es_t *es);
/* Starts a spare for es unless one is on its way; does nothing while a
 * fork is on its way (it would wait for the allocator). */
void bti_klt_try_spawn_spare(bti_es_t *es);
bool bti_klt_has_spare(bti_es_t *es);

/* Called by the signal handler on es's active KLT k, interrupted outside
 * Bobbin's code while es->current ran: hands es to a spare (or, with none,
 * sets es->spare_wanted and returns at once) and waits until
 * a scheduler picks k's proxy, which waits with the units that yielded:
 * behind every other ready unit, so spinners take turns only among
 * themselves and with what waits in a system call. */
void bti_klt_freeze(bti_es_t *es, bti_klt_t *k);
/* es's scheduler picked the proxy of frozen k: k takes es over, the caller
 * waits as a spare and returns when it serves es again. */
void bti_klt_resume(bti_es_t *es, bti_klt_t *k);
/* Whether frozen k may take es back now: not while another KLT is frozen
 * with es's home block loaded, if k would go on with that block, or two
 * OS threads would take turns with one block, each halfway through code
 * that uses it (malloc's cache, a lock's owner, the application's TLS).
 * Only the application's thread, whose block is ES 0's home one, meets
 * this: it waits for its proxy's turn with its own block loaded after it
 * gave ES 0 to a frozen KLT (hand_over), and the spares run ES 0 with
 * that block meanwhile. */
static inline bool bti_klt_may_resume(const bti_es_t *es, const bti_klt_t *k)
{
    return !es->home_frozen || k->held_home || k->seat.cur_tls != es->home_tls;
}
/* Whether u runs on the application's thread only: ES 0's main unit, and
 * the units run in place on its stack. So the application's code stays on
 * its own thread, which signals to the process and to that thread reach.
 * While such a unit waits, that thread runs ES 0's scheduler, as an ES's
 * own OS thread does: a switch in user space. Only a frozen KLT of ES 0
 * (or the application's thread's own freeze) makes another OS thread
 * serve ES 0, which then passes over pinned units until the application's
 * thread has ES 0 back. */
static inline bool bti_pinned(const bt_unit_t *u)
{
    while (u->host)
        u = u->host;
    return u == &bti_g.main_unit;
}
/* Whether the caller, at es's scheduler or in a unit's code on es, is the
 * application's thread, the one OS thread that may run pinned units. */
static inline bool bti_klt_on_adopter(const bti_es_t *es)
{
    return atomic_load_explicit(&es->klt, memory_order_relaxed) == bti_g.adopter;
}
/* Whether es's active KLT may run pinned units now: it is the application's
 * thread, or that thread is frozen holding a unit of another thread's code
 * (one it ran while the pinned unit waited). That unit holds the thread
 * until it reaches a scheduling point, and it may be waiting for the pinned
 * unit: a team-mate sleeping in a loop until thread 0 sets a flag, caught
 * in the C library at every look, never gets there. So meanwhile the
 * pinned units run on the spare (their code sees the spare's kernel
 * thread id), and they come back to their thread at their first switch
 * once it is active again. Read by the active KLT, which freezes and
 * resumes the others (stand_by, hand_over). */
static inline bool bti_klt_may_run_pinned(const bti_es_t *es)
{
    const bti_klt_t *a = bti_g.adopter;
    return bti_klt_on_adopter(es) ||
           (a && a->es == es && a->frozen && !bti_pinned(a->seat.current));
}
/* Whether a thread runs u's code, or that of the units u runs on. */
static inline bool bti_in_thread(const bt_unit_t *u)
{
    for (; u; u = u->host)
        if (u->progress)
            return true;
    return false;
}

/* Whether u may run on es now, which is not if its block is still loaded
 * where it last ran (bti_block_elsewhere), or if it would run with es's
 * home block while that is frozen. Then a unit without a block of its own
 * that has not started borrows one instead; a tasklet runs with the active
 * KLT's own, as the scheduler does; a started one waits. While a unit
 * away keeps the home block (home_kept), one that has not started
 * borrows a block too, tasklets included, and a started one goes on with
 * the home block it started with. Every way into a unit other than in
 * place asks. */
static inline bool bti_may_run(const bti_es_t *es, bt_unit_t *u)
{
    if (bti_block_elsewhere(es, u))
        return false;
    if (__builtin_expect(!es->home_frozen && !es->home_kept, 1))
        return true;
    if (u->tls_mode != BTI_TLS_NONE)
        return u->tls != es->home_tls || !es->home_frozen;
    if (!u->started) {
        if (!u->is_tasklet || !es->home_frozen)
            u->tls_mode = BTI_TLS_BORROW;
        return true;
    }
    return !es->home_frozen;
}

/* bt_pause: ends es's spares (waiting for one on its way), and its
 * active KLT once its scheduler has stopped (bti_g.stopping), freeing
 * their records; es->sched_stack stays, for the next first KLT. */
void bti_klt_end_spares(bti_es_t *es);
void bti_klt_end_active(bti_es_t *es);
/* bt_finalize: stops and joins every KLT but the caller's, and frees every
 * record, the caller's too. */
void bti_klt_stop_all(void);
/* The calling OS thread's own block, whichever block it runs with. */
void *bti_klt_own_block(void);
/* In the child of a fork, first: no KLT is recorded. */
void bti_klt_fork_child(void);
/* After fork(): the calling thread is the one KLT left. */
void bti_klt_after_fork(bti_es_t *es);

#endif
