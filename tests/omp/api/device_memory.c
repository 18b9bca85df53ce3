// The device memory routines of OpenMP 4.5 on the host device, whose number
// is omp_get_initial_device(), and on invalid device numbers (NULL, 0 and
// EINVAL without a message, as libgomp 12 answers); rectangular copies of 1
// to 3 dimensions with offsets, between arrays of different shapes.
// REQUIRES: bobbin || gcc
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <errno.h>
#include <limits.h>

static void host_device(int host) {
  char src[64];
  for (int i = 0; i < 64; i++)
    src[i] = (char)i;
  char *p = omp_target_alloc(64, host);
  CHECK(p != NULL);
  CHECK_EQ(omp_target_is_present(p, host), 1);
  CHECK_EQ(omp_target_is_present(src, host), 1);
  memset(p, -1, 64);
  CHECK_EQ(omp_target_memcpy(p, src, 32, 8, 4, host, host), 0);
  CHECK_EQ(p[7], -1);
  CHECK_EQ(p[8], 4);
  CHECK_EQ(p[39], 35);
  CHECK_EQ(p[40], -1);
  CHECK_EQ(omp_target_memcpy(p, src, 0, 0, 0, host, host), 0);
  // the host's memory is its own: nothing to associate
  CHECK_EQ(omp_target_associate_ptr(src, p, 64, 0, host), EINVAL);
  CHECK_EQ(omp_target_disassociate_ptr(src, host), EINVAL);
  omp_target_free(p, host);
  omp_target_free(NULL, host);
}

static void invalid_device(int dev, int host) {
  char buf[16] = {1};
  size_t one[1] = {4}, zero[1] = {0}, dims[1] = {16};
  CHECK(omp_target_alloc(16, dev) == NULL);
  omp_target_free(buf, dev); // not the host's: nothing is freed
  CHECK_EQ(omp_target_is_present(buf, dev), 0);
  CHECK_EQ(omp_target_is_present(NULL, dev), 1);
  CHECK_EQ(omp_target_memcpy(buf, buf + 8, 4, 0, 0, dev, host), EINVAL);
  CHECK_EQ(omp_target_memcpy(buf, buf + 8, 4, 0, 0, host, dev), EINVAL);
  CHECK_EQ(omp_target_memcpy_rect(buf, buf + 8, 1, 1, one, zero, zero, dims, dims, dev,
                                  host),
           EINVAL);
  CHECK_EQ(omp_target_memcpy_rect(buf, buf + 8, 1, 1, one, zero, zero, dims, dims, host,
                                  dev),
           EINVAL);
  CHECK_EQ(omp_target_associate_ptr(buf, buf + 8, 4, 0, dev), EINVAL);
  CHECK_EQ(omp_target_disassociate_ptr(buf, dev), EINVAL);
  CHECK_EQ(buf[0], 1);
}

enum { MAX_ELEMS = 4 * 5 * 6 };

// Copies the volume with omp_target_memcpy_rect and checks every element of
// dst against the copy by hand (the shapes padded to 3 dimensions).
static void rect(int n, const size_t *vol, const size_t *doff, const size_t *soff,
                 const size_t *ddim, const size_t *sdim, int host) {
  int src[MAX_ELEMS], dst[MAX_ELEMS];
  size_t V[3], DO[3], SO[3], DD[3], SD[3];
  for (int k = 0; k < 3; k++) {
    int j = k - (3 - n);
    V[k] = j < 0 ? 1 : vol[j];
    DO[k] = j < 0 ? 0 : doff[j];
    SO[k] = j < 0 ? 0 : soff[j];
    DD[k] = j < 0 ? 1 : ddim[j];
    SD[k] = j < 0 ? 1 : sdim[j];
  }
  for (size_t i = 0; i < SD[0] * SD[1] * SD[2]; i++)
    src[i] = (int)i + 1;
  for (size_t i = 0; i < DD[0] * DD[1] * DD[2]; i++)
    dst[i] = 0;
  CHECK_EQ(omp_target_memcpy_rect(dst, src, sizeof(int), n, vol, doff, soff, ddim, sdim,
                                  host, host),
           0);
  int copied = 0;
  for (size_t a = 0; a < DD[0]; a++)
    for (size_t b = 0; b < DD[1]; b++)
      for (size_t c = 0; c < DD[2]; c++) {
        int inside = a >= DO[0] && a < DO[0] + V[0] && b >= DO[1] && b < DO[1] + V[1] &&
                     c >= DO[2] && c < DO[2] + V[2];
        int expect = 0;
        if (inside)
          expect = src[((a - DO[0] + SO[0]) * SD[1] + (b - DO[1] + SO[1])) * SD[2] +
                       (c - DO[2] + SO[2])];
        CHECK_EQ(dst[(a * DD[1] + b) * DD[2] + c], expect);
        copied += inside;
      }
  CHECK_EQ(copied, (int)(V[0] * V[1] * V[2]));
}

int main(void) {
  int host = omp_get_initial_device();
  CHECK_EQ(host, omp_get_num_devices());
  host_device(host);
  const int invalid[] = {host + 1, host + 5, -2, -5};
  for (int i = 0; i < 4; i++)
    invalid_device(invalid[i], host);

  // NULL dst and src: the number of dimensions supported
  CHECK_EQ(omp_target_memcpy_rect(NULL, NULL, 0, 0, NULL, NULL, NULL, NULL, NULL, host,
                                  host),
           INT_MAX);
  {
    size_t vol[] = {7}, doff[] = {3}, soff[] = {10}, ddim[] = {12}, sdim[] = {20};
    rect(1, vol, doff, soff, ddim, sdim, host);
  }
  {
    size_t vol[] = {3, 4}, doff[] = {1, 2}, soff[] = {2, 1}, ddim[] = {4, 6},
           sdim[] = {5, 5};
    rect(2, vol, doff, soff, ddim, sdim, host);
  }
  {
    size_t vol[] = {2, 3, 4}, doff[] = {1, 0, 1}, soff[] = {1, 2, 2}, ddim[] = {3, 4, 5},
           sdim[] = {4, 5, 6};
    rect(3, vol, doff, soff, ddim, sdim, host);
  }
  {
    size_t vol[] = {4, 5, 6}, off[] = {0, 0, 0}, dim[] = {4, 5, 6};
    rect(3, vol, off, off, dim, dim, host); // the whole array
  }
  printf("device memory ok\n");
  return 0;
}
// CHECK: device memory ok
