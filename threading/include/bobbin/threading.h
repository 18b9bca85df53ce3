/* Bobbin threading substrate: the public interface.
 *
 * Vocabulary (one word per concept, used everywhere in threading/):
 *   es       execution stream: one OS thread running a scheduler.
 *   unit     work unit: a ULT (own stack, may suspend) or a tasklet (no
 *            stack, runs to completion on its scheduler's stack).
 *   pool     ready units. Each ES has a private pool (only that ES runs its
 *            units; anyone may push) and a shared pool (other ESs steal).
 *
 * The thread that calls bt_init() becomes the main ULT of ES 0 and keeps its
 * own stack, so it can create, join and block like any ULT; its code always
 * runs on its own OS thread, which waits while another serves ES 0.
 *
 * Preemption. A unit created with `progress` stands for a thread: while one
 * waits for an ES whose unit has kept it for BOBBIN_TIME_SLICE, that unit's
 * OS thread is stopped with it, and another OS thread serves the ES until
 * the unit's turn comes again; so units that spin on each other, or block
 * in the kernel, all progress. Units without `progress` (tasks) do not run
 * on an ES while a thread there is preempted, and cause preemption only
 * while a thread sleeps until such units have run (bt_units_wanted): then
 * a unit that keeps its ES for a slice while others wait there is
 * preempted as for a waiting thread, and the others run even while a
 * thread there stands preempted, since the sleeper waits for them.
 *
 * Threads that are
 * not work units ("external threads") may create and join units and wait on
 * every synchronisation object below; they block in the kernel instead of
 * suspending. A tasklet must not wait: doing so ends the program with a
 * message naming the call.
 *
 * Environment (read by bt_init; malformed values are reported and ignored):
 *   BOBBIN_NUM_ES        number of ESs (alias KMP_ABT_NUM_ESS); default: the
 *                        CPUs in the process affinity mask.
 *   BOBBIN_STACK_SIZE    ULT stack size, with an optional K, M or G suffix;
 *                        default 4M.
 *   BOBBIN_WAIT_POLICY   active (idle ESs spin), passive (idle ESs sleep at
 *                        once); unset: spin BOBBIN_SPIN_COUNT probes, then sleep.
 *                        BOLT's KMP_ABT_SCHED_SLEEP=1 means passive, 0 active.
 *   BOBBIN_SPIN_COUNT    probes of an idle ES before it sleeps.
 *   BOBBIN_ULT_KIND      full, lsa, roc, ss or sc: how ULTs start (below).
 *   BOBBIN_FSBASE        wrfsbase or arch_prctl: how a TLS block is switched
 *                        in (below); default: wrfsbase where the kernel
 *                        allows it.
 *   BOBBIN_TIME_SLICE    how long a unit may keep its ES while others wait
 *                        for it before it is preempted (below): a time with
 *                        ns, us, ms or s (ms if none), or off; default 2ms.
 *
 * This header is plain C11 and may be used without the rest of Bobbin. */
#ifndef BOBBIN_THREADING_H
#define BOBBIN_THREADING_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden visibility; this is its interface. */
#pragma GCC visibility push(default)

typedef struct bt_unit bt_unit_t;
typedef struct bt_pool bt_pool_t;
typedef struct bt_tls bt_tls_t;
#define BT_TLS_BORROW ((bt_tls_t *)1)
typedef void (*bt_fn_t)(void *arg);

/* ---- Lifetime of the substrate ---------------------------------------- */

/* Starts the ESs. Idempotent; returns 0, or -1 if the substrate cannot
 * start (the reason is printed). */
int bt_init(void);

/* Settings a layer above may impose; a zero field leaves the environment's
 * (or the default) value. Only the first initialisation takes them. */
enum bt_wait_policy { BT_WAIT_DEFAULT, BT_WAIT_ACTIVE, BT_WAIT_PASSIVE };
typedef struct bt_options {
    size_t stack_size;              /* default ULT stack size */
    /* What set stack_size, named in the warning should stacks that large
     * not fit in the address space, e.g. "KMP_STACKSIZE='4G'". */
    const char *stack_size_setting;
    enum bt_wait_policy wait_policy;
    /* The caller binds ES 0's thread itself, to a place holding CPU
     * es0_cpu of the mask (the lowest if the mask lacks it), as OpenMP
     * binds the initial thread to its first place: ES i then takes the
     * i-th CPU of the mask from that one, wrapping, rather than from the
     * one the caller runs on, and ES 0's spare OS threads run where the
     * caller's thread may, rather than on ES 0's CPU. */
    int es0_bound_by_caller;
    int es0_cpu;
} bt_options_t;
int bt_init_with(const bt_options_t *options);
/* Runs what is still ready, stops the ESs and releases their memory. Call it
 * from the thread that called bt_init, after joining the units it created. */
void bt_finalize(void);
int bt_initialized(void);
/* Ends the OS threads kept idle: every ES's spares, the preemption monitor,
 * bt_call_soon's service thread; with hard, also the OS threads of ESs
 * 1..N-1, whose TLS goes with them, and every block given back with
 * bt_tls_give (a block taken later is new, its variables at their initial
 * values). The next create starts them again. Call it from ES 0's main
 * ULT while no unit lives on another ES (none ready, running or suspended
 * there, none created meanwhile). 0; 1 if hard found work on another ES
 * and kept those threads and blocks; -1 if called from elsewhere. */
int bt_pause(int hard);
/* Starts at once what bt_pause ended, which the next create would start:
 * 0, or 1 if nothing was paused. */
int bt_unpause(void);

int bt_num_es(void);
/* bt_num_es once started; before, the count bt_init would choose now,
 * read without allocating, printing or changing errno (async-signal-safe,
 * as bt_num_cpus is). */
int bt_num_es_planned(void);
/* Whether mask blocks a signal that the program handles (a handler, not
 * SIG_DFL or SIG_IGN; the preemption signal aside) and that base (or
 * NULL) does not. The kernel blocks a handler's own signal while it runs
 * (unless SA_NODEFER), so a thread with such a mask may be running that
 * handler, over any code. Async-signal-safe; keeps errno. */
int bt_blocks_handled_signal(const sigset_t *mask, const sigset_t *base);
/* BOBBIN_TIME_SLICE in nanoseconds; 0 when preemption is off. */
uint64_t bt_time_slice_ns(void);
/* +1: a thread is about to sleep until units that are not threads have
 * run (see Preemption above); -1 once it has woken. */
void bt_units_wanted(int delta);
/* CPUs in the affinity mask of the thread that called bt_init; before
 * bt_init, in the caller's. */
int bt_num_cpus(void);
/* The CPU ES `rank` is bound to (ES 0: the one the thread that called
 * bt_init ran on, which it is not bound to), or -1 if the ES does not
 * exist or the mask could not be read. */
int bt_es_cpu(int rank);
/* Rank of the ES running the caller, or -1 on an external thread. */
int bt_self_es(void);
/* The calling unit, or NULL on an external thread. */
bt_unit_t *bt_self(void);
int bt_self_is_tasklet(void);
/* Whether a unit about to wait may go on spinning: 1 when the wait policy
 * allows spinning and no other unit is ready on the caller's ES, whom the
 * spin would delay; 0 on external threads. */
int bt_spin_pays(void);
/* Yields if another unit is ready on the caller's ES (a frozen one
 * included); returns whether it did. 0 on external threads and tasklets. */
int bt_yield_if_ready(void);
/* Between these (they nest), the caller is not preempted: for the few
 * instructions a layer above holds a spinlock, which a unit of the same ES
 * may spin for. */
void bt_nopreempt_enter(void);
void bt_nopreempt_leave(void);
/* Rounds (pauses) an idle ES spins before it sleeps (BOBBIN_SPIN_COUNT): a
 * unit with nothing else to run on its ES loses nothing by waiting as long. */
int bt_spin_count(void);
/* Default ULT stack size in bytes (BOBBIN_STACK_SIZE); setting it affects
 * ULTs that start afterwards. At most BT_STACK_SIZE_MAX: a larger one is
 * lowered to it. */
#define BT_STACK_SIZE_MAX ((size_t)1 << 30)
size_t bt_stack_size(void);
void bt_set_stack_size(size_t bytes);
/* Writes prefix and the formatted text to stderr as one line, with one
 * write() so that concurrent lines stay whole. Control characters in the
 * text (a value from the environment may hold any) are escaped: a newline
 * prints as \n, so a diagnostic stays one line. */
void bt_vlog(const char *prefix, const char *fmt, va_list ap);

/* ---- Pools and units --------------------------------------------------- */

/* Pools of ES `es`; es < 0 means the caller's ES (ES 0 on external threads). */
bt_pool_t *bt_pool_private(int es);
bt_pool_t *bt_pool_shared(int es);

/* Units waiting in a pool: a hint, possibly stale (for throttling). Only
 * the ES that owns a private pool sees its length (units pushed by others
 * count once it has taken them in); others read 0. */
size_t bt_pool_length(bt_pool_t *pool);
/* bt_pool_length of bt_pool_shared(-1) or bt_pool_private(-1), for a
 * producer's throttle: no pool lookup, a load or two. */
size_t bt_self_pool_length(int shared);

/* Creates a ready unit in `pool` (NULL: the caller's private pool). The unit
 * runs fn(arg) once; join it, then free it. Returns NULL only if memory ran
 * out. stack_size 0 means bt_stack_size(). */
bt_unit_t *bt_ult_create(bt_pool_t *pool, bt_fn_t fn, void *arg);
bt_unit_t *bt_ult_create_sized(bt_pool_t *pool, bt_fn_t fn, void *arg,
                               size_t stack_size);
bt_unit_t *bt_tasklet_create(bt_pool_t *pool, bt_fn_t fn, void *arg);

/* How a ULT gets its stack and its first context switch: dynamic promotion
 * (Iwasaki, Amer, Taura, Balaji, SC 2018). The later kinds start as cheaply
 * as a tasklet and pay for a stack or a switch only if they suspend.
 *   FULL  stack allocated at creation, a context switch to start and end
 *   LSA   lazy stack allocation: a cached stack taken when it starts
 *   ROC   return on completion: runs on its own stack, called like a
 *         function (the scheduler's registers saved once); returns with a
 *         plain ret unless it suspended
 *   SS    stack separation: like ROC, but the scheduler is not saved; the
 *         (stateless) scheduler restarts afresh when the unit is done
 *   SC    scheduler creation: runs on the scheduler's own stack; if it
 *         suspends, the stack becomes its own and a new scheduler starts
 * A tasklet is the fifth technique of the paper (RtC): it cannot suspend. */
enum bt_ult_kind { BT_ULT_DEFAULT, BT_ULT_FULL, BT_ULT_LSA, BT_ULT_ROC, BT_ULT_SS,
                   BT_ULT_SC };
/* The kind BT_ULT_DEFAULT stands for (BOBBIN_ULT_KIND, see the README). */
enum bt_ult_kind bt_default_ult_kind(void);

/* Creation with attributes; a zero-filled attr means the defaults. */
typedef struct bt_unit_attr {
    enum bt_ult_kind kind; /* ULTs only */
    size_t stack_size; /* ULTs: 0 is bt_stack_size() at creation */
    int priority;      /* > 0: the ES runs it before its ready units of lower
                          priority (the pool's ES; stealable) */
    int migratable;    /* ULTs: after suspending or yielding, may resume on
                          another ES, which an idle ES then does; run in
                          place, only if its joiner may too */
    int tasklet;       /* a tasklet instead of a ULT */
    int detached;      /* nobody joins it: it frees itself when it ends */
    int in_place;      /* SC ULTs: a joiner may run it on its own stack (see
                          bt_join); it must then not call bt_migrate_to */
    bt_tls_t *tls;     /* the TLS block it runs with (below): one taken, or
                          BT_TLS_BORROW; NULL: that of whoever runs it */
    int progress;      /* it stands for a thread, which must progress while
                          others spin or block: see Preemption below */
    int keep_block;    /* its waits keep its block from the units that start
                          meanwhile (bt_self_keep_block) */
} bt_unit_attr_t;
bt_unit_t *bt_create(bt_pool_t *pool, bt_fn_t fn, void *arg, const bt_unit_attr_t *attr);

/* Waits until `unit` has finished. A ULT joining a unit that has not started
 * and sits in a pool of its own ES runs it at once (scheduler bypass): on
 * the joiner's own stack, like a call, if the unit is an SC ULT created
 * in_place and the joiner's stack has room for the unit's
 * whole stack size; if the unit then suspends, the joiner waits buried
 * beneath it. Otherwise (or where bt_run_ready would run none for the
 * joiner's TLS block) the unit gets a stack and a context of its own. */
void bt_join(bt_unit_t *unit);
/* For a ULT about to wait for units it made: runs in place, as bt_join
 * would run an unstarted unit it joins, the newest unit of its ES's shared
 * pool, or else of its private one, if that unit has not started, runs fn
 * and wanted(arg, ctx) accepts it. Returns 1 if it ran one, 0 if there was
 * none (or the caller is a tasklet, or units with a priority wait on the
 * ES, or the caller's TLS block is one another unit keeps while it waits:
 * bt_self_keep_block). wanted must not accept a unit that calls
 * bt_migrate_to. */
int bt_run_ready(bt_fn_t fn, int (*wanted)(void *arg, void *ctx), void *ctx);
/* Releases a finished unit (join it first). */
void bt_free(bt_unit_t *unit);
/* Both of the above. */
void bt_join_free(bt_unit_t *unit);
/* bt_join_free of units[0..n), in order; where the caller runs them in
 * place, it switches back to its own TLS block once, at the end, not after
 * each (see TLS blocks below). */
void bt_join_free_all(bt_unit_t *const *units, int n);

/* Rank of the ES that ran (or runs) `unit`; -1 if it has not started. */
int bt_unit_es(const bt_unit_t *unit);
int bt_unit_is_tasklet(const bt_unit_t *unit);

/* The calling unit's argument: what it was created with, or last set. A
 * layer above keeps its per-unit state here (NULL on external threads, and
 * in the main ULT until set). Setting it returns 0, and sets nothing,
 * on an external thread. */
void *bt_self_arg(void);
int bt_self_set_arg(void *arg);
/* A flag the layer above keeps per unit beside its argument (per thread
 * on an external thread), 0 when the unit is made. Setting it is one
 * store to the TLS block, checking nothing: its value depends on no load,
 * where changing the argument and back again makes each use wait for the
 * last. */
int bt_self_flag(void);
void bt_self_set_flag(int flag);
/* The same for a signal handler, which may have interrupted a switch: the
 * slots as they stand, the argument and flag of the unit whose code runs,
 * or NULL and 0 while none's does (the sanitized builds check the others
 * against the running unit, which a switch sets first). */
void *bt_self_arg_async(void);
int bt_self_flag_async(void);

/* ---- TLS blocks ---------------------------------------------------------- */

/* A TLS block is what the C library gives a new thread: the static TLS of
 * every module (__thread variables, errno, the C library's and the C++
 * runtime's per-thread state) and the thread control block. A unit created
 * with one (attr.tls) runs with it on whatever ES runs it, so it sees its
 * own TLS at its own addresses, also across suspensions, and
 * pthread_self() is the block. A unit without one runs with the block of
 * the OS thread of its ES, or of its joiner when run in place.
 * BOBBIN_FSBASE: how the thread pointer is set, wrfsbase (the default where
 * the kernel allows it) or arch_prctl (a system call).
 *
 * attr.tls = BT_TLS_BORROW: the unit takes a block from the cache of the
 * ES that starts it and gives it back to the cache of the ES where it
 * ends; as the next unit started there takes the same one, a run of such
 * units switches no blocks between them.
 *
 * Takes a block from the caller's ES's cache, or makes one with every
 * module's initial values; NULL if memory ran out. */
bt_tls_t *bt_tls_take(void);
/* Gives a block back to the caller's ES's cache, its values kept, as a
 * pooled thread keeps its TLS; no unit may still run with it. Blocks are
 * kept until the process exits; each one's C++ thread_local destructors
 * run then, in it. */
void bt_tls_give(bt_tls_t *tls);
/* Around a dlopen, bt_tls_loading before and bt_tls_loaded after (with
 * what the first returned, which may be NULL): the blocks made before get
 * the initial values of the static TLS (initial-exec variables) of the
 * modules it loaded, as the C library gives its threads. */
typedef struct bt_tls_load bt_tls_load_t;
bt_tls_load_t *bt_tls_loading(void);
void bt_tls_loaded(bt_tls_load_t *load);
/* While a unit without a block of its own waits, the units that start on
 * its ES run with the block it runs with, the ES's OS thread's; and one of
 * them preempted halfway through its code is let finish with it before
 * the waiter goes on. A unit created keep_block keeps the block instead,
 * as a Pthread keeps its own, and those units take one from the cache:
 * bt_self_keep_block(0) lends it from then on, (1) keeps it again (as a
 * thread lets tasks run on it only where it waits for them). */
void bt_self_keep_block(int keep);

/* ---- The calling thread, as the C library's callers ask about it -------- */
/* A unit's code runs on the substrate's stacks and, with a TLS block of its
 * own, under a pthread_t that the kernel does not know: the layer above
 * answers the C library's questions about the calling thread with these
 * (thread_self.c). */

/* Whether the caller is a unit's code on an ES's OS thread, not the
 * application's own thread or an external one; if so, the stack it runs on
 * now, [*lo, *lo + *size), with *guard bytes of PROT_NONE below it. */
int bt_self_unit_stack(void **lo, size_t *size, size_t *guard);
/* Whether the caller is a unit's code run in place on the application's
 * thread, on that thread's own stack (the kernel's), maybe under a TLS
 * block of the unit's; if so, *th is that OS thread, which the C library
 * can describe. */
int bt_self_kernel_stack_thread(pthread_t *th);
/* Whether pthread_self() is a TLS block of the substrate's (bt_tls_take):
 * its thread id is no kernel thread's. */
int bt_self_on_unit_block(void);
/* Binds the calling unit to the ESs whose CPUs are in cpuset (a cpu_set_t
 * of setsize bytes), as a thread bound to them: it stops roaming and,
 * unless its ES's CPU is in the set, moves to the first ES that is.
 * Returns 0; EINVAL if no ES runs on those CPUs, or the unit must move and
 * cannot (a tasklet, or a unit its joiner runs on its own stack); -1 if
 * the caller is no unit's code on an ES's OS thread: the kernel's call is
 * the answer there. */
int bt_self_bind_cpus(size_t setsize, const void *cpuset);

/* ---- Scheduling operations (ULTs only) ---------------------------------- */

/* Lets every other ready unit of this ES run first (also stealing). From a
 * tasklet or an external thread it does nothing. A migratable ULT that
 * yields while another waits with it may go on on an idle ES. A thread (a progress unit)
 * that yields waits at most a time slice: a unit that runs longer, or that
 * the OS deschedules as long, is preempted before it finishes. */
void bt_yield(void);
/* Switches straight to `target` if it is ready in a pool of this ES and can
 * be taken from it; otherwise behaves as bt_yield(). */
void bt_yield_to(bt_unit_t *target);
/* The same, but does nothing where `target` is not ready here (or NULL):
 * returns whether it ran it. The caller then waits with the units that
 * yielded. */
int bt_yield_to_if_ready(bt_unit_t *target);
/* Suspends the calling ULT until bt_resume() names it. A resume that comes
 * first is remembered, so each suspend pairs with exactly one resume. */
void bt_suspend(void);
/* Makes a suspended ULT ready again, in a pool of the ES where it last ran:
 * the shared one if it is migratable (and so is every unit it runs on in
 * place), else the private one. Callable from anywhere, including external
 * threads. */
void bt_resume(bt_unit_t *unit);
/* Moves the calling ULT into `pool`; it continues on that pool's ES. */
void bt_migrate_to(bt_pool_t *pool);

/* ---- Unit-local keys ---------------------------------------------------- */

typedef struct bt_key { uint32_t id; } bt_key_t;
/* destructor (may be NULL) runs on a unit's non-NULL value when it ends. */
int bt_key_create(bt_key_t *key, bt_fn_t destructor);
/* Returns 0, or -1 when called outside a work unit or out of memory. */
int bt_key_set(bt_key_t key, void *value);
void *bt_key_get(bt_key_t key);

/* ---- Synchronisation that suspends ------------------------------------- */
/* All objects below are valid when zero-filled (static storage or the
 * *_INITIALIZER); *_init does the same at run time. Their layout is private. */

/* A futex for work units: wait blocks the caller while *word == expected
 * (a ULT suspends, an external thread sleeps in the kernel); wake releases
 * up to `count` waiters of `word`. Any 32-bit word works, so objects of any
 * fixed size (e.g. a 4-byte lock) can suspend their waiters. Waiters are
 * kept in a hashed table, not in the word. Returns may be spurious. */
void bt_futex_wait(const uint32_t *word, uint32_t expected);
int bt_futex_wake(const uint32_t *word, int count); /* returns how many */
/* bt_futex_wake for a caller whose change of *word was seq_cst (a seq_cst
 * read-modify-write or store): without the table's lock when nobody waits
 * on a word that hashes with word's, the common case of a count reaching
 * zero while its waiter still runs. */
int bt_futex_wake_sc(const uint32_t *word, int count);

typedef struct bt_mutex { uint64_t opaque[4]; } bt_mutex_t;
#define BT_MUTEX_INITIALIZER {{0}}
void bt_mutex_init(bt_mutex_t *m);
void bt_mutex_lock(bt_mutex_t *m);
int bt_mutex_trylock(bt_mutex_t *m); /* 1 if acquired */
void bt_mutex_unlock(bt_mutex_t *m);

typedef struct bt_cond { uint64_t opaque[3]; } bt_cond_t;
#define BT_COND_INITIALIZER {{0}}
void bt_cond_init(bt_cond_t *c);
void bt_cond_wait(bt_cond_t *c, bt_mutex_t *m);
void bt_cond_signal(bt_cond_t *c);
void bt_cond_broadcast(bt_cond_t *c);

typedef struct bt_barrier { uint64_t opaque[4]; } bt_barrier_t;
void bt_barrier_init(bt_barrier_t *b, uint32_t count);
/* Returns 1 in exactly one of the `count` waiters of each round, else 0. */
int bt_barrier_wait(bt_barrier_t *b);

typedef struct bt_eventual { uint64_t opaque[5]; } bt_eventual_t;
#define BT_EVENTUAL_INITIALIZER {{0}}
void bt_eventual_init(bt_eventual_t *e);
/* Waits until the eventual is set and returns the value it was set to. */
void *bt_eventual_wait(bt_eventual_t *e);
int bt_eventual_test(bt_eventual_t *e, void **value); /* 1 if set */
void bt_eventual_set(bt_eventual_t *e, void *value);
/* Makes it unset again; nobody may be waiting. */
void bt_eventual_reset(bt_eventual_t *e);

/* ---- Calls from signal handlers ---------------------------------------- */

typedef struct bt_call {
    struct bt_call *next;
    void (*fn)(struct bt_call *call);
} bt_call_t;

/* Starts the service thread bt_call_soon needs. Not async-signal-safe:
 * call it before a handler may post. 0, or -1 if no thread could be made. */
int bt_call_soon_ready(void);
/* call->fn(call) runs soon on the service thread, outside every ES, calls
 * in the order they were posted. Async-signal-safe; call must stay valid
 * until fn runs. */
void bt_call_soon(bt_call_t *call);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
