/* This file handles DOACROSS loops (ordered(n) with depend(sink) and
 * depend(source)): one bit per iteration of the loop nest, set by post and
 * waited on by wait. The bit array is the payload of the loop's worksharing
 * slot, made by the first thread to arrive; waiters suspend on the 32-bit
 * word holding their bit. */
#include "rt.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One block: the header, ndims dimensions, then the bits. */
typedef struct doacross {
    int ndims;
    _Atomic uint32_t *bits;
    struct {
        int64_t lo, st;
        uint64_t extent;
    } dim[];
} doacross_t;

struct doacross_init {
    int ndims;
    const int64_t *dims;
};

static uint64_t extent_of(int64_t lo, int64_t up, int64_t st)
{
    if (st > 0)
        return up < lo ? 0 : (uint64_t)(up - lo) / (uint64_t)st + 1;
    return lo < up ? 0 : (uint64_t)(lo - up) / (0 - (uint64_t)st) + 1;
}

static void install(bob_ws_t *ws, void *arg)
{
    const struct doacross_init *init = arg;
    uint64_t total = 1;
    bool overflow = false;
    for (int d = 0; d < init->ndims; d++) {
        const int64_t *dim = init->dims + 3 * d;
        overflow |= __builtin_mul_overflow(total, extent_of(dim[0], dim[1], dim[2]), &total);
    }
    size_t head = sizeof(doacross_t) + (size_t)init->ndims * sizeof ((doacross_t *)0)->dim[0];
    size_t words = (size_t)(total / 32 + 1);
    doacross_t *da = overflow || words > (SIZE_MAX - head) / sizeof(uint32_t)
                         ? NULL
                         : calloc(1, head + words * sizeof(uint32_t));
    if (!da)
        bob_fatal("out of memory for a doacross loop nest of %d dimensions", init->ndims);
    da->ndims = init->ndims;
    da->bits = (_Atomic uint32_t *)((char *)da + head);
    for (int d = 0; d < init->ndims; d++) {
        const int64_t *dim = init->dims + 3 * d;
        da->dim[d].lo = dim[0];
        da->dim[d].st = dim[2];
        da->dim[d].extent = extent_of(dim[0], dim[1], dim[2]);
    }
    ws->payload = da;
}

void bob_doacross_init(bob_thread_t *self, int ndims, const int64_t *dims)
{
    if (ndims < 1)
        bob_fatal("a doacross loop nest of %d dimensions", ndims);
    struct doacross_init init = {ndims, dims};
    self->doacross = bob_ws_enter(self, install, &init);
}

/* The iteration's bit number, or false if vec lies outside the nest. */
static bool bit_of(const doacross_t *da, const int64_t *vec, uint64_t *bit)
{
    uint64_t index = 0;
    for (int d = 0; d < da->ndims; d++) {
        int64_t delta = vec[d] - da->dim[d].lo, st = da->dim[d].st;
        if ((st > 0) != (delta >= 0) && delta != 0)
            return false;
        uint64_t i = (uint64_t)(delta / st);
        if (i >= da->dim[d].extent || delta % st)
            return false;
        index = index * da->dim[d].extent + i;
    }
    *bit = index;
    return true;
}

/* For a tool: vec's logical iteration number in each dimension. */
static void report(bob_thread_t *self, const doacross_t *da, const int64_t *vec, bool source)
{
    uint64_t iters[da->ndims];
    for (int d = 0; d < da->ndims; d++)
        iters[d] = (uint64_t)((vec[d] - da->dim[d].lo) / da->dim[d].st);
    bob_ompt_doacross(self, da->ndims, iters, source);
}

void bob_doacross_wait(bob_thread_t *self, const int64_t *vec)
{
    doacross_t *da = self->doacross->payload;
    uint64_t bit;
    if (!bit_of(da, vec, &bit)) /* a sink outside the loop nest: no dependence */
        return;
    _Atomic uint32_t *word = &da->bits[bit / 32];
    uint32_t mask = 1u << (bit % 32);
    bob_spin_t s = {0};
    while (!(atomic_load_explicit(word, memory_order_acquire) & mask) && bob_spin(&s))
        ;
    for (uint32_t v; !((v = atomic_load_explicit(word, memory_order_acquire)) & mask);)
        bob_wait((uint32_t *)word, v, "a doacross wait");
    BOB_OMPT(report(self, da, vec, false));
}

void bob_doacross_post(bob_thread_t *self, const int64_t *vec)
{
    doacross_t *da = self->doacross->payload;
    BOB_OMPT(report(self, da, vec, true));
    uint64_t bit;
    if (!bit_of(da, vec, &bit))
        return;
    _Atomic uint32_t *word = &da->bits[bit / 32];
    atomic_fetch_or_explicit(word, 1u << (bit % 32), memory_order_release);
    bt_futex_wake((uint32_t *)word, INT_MAX);
}

void bob_doacross_fini(bob_thread_t *self)
{
    bob_ws_leave(self->doacross);
    self->doacross = NULL;
}
