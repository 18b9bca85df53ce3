// LLVM's Archer, loaded through OMP_TOOL_LIBRARIES into a program built
// with ThreadSanitizer, starts on Bobbin's OMPT interface and gives TSan
// the OpenMP synchronisation it cannot see in the uninstrumented runtime:
// the race-free run (barrier, single, task dependences, taskwait,
// critical, atomic, the region's end) reports nothing, the racy one (two
// threads incrementing one variable) reports the race at its line.
//
// What ThreadSanitizer follows on Bobbin: OS threads. OpenMP threads and
// tasks on different ESs are different threads to it, and Archer's
// annotations order them; two units that share an ES are one thread to
// it, so a race between them goes unseen (the team here has one thread per
// ES: members of a first-level team go to distinct ESs). TSan keeps its
// per-thread state in TLS, which Bobbin's per-OpenMP-thread TLS blocks
// would give each unit fresh: BOBBIN_TLS=off, or TSan crashes once a unit
// runs with a block of its own.
// RUN: %libomp-compile -fsanitize=thread -g
// RUN: env BOBBIN_TLS=off TSAN_OPTIONS=ignore_noninstrumented_modules=1 OMP_TOOL_LIBRARIES=%archer-lib ARCHER_OPTIONS=verbose=1 %libomp-run 2>&1 | FileCheck %s --check-prefix=CLEAN
// RUN: env BOBBIN_TLS=off TSAN_OPTIONS=ignore_noninstrumented_modules=1 OMP_TOOL_LIBRARIES=%archer-lib not %libomp-run racy 2>&1 | FileCheck %s --check-prefix=RACE
// REQUIRES: bobbin, archer
// UNSUPPORTED: sanitize
// RACE: WARNING: ThreadSanitizer: data race
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int racy = argc > 1;
  int x = 0, y = 0, sum = 0;
  alarm(60); /* a hang ends the test */
  #pragma omp parallel num_threads(2)
  {
    if (racy)
      x++; // RACE: archer.c:[[@LINE]]
    #pragma omp atomic
    y++;
    #pragma omp barrier
    #pragma omp single
    {
      int a = 0, b = 0;
      #pragma omp task depend(out : a) shared(a)
      a = y;
      #pragma omp task depend(in : a) shared(a, b)
      b = a + 1;
      #pragma omp taskwait
      sum = b;
    }
    #pragma omp critical
    y += 0;
  }
  printf("y=%d sum=%d\n", y, sum);
  return 0;
}

// CLEAN: Archer detected OpenMP application with TSan, supplying OpenMP synchronization semantics
// CLEAN-NOT: ThreadSanitizer
// CLEAN: y=2 sum=3
// CLEAN-NOT: ThreadSanitizer

// RACE: y=2 sum=3
// RACE: ThreadSanitizer: reported {{[0-9]+}} warnings
