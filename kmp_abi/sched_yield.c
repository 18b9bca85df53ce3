/* sched_yield, in front of the C library's for the programs and libraries
 * that bind it after Bobbin (linked with -fopenmp, or LD_PRELOAD): a thread
 * that spins on a team-mate and yields its CPU meanwhile, as OpenBLAS's
 * threads do, yields to the units ready on its ES, the team-mate among
 * them, instead of waiting for preemption. With none ready, and outside
 * OpenMP threads, it is the system call. */
#include "kmpc.h"

#include <bobbin/threading.h>

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

KMP_EXPORT int sched_yield(void)
{
    if (bt_yield_if_ready())
        return 0;
    return (int)syscall(SYS_sched_yield);
}
