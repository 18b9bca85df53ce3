/* Pausing (pause.c): the restart that the next work brings, and the fork
 * child's state. */
#ifndef BTI_PAUSE_H
#define BTI_PAUSE_H

#include "es.h"

/* On every create: starts again what bt_pause ended (bt_unpause). */
static inline void bti_restart_if_paused(void)
{
    if (__builtin_expect(atomic_load_explicit(&bti_g.paused, memory_order_acquire), 0))
        bt_unpause();
}
void bti_pause_after_fork(void);

#endif
