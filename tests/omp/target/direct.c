// The device entry points gcc 12 does not emit, or not in these shapes,
// called directly as older gcc versions and offloading builds do, bound at
// libgomp's versions (the binary links against the system's libgomp.so.1):
// GOMP_target, GOMP_target_data, GOMP_target_update and GOMP_target_end_data
// (GOMP_4.0, 8-bit map kinds), the offload image registration (GOMP_4.0.1,
// GOMP_4.5: nothing to do), and GOMP_target_ext with gcc's args encodings:
// a thread limit whose value follows its id word, and arguments for one
// device only, which the host skips.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// REQUIRES: gcc
#include "check.h"

#include <stdint.h>

void GOMP_target(int, void (*)(void *), const void *, size_t, void **, size_t *,
                 unsigned char *);
void GOMP_target_data(int, const void *, size_t, void **, size_t *, unsigned char *);
void GOMP_target_end_data(void);
void GOMP_target_update(int, const void *, size_t, void **, size_t *, unsigned char *);
void GOMP_target_ext(int, void (*)(void *), size_t, void **, size_t *, unsigned short *,
                     unsigned int, void **, void **);
void GOMP_offload_register(const void *, int, const void *);
void GOMP_offload_unregister(const void *, int, const void *);
void GOMP_offload_register_ver(unsigned, const void *, int, const void *);
void GOMP_offload_unregister_ver(unsigned, const void *, int, const void *);

// gcc's include/gomp-constants.h
enum {
  MAP_TOFROM = 3,
  MAP_FIRSTPRIVATE = 12,
  MAP_FIRSTPRIVATE_INT = 13,
  ARG_SUBSEQUENT_PARAM = 1 << 7,
  ARG_THREAD_LIMIT = 2 << 8,
  ARG_VALUE_SHIFT = 16,
};

static void body(void *arg) {
  void **hostaddrs = arg;
  int *out = hostaddrs[0];
  out[0] = omp_get_level() * 100 + omp_get_num_threads() * 10 + omp_get_thread_num();
  out[1] = omp_get_thread_limit();
}

static void body_firstprivate(void *arg) {
  void **hostaddrs = arg;
  long *out = hostaddrs[0];
  long *block = hostaddrs[1];
  out[0] = (long)(intptr_t)hostaddrs[2]; // FIRSTPRIVATE_INT: the value itself
  out[1] = block[0] + block[1];
  out[2] = (long)((uintptr_t)block % 256);
  out[3] = hostaddrs[1] == hostaddrs[3]; // two firstprivate blocks: two copies
  block[0] = -1;
}

int main(void) {
  int out[2] = {-1, -1};
  void *hostaddrs[1] = {out};
  size_t sizes[1] = {sizeof out};
  unsigned char kinds8[1] = {MAP_TOFROM};
  GOMP_offload_register((const void *)out, 5, NULL);
  GOMP_offload_register_ver(1u << 16, (const void *)out, 5, NULL);

  GOMP_target_data(-1, NULL, 1, hostaddrs, sizes, kinds8);
  GOMP_target(-1, body, NULL, 1, hostaddrs, sizes, kinds8);
  GOMP_target_update(0, NULL, 1, hostaddrs, sizes, kinds8);
  GOMP_target_end_data();
  CHECK_EQ(out[0], 10);
  CHECK_EQ(out[1], omp_get_thread_limit());
  printf("GOMP_4.0: ok\n");

  unsigned short kinds[1] = {MAP_TOFROM | 2 << 8};
  // thread_limit 6 for device 5 only, then 3 for all devices in the next word
  void *args[] = {(void *)(intptr_t)(5 | ARG_THREAD_LIMIT | 6 << ARG_VALUE_SHIFT),
                  (void *)(intptr_t)(ARG_THREAD_LIMIT | ARG_SUBSEQUENT_PARAM), (void *)3,
                  NULL};
  GOMP_target_ext(-2, body, 1, hostaddrs, sizes, kinds, 0, NULL, args);
  CHECK_EQ(out[0], 10);
  CHECK_EQ(out[1], 3);
  void *inline_args[] = {(void *)(intptr_t)(ARG_THREAD_LIMIT | 4 << ARG_VALUE_SHIFT), NULL};
  GOMP_target_ext(-1, body, 1, hostaddrs, sizes, kinds, 0, NULL, inline_args);
  CHECK_EQ(out[1], 4);
  printf("args: ok\n");

  long results[4];
  _Alignas(256) long block[2] = {20, 22};
  void *fp_addrs[4] = {results, block, (void *)(intptr_t)-5, block};
  size_t fp_sizes[4] = {sizeof results, sizeof block, 0, sizeof block};
  unsigned short fp_kinds[4] = {MAP_TOFROM | 3 << 8, MAP_FIRSTPRIVATE | 8 << 8,
                                MAP_FIRSTPRIVATE_INT, MAP_FIRSTPRIVATE | 3 << 8};
  GOMP_target_ext(-1, body_firstprivate, 4, fp_addrs, fp_sizes, fp_kinds, 0, NULL, NULL);
  CHECK_EQ(results[0], -5);
  CHECK_EQ(results[1], 42);
  CHECK_EQ(results[2], 0); // aligned to 1 << 8
  CHECK_EQ(results[3], 0);
  CHECK_EQ(block[0], 20);
  printf("firstprivate: ok\n");

  GOMP_offload_unregister_ver(1u << 16, (const void *)out, 5, NULL);
  GOMP_offload_unregister((const void *)out, 5, NULL);
  return 0;
}
// CHECK: GOMP_4.0: ok
// CHECK-NEXT: args: ok
// CHECK-NEXT: firstprivate: ok
