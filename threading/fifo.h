/* Intrusive FIFO of units, touched by one OS thread only: no atomics. Units
 * link through their `next` field, which a unit uses for one list at a time,
 * and back through `prev`, so that the newest can be taken too
 * (bti_fifo_pop_newest). The head's `prev` is never read: only the units
 * behind it keep theirs up to date, which spares a pop the write to the
 * next unit's line. */
#ifndef BTI_FIFO_H
#define BTI_FIFO_H

#include "unit.h"

#include <stdbool.h>

typedef struct bti_fifo {
    bt_unit_t *head, *tail;
    size_t length;
} bti_fifo_t;

static inline bool bti_fifo_empty(const bti_fifo_t *q) { return !q->head; }

static inline void bti_fifo_push(bti_fifo_t *q, bt_unit_t *u)
{
    u->next = NULL;
    u->prev = q->tail;
    if (q->tail)
        q->tail->next = u;
    else
        q->head = u;
    q->tail = u;
    q->length++;
}

/* Puts u back first: it was taken from the head a moment ago. */
static inline void bti_fifo_push_front(bti_fifo_t *q, bt_unit_t *u)
{
    u->next = q->head;
    if (q->head)
        q->head->prev = u;
    q->head = u;
    if (!q->tail)
        q->tail = u;
    q->length++;
}

/* Appends a chain of n units already linked both ways, ending in NULL. */
static inline void bti_fifo_append(bti_fifo_t *q, bt_unit_t *first, bt_unit_t *last,
                                   size_t n)
{
    first->prev = q->tail;
    if (q->tail)
        q->tail->next = first;
    else
        q->head = first;
    q->tail = last;
    q->length += n;
}

static inline bt_unit_t *bti_fifo_pop(bti_fifo_t *q)
{
    bt_unit_t *u = q->head;
    if (u) {
        q->head = u->next;
        if (!q->head)
            q->tail = NULL;
        q->length--;
    }
    return u;
}

static inline bt_unit_t *bti_fifo_pop_newest(bti_fifo_t *q)
{
    bt_unit_t *u = q->tail;
    if (!u)
        return NULL;
    if (u == q->head) {
        q->head = q->tail = NULL;
    } else {
        q->tail = u->prev;
        q->tail->next = NULL;
    }
    q->length--;
    return u;
}

/* Takes u, whose predecessor is prev (NULL for the head), out of q. */
static inline void bti_fifo_unlink(bti_fifo_t *q, bt_unit_t *prev, bt_unit_t *u)
{
    if (prev)
        prev->next = u->next;
    else
        q->head = u->next;
    if (u->next)
        u->next->prev = prev;
    else
        q->tail = prev;
    q->length--;
}

#endif
