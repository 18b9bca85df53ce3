// The inquiry entry points lookup hands out: enumerate_states and
// enumerate_mutex_impls walk their lists, get_callback gives what was set,
// set_callback says never for a device event and error for no event, the
// procs and places answers agree with the omp_* routines, get_unique_id
// grows, get_num_devices and get_target_info answer as libomp does on the
// host, and finalize_tool calls the tool's finalize at once, after which no
// event is reported.
// RUN: %libomp-compile %ompt-flags && env OMP_PLACES=cores %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static int count_list(int (*next_of)(int, int *, const char **), int first, const char *want) {
  int current = first, next, n = 0, found = 0;
  const char *name;
  while (next_of(current, &next, &name)) {
    found |= !strcmp(name, want);
    current = next;
    n++;
  }
  CHECK(found);
  return n;
}

int main(void) {
  deadline(30, "ompt/inquiry");
  CHECK(omp_get_max_threads() > 0);
  ompt_function_lookup_t lookup = tool_lookup;
  ompt_enumerate_states_t states = (ompt_enumerate_states_t)lookup("ompt_enumerate_states");
  ompt_enumerate_mutex_impls_t impls =
      (ompt_enumerate_mutex_impls_t)lookup("ompt_enumerate_mutex_impls");
  ompt_get_callback_t get_callback = (ompt_get_callback_t)lookup("ompt_get_callback");
  ompt_get_num_procs_t num_procs = (ompt_get_num_procs_t)lookup("ompt_get_num_procs");
  ompt_get_num_places_t num_places = (ompt_get_num_places_t)lookup("ompt_get_num_places");
  ompt_get_place_proc_ids_t place_proc_ids =
      (ompt_get_place_proc_ids_t)lookup("ompt_get_place_proc_ids");
  ompt_get_place_num_t place_num = (ompt_get_place_num_t)lookup("ompt_get_place_num");
  ompt_get_partition_place_nums_t partition =
      (ompt_get_partition_place_nums_t)lookup("ompt_get_partition_place_nums");
  ompt_get_proc_id_t proc_id = (ompt_get_proc_id_t)lookup("ompt_get_proc_id");
  ompt_get_num_devices_t num_devices = (ompt_get_num_devices_t)lookup("ompt_get_num_devices");
  ompt_get_target_info_t target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
  CHECK(states && impls && get_callback && num_procs && num_places && place_proc_ids &&
        place_num && partition && proc_id && num_devices && target_info);

  printf("0 states %d\n", count_list(states, ompt_state_undefined, "ompt_state_work_parallel"));
  printf("0 mutex impls %d\n", count_list(impls, 0, "spin_then_suspend"));
  ompt_callback_t cb = NULL;
  CHECK_EQ(get_callback(ompt_callback_parallel_begin, &cb), 1);
  CHECK(cb == (ompt_callback_t)on_parallel_begin);
  CHECK_EQ(tool_set_callback(ompt_callback_target, (ompt_callback_t)on_flush), ompt_set_never);
  CHECK_EQ(tool_set_callback((ompt_callbacks_t)99, (ompt_callback_t)on_flush), ompt_set_error);
  CHECK_EQ(get_callback(ompt_callback_target, &cb), 0);
  CHECK_EQ(num_procs(), omp_get_num_procs());
  CHECK_EQ(num_places(), omp_get_num_places());
  int ids[256];
  CHECK_EQ(place_proc_ids(0, 256, ids), omp_get_place_num_procs(0));
  CHECK_EQ(place_proc_ids(num_places(), 256, ids), 0);
  CHECK(proc_id() >= 0);
  CHECK_EQ(num_devices(), 1);
  uint64_t device;
  ompt_id_t target, host_op;
  CHECK_EQ(target_info(&device, &target, &host_op), 0);
  uint64_t a = tool_get_unique_id(), b = tool_get_unique_id();
  CHECK(b > a);
  #pragma omp parallel num_threads(2)
  {
    CHECK_EQ(place_num(), omp_get_place_num());
    int nums[256];
    CHECK_EQ(partition(256, nums), omp_get_partition_num_places());
  }
  printf("0 finalizing\n");
  tool_finalize_tool();
  #pragma omp parallel num_threads(2)
  spin_a_bit(10);
  printf("0 after finalize\n");
  return 0;
}

// CHECK: 0 states {{[1-9][0-9]}}
// CHECK: 0 mutex impls 1
// The idle worker ends first, in its own name, then the initial thread, as
// at exit.
// CHECK: 0 finalizing
// CHECK-NEXT: [[W:[2-9]]] thread_end thread=[[W]]
// CHECK-NEXT: 1 implicit_task_end parallel={{[0-9]+}} task={{[0-9]+}} n=0 index=1 flags=0x1
// CHECK-NEXT: 1 thread_end thread=1
// CHECK-NEXT: 0 finalize
// CHECK-NEXT: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
// CHECK-NEXT: 0 after finalize
