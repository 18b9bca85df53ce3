// REQUIRES: bobbin
// OMP_PLACES exclusions, as Bobbin reads the spec: "!n" inside a place
// removes CPU n from it wherever it stands; "!{...}" in the list removes the
// places equal to it listed so far, as libgomp does (LLVM's libomp 14 rejects
// the first and takes the second as the complement of the place). Also white
// space inside an abstract name. CPUs fixed to {0,1} as in places_explicit.c,
// whose program this is.
// RUN: %libomp-compile
// RUN: env OMP_PLACES="{0:2,!1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ZERO
// RUN: env OMP_PLACES="{!1,0:2}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ZERO
// RUN: env OMP_PLACES="{0},{1},!{1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ZERO
// RUN: env OMP_PLACES="{0},{1},{0},!{0}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONLY1
// RUN: env OMP_PLACES="{0},{1},!{0,1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES=" Threads ( 1 ) " taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ZERO
#include "places_explicit.c"
// ZERO: places 1: {0}
// ONLY1: places 1: {1}
// TWO: places 2: {0} {1}
