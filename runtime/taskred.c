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
 * taskgroup (or construct) ends, after all its tasks are complete. */
#include "task.h"

#include <bobbin/threading.h>
#include <stdlib.h>
#include <string.h>

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
    void *shared, *orig;
    size_t size; /* rounded up to keep copies aligned */
    void (*init2)(void *priv, void *orig);
    void (*init1)(void *priv);
    void (*fini)(void *priv);
    void (*comb)(void *shared, void *priv);
    void **thread_shared; /* modifier: each team thread's own item */
    char *copies;
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
    for (int i = 0; i < n && nthreads > 0; i++)
        r->items[i].thread_shared = calloc((size_t)nthreads, sizeof(void *));
    return r;
}

static void make_copies(item_t *it, int ncopies)
{
    it->size = (it->size + 15) & ~(size_t)15;
    if (posix_memalign((void **)&it->copies, 64, it->size * (size_t)ncopies ?: 1))
        bob_fatal("out of memory for task reduction copies");
    for (int c = 0; c < ncopies; c++) {
        char *priv = it->copies + it->size * (size_t)c;
        if (it->init2)
            it->init2(priv, it->orig);
        else if (it->init1)
            it->init1(priv);
        else
            memset(priv, 0, it->size);
    }
}

static void fill(bob_taskred_t *r, const void *data, bool with_orig)
{
    for (int i = 0; i < r->n; i++) {
        item_t *it = &r->items[i];
        if (with_orig) {
            const bob_taskred_input_t *in = (const bob_taskred_input_t *)data + i;
            *it = (item_t){in->shared, in->orig ? in->orig : in->shared, in->size, in->init,
                           NULL, in->fini, in->comb, it->thread_shared, NULL};
        } else {
            const bob_task_red_input_t *in = (const bob_task_red_input_t *)data + i;
            *it = (item_t){in->shared, in->shared, in->size, NULL, in->init, in->fini,
                           in->comb, it->thread_shared, NULL};
        }
        make_copies(it, r->ncopies);
    }
}

/* Combines every copy into `into` (each item's shared one when NULL). */
void bob_taskred_finish(bob_taskred_t *r, void *const *into)
{
    for (int i = 0; i < r->n; i++) {
        item_t *it = &r->items[i];
        void *target = into ? into[i] : it->shared;
        for (int c = 0; c < r->ncopies; c++) {
            char *priv = it->copies + it->size * (size_t)c;
            it->comb(target, priv);
            if (it->fini)
                it->fini(priv);
        }
        free(it->copies);
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
    fill(r, data, with_orig);
    tg->reductions = r;
    return r;
}

static void *find(bob_taskred_t *r, const void *data)
{
    for (int i = 0; r && i < r->n; i++) {
        item_t *it = &r->items[i];
        /* a task nested in an in_reduction task names the copy it was given */
        bool match = it->shared == data || it->orig == data ||
                     ((const char *)data >= it->copies &&
                      (const char *)data < it->copies + it->size * (size_t)r->ncopies);
        for (int k = 0; !match && it->thread_shared && k < r->nthreads; k++)
            match = it->thread_shared[k] == data;
        if (match)
            return it->copies + it->size * (size_t)copy_index();
    }
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
        bob_taskred_finish(r, into);
        atomic_store(&team->taskred, NULL);
    }
    bob_barrier(self);
}
