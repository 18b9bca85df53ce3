// The library exports every entry point of gcc 12's libgomp.so.1 at
// libgomp's version (libgomp_symbols.txt, kept here rather than read from
// the system libgomp), besides libomp's default VERSION; and a clang-style
// unversioned reference still gets the VERSION one.
// RUN: python3 %S/check_exports.py %bobbin-lib %S/libgomp_symbols.txt | FileCheck %s
// RUN: objdump -T %bobbin-lib | FileCheck %s --check-prefix=DEFAULT
// REQUIRES: gcc, bobbin
int main(void) { return 0; }
// CHECK-NOT: missing:
// CHECK: [[N:[0-9]+]] of [[N]] required symbol versions exported
// DEFAULT-DAG: VERSION {{ *}}GOMP_parallel{{$}}
// DEFAULT-DAG: (GOMP_4.0) {{ *}}GOMP_parallel{{$}}
// DEFAULT-DAG: VERSION {{ *}}omp_get_thread_num{{$}}
// DEFAULT-DAG: (OMP_1.0) {{ *}}omp_get_thread_num{{$}}
// DEFAULT-DAG: (OMP_1.0) {{ *}}omp_init_nest_lock_{{$}}
// DEFAULT-DAG: (OMP_3.0) {{ *}}omp_init_nest_lock_{{$}}
