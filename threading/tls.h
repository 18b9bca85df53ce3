/* TLS blocks of units (tls.c): which block the thread pointer names, and
 * the one way to change it.
 *
 * es->cur_tls is the block the thread pointer of es's OS thread names: the
 * ES's own (native_tls), the running unit's, or, while the ES runs only
 * its own code (the scheduler, bt_join_free_all between units), one that
 * no other OS thread can load meanwhile:
 *   - a free block that a unit ending on es gave back to es's cache: only
 *     es takes from its cache, a borrowing unit starting on es takes it
 *     first (so a run of borrowing units switches nothing), and
 *     bt_tls_take passes over it;
 *   - the block of a unit that suspended on es and has not moved (it may
 *     roam, yieldq.h, but no other ES runs it while its block is loaded
 *     here: bti_block_elsewhere): the scheduler's code writes none of its
 *     TLS (futex.h's waits, errno neither), and an idle ES leaves the
 *     block before it sleeps; so a unit suspending and the next one
 *     starting switch blocks once, not twice.
 * Any other block a unit leaves is left for the native one before the
 * scheduler runs: that of a unit that ended with a block not borrowed,
 * which may next run on another ES. */
#ifndef BTI_TLS_H
#define BTI_TLS_H

#include "es.h"
#include "switch.h"

/* Reads the C library's facts and checks them against the running
 * library (a mismatch ends the program with a line naming it); picks the
 * way to set the thread pointer. Called once, by bt_init's thread. */
void bti_tls_init(void);
/* Moves the blocks es keeps to the process's spares (bt_finalize). */
void bti_tls_cache_drain(bti_es_t *es);
/* Frees every block given back, of every ES's cache and the spares (a
 * hard bt_pause): no OS thread may have one loaded. */
void bti_tls_free_unused(void);

/* In the child of a fork: the lists of blocks are usable again, and, if
 * the thread pointer was not the forking OS thread's own block (own),
 * that block is the child's thread's now, for the kernel too. */
void bti_tls_fork_child(void *own);

/* The thread pointer of the calling OS thread: its block. */
static inline void *bti_tls_current(void)
{
    void *tp;
    __asm__ volatile("movq %%fs:0, %0" : "=r"(tp));
    return tp;
}

void bti_tls_set_slow(void *tp); /* arch_prctl */

/* Whether tp is a block made for units (bt_tls_take, borrowing), not an
 * OS thread's own. */
bool bti_tls_is_units(const void *tp);
/* Clears the static TLS of new block tp, static_size bytes below it, that
 * no module loaded so far uses (tls_late.c). */
void bti_tls_clear_surplus(void *tp, size_t static_size);
/* The id the next block made will have: blocks are numbered as made. */
int bti_tls_made_next(void);
bool bti_tls_any_made(void);
/* Calls fn on every block alive, with its id, holding the lock that making
 * and freeing blocks take. */
void bti_tls_each(void (*fn)(void *tp, int id, void *arg), void *arg);

#ifdef BTI_ASAN
/* The sanitizer's per-thread key values of an OS thread, kept by its KLT
 * (klt.h): a block entering the OS thread takes them, since blocks, the
 * home one too, move between OS threads (tls.c). */
void bti_tls_asan_save(const void *block, void *save);
void bti_tls_asan_load(const void *save, void *block);
#else
static inline void bti_tls_asan_load(const void *save, void *block) { (void)save, (void)block; }
#endif

/* Makes tp the thread pointer of the calling OS thread. The compiler takes
 * the thread pointer to be constant within a function: whoever calls this
 * must not use an address of a TLS variable it computed before, and must
 * not return to code that did, with a block other than that code's. So it
 * is called only right before control passes to another context (whose
 * block tp is) or around a call that comes back with the block restored. */
static inline void bti_tls_set(void *tp)
{
    if (__builtin_expect(bti_g.fsgsbase, 1))
        __asm__ volatile("wrfsbase %0" : : "r"(tp) : "memory");
    else
        bti_tls_set_slow(tp);
}

/* Switches es's OS thread to block tp, telling the block whose ES it now
 * runs on (bti_tls_es lies at the same offset in every block). */
static inline void bti_tls_enter(bti_es_t *es, void *tp)
{
    if (tp == es->cur_tls)
        return;
    *(bti_es_t **)((char *)tp + bti_g.tls_es_offset) = es;
    bti_tls_asan_load(BTI_ASAN_SEAT(es), tp);
    /* release: a thief that reads another block here may load this one's
     * predecessor (bti_block_elsewhere) */
    __atomic_store_n(&es->cur_tls, tp, __ATOMIC_RELEASE);
    bti_tls_set(tp);
}

/* The block u runs with on es once started: its own or borrowed one, or
 * else the ES's OS thread's. */
static inline void *bti_unit_tls(const bti_es_t *es, const bt_unit_t *u)
{
    return u->tls_mode != BTI_TLS_NONE ? u->tls : es->native_tls;
}

/* Whether started u, about to run on es, still has its block loaded on
 * the ES that last ran it, which keeps the block of a unit that suspended
 * until it runs another (above): u must wait for that, or two OS threads
 * would run with one block. Only u's running can load the block again,
 * so once seen unloaded it stays so. */
static inline bool bti_block_elsewhere(const bti_es_t *es, const bt_unit_t *u)
{
    return u->started && u->es != es && u->tls_mode != BTI_TLS_NONE &&
           __atomic_load_n(&u->es->cur_tls, __ATOMIC_ACQUIRE) == u->tls;
}

/* The top of es's cache, or a new block. */
void *bti_tls_borrow(bti_es_t *es);
void bti_tls_cache_push(bti_es_t *es, void *tp);

/* The block u starts with on es, borrowing one if it is to. */
static inline void *bti_tls_start(bti_es_t *es, bt_unit_t *u)
{
    if (u->tls_mode == BTI_TLS_BORROW)
        u->tls = bti_tls_borrow(es);
    return bti_unit_tls(es, u);
}

/* u has ended on es, still with its block loaded: a borrowed block goes
 * back to es's cache and may stay loaded (see cur_tls above); any other is
 * left for the ES's own before es runs its scheduler. */
static inline void bti_tls_end(bti_es_t *es, const bt_unit_t *u)
{
    if (u->tls_mode == BTI_TLS_BORROW)
        bti_tls_cache_push(es, u->tls);
}
static inline void bti_tls_leave_ended(bti_es_t *es, const bt_unit_t *u)
{
    if (u->tls_mode != BTI_TLS_BORROW)
        bti_tls_enter(es, es->native_tls);
}

#endif
