// OMPT frames: a task's exit_frame is the runtime frame its body runs
// below, set while the body runs (an implicit task's, a deferred explicit
// task's); its enter_frame is the runtime frame it entered through, set
// while it waits there (the encountering task of a region, for the whole
// region) and NULL while its own code runs; both flagged runtime and cfa.
// The stack grows down: a body's locals lie below its exit frame, and the
// encountering task's enter frame lies below its own locals.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static ompt_frame_t *frame_of(int level) {
  ompt_frame_t *frame = NULL;
  CHECK_EQ(tool_get_task_info(level, NULL, NULL, &frame, NULL, NULL), 2);
  CHECK(frame != NULL);
  return frame;
}

static const int flags = ompt_frame_runtime | ompt_frame_cfa;

enum { EXPLICIT, IMPLICIT, IMPLICIT_ON_ENCOUNTERING_STACK };

__attribute__((noinline)) static void in_body(char *outer_local, int kind) {
  char local;
  ompt_frame_t *mine = frame_of(0), *parent = frame_of(1);
  CHECK(mine->exit_frame.ptr != NULL);
  CHECK_EQ(mine->exit_frame_flags, flags);
  CHECK((char *)mine->exit_frame.ptr > &local);
  CHECK(mine->enter_frame.ptr == NULL);
  if (kind == EXPLICIT) /* its creator may be anywhere by now */
    return;
  CHECK(parent->enter_frame.ptr != NULL);
  CHECK_EQ(parent->enter_frame_flags, flags);
  if (kind == IMPLICIT_ON_ENCOUNTERING_STACK)
    CHECK((char *)parent->enter_frame.ptr < outer_local &&
          (char *)parent->enter_frame.ptr > &local);
}

int main(void) {
  deadline(30, "ompt/frames");
  char local;
  CHECK(omp_get_max_threads() > 0);
  ompt_frame_t *initial = frame_of(0);
  CHECK(initial->exit_frame.ptr == NULL && initial->enter_frame.ptr == NULL);
  int checked = 0;
  #pragma omp parallel num_threads(2) reduction(+ : checked)
  {
    in_body(&local, omp_get_thread_num() == 0 ? IMPLICIT_ON_ENCOUNTERING_STACK : IMPLICIT);
    checked++;
    #pragma omp single
    {
      char single_local;
      #pragma omp task shared(single_local)
      in_body(&single_local, EXPLICIT);
      #pragma omp taskwait
    }
  }
  CHECK_EQ(checked, 2);
  CHECK(initial->enter_frame.ptr == NULL);
  printf("1 frames checked\n");
  return 0;
}

// CHECK: 1 frames checked
