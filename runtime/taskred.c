/* This file handles LLVM's task reductions: task_reduction on a taskgroup,
 * in_reduction on tasks, and reduction(task, ...) on parallel and
 * worksharing constructs (gcc's are gomp_taskred.c's).
 *
 * Reduction copies. libomp keeps one private copy per OpenMP thread, safe
 * there because an OS thread runs one task at a time. Here tasks run on any
 * ES, several created by the same thread at once, so the copies are per ES
 * (plus one for application threads): two units on one ES never update a
 * copy at the same instant, since a unit gives up its ES only at a
 * suspension point. The copies are combined into the shared item when the
 * taskgroup (or construct) ends, after all its tasks are complete.
 *
 * Sizes. A copy holds what the item's init and comb functions cover, which
 * for an array section of constant length is more than clang declares
 * (taskred_size.c measures it).
 *
 * Variable-length items. An item with clang's lazy flag (a section whose
 * length is known only at run time) declares its size in bytes right, but
 * its init and comb read the section's length from a thread-local variable
 * (or, with -fnoopenmp-use-tls, a threadprivate one) that only the
 * in_reduction task sets, just before it asks for its copy. Which TLS
 * block a unit runs with depends on where and how it runs (tls.c: a task
 * has none of its own), so per-ES copies combined at the group's end read
 * whatever length some other task left there. Such a copy belongs instead
 * to the explicit task that asks for it: made and initialised when it
 * first asks, with the length it has just set, and combined into the item
 * (under a lock of the target's, which the item of a nested taskgroup
 * over the same variable shares) when its body ends, on its own unit, whose block
 * holds the length it set: a task's block is that of the thread executing
 * it (tls.c), which a tied task keeps to its end; clang sets the length and
 * asks for the copy again at the entry of each part of an untied task, so
 * the block an untied task ends with, possibly another ES's, holds it too.
 * The limit: a tied task that suspends in its body (taskwait, a lock)
 * shares its block meanwhile with the other units of its ES; if one of
 * them sets the same variable to another length (a task of another
 * reduction over the same variable, since the spec makes every task of one
 * reduction name the same section), the task's comb reads that length.
 * libomp, whose tasks share their thread's block, has the same limit. A
 * combined copy goes back to its item, for the next task that asks; the
 * item keeps every copy it made until it ends, so that the address of any
 * copy names the item, also one whose task is done with it (a descendant
 * names the item by its parent's copy, maybe after that parent's body
 * ended; a program may name it by a copy another thread was given). The
 * sums go into the shared item of a taskgroup, and for reduction(task, ...)
 * into the original, which no thread of the team updates before the
 * construct's own reduction, after every task completed (each thread's own
 * item is still that thread's to update). The older reduction(task, ...)
 * entry gives no original: there they go into an accumulator of the item,
 * combined with the per-ES copies at the construct's end (only hand-written
 * code brings such an item: clang's variable-length ones come with the
 * newer entry).
 *
 * Lookups. A task names an item by an address: the shared item's (for a
 * section, its first element, as clang passes it from the task_reduction
 * and the in_reduction side alike), the original's, a team thread's own
 * item (reduction(task, ...)), or the copy its parent (or an earlier
 * ancestor) task was given. */
#include "task.h"

#include <bobbin/threading.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { LAZY_PRIV = 1, CACHE_LINE = 64 };

/* LLVM's kmp_taskred_input_t (taskred) and kmp_task_red_input_t (the older
 * task_reduction), which lacks reduce_orig and whose init takes one
 * argument. */
typedef struct bob_taskred_input {
    void *shared, *orig;
    size_t size;
    void *init, *fini, *comb;
    uint32_t flags;
} bob_taskred_input_t;

typedef struct bob_task_red_input {
    void *shared;
    size_t size;
    void *init, *fini, *comb;
    uint32_t flags;
} bob_task_red_input_t;

typedef struct item {
    void *shared;
    size_t stride; /* bytes the functions cover, rounded up to a cache line */
    bool lazy;
    bob_taskred_fns_t fns;
    void **thread_shared; /* modifier: each team thread's own item */
    char *block;          /* not lazy: a copy per ES, stride apart */
    void *into;           /* lazy: where the tasks' copies are combined */
    char *accumulator;    /* lazy without an original: into, combined at the end */
    /* lazy: every copy made for it (pushed, never popped, until it ends),
     * and those no task holds (under lock) */
    _Atomic(struct bob_taskred_copy *) copies;
    struct bob_taskred_copy *idle;
    uint32_t lock; /* lazy: held while a copy is taken or given back */
} item_t;

typedef struct bob_taskred {
    int n, ncopies, nthreads;
    item_t items[];
} bob_taskred_t;

/* A lazy item's copy: on its item's list of copies for good (made), and
 * on the list of the task holding it or on its item's idle list (next);
 * the copy's bytes follow, a cache line on. */
typedef struct bob_taskred_copy {
    struct bob_taskred_copy *next, *made;
    item_t *it;
} task_copy_t;

_Static_assert(sizeof(task_copy_t) <= CACHE_LINE, "a copy's header fits a cache line");

static char *bytes_of(task_copy_t *tc) { return (char *)tc + CACHE_LINE; }

static int copy_index(void) { return bt_self_es() + 1; }

static bob_taskred_t *taskred_new(int n, int nthreads)
{
    bob_taskred_t *r = calloc(1, sizeof *r + (size_t)n * sizeof(item_t));
    if (!r)
        bob_fatal("out of memory for a task reduction");
    r->n = n;
    r->ncopies = bt_num_es() + 1;
    r->nthreads = nthreads;
    for (int i = 0; i < n && nthreads > 0; i++)
        if (!(r->items[i].thread_shared = calloc((size_t)nthreads, sizeof(void *))))
            bob_fatal("out of memory for a task reduction");
    return r;
}

void bob_taskred_call_init(const bob_taskred_fns_t *fns, void *priv, size_t size)
{
    if (fns->init2)
        fns->init2(priv, fns->orig);
    else if (fns->init1)
        fns->init1(priv);
    else
        memset(priv, 0, size);
}

static char *copy_alloc(size_t bytes)
{
    void *p;
    if (posix_memalign(&p, CACHE_LINE, bytes))
        bob_fatal("out of memory for task reduction copies (%zu bytes)", bytes);
    return p;
}

/* into: where a lazy item's copies go (see the top of the file). */
static void item_set(item_t *it, void *shared, void *orig, void *into, size_t size,
                     void *init2, void *init1, void *fini, void *comb, uint32_t flags,
                     int ncopies)
{
    it->shared = shared;
    it->fns = (bob_taskred_fns_t){init2, init1, fini, comb, orig ? orig : shared};
    it->lazy = flags & LAZY_PRIV;
    it->into = into;
    size_t bytes = it->lazy ? size : bob_taskred_extent(&it->fns, size);
    it->stride = ((bytes ? bytes : 1) + CACHE_LINE - 1) & ~(size_t)(CACHE_LINE - 1);
    if (it->lazy) {
        if (!into) {
            it->into = it->accumulator = copy_alloc(it->stride);
            bob_taskred_call_init(&it->fns, it->accumulator, it->stride);
        }
        return;
    }
    it->block = copy_alloc(it->stride * (size_t)ncopies);
    for (int c = 0; c < ncopies; c++)
        bob_taskred_call_init(&it->fns, it->block + it->stride * (size_t)c, it->stride);
}

/* modifier: reduction(task, ...), whose lazy items go into the original. */
static void fill(bob_taskred_t *r, const void *data, bool with_orig, bool modifier)
{
    for (int i = 0; i < r->n; i++) {
        if (with_orig) {
            const bob_taskred_input_t *in = (const bob_taskred_input_t *)data + i;
            item_set(&r->items[i], in->shared, in->orig, modifier ? in->orig : in->shared,
                     in->size, in->init, NULL, in->fini, in->comb, in->flags, r->ncopies);
        } else {
            const bob_task_red_input_t *in = (const bob_task_red_input_t *)data + i;
            item_set(&r->items[i], in->shared, NULL, modifier ? NULL : in->shared, in->size,
                     NULL, in->init, in->fini, in->comb, in->flags, r->ncopies);
        }
    }
}

static void combine(const item_t *it, void *target, char *priv)
{
    it->fns.comb(target, priv);
    if (it->fns.fini)
        it->fns.fini(priv);
}

/* Combines the per-ES copies into `into` (each item's shared one when
 * NULL); the lazy items' copies were combined as their tasks ended, into
 * the item's accumulator where it has one. */
void bob_taskred_finish(bob_taskred_t *r, void *const *into)
{
    for (int i = 0; i < r->n; i++) {
        item_t *it = &r->items[i];
        void *target = into ? into[i] : it->shared;
        for (int c = 0; c < r->ncopies && !it->lazy; c++)
            combine(it, target, it->block + it->stride * (size_t)c);
        if (it->accumulator)
            combine(it, target, it->accumulator);
        for (task_copy_t *tc = atomic_load(&it->copies), *made; tc; tc = made) {
            made = tc->made;
            free(tc);
        }
        free(it->accumulator);
        free(it->block);
        free(it->thread_shared);
    }
    free(r);
}

void *bob_taskred_init(bob_thread_t *self, int n, const void *data, bool with_orig)
{
    bob_taskgroup_t *tg = self->taskgroup;
    if (!tg)
        bob_fatal("a task reduction outside a taskgroup");
    bob_taskred_t *r = taskred_new(n, 0);
    fill(r, data, with_orig, false);
    tg->reductions = r;
    return r;
}

/* Whether p names item it: its shared item's address, its original's, a
 * team thread's own item's, or one of its per-ES copies'. */
static bool names(const bob_taskred_t *r, const item_t *it, const char *p)
{
    if (p == it->shared || p == it->fns.orig)
        return true;
    for (int k = 0; it->thread_shared && k < r->nthreads; k++)
        if (p == it->thread_shared[k])
            return true;
    return it->block && p >= it->block && p < it->block + it->stride * (size_t)r->ncopies;
}

static bool is_copy_of(item_t *it, const char *p)
{
    for (task_copy_t *tc = atomic_load_explicit(&it->copies, memory_order_acquire); tc;
         tc = tc->made)
        if (bytes_of(tc) == p)
            return true;
    return false;
}

/* The item of r that data names; by one of its lazy items' copies only if
 * by_copy (a longer search, made after every other name). */
static item_t *find(bob_taskred_t *r, const void *data, bool by_copy)
{
    for (int i = 0; r && i < r->n; i++)
        if (by_copy ? is_copy_of(&r->items[i], data) : names(r, &r->items[i], data))
            return &r->items[i];
    return NULL;
}

/* The item data names in handle (what an init returned, or NULL), the
 * chain of taskgroups, or the team's reduction(task, ...). */
static item_t *lookup(bob_thread_t *self, bob_taskred_t *handle, const void *data,
                      bool by_copy)
{
    item_t *it = find(handle, data, by_copy);
    for (bob_taskgroup_t *tg = self->taskgroup; tg && !it; tg = tg->parent)
        it = find(tg->reductions, data, by_copy);
    return it ? it : find(atomic_load(&self->team->taskred), data, by_copy);
}

/* Task t's copy of lazy item it, taken and initialised at its first
 * request: init reads the length t has just set, in the TLS block this unit
 * runs with, and nothing between gives up the ES. */
static char *task_copy(bob_task_t *t, item_t *it)
{
    for (task_copy_t *tc = t->taskred; tc; tc = tc->next)
        if (tc->it == it)
            return bytes_of(tc);
    /* a spin lock: tasklets ask too, and cannot suspend; it is held
     * without allocating (lock.c) */
    bob_spin_acquire(&it->lock);
    task_copy_t *tc = it->idle;
    if (tc)
        it->idle = tc->next;
    bob_spin_release(&it->lock);
    if (!tc) {
        tc = (task_copy_t *)copy_alloc(CACHE_LINE + it->stride);
        *tc = (task_copy_t){.made = atomic_load_explicit(&it->copies, memory_order_relaxed),
                            .it = it};
        while (!atomic_compare_exchange_weak_explicit(&it->copies, &tc->made, tc,
                                                      memory_order_release,
                                                      memory_order_relaxed))
            ;
    }
    bob_taskred_call_init(&it->fns, bytes_of(tc), it->stride);
    tc->next = t->taskred;
    t->taskred = tc;
    return bytes_of(tc);
}

/* A lazy copy is combined under a lock of its target's, not its item's:
 * the items of nested taskgroups that reduce one variable both go into
 * it, each task as it ends. */
enum { INTO_LOCKS = 64 };
static struct {
    _Alignas(CACHE_LINE) uint32_t word;
} into_locks[INTO_LOCKS];

static uint32_t *into_lock(const void *into)
{
    return &into_locks[((uintptr_t)into / CACHE_LINE) % INTO_LOCKS].word;
}

void bob_taskred_task_end(bob_task_t *t)
{
    task_copy_t *tc = t->taskred, *next;
    for (; tc; tc = next) {
        next = tc->next;
        item_t *it = tc->it;
        uint32_t *lock = into_lock(it->into);
        bob_spin_acquire(lock);
        combine(it, it->into, bytes_of(tc));
        bob_spin_release(lock);
        bob_spin_acquire(&it->lock);
        tc->next = it->idle;
        it->idle = tc;
        bob_spin_release(&it->lock);
    }
    t->taskred = NULL;
}

/* handle is what an init returned (a reduction), or NULL; an item of an
 * enclosing taskgroup is found through the chain of taskgroups. */
void *bob_taskred_get(bob_thread_t *self, void *handle, void *data)
{
    item_t *it = lookup(self, handle, data, false);
    if (!it)
        it = lookup(self, handle, data, true);
    if (!it)
        bob_fatal("task reduction item %p is not part of any enclosing task reduction",
                  data);
    if (!it->lazy)
        return it->block + it->stride * (size_t)copy_index();
    if (self->task)
        return task_copy(self->task, it);
    /* No compiler asks from an implicit task (clang's parallel and
     * worksharing forms use the thread's own item directly); a thread of
     * reduction(task, ...) may update its own item, which the construct's
     * reduction combines. */
    if (it->thread_shared)
        return it->thread_shared[self->tid];
    bob_fatal("a variable-length task reduction item of a taskgroup asked for outside "
              "any task: its length is known only to the in_reduction task");
}

/* reduction(task, ...) on a parallel or worksharing construct: the first
 * thread of the team to arrive sets it up, the others use it; every
 * thread's own reduction variable is an item of it. */
void *bob_taskred_modifier_init(bob_thread_t *self, int n, const void *data,
                                bool with_orig)
{
    bob_team_t *team = self->team;
    bob_taskred_t *none = NULL, *busy = (bob_taskred_t *)1;
    if (atomic_compare_exchange_strong(&team->taskred, &none, busy)) {
        bob_taskred_t *r = taskred_new(n, team->nthreads);
        fill(r, data, with_orig, true);
        atomic_store(&team->taskred, r);
    }
    bob_taskred_t *r;
    while ((r = atomic_load(&team->taskred)) == busy)
        bt_yield();
    size_t stride = with_orig ? sizeof(bob_taskred_input_t) : sizeof(bob_task_red_input_t);
    for (int i = 0; i < n; i++)
        r->items[i].thread_shared[self->tid] = *(void *const *)((const char *)data +
                                                                stride * (size_t)i);
    bob_barrier(self); /* every thread's item is known before tasks look it up */
    return r;
}

void bob_taskred_modifier_fini(bob_thread_t *self)
{
    bob_team_t *team = self->team;
    bob_barrier(self); /* the barrier also completes the team's tasks */
    if (self->tid == 0) {
        bob_taskred_t *r = atomic_load(&team->taskred);
        void *into[r->n];
        for (int i = 0; i < r->n; i++)
            into[i] = r->items[i].thread_shared[0];
        bob_taskred_finish(r, into);
        atomic_store(&team->taskred, NULL);
    }
    bob_barrier(self);
}
