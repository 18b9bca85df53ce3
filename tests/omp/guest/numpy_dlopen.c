// Python's numpy with Debian's OpenMP build of OpenBLAS: python loads
// OpenBLAS, and so the OpenMP runtime, with dlopen, found through
// LD_LIBRARY_PATH (no preload), at 1, 2, 4 and 8 threads. A C file only to
// sit among the tests: the program is Inputs/numpy_matmul.py. Passes on
// libgomp 12 too (-D runtime=system).
// REQUIRES: numpy, openblas, clang
// UNSUPPORTED: sanitize
// RUN: env OMP_NUM_THREADS=1 LD_LIBRARY_PATH=%libomp-dir:%openblas-dir %python3 %S/Inputs/numpy_matmul.py %libomp-dir | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 LD_LIBRARY_PATH=%libomp-dir:%openblas-dir %python3 %S/Inputs/numpy_matmul.py %libomp-dir | FileCheck %s
// RUN: env OMP_NUM_THREADS=4 LD_LIBRARY_PATH=%libomp-dir:%openblas-dir %python3 %S/Inputs/numpy_matmul.py %libomp-dir | FileCheck %s
// RUN: env OMP_NUM_THREADS=8 LD_LIBRARY_PATH=%libomp-dir:%openblas-dir %python3 %S/Inputs/numpy_matmul.py %libomp-dir | FileCheck %s
// CHECK: matmul ok
