// The inquiry entry points where they have nothing to answer: on a thread
// that is no OpenMP thread while a tool is on, and anywhere once the
// tool's initialize has declined (returned 0). There get_place_num and
// get_proc_id answer -1, get_partition_place_nums 0, get_state
// ompt_state_work_serial (never undefined), get_thread_data NULL and
// get_parallel_info and get_task_info 0, as libomp 19 answers (LLVM 19's
// ompt/misc/api_calls_without_ompt.c and api_calls_from_other_thread.cpp).
// RUN: %libomp-compile %ompt-flags -lpthread && %libomp-run
// RUN: env DECLINE=1 %libomp-run
// REQUIRES: bobbin
#include "check.h"

#include <omp-tools.h>
#include <pthread.h>
#include <stdlib.h>

static ompt_get_state_t get_state;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_place_num_t get_place_num;
static ompt_get_partition_place_nums_t get_partition_place_nums;
static ompt_get_proc_id_t get_proc_id;
static int initialized;

static void answers_none(void) {
  CHECK_EQ(get_place_num(), -1);
  int nums[8];
  CHECK_EQ(get_partition_place_nums(8, nums), 0);
  CHECK_EQ(get_proc_id(), -1);
  CHECK_EQ(get_state(NULL), ompt_state_work_serial);
  CHECK(get_thread_data() == NULL);
  CHECK_EQ(get_parallel_info(0, NULL, NULL), 0);
  CHECK_EQ(get_task_info(0, NULL, NULL, NULL, NULL, NULL), 0);
}

static void *outside(void *arg) {
  (void)arg;
  answers_none();
  return NULL;
}

int main(void) {
  deadline(30, "ompt/inquiry_outside");
  int n = 0;
  #pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  CHECK_EQ(n, 2);
  CHECK_EQ(initialized, 1);
  if (getenv("DECLINE")) {
    answers_none();
  } else {
    CHECK(get_thread_data() != NULL);
    CHECK(get_proc_id() >= 0);
    CHECK(get_state(NULL) != ompt_state_undefined);
  }
  pthread_t t;
  CHECK_EQ(pthread_create(&t, NULL, outside, NULL), 0);
  CHECK_EQ(pthread_join(t, NULL), 0);
  return 0;
}

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  (void)device, (void)data;
  get_state = (ompt_get_state_t)lookup("ompt_get_state");
  get_thread_data = (ompt_get_thread_data_t)lookup("ompt_get_thread_data");
  get_parallel_info = (ompt_get_parallel_info_t)lookup("ompt_get_parallel_info");
  get_task_info = (ompt_get_task_info_t)lookup("ompt_get_task_info");
  get_place_num = (ompt_get_place_num_t)lookup("ompt_get_place_num");
  get_partition_place_nums =
      (ompt_get_partition_place_nums_t)lookup("ompt_get_partition_place_nums");
  get_proc_id = (ompt_get_proc_id_t)lookup("ompt_get_proc_id");
  initialized = 1;
  return getenv("DECLINE") ? 0 : 1;
}

static void finalize(ompt_data_t *data) { (void)data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  (void)version, (void)runtime;
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  return &result;
}
