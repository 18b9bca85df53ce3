// Dependences among sibling tasks: a chain out -> in -> inout -> in, a
// diamond (one writer, two readers-and-writers of their own items, one task
// reading both), and many readers then a writer then readers again. Each task
// takes a ticket from a global counter when it starts and when it ends; the
// test checks each required "ends before starts" relation, many times over.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %libomp-run | FileCheck %s
#include "check.h"

static int clock_;
typedef struct { int start, end; } span_t;

static void enter(span_t *s) {
  s->start = __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST);
  spin_a_bit(2000);
}
static void leave(span_t *s) { s->end = __atomic_fetch_add(&clock_, 1, __ATOMIC_SEQ_CST); }
#define BEFORE(a, b) CHECK((a).end < (b).start)

#define READERS 32

static void chain(void) {
  int x = 0, seen_in = -1, seen_in2 = -1;
  span_t s[4];
#pragma omp task depend(out : x) shared(x, s)
  { enter(&s[0]); x = 1; leave(&s[0]); }
#pragma omp task depend(in : x) shared(x, s, seen_in)
  { enter(&s[1]); seen_in = x; leave(&s[1]); }
#pragma omp task depend(inout : x) shared(x, s)
  { enter(&s[2]); x *= 10; leave(&s[2]); }
#pragma omp task depend(in : x) shared(x, s, seen_in2)
  { enter(&s[3]); seen_in2 = x; leave(&s[3]); }
#pragma omp taskwait
  CHECK_EQ(seen_in, 1);
  CHECK_EQ(seen_in2, 10);
  CHECK_EQ(x, 10);
  for (int i = 0; i < 3; i++)
    BEFORE(s[i], s[i + 1]);
}

static void diamond(void) {
  int a = 0, b = 0, c = 0, d = 0;
  span_t top, left, right, bottom;
#pragma omp task depend(out : a) shared(a, top)
  { enter(&top); a = 5; leave(&top); }
#pragma omp task depend(in : a) depend(out : b) shared(a, b, left)
  { enter(&left); b = a + 1; leave(&left); }
#pragma omp task depend(in : a) depend(out : c) shared(a, c, right)
  { enter(&right); c = a + 2; leave(&right); }
#pragma omp task depend(in : b, c) shared(b, c, d, bottom)
  { enter(&bottom); d = b * c; leave(&bottom); }
#pragma omp taskwait
  CHECK_EQ(d, 42);
  BEFORE(top, left);
  BEFORE(top, right);
  BEFORE(left, bottom);
  BEFORE(right, bottom);
}

static void readers_then_writer(void) {
  int x = 7, got[READERS], after[READERS];
  span_t r[READERS], w, r2[READERS];
  for (int i = 0; i < READERS; i++)
#pragma omp task depend(in : x) shared(x, got, r) firstprivate(i)
    { enter(&r[i]); got[i] = x; leave(&r[i]); }
#pragma omp task depend(out : x) shared(x, w)
  { enter(&w); x = 8; leave(&w); }
  for (int i = 0; i < READERS; i++)
#pragma omp task depend(in : x) shared(x, after, r2) firstprivate(i)
    { enter(&r2[i]); after[i] = x; leave(&r2[i]); }
#pragma omp taskwait
  for (int i = 0; i < READERS; i++) {
    CHECK_EQ(got[i], 7);
    CHECK_EQ(after[i], 8);
    BEFORE(r[i], w);
    BEFORE(w, r2[i]);
  }
}

int main(void) {
  int rounds = 0;
#pragma omp parallel
#pragma omp single
  for (int round = 0; round < 200; round++) {
    chain();
    diamond();
    readers_then_writer();
    rounds++;
  }
  CHECK_EQ(rounds, 200);
  printf("%d rounds of chain, diamond, readers/writer in order\n", rounds);
  return 0;
}
// CHECK: 200 rounds of chain, diamond, readers/writer in order
