/* Explicit tasks: the compiler's kmp_task_t, the runtime's task around it,
 * taskgroups and dependences. See task.c for the design. */
#ifndef BOB_TASK_H
#define BOB_TASK_H

#include "rt.h"
#include "task_throttle.h"

typedef int32_t (*bob_task_entry_t)(int32_t gtid, void *task);

/* kmp_task_t as the compiler lays it out; its privates follow it. data1
 * holds the destructors thunk, data2 the priority (LLVM's kmp.h). */
typedef union bob_cmplrdata {
    int32_t priority;
    bob_task_entry_t destructors;
} bob_cmplrdata_t;

typedef struct bob_kmp_task {
    void *shareds;
    bob_task_entry_t routine;
    int32_t part_id;
    bob_cmplrdata_t data1;
    bob_cmplrdata_t data2;
} bob_kmp_task_t;

/* The compiler's task flags (the low 16 bits of kmp_tasking_flags_t). */
enum {
    BOB_TASK_TIED = 1 << 0,
    BOB_TASK_FINAL = 1 << 1,
    BOB_TASK_MERGED_IF0 = 1 << 2,
    BOB_TASK_DESTRUCTORS = 1 << 3,
    BOB_TASK_PROXY = 1 << 4,
    BOB_TASK_PRIORITY = 1 << 5,
    BOB_TASK_DETACHABLE = 1 << 6,
    /* The runtime's own, above the compiler's: the task was made through
     * libomp's entry points, so a team of one runs it at once
     * (bob_task_serial_now). */
    BOB_TASK_LIBOMP = 1 << 16,
};

/* libomp runs every task of a team of one at once (its teams of one are
 * serialized, and so are their tasks); libgomp defers them, and a program
 * built for it may count on that (a task that waits for what its creator
 * does next). A program built for libomp cannot, so a task it makes there
 * runs at once, as cheaply as libomp runs it: the entry points of clang's
 * ABI mark their tasks BOB_TASK_LIBOMP. */
static inline bool bob_task_serial_now(const bob_thread_t *self, int32_t task_flags)
{
    return (task_flags & BOB_TASK_LIBOMP) && self->team->nthreads == 1;
}

/* detach state bits: the first of the body's end and the event's
 * fulfilment to come leaves completing the task to the other */
enum { BOB_BODY_DONE = 1, BOB_FULFILLED = 2 };

typedef struct bob_taskgroup {
    _Atomic uint32_t pending;       /* tasks of the group not complete; futex word */
    _Atomic bool cancelled;         /* by cancel taskgroup (cancel.c) */
    /* gcc's group of a worksharing construct's task reductions, which
     * cancel taskgroup passes over to the group enclosing it (cancel.c) */
    bool workshare;
    struct bob_taskgroup *parent;
    struct bob_taskred *reductions; /* task_reduction items (taskred.c) */
    /* gcc's newest task reduction array visible in the group, inherited
     * from the enclosing group (gomp_taskred.c) */
    uintptr_t *gomp_reductions;
} bob_taskgroup_t;

struct bob_depnode;

typedef struct bob_task {
    bob_thread_t ctx;               /* bob_self() while the task runs */
    /* From ctx.children to here the memory starts zero (task_mem.c). */
    _Atomic int32_t detach;         /* BOB_BODY_DONE | BOB_FULFILLED */
    uint32_t event;                 /* its event's slot (task_event.c), 0 if none */
    _Atomic uint64_t id;            /* 0 until asked for (bob_task_id) */
    struct bob_depnode *dep;        /* its node in the dependence graph */
    struct bob_depmutex **mutexes;  /* mutexinoutset locks to hold while it runs */
    int nmutexes;
    bool requeued;                  /* an untied task's part asked to run again */
    bool yielded;                   /* its part reached a taskyield */
    /* runs even when its taskgroup is cancelled: a gcc task whose copy
     * function built firstprivates that only its body destroys */
    bool undiscardable;
    bool seated;                    /* given a seat while parked (seat.c) */
    bool own_seat;                  /* runs in a seat it took, not its creator's */
    /* the waiter about to run it in place, in the waiter's seat */
    struct bob_thread *host;
    uint32_t nest_owner;            /* its owner id for nest locks, 0 until drawn */
    /* copies of clang's variable-length task reduction items it holds
     * (taskred.c), until its body ends; NULL but for such tasks */
    struct bob_taskred_copy *taskred;
    /* context of the generating task; the clean part ends here, on a
     * 16-byte boundary (task_mem.c) */
    _Alignas(16) bob_thread_t *parent;
    /* NULL if that was an implicit task, or while it needs no reference on
     * it: a listed task in its parent's list (task_list.c) */
    struct bob_task *parent_task;
    /* A context that runs on the stack of another, which drains or hands
     * on its list: where its own list goes when it ends (task_list.c);
     * NULL for a task run as a unit of its own, or where nothing lists. */
    bob_thread_t *list_to;
    /* counted only in its taskgroup: its parent waits for it by running
     * its list (task_list.c) */
    bool listed;
    bob_taskgroup_t *taskgroup;     /* the group it counts in, or NULL */
    _Atomic int32_t refs;           /* 1 until complete, + 1 per incomplete child */
    int32_t flags;
    size_t size;                    /* of the whole allocation */
    bt_call_t fulfilled;            /* its completion, posted by omp_fulfill_event */
    /* in its team's tasks waiting for a seat, or in a context's list */
    struct bob_task *parked_next;
    bob_kmp_task_t kmp;             /* the compiler's part; privates follow */
} bob_task_t;

/* Appends t to the queue linked by parked_next from *head to *tail. */
static inline void bob_task_append(bob_task_t **head, bob_task_t **tail, bob_task_t *t)
{
    t->parked_next = NULL;
    if (*head)
        (*tail)->parked_next = t;
    else
        *head = t;
    *tail = t;
}

static inline bob_task_t *bob_task_of(void *kmp_task)
{
    return (bob_task_t *)((char *)kmp_task - offsetof(bob_task_t, kmp));
}

/* ---- task_mem.c ---- */
/* The bytes of a task's head that start zero: bob_task_mem_alloc returns
 * them so, and bob_task_mem_free takes memory with them in any state. */
#define BOB_TASK_CLEAN_FROM offsetof(bob_task_t, ctx.children)
#define BOB_TASK_CLEAN_TO offsetof(bob_task_t, parent)
bob_task_t *bob_task_mem_alloc(size_t size);
void bob_task_mem_free(bob_task_t *t, size_t size);
/* Memory for a task of self of size bytes: self's spare if it fits, else
 * fresh; either way with refs 1, no parent task and no taskgroup. */
bob_task_t *bob_task_mem_take(bob_thread_t *self, size_t size);
/* Keeps t, which completed here, as self's spare if nothing refers to it
 * and it holds nothing (bob_task_mem_reusable); false if it may not be
 * kept. */
bool bob_task_mem_keep(bob_thread_t *self, bob_task_t *t);
bool bob_task_mem_reusable(const bob_task_t *t);

/* ---- task_event.c ---- */
/* A slot for the event of t, made detachable, to store in t->event. */
uint32_t bob_task_event_make(bob_task_t *t);
/* The handle the program holds for the event of t. */
uint64_t bob_task_event_handle(const bob_task_t *t);
/* Marks the event of handle fulfilled and returns its task; ends the
 * program when handle names no event or one fulfilled already. */
bob_task_t *bob_task_event_fulfil(uint64_t handle);
/* Gives slot n back, its task's memory going back too. */
void bob_task_event_free(uint32_t n);

/* ---- task.c ---- */
bob_kmp_task_t *bob_task_alloc(bob_thread_t *self, int32_t flags, size_t sizeof_kmp_task,
                               size_t sizeof_shareds, bob_task_entry_t entry);
/* A new tied task of self without a body, made as libomp makes one: what
 * `taskwait depend(...) nowait` stands for (OpenMP 5.1), given its
 * dependences by bob_task_submit_deps. */
bob_task_t *bob_task_bodiless(bob_thread_t *self);
/* t, accounted, whose dependences were met when its creator registered
 * them: it runs at once where bob_task_at_once says so, else it is queued. */
void bob_task_ready_at_creation(bob_thread_t *self, bob_task_t *t);
/* A tied task without dependences or detach event that runs at once, here
 * (see completes_here in task.c): begin makes it the calling thread's
 * context, with room bytes of its own from t->kmp on; end completes it. */
bob_task_t *bob_task_here_begin(bob_thread_t *self, int32_t flags, size_t room);
/* Runs fn(data) as a tied task of self run at once, without dependences,
 * detach event or final clause, giving it a context only if it needs one
 * (task.c). self is the calling unit's context (bt_self_arg), and no tool
 * is attached (bob_ompt_on), which would see every task. */
void bob_task_run_elided(bob_thread_t *self, void (*fn)(void *), void *data);
/* The same for a run of such tasks (a taskloop's chunks run at once), the
 * unit's flag set once for the run: begin (false, changing nothing, where
 * a task cannot be elided), then each body followed by
 * bob_task_elide_next, then end. */
typedef struct bob_elision {
    bool nested; /* begun in an elided task, whose flag stays set */
} bob_elision_t;
bool bob_task_elide_begin(bob_thread_t *self, bob_elision_t *e);
void bob_task_elide_materialized(bob_thread_t *self);
/* A body that made itself a context (bob_task_materialize, which clears
 * the flag) ends it, and the next body starts elided again. */
static inline void bob_task_elide_next(bob_thread_t *self)
{
    if (__builtin_expect(!bt_self_flag(), 0))
        bob_task_elide_materialized(self);
}
static inline void bob_task_elide_end(const bob_elision_t *e)
{
    if (__builtin_expect(!e->nested, 1))
        bt_self_set_flag(0);
}
void bob_task_here_end(bob_thread_t *self, bob_task_t *t);
/* For a run of such tasks made one after the other (a taskloop's chunks
 * run at once): whether t, whose body returned, begins again as the next
 * one, with the same flags and room, still the calling thread's context;
 * if not, it must end (bob_task_here_end). */
bool bob_task_here_again(bob_thread_t *self, bob_task_t *t);
/* Frees what a context holds for its children: call it when a thread's or
 * task's context goes away. */
void bob_context_fini(bob_thread_t *ctx);
/* Counts t as a child of self, then makes it ready (or runs it at once if
 * it must be included). */
void bob_task_submit(bob_thread_t *self, bob_task_t *t);
/* Runs t at once on self, as a throttled task runs. */
void bob_task_run_now(bob_thread_t *self, bob_task_t *t);
/* Only the counting, for a task whose dependences hold it back. */
void bob_task_account(bob_thread_t *self, bob_task_t *t);
/* The counting of n child tasks of self at once, for a batch made by one
 * construct (taskloop): each is then queued by bob_task_queue_counted. */
void bob_task_account_many(bob_thread_t *self, uint32_t n);
void bob_task_queue_counted(bob_thread_t *self, bob_task_t *t);
/* Called when the task's last predecessor, by, completed (depend.c). */
void bob_task_release(bob_task_t *t, const bob_task_t *by);
/* Makes t, parked for want of a seat and now seated, a unit again. */
void bob_task_respawn(bob_task_t *t);
/* seat.c: whether deferred task t took a seat (or was given one); if not,
 * it is parked until one is free. */
bool bob_seat_take(bob_task_t *t);
/* Whether ctx is an untied task in a seat of its own, which it may change
 * for another at a scheduling point. */
bool bob_seat_untied(const bob_thread_t *ctx);
void bob_task_begin_if0(bob_thread_t *self, bob_task_t *t);
void bob_task_complete_if0(bob_thread_t *self, bob_task_t *t);
/* Runs t's body here and now, as an undeferred task. */
void bob_task_run_undeferred(bob_thread_t *self, bob_task_t *t);
/* A deferred task's unit body (task.c), which a waiter may run in place
 * (task_wait.c). */
void bob_task_main(void *ctx);
/* Waiting for tasks (task_wait.c). */
void bob_taskwait(bob_thread_t *self);
void bob_taskyield(bob_thread_t *self);
/* Completion of a detached or proxy task from outside its body; a
 * detached task is named by its event handle. */
void bob_task_fulfill(uint64_t event_handle);
void bob_task_proxy_completed(bob_task_t *t);
/* Before self makes a task with dependences: if too many of its children
 * are incomplete, runs ready ones in place (task_wait.c). */
void bob_task_drain(bob_thread_t *self);
/* Waits until every explicit task of the team has completed. */
void bob_team_wait_tasks(bob_thread_t *self, bob_team_t *team);
/* Waits until the tasks counted in tg have completed. */
void bob_taskgroup_wait(bob_thread_t *self, bob_taskgroup_t *tg);
/* A barrier's waiter runs a task of its team that waits on its ES, in
 * place; false if there was none it could run. */
bool bob_run_team_task(bob_thread_t *self);
/* Suspends until *word is 0, naming `what` if a tasklet would wait. */
void bob_wait_zero(_Atomic uint32_t *word, const char *what);
/* The same for a waiter that may run what it waits for: each time spinning
 * stops paying, help(arg) may run one such thing (true if it did, and the
 * wait starts over) before the waiter suspends; while it sleeps, lender
 * (unless NULL) lends its seat to_whom (seat.c). */
void bob_wait_zero_helping(_Atomic uint32_t *word, const char *what, bool (*help)(void *),
                           void *arg, bob_thread_t *lender, bob_lend_t to_whom);
uint64_t bob_task_id(const bob_thread_t *self);

/* ---- task_list.c: a team of one's tasks waiting in lists ---- */
/* Whether t, ready, may wait in owner's list. */
bool bob_list_takes(const bob_thread_t *owner, const bob_task_t *t);
void bob_list_push(bob_thread_t *owner, bob_task_t *t);
/* Runs the oldest task of owner's list that is(task_ctx, arg) accepts (any
 * if is is NULL), on owner's stack; false if there was none. */
bool bob_list_run(bob_thread_t *owner, int (*is)(void *task_ctx, void *arg), void *arg);
/* from, a task's context that lists, ends: its list goes to its list_to's. */
void bob_list_hand_on(bob_thread_t *from);
/* The list t, released by its predecessor by's completion on by's stack,
 * may wait in: its parent's, if that context is on this stack and takes
 * it; else NULL. */
bob_thread_t *bob_list_owner(const bob_task_t *t, const bob_task_t *by);
/* task.c: runs t, taken from host's list, on host's stack. */
void bob_task_run_listed(bob_thread_t *host, bob_task_t *t);
/* task.c: whether task_ctx is a child of the context parent. */
int bob_task_child_of(void *task_ctx, void *parent);

/* ---- depend.c ---- */
typedef struct bob_dep {
    intptr_t addr;
    size_t len;
    uint8_t flags; /* 1 in, 2 out, 4 mutexinoutset, 8 inoutset, 0x80 omp_all_memory */
} bob_dep_t;

/* Registers t's dependences among its siblings; returns true if t may run
 * now, else bob_task_release runs it when its predecessors are done. */
bool bob_deps_register(bob_thread_t *parent, bob_task_t *t, int n, const bob_dep_t *deps);
/* Counts t as a child of self and makes it ready once its n dependences
 * deps hold (at once if n is 0). */
void bob_task_submit_deps(bob_thread_t *self, bob_task_t *t, int n, const bob_dep_t *deps);
/* Waits until the given dependences of the calling task's children hold. */
void bob_deps_wait(bob_thread_t *self, int n, const bob_dep_t *deps);
/* t completed: its successors may become ready. */
void bob_deps_complete(bob_task_t *t);
/* t's node in the graph (NULL without dependences) and the list of its
 * successors, in LLVM's layouts (see depend.c); valid until t completes. */
void *bob_deps_node(bob_task_t *t);
void *bob_deps_successors(bob_task_t *t);
void bob_deps_lock(bob_task_t *t);
void bob_deps_unlock(bob_task_t *t);
void bob_deptable_free(struct bob_deptable *table);

/* ---- taskgroup.c ---- */
void bob_taskgroup_begin(bob_thread_t *self);
void bob_taskgroup_end(bob_thread_t *self);

/* ---- gomp_taskred.c (gcc's task reductions), for the task scheduler ---- */
/* Whether a task with context ctx may move to another ES to take a chunk
 * of gcc's task reductions: only for an array registered by another team
 * than its own. */
bool bob_gomp_taskred_may_move(const bob_thread_t *ctx);

/* ---- taskred.c: LLVM's task reductions ---- */
/* with_orig selects LLVM's newer input layout (taskred). */
void *bob_taskred_init(bob_thread_t *self, int n, const void *data, bool with_orig);
void *bob_taskred_get(bob_thread_t *self, void *group, void *data);
void *bob_taskred_modifier_init(bob_thread_t *self, int n, const void *data,
                                bool with_orig);
void bob_taskred_modifier_fini(bob_thread_t *self);
/* Combines the copies into the items (into[i] for item i, unless NULL) and
 * frees r. */
void bob_taskred_finish(struct bob_taskred *r, void *const *into);
/* t's body has ended, on the unit that ran it: its copies (t->taskred) are
 * combined into their items and given back to them. */
void bob_taskred_task_end(bob_task_t *t);

/* An item's functions as the compiler gave them: init2 (taskred, with
 * omp_orig) or init1 (task_reduction), either may be absent. */
typedef struct bob_taskred_fns {
    void (*init2)(void *priv, void *orig);
    void (*init1)(void *priv);
    void (*fini)(void *priv);
    void (*comb)(void *shared, void *priv);
    void *orig;
} bob_taskred_fns_t;
/* Initialises a copy; without an init function, zeroes its size bytes. */
void bob_taskred_call_init(const bob_taskred_fns_t *fns, void *priv, size_t size);

/* ---- taskred_size.c ---- */
/* The bytes a copy of an item needs: what its init writes, at least
 * declared (the compiler's reduce_size). */
size_t bob_taskred_extent(const bob_taskred_fns_t *fns, size_t declared);

/* ---- taskloop.c ---- */
typedef void (*bob_task_dup_t)(void *dst, void *src, int32_t lastpriv);
enum bob_taskloop_sched { BOB_TASKLOOP_DEFAULT, BOB_TASKLOOP_GRAINSIZE,
                          BOB_TASKLOOP_NUM_TASKS };
void bob_taskloop(bob_thread_t *self, bob_task_t *pattern, bool if_val, uint64_t *lb,
                  uint64_t *ub, int64_t st, bool nogroup, int sched, uint64_t size,
                  bool strict, bob_task_dup_t dup);
/* The split of trip iterations into tasks, for any ABI: next gives each
 * task's first iteration and count, false when all are handed out. */
typedef struct bob_chunks {
    uint64_t trip, ntasks, base, extra, k, first;
} bob_chunks_t;
void bob_chunks_init(bob_chunks_t *c, bob_thread_t *self, uint64_t trip, int sched,
                     uint64_t size, bool strict);

static inline bool bob_chunks_done(const bob_chunks_t *c)
{
    return c->k == c->ntasks || c->first == c->trip;
}

static inline bool bob_chunks_next(bob_chunks_t *c, uint64_t *first, uint64_t *count)
{
    if (bob_chunks_done(c))
        return false;
    uint64_t n = c->base + (c->k++ < c->extra);
    if (n > c->trip - c->first)
        n = c->trip - c->first;
    *first = c->first;
    *count = n;
    c->first += n;
    return true;
}

/* Positions c at chunk k, as if the k chunks before it were handed out. */
static inline void bob_chunks_seek(bob_chunks_t *c, uint64_t k)
{
    uint64_t first = k * c->base + (k < c->extra ? k : c->extra);
    c->k = k;
    c->first = first < c->trip ? first : c->trip;
}

/* The chunks of a taskloop that several threads run, each claiming runs
 * of them in turn (gomp_task.c's helpers): the first not claimed yet. */
typedef struct bob_chunks_claim {
    _Atomic uint64_t next;
    uint64_t ntasks;
    uint64_t nthreads;
} bob_chunks_claim_t;
/* The chunks of c not handed out yet, for nthreads to claim. */
void bob_chunks_claim_init(bob_chunks_claim_t *cl, const bob_chunks_t *c, int nthreads);
/* One claimer's pace: how many chunks it may claim next, from how long
 * its last run took. Zero to start; the claimer runs the chunks of one
 * claim before it makes the next. */
typedef struct bob_claim_pace {
    uint64_t limit; /* chunks the last claim could take */
    uint64_t got;   /* chunks it took */
    uint64_t since; /* when it was made (CLOCK_MONOTONIC ns), 0 before */
} bob_claim_pace_t;
/* Claims the chunks [*k, *end) at pace's pace; false once all are claimed. */
bool bob_chunks_claim(bob_chunks_claim_t *cl, bob_claim_pace_t *pace, uint64_t *k,
                      uint64_t *end);

/* What a taskloop knows of its queue so far (taskloop.c), made by
 * bob_feed_init. */
typedef struct bob_feed {
    uint32_t wait;    /* chunks to run at once before the next look */
    uint32_t every;   /* chunks run at once between two looks */
    uint32_t ran;     /* chunks run at once since `since` */
    uint64_t since;   /* when they began (CLOCK_MONOTONIC ns), 0 if none did */
    bool last_here;   /* the last chunk runs at once */
    bool first_look;  /* no look was made yet */
    bool alone;       /* a team of one's thread: no thief makes room */
} bob_feed_t;
/* f for a taskloop of self; group: whether its taskgroup waits for it. */
void bob_feed_init(bob_feed_t *f, const bob_thread_t *self, bool group);
/* How the next chunks of c go, while some are left: returns how many in a
 * row, at least 1, are queued (*queued; each is counted already, for
 * bob_task_queue_counted) or run at once (bob_task_run_now, or any way
 * that completes each before the thread goes on). Deciding per run, not
 * per chunk, lets the caller run a run of small chunks in a tight loop. */
uint64_t bob_taskloop_plan(bob_thread_t *self, bob_feed_t *f, const bob_chunks_t *c,
                           bool *queued);

#endif
