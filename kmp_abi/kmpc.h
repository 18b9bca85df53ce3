/* Types of the LLVM/Intel OpenMP ABI that omp.h does not define, as the
 * compilers lay them out (see ARCHITECTURE.md, sec. 5). */
#ifndef BOB_KMPC_H
#define BOB_KMPC_H

#include "rt.h"
#include "ompt/ompt.h"

#include <stdint.h>

typedef int32_t kmp_int32;
typedef uint32_t kmp_uint32;
typedef int64_t kmp_int64;
typedef uint64_t kmp_uint64;

/* A source location: psource is ";file;function;line;column;;". */
typedef struct ident {
    kmp_int32 reserved_1;
    kmp_int32 flags;
    kmp_int32 reserved_2;
    kmp_int32 reserved_3;
    const char *psource;
} ident_t;

/* ident_t.flags: the barrier is an implicit one (of a worksharing
 * construct); which construct a static loop is (clang lowers sections to
 * one), for a tool. */
enum { KMP_IDENT_BARRIER_IMPL = 0x40, KMP_IDENT_WORK_SECTIONS = 0x400,
       KMP_IDENT_WORK_DISTRIBUTE = 0x800 };

/* The 32 bytes the compiler reserves per critical name (and reduction);
 * the first 4 hold a runtime lock word. */
typedef kmp_int32 kmp_critical_name[8];

/* Outlined parallel region: fn(&gtid, &tid, shared variables...). */
typedef void (*kmpc_micro)(kmp_int32 *gtid, kmp_int32 *tid, ...);

/* Routines of libomp that LLVM 14's omp.h, which Bobbin builds with, does
 * not declare. */
int omp_in_explicit_task(void);
int kmp_get_cancellation_status(int kind);
int kmp_get_num_known_threads(void);

/* Everything exported is default visibility; the rest of the library is
 * hidden and the version script keeps it so. */
#define KMP_EXPORT __attribute__((visibility("default")))

/* An entry point a program calls once per task or per iteration: it
 * starts a cache line, so that its cost does not depend on where a build
 * happens to lay it out: its few instructions laid across two lines
 * slowed every task run at once that called it. */
#define KMP_HOT __attribute__((aligned(64)))

/* Ends an entry point that takes arguments on the stack and whose calls
 * must stay calls. A sibling call (a call turned into a jump) would pass
 * its own arguments where the entry point's came, so GCC loads all of
 * those at entry in any function that makes one, into registers it must
 * save: the shortest path, which needs none of them, would pay for that
 * on every call. */
#define KMP_NO_SIBLING_CALLS() __asm__ volatile("")

/* An exported second name of a routine defined in the same file (icc's
 * kmpc_* and ompc_* names of the kmp_* and omp_* routines). */
#define KMP_ALIAS(name, target) \
    extern __typeof__(target) name __attribute__((alias(#target), visibility("default")))

#endif
