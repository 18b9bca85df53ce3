/* Which CPUs the ESs may use, and binding an OS thread to one. */
#ifndef BTI_TOPOLOGY_H
#define BTI_TOPOLOGY_H

#include <stdbool.h>
#include <sys/types.h>

/* Lists the CPUs (OS indices) the calling thread may run on, from
 * start_cpu (-1: the one the caller runs on; the lowest if the mask lacks
 * it) and wrapping; returns how many, or 0 if the kernel does not say.
 * Remembers the caller's binding for bti_topology_fini. */
int bti_topology_init(int **cpus, int start_cpu);
/* How many CPUs the calling thread may run on (0 if the kernel does not
 * say, or for more than 8192), read without allocating or changing errno:
 * async-signal-safe. */
int bti_topology_count(void);
/* Binds the calling thread to one CPU; a failure is reported once. */
void bti_topology_bind(int cpu);
/* Binds the calling thread where thread `tid` may run (ES 0's spares follow
 * the application's thread, which a layer above may bind). */
void bti_topology_follow(pid_t tid);
/* Restores the initialising thread's binding (call from that thread). */
void bti_topology_fini(void);

#endif
