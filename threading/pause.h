/* Pausing (pause.c): the restart that the next work brings, and the fork
 * child's state. */
#ifndef BTI_PAUSE_H
#define BTI_PAUSE_H

#include "es.h"

/* Starts again what bt_pause ended; bti_restart_if_paused on every create. */
void bti_unpause(void);
static inline void bti_restart_if_paused(void)
{
    if (__builtin_expect(atomic_load_explicit(&bti_g.paused, memory_order_acquire), 0))
        bti_unpause();
}
void bti_pause_after_fork(void);

#endif
