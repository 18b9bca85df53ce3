/* This file implements gcc's task reductions: task_reduction on a taskgroup,
 * in_reduction on tasks and taskloops, reduction on taskloop, and
 * reduction(task, ...) on parallel, loop, sections and scope constructs.
 *
 * The compiler describes the items in an array of words, the same for every
 * construct (gcc's layout, libgomp/task.c):
 *   d[0] items, d[1] bytes of one thread's chunk, d[2] alignment in, address
 *   of the chunks out, d[3] allocator, d[4] next array of the same
 *   registration (0: last, then the runtime links it to the registration
 *   enclosing this one), d[5] runtime-owned (here: the registration's record
 *   in the first array of a registration, 0 in the others), d[6] end of the
 *   chunks; then per item {address of the original, offset in a chunk,
 *   runtime-owned}, sorted by offset.
 * The runtime allocates nthreads zeroed chunks, nthreads being the size of
 * the team of the registering thread; compiled code finds thread i's chunk
 * at d[2] + i * d[1] (an implicit task uses its own thread number directly)
 * and combines all of them after the taskgroup or construct ended.
 *
 * Which chunk a task uses (GOMP_task_reduction_remap). In libgomp a task
 * runs on one pthread at a time, so the chunk of "the thread running the
 * task" is never updated by two tasks at once. Here a task of the team
 * that registered the array takes the chunk of its seat (seat.c): two
 * tasks running at once never share a seat, and one that is preempted or
 * suspended keeps it until a scheduling point, exactly like the tasks of
 * one libgomp thread; the compiled code's lazy initialisation of a chunk
 * (a flag in it) is safe too. An untied task would resume in any seat
 * after a scheduling point, and keep the chunk it got, as it keeps its
 * pointers, while the task then in its old seat updates the same chunk: so
 * a task that takes its seat's chunk is tied from then on. A taskloop's
 * reduction(...) tasks do not remap: the compiled code indexes the chunks
 * by omp_get_thread_num() directly, which is the seat (and they are tied
 * the same way, bob_gomp_task_reduction_bind).
 *
 * A task of another team (a nested region's, in_reduction on an array of
 * the enclosing team) has no seat there, and the chunk follows the ES
 * instead: the ES a team member runs on (bt_unit_es(member->unit), which
 * changes only where an idle ES takes it over; thread 0 is the unit that encountered the
 * parallel construct, found through the outer context or noted when it
 * registers). Such a task running on ES e takes the chunk of a team member
 * resident on e (its creator's thread number when that member is on e,
 * else the lowest such member). If no member of the team is on e, the task
 * first migrates itself (bt_migrate_to) to its creator member's ES and
 * takes that chunk (bob_gomp_task_reduction_bind also makes it its thread
 * number). A creator member on no ES (thread 0 of a team whose encountering
 * thread is an external application thread) has its chunk used from ES
 * creator % number of ESs instead.
 *
 * Limitations, all for arrays of another team: an untied task that moves to
 * another ES after remapping keeps the chunk it got and could then race
 * with the units of its new ES, and so could the member whose chunk it
 * got, should an idle ES take that member over (threading/yieldq.h: only
 * members with TLS blocks of their own, such as thread numbers past the
 * ES count, move); units of one ES may also be preempted
 * between scheduling points. A tasklet (BOBBIN_TASK_KIND=tasklet) cannot
 * migrate and keeps its creator's chunk; so does an undeferred task run by
 * an external thread. Members of nested teams start on their creator ES's
 * shared pool and are only found once they have started.
 *
 * Where the arrays hang: a taskgroup (bob_taskgroup_t) has gomp_reductions,
 * the newest registration visible in it, inherited from the enclosing
 * taskgroup when it begins; older registrations are reached through d[4].
 * Tasks see their creator's taskgroup. Worksharing constructs open a
 * taskgroup of their own in every thread (as libgomp does); the first
 * thread to arrive allocates the chunks and shares its array through the
 * construct's worksharing slot, the others copy d[2] and d[6] from it into
 * their own arrays. parallel reduction(task, ...) gives every thread of the
 * new team a taskgroup whose registration is the one of the encountering
 * thread, made by thread 0 once the team's size is known. */
#include "gomp.h"

#include "task.h"

#include <bobbin/threading.h>
#include <stdlib.h>
#include <string.h>

enum { NO_ES = -2 };

/* One registration: the team whose threads' chunks it has. */
typedef struct gred {
    bob_team_t *team;
    int nthreads;
} gred_t;

static gred_t *rec_of(const uintptr_t *d) { return (gred_t *)d[5]; }

/* Thread 0 of a team is the unit that forked it: remember it, so that the
 * team member ES lookup finds it. */
static void note_thread0(bob_thread_t *self)
{
    bob_team_t *team = self->team;
    bt_unit_t *me = bt_self();
    if (self == &team->threads[0] && me &&
        !__atomic_load_n((bt_unit_t **)&team->threads[0].unit, __ATOMIC_ACQUIRE))
        __atomic_store_n((bt_unit_t **)&team->threads[0].unit, me, __ATOMIC_RELEASE);
}

/* The ES member i of team lives on, NO_ES if unknown. A member's unit is
 * stored by its launcher just after creating it, so a member known to have
 * started (wait) may need a moment until it is visible. */
static int member_es(bob_team_t *team, int i, bool wait)
{
    const bob_thread_t *th = &team->threads[i];
    bt_unit_t *u = __atomic_load_n((bt_unit_t **)&th->unit, __ATOMIC_ACQUIRE);
    while (!u && i > 0 && wait) {
        bt_yield();
        u = __atomic_load_n((bt_unit_t **)&th->unit, __ATOMIC_ACQUIRE);
    }
    /* thread 0 runs on the unit of the implicit task that forked it */
    for (int depth = 0; !u && th->tid == 0 && th->outer && !th->outer->task && depth < 64;
         depth++) {
        th = th->outer;
        u = __atomic_load_n((bt_unit_t **)&th->unit, __ATOMIC_ACQUIRE);
    }
    int es = u ? bt_unit_es(u) : -1;
    return es >= 0 ? es : NO_ES;
}

/* The chunk index the calling task uses for rec's team; for another team's
 * array it may first move the task to its creator member's ES (see the top
 * of the file). */
static int chunk_index(bob_thread_t *self, const gred_t *rec, bool may_migrate)
{
    bob_team_t *team = rec->team;
    if (self->team == team) {
        /* The chunk is the seat's while the task keeps the seat: an untied
         * task is tied from now on, as every libgomp task is, so that it
         * resumes in this seat after a scheduling point. */
        if (self->task)
            self->task->flags |= BOB_TASK_TIED;
        return self->seat;
    }
    int n = rec->nthreads;
    int creator = self->team == team && self->tid < n ? self->tid : 0;
    int es = bt_self_es();
    /* the creator member has started: it made the task, or its ancestor */
    int home = member_es(team, creator, self->team == team);
    if (es >= 0 && home == es)
        return creator;
    for (int i = 0; es >= 0 && i < n; i++)
        if (i != creator && member_es(team, i, false) == es)
            return i;
    if (home < 0) /* a creator on no ES: its chunk belongs to a fixed one */
        home = creator % bt_num_es();
    if (es != home && may_migrate && bt_self() && !bt_self_is_tasklet())
        bt_migrate_to(bt_pool_private(home));
    return creator;
}

/* ---- registration ------------------------------------------------------------- */

/* Registers data's arrays for nthreads threads of team, enclosing old (the
 * registration visible so far). orig: the first thread's arrays of a
 * worksharing construct, whose chunks these share; NULL to allocate. */
static void reg(uintptr_t *data, uintptr_t *old, const uintptr_t *orig, bob_team_t *team,
                int nthreads)
{
    gred_t *rec = malloc(sizeof *rec);
    if (!rec)
        bob_fatal("out of memory for a task reduction");
    *rec = (gred_t){team, nthreads};
    for (uintptr_t *d = data;; d = (uintptr_t *)d[4]) {
        if (orig) {
            d[2] = orig[2];
            d[6] = orig[6];
            orig = (const uintptr_t *)orig[4];
        } else {
            size_t size = d[1] * (size_t)nthreads, align = d[2];
            if (align < sizeof(void *) || (align & (align - 1)))
                align = 64;
            void *chunks;
            if (posix_memalign(&chunks, align, size ? size : 1))
                bob_fatal("out of memory for task reduction chunks (%zu bytes)", size);
            memset(chunks, 0, size);
            d[2] = (uintptr_t)chunks;
            d[6] = d[2] + size;
        }
        d[5] = 0;
        if (!d[4]) {
            d[4] = (uintptr_t)old;
            break;
        }
    }
    data[5] = (uintptr_t)rec;
}

/* Frees the record of data's registration, and its chunks if with_chunks. */
static void unreg(uintptr_t *data, bool with_chunks)
{
    free(rec_of(data));
    for (uintptr_t *d = data; d && (d == data || !d[5]); d = (uintptr_t *)d[4]) {
        if (with_chunks)
            free((void *)d[2]);
        d[2] = 0;
    }
}

static uintptr_t *visible(const bob_thread_t *self)
{
    return self->taskgroup ? self->taskgroup->gomp_reductions : NULL;
}

/* A chunk of another team's array is the one remap that may move a task
 * (chunk_index); the registrations a task may name are those visible. */
bool bob_gomp_taskred_may_move(const bob_thread_t *ctx)
{
    for (const uintptr_t *d = visible(ctx); d; d = (const uintptr_t *)d[4])
        if (d[5] && rec_of(d)->team != ctx->team)
            return true;
    return false;
}

void bob_gomp_taskgroup_reduction_register(bob_thread_t *self, uintptr_t *data)
{
    if (!self->taskgroup)
        bob_fatal("GOMP_taskgroup_reduction_register outside a taskgroup");
    note_thread0(self);
    reg(data, visible(self), NULL, self->team, self->team->nthreads);
    self->taskgroup->gomp_reductions = data;
}

void bob_gomp_taskgroup_reduction_unregister(uintptr_t *data) { unreg(data, true); }

/* ---- remapping ------------------------------------------------------------------ */

/* The array of the chain from `data` holding address p, original or in its
 * chunks; *rec receives the registration it belongs to. */
static uintptr_t *find(uintptr_t *data, uintptr_t p, bool *is_orig, size_t *item,
                       const gred_t **rec)
{
    const gred_t *cur = NULL;
    for (uintptr_t *d = data; d; d = (uintptr_t *)d[4]) {
        if (d[5])
            cur = rec_of(d);
        for (size_t j = 0; j < d[0]; j++)
            if (d[7 + 3 * j] == p) {
                *is_orig = true, *item = j, *rec = cur;
                return d;
            }
        if (p >= d[2] && p < d[6]) {
            *is_orig = false, *rec = cur;
            return d;
        }
    }
    return NULL;
}

void bob_gomp_task_reduction_remap(bob_thread_t *self, size_t cnt, size_t cntorig,
                                   void **ptrs)
{
    uintptr_t *data = visible(self);
    if (!data)
        bob_fatal("GOMP_task_reduction_remap: no task reduction is visible here");
    const gred_t *first = NULL;
    int first_index = 0;
    for (size_t i = 0; i < cnt; i++) {
        uintptr_t p = (uintptr_t)ptrs[i];
        bool is_orig = false;
        size_t item = 0;
        const gred_t *rec = NULL;
        uintptr_t *d = find(data, p, &is_orig, &item, &rec);
        if (!d || !rec)
            bob_fatal("couldn't find matching task_reduction or reduction with task "
                      "modifier for %p", ptrs[i]);
        uintptr_t off;
        if (is_orig) {
            off = d[7 + 3 * item + 1];
        } else {
            off = (p - d[2]) % d[1];
            size_t lo = 0, hi = d[0];
            while (lo < hi) { /* the item at that offset: the items are sorted */
                size_t m = lo + (hi - lo) / 2;
                if (d[7 + 3 * m + 1] < off)
                    lo = m + 1;
                else
                    hi = m;
            }
            if (lo == d[0] || d[7 + 3 * lo + 1] != off) {
                if (i < cntorig)
                    bob_fatal("couldn't find matching task_reduction or reduction "
                              "with task modifier for %p", ptrs[i]);
            }
            item = lo;
        }
        int index;
        if (!first) { /* the only point where the task may move */
            first = rec;
            index = first_index = chunk_index(self, rec, true);
        } else if (rec->team == first->team) {
            index = first_index;
        } else {
            index = chunk_index(self, rec, false);
        }
        ptrs[i] = (void *)(d[2] + (uintptr_t)index * d[1] + off);
        if (i < cntorig)
            ptrs[cnt + i] = (void *)d[7 + 3 * item];
    }
}

/* A task of a taskloop with reduction clauses finds its chunk with
 * omp_get_thread_num() (the executing thread's number in libgomp): it gets
 * the number of the member whose chunk it may use on its ES. */
void bob_gomp_task_reduction_bind(bob_thread_t *self, uintptr_t *data)
{
    const gred_t *rec = rec_of(data);
    if (rec)
        self->tid = chunk_index(self, rec, true);
}

/* ---- worksharing constructs ------------------------------------------------------ */

typedef struct ws_reg {
    bob_thread_t *self;
    uintptr_t *data;
} ws_reg_t;

/* The first thread's registration, shared through the construct's slot. */
static void ws_install(bob_ws_t *ws, void *arg)
{
    ws_reg_t *r = arg;
    uintptr_t **payload = malloc(sizeof *payload);
    if (!payload)
        bob_fatal("out of memory for a task reduction");
    reg(r->data, visible(r->self), NULL, r->self->team, r->self->team->nthreads);
    *payload = r->data;
    ws->payload = payload;
}

void bob_gomp_workshare_reductions(bob_thread_t *self, uintptr_t *reductions)
{
    if (!reductions)
        return;
    note_thread0(self);
    bob_taskgroup_begin(self);
    ws_reg_t r = {self, reductions};
    bob_ws_t *ws = bob_ws_enter(self, ws_install, &r);
    uintptr_t *first = *(uintptr_t **)ws->payload;
    if (first != reductions)
        reg(reductions, visible(self), first, self->team, self->team->nthreads);
    bob_ws_leave(ws);
    self->taskgroup->gomp_reductions = reductions;
    self->taskgroup->workshare = true;
}

void bob_gomp_workshare_reductions_end(bob_thread_t *self, bool cancelled)
{
    uintptr_t *data = visible(self);
    bob_taskgroup_end(self);
    if (data)
        unreg(data, self->tid == 0);
    if (!cancelled)
        bob_barrier(self);
}

/* ---- parallel reduction(task, ...) ------------------------------------------------ */

typedef struct par_red {
    void (*fn)(void *);
    void *data;
    unsigned nthreads;
} par_red_t;

static void par_red_body(void *arg)
{
    par_red_t *pr = arg;
    bob_thread_t *self = bob_self();
    /* the compiler's argument block starts with the reductions array */
    uintptr_t *rdata = *(uintptr_t **)pr->data;
    note_thread0(self);
    if (self->tid == 0) {
        reg(rdata, NULL, NULL, self->team, self->team->nthreads);
        pr->nthreads = (unsigned)self->team->nthreads;
    }
    bob_barrier(self); /* the chunks exist before any thread uses its own */
    bob_taskgroup_begin(self);
    self->taskgroup->gomp_reductions = rdata;
    pr->fn(pr->data);
    bob_taskgroup_end(self);
}

unsigned bob_gomp_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads,
                                      int proc_bind)
{
    par_red_t pr = {fn, data, 1};
    bob_gomp_parallel(par_red_body, &pr, num_threads, proc_bind, NULL);
    return pr.nthreads;
}
