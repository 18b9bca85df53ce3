/* Intrusive FIFO of units, touched by one OS thread only: no atomics. Units
 * link through their `next` field, which a unit uses for one list at a time. */
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
    q->head = u;
    if (!q->tail)
        q->tail = u;
    q->length++;
}

/* Appends a chain of n units already linked through `next` and ending in
 * NULL. */
static inline void bti_fifo_append(bti_fifo_t *q, bt_unit_t *first, bt_unit_t *last,
                                   size_t n)
{
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

#endif
