/* Which CPUs the ESs may use, and binding an OS thread to one. */
#ifndef BTI_TOPOLOGY_H
#define BTI_TOPOLOGY_H

#include <stdbool.h>

/* Lists the CPUs (OS indices) the calling thread may run on; returns how
 * many, or 0 if the kernel does not say. Remembers the caller's
 * binding for bti_topology_fini. */
int bti_topology_init(int **cpus, bool from_lowest);
/* Binds the calling thread to one CPU; a failure is reported once. */
void bti_topology_bind(int cpu);
/* Restores the initialising thread's binding (call from that thread). */
void bti_topology_fini(void);

#endif
