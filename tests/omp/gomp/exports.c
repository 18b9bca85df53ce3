// An entry point both libraries have is exported at libgomp's version
// besides libomp's default VERSION, which a clang-style unversioned
// reference gets. (That every name of libomp 19 and libgomp 12 is exported
// at its versions is ctest's kmp_abi.exports.)
// RUN: objdump -T %bobbin-lib | FileCheck %s --check-prefix=DEFAULT
// REQUIRES: gcc, bobbin
int main(void) { return 0; }
// DEFAULT-DAG: VERSION {{ *}}GOMP_parallel{{$}}
// DEFAULT-DAG: (GOMP_4.0) {{ *}}GOMP_parallel{{$}}
// DEFAULT-DAG: VERSION {{ *}}omp_get_thread_num{{$}}
// DEFAULT-DAG: (OMP_1.0) {{ *}}omp_get_thread_num{{$}}
// DEFAULT-DAG: (OMP_1.0) {{ *}}omp_init_nest_lock_{{$}}
// DEFAULT-DAG: (OMP_3.0) {{ *}}omp_init_nest_lock_{{$}}
