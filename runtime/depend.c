/* This file handles task dependences (depend clauses on task, taskwait and
 * undeferred tasks) among sibling tasks.
 *
 * Each task context keeps a table, keyed by address, of the dependences of
 * its children (only the context's own unit registers into it, so the table
 * needs no lock). For each address the entry holds the nodes a new task must
 * wait for:
 *   writers   the last out/inout task, or the current mutexinoutset or
 *             inoutset group (tasks of a group do not wait for each other);
 *   readers   the in tasks since the writers;
 *   group     for a group: what its members wait for (the writers and
 *             readers before it).
 * in waits for the writers; out/inout waits for the readers, or the
 * writers when there are none (the readers wait for the writers already,
 * and LLVM's view of the graph, below, has no edge more than libomp's), and
 * becomes the writer; a group member waits for the group's predecessors.
 * omp_all_memory (flag 0x80, or LLVM's other spelling, the address -1)
 * waits for everything registered so far, every later task waits for it,
 * and it makes the task's other dependences moot. Registration is
 * O(number of edges), and the table is pruned of its complete entries when
 * full (amortized, a constant per new entry): no scan grows with the number
 * of tasks, so a graph of 10^5 tasks resolves in linear time, in memory for
 * the incomplete ones.
 *
 * Dependences are matched by base address, as the spec requires list items
 * to be identical or disjoint; partially overlapping items are undefined
 * behaviour and are treated as distinct.
 *
 * Nodes are shared with other threads at completion: a node's successor
 * list and `done` flag are under its lock, so an edge added to a node that
 * completes concurrently is either seen by its completion or not added. */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { DEP_IN = 1, DEP_OUT = 2, DEP_MTX = 4, DEP_SET = 8, DEP_ALL = 0x80 };
enum { KIND_NONE, KIND_OUT, KIND_MTX, KIND_SET };
#define ALL_MEMORY_ADDR ((intptr_t)-1)

typedef struct bob_depnode bob_depnode_t;

typedef struct nodes {
    bob_depnode_t **at;
    int n, cap;
} nodes_t;

/* LLVM's view of a node's successors, {node, next} entries, for
 * __kmpc_task_get_depnode/_successors, which only libomp's own tests call:
 * built when asked for, so the graph costs nothing more for the programs
 * that never ask. Views handed out stay until the node is freed. */
typedef struct bob_succ {
    bob_depnode_t *node;
    struct bob_succ *next;
} bob_succ_t;

typedef struct view {
    struct view *older;
    bob_succ_t entry[];
} view_t;

/* A node's predecessors are counted into npred once it has them all, in
 * one update: until then npred holds this, more than it can have, so
 * that none that completes meanwhile takes it for released. */
#define REGISTERING (UINT32_C(1) << 31)

/* Successors a node holds in itself: most nodes have this many or fewer
 * (a chain's one, a fan-out's few), and take no memory but their block. */
enum { INLINE_SUCC = 8 };

struct bob_depnode {
    bob_succ_t *view;       /* first, as LLVM's node starts with its list */
    view_t *views;          /* every view built, newest first */
    int view_n;             /* succ.n when view was built */
    /* predecessors not complete, + REGISTERING while registering */
    _Atomic uint32_t npred;
    _Atomic int32_t refs;   /* its task (or waiter) + every list holding it */
    uint32_t lock;
    _Atomic bool done;      /* set under lock; read unlocked by satisfied() */
    uint32_t added;         /* edges to it so far, while registering */
    bob_task_t *task;       /* NULL: a taskwait's stand-in */
    nodes_t succ;           /* at: first, until more come */
    bob_depnode_t *first[INLINE_SUCC];
};

struct bob_depmutex {
    uint32_t word;
};

typedef struct entry {
    intptr_t addr;
    struct entry *next;
    int kind;
    nodes_t writers, readers, group;
    struct bob_depmutex mutex; /* mutexinoutset members hold it while running */
} entry_t;

struct bob_deptable {
    entry_t **buckets;
    size_t nbuckets, count;
    bob_depnode_t *all; /* the last omp_all_memory task */
};

static void *alloc_or_die(size_t size)
{
    void *p = calloc(1, size);
    if (!p)
        bob_fatal("out of memory recording task dependences");
    return p;
}

/* Successor lists outgrow a node's own room into malloc's memory. */
static void free_succ(bob_depnode_t *n, nodes_t *succ)
{
    if (succ->at != n->first)
        free(succ->at);
}

/* Nodes are blocks (block_mem.c): one per task that has dependences, made
 * and dropped at the rate tasks are. */
static bob_depnode_t *node_new(bob_task_t *task)
{
    bool fresh;
    bob_depnode_t *n = bob_block_take(sizeof *n, &fresh);
    memset(n, 0, offsetof(bob_depnode_t, first));
    atomic_init(&n->npred, REGISTERING);
    atomic_init(&n->refs, 1);
    n->task = task;
    n->succ = (nodes_t){n->first, 0, INLINE_SUCC};
    return n;
}

/* Only holders make references (a list's holder copies it into another
 * list), so a holder that reads 1 is the last: it skips the locked
 * decrement, as a chain's nodes, dropped by their task and by the table
 * in turn, do once in two. */
static void node_release(bob_depnode_t *n)
{
    if (n && (atomic_load_explicit(&n->refs, memory_order_acquire) == 1 ||
              atomic_fetch_sub_explicit(&n->refs, 1, memory_order_acq_rel) == 1)) {
        for (view_t *v = n->views, *older; v; v = older) {
            older = v->older;
            free(v);
        }
        free_succ(n, &n->succ);
        bob_block_give(n, sizeof *n);
    }
}

static void push(nodes_t *list, bob_depnode_t *n)
{
    if (list->n == list->cap) {
        list->cap = list->cap ? 2 * list->cap : 4;
        list->at = realloc(list->at, (size_t)list->cap * sizeof *list->at);
        if (!list->at)
            bob_fatal("out of memory recording task dependences");
    }
    list->at[list->n++] = n;
}

/* Lists hold references on their nodes. */
static void hold(nodes_t *list, bob_depnode_t *n)
{
    atomic_fetch_add_explicit(&n->refs, 1, memory_order_relaxed);
    push(list, n);
}

/* A reference on the node being registered, by its registering unit: no
 * other changes its refs before it is complete, which it cannot be before
 * registering ends and its predecessors are counted (register_node). */
static void own_ref(bob_depnode_t *n)
{
    atomic_store_explicit(&n->refs, atomic_load_explicit(&n->refs, memory_order_relaxed) + 1,
                          memory_order_relaxed);
}

static void hold_own(nodes_t *list, bob_depnode_t *n)
{
    own_ref(n);
    push(list, n);
}

static void clear(nodes_t *list)
{
    for (int i = 0; i < list->n; i++)
        node_release(list->at[i]);
    list->n = 0;
}

/* `to` must wait for `from`, unless from is done or is to itself. A tool
 * hears of the edge under from's lock, while from's task is sure to be
 * incomplete. A full successor list grows in memory allocated with the
 * lock released (bob_spin_acquire in lock.c); only the registering unit
 * adds successors, so the list is as full when the lock is taken again,
 * unless its completion took it. */
static void edge(bob_depnode_t *from, bob_depnode_t *to)
{
    if (!from || from == to)
        return;
    nodes_t grown = {0}, old = {0};
    bob_spin_acquire(&from->lock);
    if (!atomic_load_explicit(&from->done, memory_order_relaxed) &&
        from->succ.n == from->succ.cap) {
        grown.cap = 2 * from->succ.cap;
        bob_spin_release(&from->lock);
        grown.at = alloc_or_die((size_t)grown.cap * sizeof *grown.at);
        bob_spin_acquire(&from->lock);
    }
    if (!atomic_load_explicit(&from->done, memory_order_relaxed)) {
        if (grown.at) {
            grown.n = from->succ.n;
            memcpy(grown.at, from->succ.at, (size_t)grown.n * sizeof *grown.at);
            old = from->succ;
            from->succ = grown;
            grown.at = NULL;
        }
        from->succ.at[from->succ.n++] = to;
        to->added++;
        BOB_OMPT(bob_ompt_task_dependence(from->task, to->task));
    }
    bob_spin_release(&from->lock);
    if (old.at)
        free_succ(from, &old);
    free(grown.at);
}

static void edges(const nodes_t *from, bob_depnode_t *to)
{
    for (int i = 0; i < from->n; i++)
        edge(from->at[i], to);
}

/* nbuckets is a power of two, and a bucket the top bits of a Fibonacci
 * hash: neighbouring bytes (a char array's elements, as dependences
 * often name) spread over buckets, with no division. */
static size_t bucket_of(intptr_t addr, size_t nbuckets)
{
    return (size_t)(((uint64_t)addr * UINT64_C(0x9E3779B97F4A7C15)) >>
                    (64 - __builtin_ctzll(nbuckets)));
}

static entry_t *find(const struct bob_deptable *t, intptr_t addr)
{
    if (!t->nbuckets)
        return NULL;
    for (entry_t *e = t->buckets[bucket_of(addr, t->nbuckets)]; e; e = e->next)
        if (e->addr == addr)
            return e;
    return NULL;
}

/* acquire: what the node's task did happens before what its successors do */
static bool is_done(bob_depnode_t *n)
{
    return !n || atomic_load_explicit(&n->done, memory_order_acquire);
}

/* Drops the list's complete nodes: no new task waits for them. */
static void drop_done(nodes_t *list)
{
    int kept = 0;
    for (int i = 0; i < list->n; i++) {
        if (is_done(list->at[i]))
            node_release(list->at[i]);
        else
            list->at[kept++] = list->at[i];
    }
    list->n = kept;
}

/* Releases an entry's nodes and frees it. */
static void entry_free(entry_t *e)
{
    clear(&e->writers);
    clear(&e->readers);
    clear(&e->group);
    free(e->writers.at);
    free(e->readers.at);
    free(e->group.at);
    free(e);
}

/* Removes the entries whose nodes are all complete: a new task would wait
 * for nothing there, as in an entry of its own. So the table holds about
 * the addresses of incomplete tasks, not every address the context's
 * children ever named, each with its last tasks' nodes, until the context
 * ends. A mutexinoutset's entry stays: its members lock the mutex in it. */
static void prune(struct bob_deptable *t)
{
    for (size_t i = 0; i < t->nbuckets; i++)
        for (entry_t **at = &t->buckets[i], *e; (e = *at);) {
            if (e->kind != KIND_MTX) {
                drop_done(&e->writers);
                drop_done(&e->readers);
                drop_done(&e->group);
            }
            if (e->kind == KIND_MTX || e->writers.n || e->readers.n || e->group.n) {
                at = &e->next;
                continue;
            }
            *at = e->next;
            entry_free(e);
            t->count--;
        }
}

/* Doubles the buckets, and rehashes: chains stay short. */
static void grow(struct bob_deptable *t)
{
    size_t n = t->nbuckets ? 2 * t->nbuckets : 64;
    entry_t **buckets = alloc_or_die(n * sizeof *buckets);
    for (size_t i = 0; i < t->nbuckets; i++)
        for (entry_t *e = t->buckets[i], *next; e; e = next) {
            next = e->next;
            size_t h = bucket_of(e->addr, n);
            e->next = buckets[h];
            buckets[h] = e;
        }
    free(t->buckets);
    t->buckets = buckets;
    t->nbuckets = n;
}

/* A full table is pruned first, and grows only if that leaves it more than
 * half full: the next prune then comes after at least as many new entries
 * as it visits. */
static entry_t *lookup(struct bob_deptable *t, intptr_t addr)
{
    if (t->count >= t->nbuckets) {
        prune(t);
        if (!t->nbuckets || t->count > t->nbuckets / 2)
            grow(t);
    }
    entry_t *e = find(t, addr);
    if (e)
        return e;
    size_t h = bucket_of(addr, t->nbuckets);
    e = alloc_or_die(sizeof *e);
    e->addr = addr;
    e->next = t->buckets[h];
    t->buckets[h] = e;
    t->count++;
    return e;
}

static void become_writer(entry_t *e, bob_depnode_t *n, int kind)
{
    clear(&e->writers);
    clear(&e->readers);
    hold_own(&e->writers, n);
    e->kind = kind;
}

/* A member of a mutexinoutset or inoutset group on e. */
static void join_group(entry_t *e, bob_depnode_t *n, int kind)
{
    if (e->kind != kind || e->readers.n) {
        clear(&e->group);
        for (int i = 0; i < e->writers.n; i++)
            hold(&e->group, e->writers.at[i]);
        for (int i = 0; i < e->readers.n; i++)
            hold(&e->group, e->readers.at[i]);
        clear(&e->writers);
        clear(&e->readers);
        e->kind = kind;
    }
    edges(&e->group, n);
    hold_own(&e->writers, n);
}

static void all_memory(struct bob_deptable *t, bob_depnode_t *n)
{
    for (size_t i = 0; i < t->nbuckets; i++)
        for (entry_t *e = t->buckets[i]; e; e = e->next) {
            edges(&e->writers, n);
            edges(&e->readers, n);
            clear(&e->writers);
            clear(&e->readers);
            e->kind = KIND_NONE;
        }
    node_release(t->all);
    own_ref(n);
    t->all = n;
}

static bool any_all_memory(int n, const bob_dep_t *deps)
{
    for (int i = 0; i < n; i++)
        if ((deps[i].flags & DEP_ALL) || deps[i].addr == ALL_MEMORY_ADDR)
            return true;
    return false;
}

static void add_mutex(bob_task_t *task, struct bob_depmutex *m)
{
    task->mutexes = realloc(task->mutexes, (size_t)(task->nmutexes + 1) * sizeof m);
    if (!task->mutexes)
        bob_fatal("out of memory recording task dependences");
    task->mutexes[task->nmutexes++] = m;
}

/* A node for task (NULL for a taskwait), which is its dep before any
 * predecessor can release the task and it complete; ready: no
 * predecessor is incomplete, so none will release it, and its registering
 * unit goes on with it. */
static bob_depnode_t *register_node(bob_thread_t *parent, bob_task_t *task, int n,
                                    const bob_dep_t *deps, bool *ready)
{
    if (!parent->deps)
        parent->deps = alloc_or_die(sizeof *parent->deps);
    struct bob_deptable *t = parent->deps;
    bob_depnode_t *node = node_new(task);
    if (task)
        task->dep = node;
    edge(t->all, node);
    if (any_all_memory(n, deps)) {
        all_memory(t, node);
        n = 0;
    }
    for (int i = 0; i < n; i++) {
        uint8_t f = deps[i].flags;
        entry_t *e = lookup(t, deps[i].addr);
        if (f & DEP_OUT) {
            edges(e->readers.n ? &e->readers : &e->writers, node);
            become_writer(e, node, KIND_OUT);
        } else if (f & (DEP_MTX | DEP_SET)) {
            join_group(e, node, f & DEP_MTX ? KIND_MTX : KIND_SET);
            if ((f & DEP_MTX) && task)
                add_mutex(task, &e->mutex);
        } else if (f & DEP_IN) {
            edges(&e->writers, node);
            hold_own(&e->readers, node);
        }
    }
    uint32_t bias = REGISTERING - node->added;
    *ready = atomic_fetch_sub_explicit(&node->npred, bias, memory_order_acq_rel) == bias;
    return node;
}

bool bob_deps_register(bob_thread_t *parent, bob_task_t *t, int n, const bob_dep_t *deps)
{
    bool ready;
    register_node(parent, t, n, deps, &ready);
    return ready;
}

static bool all_done(const nodes_t *list)
{
    for (int i = 0; i < list->n; i++)
        if (!is_done(list->at[i]))
            return false;
    return true;
}

static bool plain(int n, const bob_dep_t *deps)
{
    for (int i = 0; i < n; i++)
        if ((deps[i].flags & ~(DEP_IN | DEP_OUT)) || deps[i].addr == ALL_MEMORY_ADDR)
            return false;
    return true;
}

/* A tied task that runs at once in a team of one (bob_task_serial_now)
 * has nothing to wait for while none of its siblings ever registered
 * dependences: every one ran at once and completed, as libomp counts on
 * when it ignores a serialized team's dependences. One that may not
 * complete with its body's first run (detachable, or untied: its next
 * part is queued) registers, and its successors after it. A tool is told
 * of every dependence. */
static bool deps_moot(const bob_thread_t *self, const bob_task_t *t)
{
    return !self->deps && (t->flags & (BOB_TASK_TIED | BOB_TASK_DETACHABLE)) == BOB_TASK_TIED &&
           !bob_ompt_on && bob_task_serial_now(self, t->flags);
}

/* Whether a waiter with these plain dependences has nothing to wait for,
 * every sibling it would wait for being complete: then it registers no
 * stand-in. What that stand-in would leave is done here: after an out or
 * inout, no later sibling waits for anything the address's lists hold,
 * and they are dropped. */
static bool satisfied(struct bob_deptable *t, int n, const bob_dep_t *deps)
{
    if (!t)
        return true;
    if (!plain(n, deps) || !is_done(t->all))
        return false;
    for (int i = 0; i < n; i++) {
        entry_t *e = find(t, deps[i].addr);
        if (e && (!all_done(&e->writers) || ((deps[i].flags & DEP_OUT) && !all_done(&e->readers))))
            return false;
    }
    for (int i = 0; i < n; i++) {
        entry_t *e = (deps[i].flags & DEP_OUT) ? find(t, deps[i].addr) : NULL;
        if (e) {
            clear(&e->writers);
            clear(&e->readers);
            e->kind = KIND_NONE;
        }
    }
    return true;
}

/* A thread alone in its team has no team-mate to run what it defers: once
 * it has more than PENDING_MAX incomplete children (bob_task_over_pending),
 * a new task that completes where it runs (tied, with no detach event)
 * and whose dependences are plain (in, out, inout: no set whose members it
 * would have to exclude or join) waits for its predecessors, as a
 * taskwait with its dependences would, and runs at once, as libgomp
 * throttles such tasks past its own bound. It is complete before any
 * later sibling registers, so it needs no node. Until the thread next
 * waits for all its children (task_wait.c), such a task also runs at
 * once when its predecessors are complete already: with the bound alone,
 * the wait that ran a chain's older tasks brings the count down, and the
 * next PENDING_MAX tasks would each take a node and a queue's turn again,
 * where each now finds its predecessor done. Below the bound it never
 * waits: its predecessor may be a task that waits for what the thread
 * does next (a detached one whose event it fulfils), as libgomp, whose
 * count has come down too, defers it. A tool sees every task in the
 * graph. Returns whether t ran. */
static bool ran_at_once(bob_thread_t *self, bob_task_t *t, int n, const bob_dep_t *deps)
{
    if ((t->flags & (BOB_TASK_TIED | BOB_TASK_DETACHABLE)) != BOB_TASK_TIED || bob_ompt_on ||
        !bob_task_alone(self) || !plain(n, deps))
        return false;
    if (bob_task_over_pending(self)) {
        self->deps_at_once = true;
        bob_deps_wait(self, n, deps);
    } else if (!self->deps_at_once || !satisfied(self->deps, n, deps)) {
        return false;
    }
    bob_task_run_now(self, t);
    return true;
}

void bob_task_submit_deps(bob_thread_t *self, bob_task_t *t, int n, const bob_dep_t *deps)
{
    if (!n || deps_moot(self, t)) {
        bob_task_submit(self, t);
        return;
    }
    if (ran_at_once(self, t, n, deps))
        return;
    bob_task_drain(self);
    BOB_OMPT((bob_ompt_task_create(self, t, false, true), bob_ompt_dependences(t, n, deps)));
    bob_task_account(self, t); /* first: its last predecessor may release it at once */
    if (bob_deps_register(self, t, n, deps))
        bob_task_ready_at_creation(self, t);
}

/* by: the task whose node it is, NULL for a taskwait's */
static void finish(bob_depnode_t *node, const bob_task_t *by)
{
    bob_spin_acquire(&node->lock);
    atomic_store_explicit(&node->done, true, memory_order_release);
    nodes_t succ = node->succ;
    node->succ = (nodes_t){0};
    bob_spin_release(&node->lock);
    /* read unlocked: once done, no edge writes the list (its room in the
     * node included), and the node lives while its task or waiter holds it */
    for (int i = 0; i < succ.n; i++) {
        bob_depnode_t *s = succ.at[i];
        bob_task_t *task = s->task; /* read first: a waiter frees its node */
        if (atomic_fetch_sub_explicit(&s->npred, 1, memory_order_acq_rel) != 1)
            continue;
        if (task)
            bob_task_release(task, by);
        else
            bt_futex_wake((uint32_t *)&s->npred, INT_MAX);
    }
    free_succ(node, &succ);
}

void bob_deps_complete(bob_task_t *t)
{
    if (!t->dep)
        return;
    finish(t->dep, t);
    node_release(t->dep);
    t->dep = NULL;
}

static void wait_deps(bob_thread_t *self, int n, const bob_dep_t *deps)
{
    if (satisfied(self->deps, n, deps))
        return;
    bool ready;
    bob_depnode_t *node = register_node(self, NULL, n, deps, &ready);
    if (!ready) {
        /* those waiting in its list run here first (task_list.c) */
        while (atomic_load_explicit(&node->npred, memory_order_acquire) &&
               bob_list_run(self, bob_task_child_of, self))
            ;
        /* the predecessors are its children: they may have its seat while it sleeps */
        bob_wait_zero_helping(&node->npred, "a taskwait with dependences", NULL, NULL, self,
                              BOB_LEND_DESCENDANTS);
    }
    finish(node, NULL);
    node_release(node);
}

void bob_deps_wait(bob_thread_t *self, int n, const bob_dep_t *deps)
{
    if (__builtin_expect(!bob_ompt_on, 1) || n == 0) {
        wait_deps(self, n, deps);
        return;
    }
    ompt_data_t task = ompt_data_none;
    bool entered = bob_ompt_deps_wait_begin(self, &task, n, deps);
    wait_deps(self, n, deps);
    bob_ompt_deps_wait_end(self, &task, entered);
}

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
    return x < y ? -1 : x > y;
}

/* mutexinoutset: the task holds its addresses' locks while it runs, taken
 * in address order so that two tasks never wait for each other. */
void bob_deps_lock(bob_task_t *t)
{
    qsort(t->mutexes, (size_t)t->nmutexes, sizeof *t->mutexes, by_address);
    for (int i = 0; i < t->nmutexes; i++)
        if (i == 0 || t->mutexes[i] != t->mutexes[i - 1])
            bob_lock_acquire(&t->mutexes[i]->word);
}

void bob_deps_unlock(bob_task_t *t)
{
    for (int i = t->nmutexes - 1; i >= 0; i--)
        if (i == 0 || t->mutexes[i] != t->mutexes[i - 1])
            bob_lock_release(&t->mutexes[i]->word);
}

void bob_deptable_free(struct bob_deptable *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nbuckets; i++)
        for (entry_t *e = t->buckets[i], *next; e; e = next) {
            next = e->next;
            entry_free(e);
        }
    node_release(t->all);
    free(t->buckets);
    free(t);
}

/* The node's successors as LLVM lists them, one entry per successor (two
 * dependences on one predecessor are two edges here, adjacent, since a
 * node's edges are added while it registers). */
static bob_succ_t *view_of(bob_depnode_t *n)
{
    view_t *v = NULL;
    int room = -1;
    bob_spin_acquire(&n->lock);
    while (n->view_n != n->succ.n && room != n->succ.n) { /* allocated unlocked */
        room = n->succ.n;
        bob_spin_release(&n->lock);
        free(v);
        v = alloc_or_die(sizeof *v + (size_t)room * sizeof v->entry[0]);
        bob_spin_acquire(&n->lock);
    }
    if (n->view_n != n->succ.n) {
        bob_succ_t *next = NULL;
        for (int i = n->succ.n - 1; i >= 0; i--)
            if (i == 0 || n->succ.at[i] != n->succ.at[i - 1]) {
                v->entry[i] = (bob_succ_t){n->succ.at[i], next};
                next = &v->entry[i];
            }
        v->older = n->views;
        n->views = v;
        n->view = next;
        n->view_n = n->succ.n;
        v = NULL;
    }
    bob_spin_release(&n->lock);
    free(v);
    return n->view;
}

void *bob_deps_node(bob_task_t *t)
{
    if (t->dep)
        view_of(t->dep);
    return t->dep;
}

void *bob_deps_successors(bob_task_t *t) { return t->dep ? view_of(t->dep) : NULL; }
