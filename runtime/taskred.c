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
 * (taskred_size.c measures it). An item with the lazy flag (clang's
 * variable-length sections) declares its size right, but its functions
 * read the section's length from a thread-local variable that only the
 * task sets, just before it asks for its copy: so such a copy is made and
 * initialised then, by the unit asking, before it can give up its ES, and
 * copies no task asked for are never made; comb reads the same variable,
 * so each copy is combined where its tasks ran (combine_lazy).
 *
 * Lookups. A task names an item by an address: the shared item's (for a
 * section, its first element, as clang passes it from the task_reduction
 * and the in_reduction side alike), the original's, a team thread's own
 * item (reduction(task, ...)), or the copy its parent task was given. */
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
    void **thread_shared;  /* modifier: each team thread's own item */
    char *block;           /* not lazy: all copies, stride apart */
    _Atomic(char *) *copy; /* per copy index; only its ES writes it */
} item_t;

typedef struct bob_taskred {
    int n, ncopies, nthreads;
    item_t items[];
} bob_taskred_t;

static int copy_index(void) { return bt_self_es() + 1; }

static bob_taskred_t *taskred_new(int n, int nthreads)
{
    bob_taskred_t *r = calloc(1, sizeof *r + (size_t)n * sizeof(item_t));
    if (!r)
        bob_fatal("out of memory for a task reduction");
    r->n = n;
    r->ncopies = bt_num_es() + 1;
    r->nthreads = nthreads;
    for (int i = 0; i < n; i++) {
        item_t *it = &r->items[i];
        it->copy = calloc((size_t)r->ncopies, sizeof *it->copy);
        if (nthreads > 0)
            it->thread_shared = calloc((size_t)nthreads, sizeof(void *));
        if (!it->copy || (nthreads > 0 && !it->thread_shared))
            bob_fatal("out of memory for a task reduction");
    }
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

static void item_set(item_t *it, void *shared, void *orig, size_t size, void *init2,
                     void *init1, void *fini, void *comb, uint32_t flags, int ncopies)
{
    it->shared = shared;
    it->fns = (bob_taskred_fns_t){init2, init1, fini, comb, orig ? orig : shared};
    it->lazy = flags & LAZY_PRIV;
    size_t bytes = it->lazy ? size : bob_taskred_extent(&it->fns, size);
    it->stride = ((bytes ? bytes : 1) + CACHE_LINE - 1) & ~(size_t)(CACHE_LINE - 1);
    if (it->lazy)
        return;
    it->block = copy_alloc(it->stride * (size_t)ncopies);
    for (int c = 0; c < ncopies; c++) {
        char *priv = it->block + it->stride * (size_t)c;
        bob_taskred_call_init(&it->fns, priv, it->stride);
        atomic_store_explicit(&it->copy[c], priv, memory_order_relaxed);
    }
}

static void fill(bob_taskred_t *r, const void *data, bool with_orig)
{
    for (int i = 0; i < r->n; i++) {
        if (with_orig) {
            const bob_taskred_input_t *in = (const bob_taskred_input_t *)data + i;
            item_set(&r->items[i], in->shared, in->orig, in->size, in->init, NULL, in->fini,
                     in->comb, in->flags, r->ncopies);
        } else {
            const bob_task_red_input_t *in = (const bob_task_red_input_t *)data + i;
            item_set(&r->items[i], in->shared, NULL, in->size, NULL, in->init, in->fini,
                     in->comb, in->flags, r->ncopies);
        }
    }
}

static void combine_copy(item_t *it, void *target, int c)
{
    char *priv = atomic_load_explicit(&it->copy[c], memory_order_relaxed);
    if (!priv)
        return;
    it->fns.comb(target, priv);
    if (it->fns.fini)
        it->fns.fini(priv);
    if (it->lazy)
        free(priv);
}

/* The copies of index c of the lazy items, combined into their targets. */
typedef struct lazy_combine {
    bob_thread_t *self; /* whose reduction it is: bob_self() in comb */
    bob_taskred_t *r;
    void *const *targets;
    int c;
} lazy_combine_t;

static void lazy_combine(void *arg)
{
    lazy_combine_t *lc = arg;
    if (lc->c > 0)
        bt_self_set_arg(lc->self);
    for (int i = 0; i < lc->r->n; i++)
        if (lc->r->items[i].lazy)
            combine_copy(&lc->r->items[i], lc->targets[i], lc->c);
}

/* A lazy item's comb reads the section's length from the thread-local
 * variable the tasks set, in the TLS block it runs with. The tasks that
 * made and updated copy c ran on ES c - 1, with the block of that ES's OS
 * thread (which is also the block of the flat team's thread c - 1, when it
 * runs them in place), so that copy is combined there, by a unit running
 * with that block, one ES after the other. */
static void combine_lazy(bob_thread_t *self, bob_taskred_t *r, void *const *targets)
{
    for (int c = 0; c < r->ncopies; c++) {
        bool any = false;
        for (int i = 0; i < r->n; i++)
            any |= r->items[i].lazy && atomic_load_explicit(&r->items[i].copy[c],
                                                            memory_order_relaxed);
        lazy_combine_t lc = {self, r, targets, c};
        if (!any)
            continue;
        if (c == 0) { /* application threads: their own blocks, this one's at best */
            lazy_combine(&lc);
            continue;
        }
        bt_unit_attr_t attr = bob_unit_attr(BOB_KIND_ULT);
        attr.progress = 1; /* a thread there that spins waiting for us yields */
        bt_unit_t *u = bt_create(bt_pool_private(c - 1), lazy_combine, &lc, &attr);
        if (!u)
            bob_fatal("out of memory combining a task reduction");
        bt_join_free(u);
    }
}

/* Combines every copy into `into` (each item's shared one when NULL). */
void bob_taskred_finish(bob_thread_t *self, bob_taskred_t *r, void *const *into)
{
    void *targets[r->n];
    for (int i = 0; i < r->n; i++) {
        item_t *it = &r->items[i];
        targets[i] = into ? into[i] : it->shared;
        for (int c = 0; c < r->ncopies && !it->lazy; c++)
            combine_copy(it, targets[i], c);
    }
    combine_lazy(self, r, targets);
    for (int i = 0; i < r->n; i++) {
        free(r->items[i].block);
        free(r->items[i].copy);
        free(r->items[i].thread_shared);
    }
    free(r);
}

void *bob_taskred_init(bob_thread_t *self, int n, const void *data, bool with_orig)
{
    bob_taskgroup_t *tg = self->taskgroup;
    if (!tg)
        bob_fatal("a task reduction outside a taskgroup");
    bob_taskred_t *r = taskred_new(n, 0);
    fill(r, data, with_orig);
    tg->reductions = r;
    return r;
}

/* Whether p names item it: its shared item's address, its original's, a
 * team thread's own item's, or one of its copies'. */
static bool names(const bob_taskred_t *r, const item_t *it, const void *p)
{
    if (p == it->shared || p == it->fns.orig)
        return true;
    for (int k = 0; it->thread_shared && k < r->nthreads; k++)
        if (p == it->thread_shared[k])
            return true;
    for (int c = 0; c < r->ncopies; c++)
        if (p == atomic_load_explicit(&it->copy[c], memory_order_acquire))
            return true;
    return false;
}

/* The caller's copy of it; a lazy one is made here, with no suspension
 * point between the task setting its length and init reading it. */
static char *own_copy(item_t *it)
{
    int c = copy_index();
    char *priv = atomic_load_explicit(&it->copy[c], memory_order_relaxed);
    if (!priv) {
        priv = copy_alloc(it->stride);
        bob_taskred_call_init(&it->fns, priv, it->stride);
        atomic_store_explicit(&it->copy[c], priv, memory_order_release);
    }
    return priv;
}

static void *find(bob_taskred_t *r, const void *data)
{
    for (int i = 0; r && i < r->n; i++)
        if (names(r, &r->items[i], data))
            return own_copy(&r->items[i]);
    return NULL;
}

/* handle is what an init returned (a reduction), or NULL; an item of an
 * enclosing taskgroup is found through the chain of taskgroups. */
void *bob_taskred_get(bob_thread_t *self, void *handle, void *data)
{
    void *priv = find(handle, data);
    for (bob_taskgroup_t *tg = self->taskgroup; tg && !priv; tg = tg->parent)
        priv = find(tg->reductions, data);
    if (!priv)
        priv = find(atomic_load(&self->team->taskred), data);
    if (!priv)
        bob_fatal("task reduction item %p is not part of any enclosing task reduction",
                  data);
    return priv;
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
        fill(r, data, with_orig);
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
        bob_taskred_finish(self, r, into);
        atomic_store(&team->taskred, NULL);
    }
    bob_barrier(self);
}
