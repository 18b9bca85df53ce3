/* bobbin-profile: a small profiler on the OMPT interface, loaded into any
 * OpenMP program through OMP_TOOL_LIBRARIES (on Bobbin, or any runtime
 * with OMPT). At the end of the program it prints, on stderr or in the
 * file BOBBIN_PROFILE names:
 *
 *   - each parallel region by the address that forked it (with its
 *     symbol when the dynamic linker knows one): how often it ran, its
 *     team size, its total time;
 *   - the time threads spent waiting, by kind: barriers, taskwait,
 *     taskgroup, locks and critical sections, ORDERED;
 *   - explicit tasks: how many were created and completed, and the time
 *     spent in their bodies.
 *
 * Waits and task bodies are timed per task (each task's tool data holds
 * its clocks), never per thread: on Bobbin several tasks of one OMPT
 * thread may run at once on different execution streams. */
#include <omp-tools.h>

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static ompt_get_task_info_t get_task_info;

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* What a task (implicit or explicit) keeps in its tool data. */
typedef struct task_clock {
    uint64_t wait_start; /* of the wait in progress */
    uint64_t body_start; /* of its body's running stretch (explicit tasks) */
    int explicit_task;
} task_clock_t;

/* Waits by kind. */
enum { WAIT_BARRIER, WAIT_TASKWAIT, WAIT_TASKGROUP, WAIT_MUTEX, WAIT_ORDERED, WAIT_KINDS };
static const char *const wait_names[WAIT_KINDS] = {"barrier", "taskwait", "taskgroup",
                                                   "lock/critical", "ordered"};
static _Atomic uint64_t wait_ns[WAIT_KINDS], wait_count[WAIT_KINDS];

static _Atomic uint64_t tasks_created, tasks_done, task_ns, threads_seen;
static uint64_t start_ns;

/* Parallel regions by the address that forked them: an open-addressed
 * table whose keys are claimed once, by compare-and-swap. */
enum { REGIONS = 256 };
static struct region {
    _Atomic(const void *) ra;
    _Atomic uint64_t count, ns, threads;
} regions[REGIONS];
static _Atomic uint64_t regions_lost;

/* A region forked from an unknown address is filed under UNKNOWN. */
#define UNKNOWN ((const void *)1)

static struct region *region_of(const void *ra)
{
    if (!ra)
        ra = UNKNOWN;
    uintptr_t h = ((uintptr_t)ra >> 4) * 0x9e3779b97f4a7c15u;
    for (unsigned i = 0; i < REGIONS; i++) {
        struct region *r = &regions[(h + i) % REGIONS];
        const void *seen = atomic_load(&r->ra);
        if (seen == ra || (!seen && (atomic_compare_exchange_strong(&r->ra, &seen, ra) ||
                                     seen == ra)))
            return r;
    }
    return NULL;
}

/* A region's data: when it began and what forked it. */
typedef struct region_clock {
    uint64_t start;
    const void *ra;
    unsigned threads;
} region_clock_t;

static void *tool_alloc(size_t size)
{
    void *p = calloc(1, size);
    if (!p) {
        fputs("bobbin-profile: out of memory\n", stderr);
        abort();
    }
    return p;
}

static task_clock_t *clock_of(ompt_data_t *task)
{
    if (!task)
        return NULL;
    if (!task->ptr)
        task->ptr = tool_alloc(sizeof(task_clock_t));
    return task->ptr;
}

static task_clock_t *current_clock(void)
{
    ompt_data_t *task = NULL;
    if (get_task_info(0, NULL, &task, NULL, NULL, NULL) != 2)
        return NULL;
    return clock_of(task);
}

static void wait_begin(task_clock_t *c)
{
    if (c)
        c->wait_start = now_ns();
}

static void wait_end(task_clock_t *c, int kind)
{
    if (!c || !c->wait_start)
        return;
    atomic_fetch_add_explicit(&wait_ns[kind], now_ns() - c->wait_start, memory_order_relaxed);
    atomic_fetch_add_explicit(&wait_count[kind], 1, memory_order_relaxed);
    c->wait_start = 0;
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread)
{
    (void)type, (void)thread;
    atomic_fetch_add_explicit(&threads_seen, 1, memory_order_relaxed);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                              ompt_data_t *parallel, unsigned requested, int flags,
                              const void *ra)
{
    (void)task, (void)frame, (void)requested, (void)flags;
    region_clock_t *r = tool_alloc(sizeof *r);
    r->start = now_ns();
    r->ra = ra;
    parallel->ptr = r;
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                             ompt_data_t *task, unsigned n, unsigned index, int flags)
{
    if (endpoint == ompt_scope_begin) {
        clock_of(task);
        if (index == 0 && parallel && parallel->ptr && !(flags & ompt_task_initial))
            ((region_clock_t *)parallel->ptr)->threads = n;
        return;
    }
    free(task->ptr);
    task->ptr = NULL;
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra)
{
    (void)task, (void)flags, (void)ra;
    region_clock_t *c = parallel->ptr;
    if (!c)
        return;
    struct region *r = region_of(c->ra);
    if (r) {
        atomic_fetch_add_explicit(&r->count, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&r->ns, now_ns() - c->start, memory_order_relaxed);
        atomic_store_explicit(&r->threads, c->threads, memory_order_relaxed);
    } else {
        atomic_fetch_add_explicit(&regions_lost, 1, memory_order_relaxed);
    }
    free(c);
    parallel->ptr = NULL;
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_deps, const void *ra)
{
    (void)parent, (void)frame, (void)flags, (void)has_deps, (void)ra;
    clock_of(task)->explicit_task = 1;
    atomic_fetch_add_explicit(&tasks_created, 1, memory_order_relaxed);
}

/* Every switch stops the clock of the task that leaves and starts that
 * of the explicit task that comes (a task it runs included is not its own
 * time); a task that ends is counted and its clock freed. */
static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
    uint64_t t = now_ns();
    task_clock_t *p = prior ? prior->ptr : NULL;
    if (p && p->body_start) {
        atomic_fetch_add_explicit(&task_ns, t - p->body_start, memory_order_relaxed);
        p->body_start = 0;
    }
    if (status == ompt_task_complete || status == ompt_task_cancel ||
        status == ompt_task_detach) {
        atomic_fetch_add_explicit(&tasks_done, 1, memory_order_relaxed);
        free(p);
        prior->ptr = NULL;
    }
    task_clock_t *n = next ? next->ptr : NULL;
    if (n && n->explicit_task)
        n->body_start = t;
}

static int wait_kind(ompt_sync_region_t kind)
{
    switch (kind) {
    case ompt_sync_region_taskwait:
        return WAIT_TASKWAIT;
    case ompt_sync_region_taskgroup:
        return WAIT_TASKGROUP;
    default:
        return WAIT_BARRIER;
    }
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
    (void)parallel, (void)ra;
    if (kind == ompt_sync_region_reduction)
        return;
    if (endpoint == ompt_scope_begin)
        wait_begin(clock_of(task));
    else
        wait_end(clock_of(task), wait_kind(kind));
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned hint, unsigned impl,
                             ompt_wait_id_t wait_id, const void *ra)
{
    (void)kind, (void)hint, (void)impl, (void)wait_id, (void)ra;
    wait_begin(current_clock());
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
    (void)wait_id, (void)ra;
    wait_end(current_clock(), kind == ompt_mutex_ordered ? WAIT_ORDERED : WAIT_MUTEX);
}

/* The symbol an address lies in, as the dynamic linker knows it. */
static void describe(char *out, size_t size, const void *ra)
{
    Dl_info info;
    if (ra == UNKNOWN)
        snprintf(out, size, "(unknown address)");
    else if (dladdr(ra, &info) && info.dli_sname)
        snprintf(out, size, "%p %s+0x%lx", ra, info.dli_sname,
                 (unsigned long)((const char *)ra - (const char *)info.dli_saddr));
    else if (dladdr(ra, &info) && info.dli_fname)
        snprintf(out, size, "%p (%s)", ra, strrchr(info.dli_fname, '/')
                                               ? strrchr(info.dli_fname, '/') + 1
                                               : info.dli_fname);
    else
        snprintf(out, size, "%p", ra);
}

static void report(FILE *out)
{
    double wall = (double)(now_ns() - start_ns) / 1e9;
    fprintf(out, "bobbin-profile: %.6f s, %llu OMPT threads\n", wall,
            (unsigned long long)atomic_load(&threads_seen));
    fprintf(out, "bobbin-profile: parallel regions (forked at, runs, threads, seconds)\n");
    for (unsigned i = 0; i < REGIONS; i++) {
        struct region *r = &regions[i];
        if (!atomic_load(&r->ra) || !atomic_load(&r->count))
            continue;
        char where[512];
        describe(where, sizeof where, atomic_load(&r->ra));
        fprintf(out, "bobbin-profile:   %s  runs=%llu threads=%llu seconds=%.6f\n", where,
                (unsigned long long)atomic_load(&r->count),
                (unsigned long long)atomic_load(&r->threads),
                (double)atomic_load(&r->ns) / 1e9);
    }
    if (atomic_load(&regions_lost))
        fprintf(out, "bobbin-profile:   (%llu runs of regions beyond the table's %d)\n",
                (unsigned long long)atomic_load(&regions_lost), REGIONS);
    fprintf(out, "bobbin-profile: waits (kind, count, seconds)\n");
    for (int k = 0; k < WAIT_KINDS; k++)
        fprintf(out, "bobbin-profile:   %s count=%llu seconds=%.6f\n", wait_names[k],
                (unsigned long long)atomic_load(&wait_count[k]),
                (double)atomic_load(&wait_ns[k]) / 1e9);
    fprintf(out, "bobbin-profile: tasks created=%llu completed=%llu seconds=%.6f\n",
            (unsigned long long)atomic_load(&tasks_created),
            (unsigned long long)atomic_load(&tasks_done), (double)atomic_load(&task_ns) / 1e9);
}

static void finalize(ompt_data_t *data)
{
    (void)data;
    const char *path = getenv("BOBBIN_PROFILE");
    FILE *out = path && *path ? fopen(path, "w") : stderr;
    if (!out) {
        fprintf(stderr, "bobbin-profile: cannot write BOBBIN_PROFILE='%s'; on stderr\n", path);
        out = stderr;
    }
    report(out);
    if (out != stderr)
        fclose(out);
}

#define REGISTER(event, fn)                                                    \
    set_callback(ompt_callback_##event, (ompt_callback_t)fn)

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
    (void)device, (void)data;
    ompt_set_callback_t set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
    get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
    if (!set_callback || !get_task_info)
        return 0;
    start_ns = now_ns();
    REGISTER(thread_begin, on_thread_begin);
    REGISTER(parallel_begin, on_parallel_begin);
    REGISTER(parallel_end, on_parallel_end);
    REGISTER(implicit_task, on_implicit_task);
    REGISTER(task_create, on_task_create);
    REGISTER(task_schedule, on_task_schedule);
    REGISTER(sync_region_wait, on_sync_region_wait);
    REGISTER(mutex_acquire, on_mutex_acquire);
    REGISTER(mutex_acquired, on_mutex_acquired);
    return 1;
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
    (void)omp_version, (void)runtime_version;
    static ompt_start_tool_result_t result = {initialize, finalize, {0}};
    return &result;
}
