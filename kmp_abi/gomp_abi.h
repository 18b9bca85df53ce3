/* What the GOMP_* shims (gomp_*.c) share: gcc's encodings of schedules and
 * cancellation kinds, and their translation to the runtime's. The shims
 * decode arguments and call one runtime function, as the __kmpc_* ones. */
#ifndef BOB_GOMP_ABI_H
#define BOB_GOMP_ABI_H

#include "kmpc.h"

#include "gomp.h"

#include <stdbool.h>
#include <stdint.h>

#define GOMP_EXPORT KMP_EXPORT

/* gcc's enum gomp_schedule_type, as GOMP_loop_start and friends pass it. */
enum {
    GFS_RUNTIME = 0,
    GFS_STATIC = 1,
    GFS_DYNAMIC = 2,
    GFS_GUIDED = 3,
    GFS_AUTO = 4,
};
/* The monotonic modifier is bit 31 of the schedule (GFS_MONOTONIC). */
#define BOB_GFS_KIND_MASK 0x7fffffffL

/* The runtime's schedule numbers (LLVM's enum sched_type). */
enum {
    BOB_KMP_STATIC_CHUNKED = 33, /* chunk 0: balanced blocks */
    BOB_KMP_DYNAMIC = 35,
    BOB_KMP_GUIDED = 36,
    BOB_KMP_RUNTIME = 37,
    BOB_KMP_ORDERED = 32,        /* added to the above for ordered loops */
};

/* GOMP_loop_start's schedule argument. As in libgomp, GFS_AUTO there means
 * "runtime, nonmonotonic" (schedule(auto) arrives as static). */
static inline int bob_gomp_kmp_sched(long gfs)
{
    switch (gfs & BOB_GFS_KIND_MASK) {
    case GFS_STATIC: return BOB_KMP_STATIC_CHUNKED;
    case GFS_DYNAMIC: return BOB_KMP_DYNAMIC;
    case GFS_GUIDED: return BOB_KMP_GUIDED;
    default: return BOB_KMP_RUNTIME;
    }
}

/* gcc's cancellation kinds (GOMP_CANCEL_*, a bit each) as the runtime's. */
static inline int bob_gomp_cancel_kind(int which)
{
    return which & 1 ? BOB_CANCEL_PARALLEL
           : which & 2 ? BOB_CANCEL_LOOP
           : which & 4 ? BOB_CANCEL_SECTIONS
                       : BOB_CANCEL_TASKGROUP;
}

#endif
