"""numpy's matrix product through Debian's OpenMP build of OpenBLAS, which
python loads with dlopen, and with it the OpenMP runtime (libgomp.so.1)
that LD_LIBRARY_PATH finds first: argv[1]'s, if that directory has one.
Checks that runtime is the one loaded, and the product against einsum,
which calls no BLAS."""
import os
import sys

import numpy as np

want = os.path.realpath(os.path.join(sys.argv[1], "libgomp.so.1"))
rng = np.random.default_rng(7)
a = rng.integers(-8, 8, size=(300, 400)).astype(np.float64)
b = rng.integers(-8, 8, size=(400, 500)).astype(np.float64)
for _ in range(20):
    product = a @ b
assert np.array_equal(product, np.einsum("ij,jk->ik", a, b)), "wrong product"
maps = open("/proc/self/maps").read()
assert "openblas-openmp" in maps, "not OpenBLAS's OpenMP build"
assert not os.path.exists(want) or want in maps, "runtime %s not loaded" % want
print("matmul ok")
