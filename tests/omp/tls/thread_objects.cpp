// C++ objects with constructors and destructors in thread-local storage:
// a thread_local object, and (clang only: gcc rejects threadprivate on a
// class with a constructor) a threadprivate one, which clang compiles like
// thread_local. Teams of 8 and 64 threads on 2 ESs: every OpenMP thread
// constructs its own object once, at its first use (the TLS guard variable
// is per OpenMP thread too), sees only its own state across barriers,
// keeps it into the next region, and no object is destroyed twice - at
// exit the destructors registered by the OpenMP threads must each meet a
// live object of their own (a double destruction would also free the
// object's buffer twice). copyin and single copyprivate of the
// threadprivate object go through its copy assignment.
//
// With BOBBIN_TLS=off this fails: the OpenMP threads of an ES share one
// object, so it is constructed once per ES.
//
// thread_objects_notls.cpp runs the same program with -fnoopenmp-use-tls.
// RUN: %libomp-compile -lstdc++ && %libomp-run 2>&1 | FileCheck %s
#include "check.h"

enum { ALIVE = 0x600d, DEAD = 0xdead, SLOTS = 16 };

static int serials, assignments;

struct Tracker {
  int magic;
  int serial; // which construction made this object
  int value;
  int *heap;

  Tracker() : magic(ALIVE), serial(__atomic_add_fetch(&serials, 1, __ATOMIC_RELAXED)),
              value(0), heap(new int[SLOTS]) {
    set(0);
  }
  Tracker(const Tracker &) = delete;
  Tracker &operator=(const Tracker &other) {
    if (magic != ALIVE || other.magic != ALIVE)
      fail("assignment with a dead object");
    value = other.value;
    for (int k = 0; k < SLOTS; k++)
      heap[k] = other.heap[k];
    __atomic_add_fetch(&assignments, 1, __ATOMIC_RELAXED);
    return *this;
  }
  ~Tracker() {
    if (magic != ALIVE)
      fail("double destruction of a thread-local object");
    magic = DEAD;
    delete[] heap;
    heap = nullptr;
  }

  void set(int v) {
    value = v;
    for (int k = 0; k < SLOTS; k++)
      heap[k] = v * SLOTS + k;
  }
  bool holds(int v) const {
    if (magic != ALIVE || value != v)
      return false;
    for (int k = 0; k < SLOTS; k++)
      if (heap[k] != v * SLOTS + k)
        return false;
    return true;
  }
  [[noreturn]] void fail(const char *what) const {
    fprintf(stderr, "%s (serial %d, magic %#x)\n", what, serial, magic);
    fflush(stderr);
    _exit(3);
  }
};

thread_local Tracker tl_obj;
#ifdef __clang__
static Tracker tp_obj;
#pragma omp threadprivate(tp_obj)
#define TP_OBJ 1
#else
#define TP_OBJ 0
#endif

// Counts the distinct serials in s[0..n): each thread's own object.
static int distinct(const int *s, int n) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    bool seen = false;
    for (int j = 0; j < i; j++)
      seen = seen || s[j] == s[i];
    count += !seen;
  }
  return count;
}

// A region of n threads after one of prev threads (0: none before).
static void region(int n, int prev) {
  static int tl_serial[64], tp_serial[64];
  int bad = 0;
#pragma omp parallel num_threads(n) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    int before = me < prev || me == 0 ? 100 * prev + me : 0; // 0: a new object
    bad += !tl_obj.holds(before);
    tl_obj.set(100 * n + me);
    tl_serial[me] = tl_obj.serial;
#if TP_OBJ
    bad += !tp_obj.holds(before);
    tp_obj.set(100 * n + me);
    tp_serial[me] = tp_obj.serial;
#endif
    for (int round = 0; round < 3; round++) {
#pragma omp barrier
      spin_a_bit(200 * ((me + round) % 5));
      bad += !tl_obj.holds(100 * n + me) || tl_obj.serial != tl_serial[me];
#if TP_OBJ
      bad += !tp_obj.holds(100 * n + me) || tp_obj.serial != tp_serial[me];
#endif
    }
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(distinct(tl_serial, n), n);
#if TP_OBJ
  CHECK_EQ(distinct(tp_serial, n), n);
#endif
}

int main() {
  setvbuf(stdout, NULL, _IOLBF, 0);
  omp_set_dynamic(0);
  // The initial thread's objects, constructed here at the latest.
  CHECK(tl_obj.holds(0));
#if TP_OBJ
  CHECK(tp_obj.holds(0));
#endif
  int at_start = serials;
  region(8, 0);
  // One construction per OpenMP thread and object, the initial thread's
  // done already.
  CHECK_EQ(serials - at_start, 7 * (1 + TP_OBJ));
  printf("8 threads: own objects\n");
  region(8, 8);
  CHECK_EQ(serials - at_start, 7 * (1 + TP_OBJ));
  printf("8 threads: objects kept\n");
  region(64, 8);
  CHECK_EQ(serials - at_start, 63 * (1 + TP_OBJ));
  region(64, 64);
  CHECK_EQ(serials - at_start, 63 * (1 + TP_OBJ));
  printf("64 threads: own objects, kept\n");

#if TP_OBJ
  // copyin: the copy assignment from the initial thread's object.
  int bad = 0;
  tp_obj.set(777);
  assignments = 0;
#pragma omp parallel num_threads(64) copyin(tp_obj) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    bad += !tp_obj.holds(777);
#pragma omp barrier
    tp_obj.set(900 + me);
#pragma omp barrier
    bad += !tp_obj.holds(900 + me);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(assignments, 63); // every thread but the primary
  // single copyprivate: the single thread's object assigned to the others.
  int chosen = -1;
#pragma omp parallel num_threads(64) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    bad += !tp_obj.holds(900 + me);
#pragma omp single copyprivate(tp_obj)
    {
      chosen = me;
      tp_obj.set(5000 + me);
    }
    bad += !tp_obj.holds(5000 + chosen);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(serials - at_start, 63 * (1 + TP_OBJ));
#endif
  printf("copyin and copyprivate: %s\n", TP_OBJ ? "ok" : "not with gcc");
  return 0; // the destructors run after this
}
// CHECK: 8 threads: own objects
// CHECK-NEXT: 8 threads: objects kept
// CHECK-NEXT: 64 threads: own objects, kept
// CHECK-NEXT: copyin and copyprivate: {{ok|not with gcc}}
// CHECK-NOT: destruction
