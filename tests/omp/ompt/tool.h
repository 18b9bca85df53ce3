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
 * "balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0
 * held=0" (begins less ends; mutexes acquired less released), which a
 * test's last CHECK names. A callback the runtime will never call is named
 * at initialize: "0 set_callback <event>=<ompt_set_result_t>". */
#ifndef BOBBIN_OMPT_TEST_TOOL_H
#define BOBBIN_OMPT_TEST_TOOL_H

#include <omp-tools.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ompt_function_lookup_t tool_lookup;
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
static _Atomic int tool_threads, tool_parallel, tool_implicit, tool_sync, tool_wait, tool_work,
    tool_masked, tool_held;

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
  static const char *names[] = {"?",       "complete",      "yield",
                                "cancel",  "detach",        "early_fulfill",
                                "late_fulfill", "switch", "taskwait_complete"};
  TOOL_PRINT("task_schedule prior=%llu status=%s next=%llu", (unsigned long long)tool_id(prior),
             names[status < 9 ? status : 0], (unsigned long long)tool_id(next));
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
  /* at a region's implicit barrier, whether the task has an exit frame */
  ompt_frame_t *frame = NULL;
  if (k != ompt_sync_region_barrier_implicit_parallel || e != ompt_scope_begin ||
      tool_get_task_info(0, NULL, NULL, &frame, NULL, NULL) != 2)
    frame = NULL;
  TOOL_PRINT("sync_%s %s parallel=%llu task=%llu ra=%s%s", tool_endpoint(e), tool_sync_kind(k),
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
             ra ? "set" : "null",
             !frame ? "" : frame->exit_frame.ptr ? " exit_frame=set" : " exit_frame=null");
}

static void on_sync_region_wait(ompt_sync_region_t k, ompt_scope_endpoint_t e,
                                ompt_data_t *parallel, ompt_data_t *task, const void *ra) {
  atomic_fetch_add(&tool_wait, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("wait_%s %s parallel=%llu task=%llu ra=%s", tool_endpoint(e), tool_sync_kind(k),
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
             ra ? "set" : "null");
}

/* OpenMP 5.2 names a loop by its schedule (10 to 13) and a chunk by its
 * bounds (dispatch kinds 3 to 5, instance pointing at a start and an
 * iteration count): LLVM 19's omp-tools.h, not the LLVM 14 one this tool
 * is built with. */
static const char *tool_work_kind(ompt_work_t k) {
  static const char *names[] = {"?", "loop", "sections", "single_executor", "single_other",
                                "workshare", "distribute", "taskloop", "scope", "?",
                                "loop_static", "loop_dynamic", "loop_guided", "loop_other"};
  return names[k < 14 ? k : 0];
}

static void on_work(ompt_work_t k, ompt_scope_endpoint_t e, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *ra) {
  atomic_fetch_add(&tool_work, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("work_%s %s parallel=%llu task=%llu count=%llu ra=%s", tool_endpoint(e),
             tool_work_kind(k), (unsigned long long)tool_id(parallel),
             (unsigned long long)tool_id(task), (unsigned long long)count, ra ? "set" : "null");
}

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  static const char *names[] = {"?", "iteration", "section", "ws_loop_chunk", "taskloop_chunk",
                                "distribute_chunk"};
  const uint64_t *chunk = kind >= 3 && kind <= 5 ? instance.ptr : NULL;
  if (kind == ompt_dispatch_section)
    TOOL_PRINT("dispatch section parallel=%llu task=%llu ra=%s",
               (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
               instance.ptr ? "set" : "null");
  else
    TOOL_PRINT("dispatch %s parallel=%llu task=%llu start=%llu iterations=%llu",
               names[kind <= 5 ? kind : 0], (unsigned long long)tool_id(parallel),
               (unsigned long long)tool_id(task), (unsigned long long)(chunk ? chunk[0] : 0),
               (unsigned long long)(chunk ? chunk[1] : 0));
}

static void on_masked(ompt_scope_endpoint_t e, ompt_data_t *parallel, ompt_data_t *task,
                      const void *ra) {
  atomic_fetch_add(&tool_masked, e == ompt_scope_begin ? 1 : -1);
  TOOL_PRINT("masked_%s parallel=%llu task=%llu ra=%s", tool_endpoint(e),
             (unsigned long long)tool_id(parallel), (unsigned long long)tool_id(task),
             ra ? "set" : "null");
}

static const char *tool_mutex_kind(ompt_mutex_t k) {
  static const char *names[] = {"?", "lock", "test_lock", "nest_lock", "test_nest_lock",
                                "critical", "atomic", "ordered"};
  return names[k < 8 ? k : 0];
}

/* Mutexes are named by the order in which the tool first sees them. */
static uint64_t tool_mutex_ids[64];
static uint64_t tool_mutex_id(ompt_wait_id_t w) {
  for (int i = 0; i < 64; i++) {
    uint64_t seen = 0;
    if (atomic_compare_exchange_strong((_Atomic uint64_t *)&tool_mutex_ids[i], &seen, w) ||
        seen == w)
      return (uint64_t)i + 1;
  }
  TOOL_FAIL("more than 64 mutexes");
}

static void on_mutex_acquire(ompt_mutex_t k, unsigned hint, unsigned impl, ompt_wait_id_t w,
                             const void *ra) {
  TOOL_PRINT("mutex_acquire %s mutex=%llu hint=%u impl=%u ra=%s", tool_mutex_kind(k),
             (unsigned long long)tool_mutex_id(w), hint, impl, ra ? "set" : "null");
}

static void on_mutex_acquired(ompt_mutex_t k, ompt_wait_id_t w, const void *ra) {
  atomic_fetch_add(&tool_held, 1);
  TOOL_PRINT("mutex_acquired %s mutex=%llu ra=%s", tool_mutex_kind(k),
             (unsigned long long)tool_mutex_id(w), ra ? "set" : "null");
}

static void on_mutex_released(ompt_mutex_t k, ompt_wait_id_t w, const void *ra) {
  atomic_fetch_sub(&tool_held, 1);
  TOOL_PRINT("mutex_released %s mutex=%llu ra=%s", tool_mutex_kind(k),
             (unsigned long long)tool_mutex_id(w), ra ? "set" : "null");
}

static void on_lock_init(ompt_mutex_t k, unsigned hint, unsigned impl, ompt_wait_id_t w,
                         const void *ra) {
  TOOL_PRINT("lock_init %s mutex=%llu hint=%u impl=%u ra=%s", tool_mutex_kind(k),
             (unsigned long long)tool_mutex_id(w), hint, impl, ra ? "set" : "null");
}

static void on_lock_destroy(ompt_mutex_t k, ompt_wait_id_t w, const void *ra) {
  TOOL_PRINT("lock_destroy %s mutex=%llu ra=%s", tool_mutex_kind(k),
             (unsigned long long)tool_mutex_id(w), ra ? "set" : "null");
}

static void on_nest_lock(ompt_scope_endpoint_t e, ompt_wait_id_t w, const void *ra) {
  TOOL_PRINT("nest_lock_%s mutex=%llu ra=%s", tool_endpoint(e),
             (unsigned long long)tool_mutex_id(w), ra ? "set" : "null");
}

static void on_flush(ompt_data_t *thread, const void *ra) {
  if (thread != tool_get_thread_data())
    TOOL_FAIL("flush's thread data is not get_thread_data's");
  TOOL_PRINT("flush ra=%s", ra ? "set" : "null");
}

static void on_cancel(ompt_data_t *task, int flags, const void *ra) {
  TOOL_PRINT("cancel task=%llu flags=0x%x ra=%s", (unsigned long long)tool_id(task), flags,
             ra ? "set" : "null");
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int n) {
  TOOL_PRINT("dependences task=%llu n=%d first_type=%d", (unsigned long long)tool_id(task), n,
             n > 0 ? (int)deps[0].dependence_type : 0);
}

static void on_task_dependence(ompt_data_t *from, ompt_data_t *to) {
  TOOL_PRINT("task_dependence from=%llu to=%llu", (unsigned long long)tool_id(from),
             (unsigned long long)tool_id(to));
}

static void on_reduction(ompt_sync_region_t k, ompt_scope_endpoint_t e, ompt_data_t *parallel,
                         ompt_data_t *task, const void *ra) {
  TOOL_PRINT("reduction_%s %s parallel=%llu task=%llu ra=%s", tool_endpoint(e),
             tool_sync_kind(k), (unsigned long long)tool_id(parallel),
             (unsigned long long)tool_id(task), ra ? "set" : "null");
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *ra) {
  /* the calling task is in the runtime: its enter frame is set */
  ompt_frame_t *frame = NULL;
  tool_get_task_info(0, NULL, NULL, &frame, NULL, NULL);
  TOOL_PRINT("control_tool command=%llu modifier=%llu arg=%s ra=%s enter_frame=%s",
             (unsigned long long)command, (unsigned long long)modifier, arg ? "set" : "null",
             ra ? "set" : "null", frame && frame->enter_frame.ptr ? "set" : "null");
  return (int)command + 100;
}

static void on_error(ompt_severity_t severity, const char *message, size_t length,
                     const void *ra) {
  TOOL_PRINT("error severity=%s message=%.*s ra=%s",
             severity == ompt_fatal ? "fatal" : "warning", (int)length, message,
             ra ? "set" : "null");
}

#define TOOL_REGISTER(event, fn)                                               \
  do {                                                                         \
    ompt_set_result_t r_ = tool_set_callback(ompt_callback_##event, (ompt_callback_t)fn); \
    if (r_ != ompt_set_always)                                                 \
      printf("0 set_callback " #event "=%d\n", (int)r_);                      \
  } while (0)

static int tool_initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  (void)data;
  tool_lookup = lookup;
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
  TOOL_REGISTER(work, on_work);
  TOOL_REGISTER(dispatch, on_dispatch);
  TOOL_REGISTER(masked, on_masked);
  TOOL_REGISTER(mutex_acquire, on_mutex_acquire);
  TOOL_REGISTER(mutex_acquired, on_mutex_acquired);
  TOOL_REGISTER(mutex_released, on_mutex_released);
  TOOL_REGISTER(lock_init, on_lock_init);
  TOOL_REGISTER(lock_destroy, on_lock_destroy);
  TOOL_REGISTER(nest_lock, on_nest_lock);
  TOOL_REGISTER(flush, on_flush);
  TOOL_REGISTER(cancel, on_cancel);
  TOOL_REGISTER(dependences, on_dependences);
  TOOL_REGISTER(task_dependence, on_task_dependence);
  TOOL_REGISTER(reduction, on_reduction);
  TOOL_REGISTER(control_tool, on_control_tool);
  TOOL_REGISTER(error, on_error);
  return 1; /* keep the tool */
}

static void tool_finalize(ompt_data_t *data) {
  (void)data;
  printf("0 finalize\n0 balance threads=%d parallel=%d implicit=%d sync=%d wait=%d work=%d "
         "masked=%d held=%d\n",
         atomic_load(&tool_threads), atomic_load(&tool_parallel),
         atomic_load(&tool_implicit), atomic_load(&tool_sync), atomic_load(&tool_wait),
         atomic_load(&tool_work), atomic_load(&tool_masked), atomic_load(&tool_held));
  fflush(stdout);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  static ompt_start_tool_result_t result = {tool_initialize, tool_finalize, {0}};
  printf("0 start_tool version=%u runtime=%s\n", omp_version,
         runtime_version ? "named" : "null");
  return &result;
}

#endif
