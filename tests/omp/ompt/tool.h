/* A test tool on the OMPT interface: included by one source of a test
 * program, it defines ompt_start_tool, registers the callbacks it knows and
 * prints one line per event on stdout, for FileCheck:
 *
 *   <thread> <event> <fields>
 *
 * <thread> is the number the tool gave the OMPT thread at thread_begin
 * (1 for the initial thread); parallel regions and tasks get numbers from
 * one counter as their data are first seen. The tool also checks what it
 * can on its own (every begin has its end, get_thread_data inside a
 * callback is the thread's) and, at finalize, prints the balance line
 * "balance threads=0 parallel=0 implicit=0 sync=0 wait=0", which a test's
 * last CHECK names. TOOL_QUIET (a macro) leaves out the per-event lines of
 * the events whose order the test cannot know. */
#ifndef BOBBIN_OMPT_TEST_TOOL_H
#define BOBBIN_OMPT_TEST_TOOL_H

#include <omp-tools.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ompt_set_callback_t tool_set_callback;
static ompt_get_thread_data_t tool_get_thread_data;
static ompt_get_parallel_info_t tool_get_parallel_info;
static ompt_get_task_info_t tool_get_task_info;
static ompt_get_task_memory_t tool_get_task_memory;
static ompt_get_state_t tool_get_state;
static ompt_get_unique_id_t tool_get_unique_id;
static ompt_finalize_tool_t tool_finalize_tool;
static _Atomic uint64_t tool_next_id = 1;
static _Atomic uint64_t tool_next_thread = 1;
static _Atomic int tool_threads, tool_parallel, tool_implicit, tool_sync, tool_wait;

#define TOOL_FAIL(...)                                                     \
  do {                                                                     \
    fprintf(stderr, "tool: " __VA_ARGS__);                                 \
    fputc('\n', stderr);                                                   \
    _exit(1);                                                              \
  } while (0)

/* The number of an ompt_data_t, drawn the first time it is seen. */
static uint64_t tool_id(ompt_data_t *d) {
  if (!d)
    return 0;
  if (!d->value)
    d->value = atomic_fetch_add(&tool_next_id, 1);
  return d->value;
}

static uint64_t tool_self(void) {
  ompt_data_t *t = tool_get_thread_data();
  if (!t)
    TOOL_FAIL("get_thread_data gave NULL inside a callback");
  return t->value;
}

#define TOOL_PRINT(fmt, ...) printf("%llu " fmt "\n", (unsigned long long)tool_self(), __VA_ARGS__)

static const char *tool_endpoint(ompt_scope_endpoint_t e) {
  return e == ompt_scope_begin ? "begin" : e == ompt_scope_end ? "end" : "beginend";
}

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread) {
  thread->value = atomic_fetch_add(&tool_next_thread, 1);
  atomic_fetch_add(&tool_threads, 1);
  static const char *names[] = {"?", "initial", "worker", "other", "unknown"};
  TOOL_PRINT("thread_begin type=%s", names[type < 5 ? type : 0]);
}

static void on_thread_end(ompt_data_t *thread) {
  if (thread != tool_get_thread_data())
    TOOL_FAIL("thread_end's data is not get_thread_data's");
  atomic_fetch_sub(&tool_threads, 1);
  TOOL_PRINT("thread_end thread=%llu", (unsigned long long)thread->value);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                              ompt_data_t *parallel, unsigned requested, int flags,
                              const void *ra) {
  (void)frame;
  atomic_fetch_add(&tool_parallel, 1);
  uint64_t p = tool_id(parallel);
  TOOL_PRINT("parallel_begin parallel=%llu task=%llu requested=%u flags=0x%x ra=%s",
             (unsigned long long)p, (unsigned long long)tool_id(task), requested, flags,
             ra ? "set" : "null");
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags,
                            const void *ra) {
  atomic_fetch_sub(&tool_parallel, 1);
  TOOL_PRINT("parallel_end parallel=%llu task=%llu flags=0x%x ra=%s",
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task), flags,
             ra ? "set" : "null");
}

static void on_implicit_task(ompt_scope_endpoint_t e, ompt_data_t *parallel, ompt_data_t *task,
                             unsigned n, unsigned index, int flags) {
  atomic_fetch_add(&tool_implicit, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("implicit_task_%s parallel=%llu task=%llu n=%u index=%u flags=0x%x",
             tool_endpoint(e), (unsigned long long)tool_id(parallel),
             (unsigned long long)tool_id(task), n, index, flags);
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_deps, const void *ra) {
  (void)frame;
  uint64_t t = tool_id(task);
  TOOL_PRINT("task_create parent=%llu task=%llu flags=0x%x deps=%d ra=%s",
             (unsigned long long)tool_id(parent), (unsigned long long)t, flags, has_deps,
             ra ? "set" : "null");
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  static const char *names[] = {"?", "complete", "yield", "cancel", "detach",
                                "early_fulfill", "late_fulfill", "switch"};
  TOOL_PRINT("task_schedule prior=%llu status=%s next=%llu", (unsigned long long)tool_id(prior),
             names[status < 8 ? status : 0], (unsigned long long)tool_id(next));
}

static const char *tool_sync_kind(ompt_sync_region_t k) {
  static const char *names[] = {"?", "barrier", "barrier_implicit", "barrier_explicit",
                                "barrier_implementation", "taskwait", "taskgroup",
                                "reduction", "barrier_implicit_workshare",
                                "barrier_implicit_parallel", "barrier_teams"};
  return names[k < 11 ? k : 0];
}

static void on_sync_region(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *parallel,
                           ompt_data_t *task, const void *ra) {
  atomic_fetch_add(&tool_sync, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("sync_%s %s parallel=%llu task=%llu ra=%s", tool_endpoint(e), tool_sync_kind(k),
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
             ra ? "set" : "null");
}

static void on_sync_region_wait(ompt_sync_region_t k, ompt_scope_endpoint_t e,
                                ompt_data_t *parallel, ompt_data_t *task, const void *ra) {
  atomic_fetch_add(&tool_wait, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("wait_%s %s parallel=%llu task=%llu ra=%s", tool_endpoint(e), tool_sync_kind(k),
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
             ra ? "set" : "null");
}

/* Each test may define TOOL_REGISTER_MORE(lookup) to register callbacks of
 * its own after these. */
#ifndef TOOL_REGISTER_MORE
#define TOOL_REGISTER_MORE(lookup) (void)(lookup)
#endif

#define TOOL_REGISTER(event, fn)                                               \
  do {                                                                         \
    ompt_set_result_t r_ = tool_set_callback(ompt_callback_##event, (ompt_callback_t)fn); \
    if (r_ != ompt_set_always)                                                 \
      printf("0 set_callback " #event "=%d\n", (int)r_);                      \
  } while (0)

static int tool_initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  (void)data;
  tool_set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  tool_get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  tool_get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  tool_get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  tool_get_task_memory = (ompt_get_task_memory_t)lookup("ompt_get_task_memory");
  tool_get_state = (ompt_get_state_t)lookup("ompt_get_state");
  tool_get_unique_id = (ompt_get_unique_id_t)lookup("ompt_get_unique_id");
  tool_finalize_tool = (ompt_finalize_tool_t)lookup("ompt_finalize_tool");
  if (!tool_set_callback || !tool_get_thread_data || !tool_get_parallel_info ||
      !tool_get_task_info || !tool_get_task_memory || !tool_get_state || !tool_get_unique_id || !tool_finalize_tool)
    TOOL_FAIL("lookup did not find an entry point");
  if (lookup("ompt_no_such_entry"))
    TOOL_FAIL("lookup found an entry point that does not exist");
  printf("0 initialize device=%d\n", device);
  TOOL_REGISTER(thread_begin, on_thread_begin);
  TOOL_REGISTER(thread_end, on_thread_end);
  TOOL_REGISTER(parallel_begin, on_parallel_begin);
  TOOL_REGISTER(parallel_end, on_parallel_end);
  TOOL_REGISTER(implicit_task, on_implicit_task);
  TOOL_REGISTER(task_create, on_task_create);
  TOOL_REGISTER(task_schedule, on_task_schedule);
  TOOL_REGISTER(sync_region, on_sync_region);
  TOOL_REGISTER(sync_region_wait, on_sync_region_wait);
  TOOL_REGISTER_MORE(lookup);
  return 1; /* keep the tool */
}

static void tool_finalize(ompt_data_t *data) {
  (void)data;
  printf("0 finalize\n0 balance threads=%d parallel=%d implicit=%d sync=%d wait=%d\n",
         atomic_load(&tool_threads), atomic_load(&tool_parallel),
         atomic_load(&tool_implicit), atomic_load(&tool_sync), atomic_load(&tool_wait));
  fflush(stdout);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
  printf("0 start_tool version=%u runtime=%s\n", omp_version,
         runtime_version ? "named" : "null");
  return &result;
}

#endif
