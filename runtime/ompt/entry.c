/* This file holds the entry points a tool finds through lookup (OpenMP
 * 5.1, sec. 4.6): callbacks, states and mutex kinds, the inquiries about
 * threads, regions, tasks and places. They read the calling unit's
 * descriptor without making one: a tool may call them from a signal
 * handler, or from a thread that never called OpenMP. */
#include "ompt/ompt.h"

#include "places/places.h"
#include "task.h"

#include <sched.h>
#include <string.h>

/* The events Bobbin reports; the others (device and target ones) never
 * occur on the host. */
static bool reported(ompt_callbacks_t which)
{
    switch (which) {
    case ompt_callback_thread_begin:
    case ompt_callback_thread_end:
    case ompt_callback_parallel_begin:
    case ompt_callback_parallel_end:
    case ompt_callback_task_create:
    case ompt_callback_task_schedule:
    case ompt_callback_implicit_task:
    case ompt_callback_sync_region:
    case ompt_callback_sync_region_wait:
    case ompt_callback_work:
    case ompt_callback_dispatch:
    case ompt_callback_masked:
    case ompt_callback_mutex_acquire:
    case ompt_callback_mutex_acquired:
    case ompt_callback_mutex_released:
    case ompt_callback_lock_init:
    case ompt_callback_lock_destroy:
    case ompt_callback_nest_lock:
    case ompt_callback_flush:
    case ompt_callback_cancel:
    case ompt_callback_dependences:
    case ompt_callback_task_dependence:
    case ompt_callback_reduction:
    case ompt_callback_control_tool:
    case ompt_callback_error:
        return true;
    default:
        return false;
    }
}

static ompt_set_result_t set_callback(ompt_callbacks_t which, ompt_callback_t callback)
{
    if (which < ompt_callback_thread_begin || which > ompt_callback_error)
        return ompt_set_error;
    if (!reported(which))
        return ompt_set_never;
    bob_ompt_callbacks[which] = callback;
    return ompt_set_always;
}

static int get_callback(ompt_callbacks_t which, ompt_callback_t *callback)
{
    if (which < ompt_callback_thread_begin || which > ompt_callback_error ||
        !bob_ompt_callbacks[which])
        return 0;
    *callback = bob_ompt_callbacks[which];
    return 1;
}

static const struct named { int id; const char *name; } states[] = {
#define BOB_STATE(name, id) {id, #name},
    FOREACH_OMPT_STATE(BOB_STATE)
#undef BOB_STATE
};

/* Bobbin's one kind of lock: a word whose waiters spin, then suspend. */
static const struct named mutex_impls[] = {{0, "mutex_impl_none"},
                                           {BOB_OMPT_MUTEX_IMPL, "spin_then_suspend"}};

static int next_of(const struct named *list, int n, int current, int *next, const char **name)
{
    for (int i = 0; i + 1 < n; i++)
        if (list[i].id == current) {
            *next = list[i + 1].id;
            *name = list[i + 1].name;
            return 1;
        }
    return 0;
}

static int enumerate_states(int current, int *next, const char **name)
{
    return next_of(states, sizeof states / sizeof states[0], current, next, name);
}

static int enumerate_mutex_impls(int current, int *next, const char **name)
{
    return next_of(mutex_impls, sizeof mutex_impls / sizeof mutex_impls[0], current, next, name);
}

static ompt_data_t *get_thread_data(void)
{
    bob_ompt_thread_t *thread = bob_ompt_thread(bob_self_peek());
    return thread ? &thread->data : NULL;
}

/* A thread that is no OMPT thread, or any thread while no tool is on,
 * works serially, as libomp answers: never ompt_state_undefined. */
static int get_state(ompt_wait_id_t *wait_id)
{
    bob_ompt_thread_t *thread = bob_ompt_on ? bob_ompt_thread(bob_self_peek()) : NULL;
    if (!thread)
        return ompt_state_work_serial;
    if (wait_id)
        *wait_id = thread->wait_id;
    return thread->state;
}

static int get_parallel_info(int level, ompt_data_t **parallel_data, int *team_size)
{
    bob_thread_t *self = bob_self_peek();
    bob_team_t *team = self ? self->team : NULL;
    for (; team && level > 0; level--)
        team = team->parent;
    if (!team || level < 0 || !team->ompt)
        return 0;
    if (parallel_data)
        *parallel_data = &team->ompt->parallel;
    if (team_size)
        *team_size = team->nthreads;
    return 2;
}

/* The task above ctx's task, as libomp names it: the task an explicit
 * task interrupted while it runs (its scheduling parent), else the task
 * that generated it: an explicit task's creator, an implicit task's
 * encountering task; NULL for an initial task. */
static bob_thread_t *generating(const bob_thread_t *ctx)
{
    if (ctx->task)
        return ctx->ompt && ctx->ompt->interrupted ? ctx->ompt->interrupted : ctx->task->parent;
    return ctx->team->master;
}

static int get_task_info(int level, int *flags, ompt_data_t **task_data,
                         ompt_frame_t **task_frame, ompt_data_t **parallel_data,
                         int *thread_num)
{
    bob_thread_t *ctx = bob_self_peek();
    for (; ctx && level > 0; level--)
        ctx = generating(ctx);
    if (!ctx || level < 0 || !ctx->ompt)
        return 0;
    if (flags)
        *flags = ctx->ompt->flags;
    if (task_data)
        *task_data = &ctx->ompt->data;
    if (task_frame)
        *task_frame = &ctx->ompt->frame;
    if (parallel_data)
        *parallel_data = bob_ompt_parallel_data(ctx->team);
    if (thread_num)
        *thread_num = ctx->tid;
    return 2;
}

/* An explicit task's one block: what follows the runtime's head, the
 * compiler's task and its privates. */
static int get_task_memory(void **addr, size_t *size, int block)
{
    bob_thread_t *ctx = bob_self_peek();
    *addr = NULL;
    *size = 0;
    if (block != 0 || !ctx || !ctx->task)
        return 0;
    bob_task_t *t = ctx->task;
    *addr = &t->kmp;
    *size = t->size - offsetof(bob_task_t, kmp);
    return 0;
}

static uint64_t get_unique_id(void)
{
    static _Atomic uint64_t next = 1;
    return atomic_fetch_add_explicit(&next, 1, memory_order_relaxed);
}

static void finalize_tool(void) { bob_ompt_fini(); }
static int get_num_procs(void) { return bob_num_procs(); }
static int get_num_places(void) { return bob_places_count(); }

static int get_place_proc_ids(int place, int ids_size, int *ids)
{
    if (place < 0 || place >= bob_places_count())
        return 0;
    int n = bob_places_num_procs(place);
    if (n <= ids_size)
        bob_places_proc_ids(place, ids);
    return n;
}

/* The place and processor inquiries answer for OpenMP threads while a
 * tool is on; elsewhere, or for a tool whose initialize declined, they
 * answer none, as libomp does. */
static bool answers_here(void) { return bob_ompt_on && bob_self_peek(); }

static int get_place_num(void) { return answers_here() ? bob_places_current() : -1; }

static int get_partition_place_nums(int size, int *place_nums)
{
    if (!answers_here())
        return 0;
    int n = bob_places_partition_count();
    if (n <= size)
        bob_places_partition(place_nums);
    return n;
}

static int get_proc_id(void) { return answers_here() ? sched_getcpu() : -1; }

/* No target region runs on the host's threads. */
static int get_target_info(uint64_t *device_num, ompt_id_t *target_id, ompt_id_t *host_op_id)
{
    (void)device_num, (void)target_id, (void)host_op_id;
    return 0;
}

static int get_num_devices(void) { return 1; /* the host, as libomp answers */ }

ompt_interface_fn_t bob_ompt_lookup(const char *name)
{
#define BOB_ENTRY(fn) {"ompt_" #fn, (ompt_interface_fn_t)fn},
    static const struct { const char *name; ompt_interface_fn_t fn; } table[] = {
        BOB_ENTRY(enumerate_states) BOB_ENTRY(enumerate_mutex_impls)
        BOB_ENTRY(set_callback) BOB_ENTRY(get_callback) BOB_ENTRY(get_state)
        BOB_ENTRY(get_parallel_info) BOB_ENTRY(get_task_info) BOB_ENTRY(get_task_memory)
        BOB_ENTRY(get_thread_data) BOB_ENTRY(get_unique_id) BOB_ENTRY(finalize_tool)
        BOB_ENTRY(get_num_procs) BOB_ENTRY(get_num_places) BOB_ENTRY(get_place_proc_ids)
        BOB_ENTRY(get_place_num) BOB_ENTRY(get_partition_place_nums) BOB_ENTRY(get_proc_id)
        BOB_ENTRY(get_target_info) BOB_ENTRY(get_num_devices)};
#undef BOB_ENTRY
    for (size_t i = 0; name && i < sizeof table / sizeof table[0]; i++)
        if (!strcmp(name, table[i].name))
            return table[i].fn;
    return NULL;
}
