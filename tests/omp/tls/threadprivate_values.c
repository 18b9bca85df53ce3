// threadprivate scalars, arrays and structs compiled to ELF TLS (what gcc
// always does and clang does by default), with teams of 1, 2, 8 and 64
// threads on 2 ESs: each OpenMP thread keeps its own values across barriers
// (where OpenMP threads sharing an ES suspend and alternate), the values
// persist into the next region of the same size, copyin gives every thread
// the primary thread's values, and `single copyprivate` broadcasts the
// single thread's values.
//
// Evidence that this tests the TLS mechanism: with BOBBIN_TLS=off the
// OpenMP threads of an ES share one copy and the program fails at the first
// team larger than the ES count (team of 8: its values are overwritten by
// the other threads of its ES).
//
// threadprivate_values_notls.c runs this same program built with
// -fnoopenmp-use-tls.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

struct record {
  int id;
  double weight;
  char tag[12];
  short bits[5];
};

static int tp_int = 3;
static long tp_arr[40] = {1, 2, 3};
static struct record tp_rec = {7, 0.25, "initial", {1, 1, 1, 1, 1}};
#pragma omp threadprivate(tp_int, tp_arr, tp_rec)

// The values thread `me` of a team of n gives its copies in round `round`.
static int int_of(int n, int me, int round) { return round * 100000 + n * 100 + me; }
static long arr_of(int n, int me, int round, int k) {
  return (long)int_of(n, me, round) * 64 + k;
}

static void put(int n, int me, int round) {
  tp_int = int_of(n, me, round);
  for (int k = 0; k < 40; k++)
    tp_arr[k] = arr_of(n, me, round, k);
  tp_rec.id = int_of(n, me, round);
  tp_rec.weight = me + 0.5;
  snprintf(tp_rec.tag, sizeof tp_rec.tag, "t%d.%d", me, round);
  for (int k = 0; k < 5; k++)
    tp_rec.bits[k] = (short)(me * 5 + k);
}

// 0 if the calling thread's copies hold what put(n, me, round) stored.
static int wrong(int n, int me, int round) {
  char tag[12];
  int bad = tp_int != int_of(n, me, round);
  for (int k = 0; k < 40; k++)
    bad += tp_arr[k] != arr_of(n, me, round, k);
  snprintf(tag, sizeof tag, "t%d.%d", me, round);
  bad += tp_rec.id != int_of(n, me, round) || tp_rec.weight != me + 0.5 ||
         strcmp(tp_rec.tag, tag) != 0;
  for (int k = 0; k < 5; k++)
    bad += tp_rec.bits[k] != me * 5 + k;
  return bad;
}

static void team_of(int n) {
  int bad = 0, members = 0;

  // Round 1: each thread stores its values, then they must survive
  // barriers, during which the other OpenMP threads of its ES run.
#pragma omp parallel num_threads(n) reduction(+ : bad, members)
  {
    int me = omp_get_thread_num();
    members++;
    put(n, me, 1);
#pragma omp barrier
    spin_a_bit(300 * (me % 7));
    bad += wrong(n, me, 1);
#pragma omp barrier
    bad += wrong(n, me, 1);
    // A worksharing loop counted in the threadprivate counter and in a
    // local: both must agree however the iterations fall.
    int mine = 0;
    tp_int = 0;
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 16 * n; i++) {
      tp_int++;
      mine++;
      if (i % 5 == 0) {
        spin_a_bit(50);
      }
    }
    bad += tp_int != mine;
    tp_int = int_of(n, me, 1); // back to round 1's value
#pragma omp barrier
    bad += wrong(n, me, 1);
  }
  CHECK_EQ(members, n);
  CHECK_EQ(bad, 0);
  // The initial thread was thread 0 and kept its copy.
  CHECK_EQ(wrong(n, 0, 1), 0);

  // Round 2: the same team size, so every thread finds its round 1 values.
#pragma omp parallel num_threads(n) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    bad += wrong(n, me, 1);
    put(n, me, 2);
#pragma omp barrier
    bad += wrong(n, me, 2);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(wrong(n, 0, 2), 0);

  // copyin: every thread starts with the initial thread's values.
  put(n, 4321 % n, 3); // values no thread of the team would make itself
#pragma omp parallel num_threads(n) copyin(tp_int, tp_arr, tp_rec) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    bad += wrong(n, 4321 % n, 3);
#pragma omp barrier
    put(n, me, 4); // then each thread's own again
#pragma omp barrier
    spin_a_bit(200 * (me % 3));
    bad += wrong(n, me, 4);
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(wrong(n, 0, 4), 0);

  // single copyprivate: the single thread's values reach every thread,
  // whose copies held their own values before.
  int chosen = -1;
#pragma omp parallel num_threads(n) reduction(+ : bad)
  {
    int me = omp_get_thread_num();
    put(n, me, 5);
#pragma omp barrier
#pragma omp single copyprivate(tp_int, tp_arr, tp_rec)
    {
      chosen = me;
      put(n, me, 6);
    }
    bad += wrong(n, chosen, 6);
#pragma omp barrier
    spin_a_bit(100 * (me % 4));
    bad += wrong(n, chosen, 6);
  }
  CHECK_EQ(bad, 0);
  CHECK(chosen >= 0 && chosen < n);
  CHECK_EQ(wrong(n, chosen, 6), 0);
  printf("team of %d: ok\n", n);
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0); // what passed shows before a failure
  omp_set_dynamic(0);
  // The program's initial values, in the initial thread and, on their
  // first use, in every other thread.
  CHECK_EQ(tp_int, 3);
  CHECK_EQ(tp_arr[2], 3);
  CHECK_EQ(tp_rec.id, 7);
  tp_int = -1; // the other threads' copies keep the program's values
  tp_rec.id = -7;
  int fresh = 0;
#pragma omp parallel num_threads(8) reduction(+ : fresh)
  {
    if (omp_get_thread_num() != 0)
      fresh += tp_int == 3 && tp_arr[2] == 3 && tp_rec.id == 7 &&
               strcmp(tp_rec.tag, "initial") == 0;
    else
      fresh += tp_int == -1 && tp_rec.id == -7;
  }
  CHECK_EQ(fresh, 8);
  printf("fresh copies: %d\n", fresh);

  static const int sizes[] = {1, 2, 8, 64};
  for (int i = 0; i < 4; i++)
    team_of(sizes[i]);
  // Smaller again after the largest team.
  team_of(8);
  return 0;
}
// CHECK: fresh copies: 8
// CHECK-NEXT: team of 1: ok
// CHECK-NEXT: team of 2: ok
// CHECK-NEXT: team of 8: ok
// CHECK-NEXT: team of 64: ok
// CHECK-NEXT: team of 8: ok
