// OMPT frames: a task's exit_frame is the runtime frame its body runs
// below, set while the body runs (an implicit task's, a deferred explicit
// task's): the frame pointer its body's frame links to, flagged runtime and
// framepointer, as libomp reports it (LLVM's OMPT tests compare it with
// __builtin_frame_address(1) in the body: checked here where clang calls
// the body from the runtime, not through gcc's fn(data) wrappers), and NULL
// at the region's implicit barrier, where the body has returned. Its
// enter_frame is the runtime frame it entered through, set while it waits
// there (the encountering task of a region, for the whole region) and NULL
// while its own code runs, flagged runtime and cfa. The stack grows down:
// a body's locals lie below its exit frame, and the encountering task's
// enter frame lies below its own locals.
// RUN: %libomp-compile %ompt-flags -fno-omit-frame-pointer && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static ompt_frame_t *frame_of(int level) {
  ompt_frame_t *frame = NULL;
  CHECK_EQ(tool_get_task_info(level, NULL, NULL, &frame, NULL, NULL), 2);
  CHECK(frame != NULL);
  return frame;
}

static const int exit_flags = ompt_frame_runtime | ompt_frame_framepointer;
static const int enter_flags = ompt_frame_runtime | ompt_frame_cfa;

enum { EXPLICIT, IMPLICIT, IMPLICIT_ON_ENCOUNTERING_STACK };

/* body_caller: __builtin_frame_address(1) in the body. */
__attribute__((noinline)) static void in_body(char *outer_local, int kind, void *body_caller) {
  char local;
  ompt_frame_t *mine = frame_of(0), *parent = frame_of(1);
  CHECK(mine->exit_frame.ptr != NULL);
  CHECK_EQ(mine->exit_frame_flags, exit_flags);
  CHECK((char *)mine->exit_frame.ptr > &local);
#ifdef __clang__
  CHECK(mine->exit_frame.ptr == body_caller);
#else
  (void)body_caller;
#endif
  CHECK(mine->enter_frame.ptr == NULL);
  if (kind == EXPLICIT) /* its creator may be anywhere by now */
    return;
  CHECK(parent->enter_frame.ptr != NULL);
  CHECK_EQ(parent->enter_frame_flags, enter_flags);
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
    in_body(&local, omp_get_thread_num() == 0 ? IMPLICIT_ON_ENCOUNTERING_STACK : IMPLICIT,
            __builtin_frame_address(1));
    checked++;
    #pragma omp single
    {
      char single_local;
      #pragma omp task shared(single_local)
      in_body(&single_local, EXPLICIT, __builtin_frame_address(1));
      #pragma omp taskwait
    }
    /* at the implicit barrier: the tool's sync_region callback */
  }
  CHECK_EQ(checked, 2);
  CHECK(initial->enter_frame.ptr == NULL);
  printf("1 frames checked\n");
  return 0;
}

// CHECK-COUNT-2: sync_begin barrier_implicit_parallel {{.*}} exit_frame=null
// CHECK: 1 frames checked
