/* This file hands out the team's worksharing slots: the shared state of one
 * loop, sections, or doacross construct instance.
 *
 * The k-th construct a thread meets uses slot k mod BOB_WS_SLOTS. The first
 * thread to arrive installs it (id = k + 1); a slot is reused only once
 * every thread has left the construct that had it, so nowait constructs can
 * run ahead by up to BOB_WS_SLOTS - 1 and then wait. */
#include "rt.h"

#include <bobbin/threading.h>
#include <stdlib.h>

enum { SLOT_BUSY = UINT64_MAX };

bob_ws_t *bob_ws_enter(bob_thread_t *self, void (*install)(bob_ws_t *, void *), void *arg)
{
    bob_team_t *team = self->team;
    uint64_t k = self->ws_next++;
    bob_ws_t *ws = &team->ws[k % BOB_WS_SLOTS];
    bob_spin_t spin = {0};
    for (;;) {
        uint64_t id = atomic_load_explicit(&ws->id, memory_order_acquire);
        if (id == k + 1)
            return ws;
        bool reusable = id != SLOT_BUSY && id + BOB_WS_SLOTS == k + 1 &&
                        atomic_load_explicit(&ws->left, memory_order_acquire) ==
                            team->nthreads;
        if ((id == 0 && k < BOB_WS_SLOTS) || reusable) {
            if (atomic_compare_exchange_strong(&ws->id, &id, SLOT_BUSY)) {
                atomic_store_explicit(&ws->next, 0, memory_order_relaxed);
                atomic_store_explicit(&ws->left, 0, memory_order_relaxed);
                atomic_store_explicit(&ws->ordered_waiters, 0, memory_order_relaxed);
                free(ws->payload);
                ws->payload = NULL;
                install(ws, arg);
                atomic_store_explicit(&ws->id, k + 1, memory_order_release);
                return ws;
            }
            continue;
        }
        /* Another thread installs the slot (a few stores), or a slow one
         * still works on its old construct: spin while spinning pays, as
         * a yield costs a trip through the scheduler each time. */
        if (!bob_spin(&spin))
            bt_yield();
    }
}

void bob_ws_leave(bob_ws_t *ws)
{
    atomic_fetch_add_explicit(&ws->left, 1, memory_order_release);
}

/* A team's slots may still hold payloads and turns when it ends. Slots
 * are taken in order (a thread installs construct k + 1 only after k), so
 * the first one never taken ends those taken. Every thread of the team has
 * been joined, which ordered their writes of the ids before these loads:
 * relaxed suffices. */
int bob_ws_release_all(bob_team_t *team)
{
    int n = 0;
    for (; n < BOB_WS_SLOTS && atomic_load_explicit(&team->ws[n].id, memory_order_relaxed);
         n++) {
        free(team->ws[n].payload);
        free(team->ws[n].turns);
    }
    return n;
}
