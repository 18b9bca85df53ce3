/* This file handles the SECTIONS construct when the compiler asks the
 * runtime for section numbers (__kmpc_sections_init / __kmpc_next_section):
 * the sections of one construct are handed out one at a time, in order, to
 * whichever thread asks next. (clang lowers sections to a static loop
 * instead; that path goes through loop_static.c.) */
#include "rt.h"

static void install_sections(bob_ws_t *ws, void *arg) { (void)ws, (void)arg; }

void bob_sections_init(bob_thread_t *self)
{
    self->loop = bob_ws_enter(self, install_sections, NULL);
}

int bob_next_section(bob_thread_t *self, int n)
{
    bob_ws_t *ws = self->loop;
    if (!ws)
        return n;
    uint64_t i = atomic_fetch_add_explicit(&ws->next, 1, memory_order_relaxed);
    if (i < (uint64_t)n)
        return (int)i;
    self->loop = NULL;
    bob_ws_leave(ws);
    return n;
}
