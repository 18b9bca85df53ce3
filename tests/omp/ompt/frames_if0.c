// An if(0) task whose routine clang's code calls itself, between
// __kmpc_omp_task_begin_if0 and _complete_if0: its exit frame is the frame
// pointer of the function that encountered it, which the body's frame
// links to, and so is its creator's enter frame meanwhile, both flagged
// application and framepointer, as libomp reports them (LLVM 19's
// ompt/tasks/serialized.c compares the exit frame with
// __builtin_frame_address(1) in the body). Before, both were the entry
// point's canonical frame address, flagged runtime and cfa.
// RUN: %libomp-compile %ompt-flags -fno-omit-frame-pointer && %libomp-run | FileCheck %s
// REQUIRES: bobbin, clang
#include "check.h"
#include "tool.h"

static const int flags = ompt_frame_application | ompt_frame_framepointer;

static ompt_frame_t *frame_of(int level) {
  ompt_frame_t *frame = NULL;
  CHECK_EQ(tool_get_task_info(level, NULL, NULL, &frame, NULL, NULL), 2);
  CHECK(frame != NULL);
  return frame;
}

__attribute__((noinline)) static void in_body(void *creator_frame) {
  ompt_frame_t *mine = frame_of(0), *creator = frame_of(1);
  CHECK(mine->exit_frame.ptr == creator_frame);
  CHECK_EQ(mine->exit_frame_flags, flags);
  CHECK(creator->enter_frame.ptr == creator_frame);
  CHECK_EQ(creator->enter_frame_flags, flags);
}

__attribute__((noinline)) static void encounter(int t) {
  void *creator_frame = __builtin_frame_address(0);
  #pragma omp task if(t)
  in_body(creator_frame);
}

int main(void) {
  deadline(30, "ompt/frames_if0");
  #pragma omp parallel num_threads(2)
  encounter(omp_get_thread_num() < 0);
  printf("1 if0 frames checked\n");
  return 0;
}

// CHECK: 1 if0 frames checked
