/* One frame of `frame` bytes in each place a unit's stack serves: thread 1
 * of a first-level team, thread 1 of the nested team under it, and four
 * explicit tasks. Returns how many of the seven frames kept what was
 * written in them. Needs max-active-levels of 2 or more. */
#ifndef BOBBIN_OMP_TEST_FRAMES_H
#define BOBBIN_OMP_TEST_FRAMES_H

#include "check.h"

static inline int frames_everywhere(size_t frame) {
  int ok = 0;
#pragma omp parallel num_threads(2) reduction(+ : ok)
  {
    if (omp_get_thread_num() == 1)
      ok += uses_stack(frame, 1);
#pragma omp parallel num_threads(2) reduction(+ : ok)
    if (omp_get_thread_num() == 1)
      ok += uses_stack(frame, 2);
#pragma omp single
    for (int t = 0; t < 4; t++) {
#pragma omp task shared(ok)
      {
        int good = uses_stack(frame, 3 + t);
#pragma omp atomic
        ok += good;
      }
    }
  }
  return ok;
}

#endif
