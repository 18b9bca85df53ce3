// C++ objects in each OpenMP thread's TLS, 8 threads and nested 2 x 4 on 2
// ESs:
// - Exact counts: a thread_local object owning heap memory is constructed
//   once per OpenMP thread that uses it, and at exit each constructed one
//   is destroyed exactly once, in place (its own this), by the time the
//   last exit handler runs.
// - copyin and copyprivate of a threadprivate object (clang; gcc rejects
//   threadprivate on a class with a constructor): inside the copy
//   assignment, &source is the primary's (or the single thread's) object
//   itself, not a copy of it.
// - C++ exceptions thrown, caught and rethrown across barriers, where the
//   OpenMP threads of an ES take turns: each thread's caught exception
//   stays its own (the C++ runtime's per-thread exception globals).
// RUN: %libomp-compile -lstdc++ && env OMP_MAX_ACTIVE_LEVELS=2 %libomp-run | FileCheck %s
#include "check.h"

#include <stdexcept>
#include <string>

static int constructed, destroyed, misplaced;

struct Owner {
  Owner *self;
  std::string text;
  int *heap;
  Owner() : self(this), text("an owner with a string too long for SSO"), heap(new int[8]()) {
    __atomic_add_fetch(&constructed, 1, __ATOMIC_RELAXED);
  }
  ~Owner() {
    if (self != this)
      __atomic_add_fetch(&misplaced, 1, __ATOMIC_RELAXED);
    delete[] heap;
    __atomic_add_fetch(&destroyed, 1, __ATOMIC_RELAXED);
  }
};

static thread_local Owner owner;

static void at_exit_check(void) {
  // registered first, so it runs after the runtime's exit handlers
  if (constructed != destroyed || misplaced) {
    printf("exit: %d constructed, %d destroyed, %d misplaced\n", constructed, destroyed,
           misplaced);
    fflush(stdout);
    _exit(1);
  }
  printf("exit: every object destroyed once, in place\n");
  fflush(stdout);
}

static int use_owner(int me) {
  owner.heap[0] = me;
  owner.text += "!";
  int bad = 0;
  for (int round = 0; round < 2; round++) {
#pragma omp barrier
    bad += owner.self != &owner || owner.heap[0] != me;
  }
  return bad;
}

static int throw_across(int me) {
  int bad = 0;
  try {
#pragma omp barrier
    throw std::runtime_error(std::to_string(me));
  } catch (const std::runtime_error &e) {
#pragma omp barrier
    spin_a_bit(100 * (me % 3));
    try {
      throw;
    } catch (const std::exception &again) {
#pragma omp barrier
      bad += std::string(again.what()) != std::to_string(me);
    }
    bad += std::string(e.what()) != std::to_string(me);
  }
  bad += std::uncaught_exceptions() != 0;
  return bad;
}

#ifdef __clang__
struct Copied {
  int value;
  static const Copied *primary;
  static int wrong_source;
  Copied() : value(0) {}
  Copied &operator=(const Copied &src) {
    if (&src != primary)
      __atomic_add_fetch(&wrong_source, 1, __ATOMIC_RELAXED);
    value = src.value;
    return *this;
  }
};
const Copied *Copied::primary;
int Copied::wrong_source;
static Copied copied;
#pragma omp threadprivate(copied)

static void copies(void) {
  copied.value = 42;
  Copied::primary = &copied;
  int bad = 0;
#pragma omp parallel num_threads(8) copyin(copied) reduction(+ : bad)
  {
    bad += copied.value != 42;
    copied.value = omp_get_thread_num();
#pragma omp barrier
#pragma omp single copyprivate(copied)
    {
      copied.value = 7000 + omp_get_thread_num();
      Copied::primary = &copied;
    }
    bad += copied.value < 7000;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(Copied::wrong_source, 0);
}
#else
static void copies(void) {}
#endif

int main() {
  setvbuf(stdout, NULL, _IOLBF, 0);
  atexit(at_exit_check);
  omp_set_dynamic(0);
  int bad = 0;
#pragma omp parallel num_threads(8) reduction(+ : bad)
  bad += use_owner(omp_get_thread_num()) + throw_across(omp_get_thread_num());
  CHECK_EQ(bad, 0);
  CHECK_EQ(constructed, 8);
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int outer = omp_get_thread_num();
#pragma omp parallel num_threads(4) reduction(+ : bad)
    bad += use_owner(10 * outer + omp_get_thread_num()) +
           throw_across(10 * outer + omp_get_thread_num());
  }
  CHECK_EQ(bad, 0);
  printf("objects: own, exceptions: own\n");
  copies();
  printf("copies: from the source itself\n");
  return 0;
}
// CHECK: objects: own, exceptions: own
// CHECK-NEXT: copies: from the source itself
// CHECK-NEXT: exit: every object destroyed once, in place
