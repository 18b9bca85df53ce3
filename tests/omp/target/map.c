// Every kind of map clause on a target region that runs on the host (gcc
// binaries have no device): to, from, tofrom and alloc give the region the
// host's objects themselves; firstprivate (scalars, which gcc passes in the
// address slot, arrays and structs, which it passes as blocks with their
// alignment) gives it copies made at the construct, which the region may
// change without touching the originals; pointers with array sections,
// struct members and implicitly mapped arrays; is_device_ptr.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=3 %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#include <stdint.h>

enum { N = 64 };

struct pair {
  int a;
  double b[4];
};

struct aligned {
  _Alignas(128) char bytes[200];
};

int main(void) {
  int to[N], from[N], both[N], scratch[N];
  for (int i = 0; i < N; i++) {
    to[i] = i;
    from[i] = -1;
    both[i] = 2 * i;
  }
  int *seen_to = NULL;
#pragma omp target map(to : to) map(from : from) map(tofrom : both) map(alloc : scratch) \
    map(from : seen_to)
  {
    seen_to = to;
    for (int i = 0; i < N; i++) {
      scratch[i] = to[i] + 1;
      from[i] = scratch[i] * 10;
      both[i] += to[i];
    }
  }
  CHECK(seen_to == to); // the host's object, not a copy
  for (int i = 0; i < N; i++) {
    CHECK_EQ(from[i], (i + 1) * 10);
    CHECK_EQ(both[i], 3 * i);
  }
  printf("to from tofrom alloc: ok\n");

  // firstprivate: a scalar (in the address slot), an array and a struct
  // (copied blocks, at their alignment), each changed inside.
  int scalar = 7;
  long array[N];
  for (int i = 0; i < N; i++)
    array[i] = i;
  struct pair pair = {5, {1.5, 2.5, 3.5, 4.5}};
  struct aligned big;
  for (int i = 0; i < 200; i++)
    big.bytes[i] = (char)i;
  long sum = 0;
  uintptr_t array_at = 0, big_at = 0;
  double member = 0;
#pragma omp target firstprivate(scalar, array, pair, big) map(from : sum, array_at, big_at, member)
  {
    array_at = (uintptr_t)array;
    big_at = (uintptr_t)&big;
    sum = scalar;
    for (int i = 0; i < N; i++)
      sum += array[i];
    for (int i = 0; i < 200; i++)
      sum += big.bytes[i];
    member = pair.a + pair.b[3];
    scalar = -1;
    array[0] = -1;
    pair.a = -1;
    big.bytes[0] = 99;
  }
  long bytes = 0;
  for (int i = 0; i < 200; i++)
    bytes += (char)i;
  CHECK_EQ(sum, 7 + N * (N - 1) / 2 + bytes);
  CHECK(member == 9.5);
  CHECK(array_at != (uintptr_t)array); // a copy ...
  CHECK(big_at != (uintptr_t)&big);
  CHECK_EQ(big_at % 128, 0);           // ... aligned as its type
  CHECK_EQ(scalar, 7);                 // and the originals unchanged
  CHECK_EQ(array[0], 0);
  CHECK_EQ(pair.a, 5);
  CHECK_EQ(big.bytes[0], 0);
  printf("firstprivate: ok\n");

  // Implicit: a scalar not in a map clause is firstprivate; an array is
  // tofrom.
  int implicit_scalar = 3, implicit_array[4] = {1, 2, 3, 4};
#pragma omp target
  {
    implicit_scalar = 100;
    for (int i = 0; i < 4; i++)
      implicit_array[i] *= 2;
  }
  CHECK_EQ(implicit_scalar, 3);
  CHECK_EQ(implicit_array[3], 8);
  printf("implicit: ok\n");

  // A pointer with array sections, a struct member, is_device_ptr.
  int *p = malloc(N * sizeof *p);
  for (int i = 0; i < N; i++)
    p[i] = i;
#pragma omp target map(tofrom : p[8 : 16])
  for (int i = 8; i < 24; i++)
    p[i] += 1000;
  int *q = p + 32;
#pragma omp target map(to : p[0 : 8]) map(from : q[0 : 8])
  for (int i = 0; i < 8; i++)
    q[i] = p[i] * 3;
  for (int i = 0; i < N; i++) {
    int want = i >= 8 && i < 24 ? i + 1000 : i >= 32 && i < 40 ? (i - 32) * 3 : i;
    CHECK_EQ(p[i], want);
  }
#pragma omp target map(tofrom : pair.a, pair.b[1 : 2])
  {
    pair.a += 10;
    pair.b[2] = 0.25;
  }
  CHECK_EQ(pair.a, 15);
  CHECK(pair.b[2] == 0.25);
  int *raw = p;
#pragma omp target is_device_ptr(raw)
  raw[63] = -63;
  CHECK_EQ(p[63], -63);
  free(p);
  printf("sections, members, is_device_ptr: ok\n");
  return 0;
}
// CHECK: to from tofrom alloc: ok
// CHECK-NEXT: firstprivate: ok
// CHECK-NEXT: implicit: ok
// CHECK-NEXT: sections, members, is_device_ptr: ok
