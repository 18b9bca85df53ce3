/* This file handles COLLAPSE as a loop nest handed to the runtime level by
 * level (LLVM's kmp_collapse.h interface, which Intel's compilers use): the
 * runtime flattens the nest's iteration space, maps a flattened iteration
 * back to the loops' induction variables, and gives each thread of the team
 * its static part of the space as a first and a last point.
 *
 * Each level holds its bounds in the low bytes of 64-bit fields, in its bound
 * type (loop_type): a value is those bytes, sign- or zero-extended. Induction
 * variables are kept extended from their own type (iv_type). A level may be
 * non-rectangular: its bounds are lb0 + lb1 * iv and ub0 + ub1 * iv, iv being
 * the induction variable of the outer level outer_iv; the rectangular entry
 * points ignore that.
 *
 * Invariant after canonicalisation: every level compares with <= or >=, so
 * a level's iterations are lb, lb + step, ... while they stay within ub. The
 * flattened order is lexicographic, the innermost level varying fastest. */
#include "rt.h"

#include <string.h>

enum { LE, GE, NE, LT, GT };

static bool type_signed(int32_t type) { return type & 1; }

/* v truncated to the type and extended back to 64 bits. */
static uint64_t in_type(int32_t type, uint64_t v)
{
    int bits = 8 << (type >> 1);
    if (bits == 64)
        return v;
    uint64_t low = v & ((UINT64_C(1) << bits) - 1);
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return type_signed(type) ? (low ^ sign) - sign : low;
}

static bool less(int32_t type, uint64_t a, uint64_t b)
{
    return type_signed(type) ? (int64_t)a < (int64_t)b : a < b;
}

static int64_t step_of(const bob_nest_level_t *l)
{
    return (int64_t)in_type(l->loop_type | 1, (uint64_t)l->step);
}

/* The level's bound b0 + b1 * (the outer level's iv), in its bound type;
 * without ivs, b0 (the rectangular count reads no outer level). */
static uint64_t bound(const bob_nest_level_t *l, uint64_t b0, uint64_t b1, const uint64_t *ivs)
{
    uint64_t outer = ivs && (l->lb1 || l->ub1) ? ivs[l->outer_iv] : 0;
    return in_type(l->loop_type, b0 + b1 * outer);
}

static uint64_t trip(const bob_nest_level_t *l, const uint64_t *ivs)
{
    uint64_t lb = bound(l, l->lb0, l->lb1, ivs), ub = bound(l, l->ub0, l->ub1, ivs);
    int64_t step = step_of(l);
    if (step == 0) /* warned about by bob_nest_canonicalize */
        return 0;
    uint64_t size = step < 0 ? -(uint64_t)step : (uint64_t)step;
    if (l->comparison == LE)
        return less(l->loop_type, ub, lb) ? 0 : (ub - lb) / size + 1;
    return less(l->loop_type, lb, ub) ? 0 : (lb - ub) / size + 1;
}

/* The induction variable of the level's iteration k. */
static uint64_t iv_at(const bob_nest_level_t *l, const uint64_t *ivs, uint64_t k)
{
    return in_type(l->iv_type, bound(l, l->lb0, l->lb1, ivs) + k * (uint64_t)step_of(l));
}

/* Rewrites <, > and != as <= and >= (moving ub0 by one in its type, only in
 * its low bytes as the type's own arithmetic would). */
void bob_nest_canonicalize(bob_nest_level_t *nest, int n)
{
    for (int i = 0; i < n; i++) {
        bob_nest_level_t *l = &nest[i];
        if (step_of(l) == 0)
            bob_warn("level %d of a collapsed loop nest has step 0: the nest runs no "
                     "iteration", i);
        if (l->comparison == NE)
            l->comparison = step_of(l) > 0 ? LT : GT;
        if (l->comparison != LT && l->comparison != GT)
            continue;
        uint64_t ub = l->ub0 + (l->comparison == LT ? -1 : 1);
        memcpy(&l->ub0, &ub, (size_t)1 << (l->loop_type >> 1));
        l->comparison = l->comparison == LT ? LE : GE;
    }
}

uint64_t bob_nest_rectang_count(bob_nest_level_t *nest, int n)
{
    bob_nest_canonicalize(nest, n);
    uint64_t total = 1;
    for (int i = 0; i < n; i++) {
        nest[i].trip = trip(&nest[i], NULL);
        total *= nest[i].trip;
    }
    return total;
}

void bob_nest_rectang_ivs(const bob_nest_level_t *nest, int n, uint64_t flat, uint64_t *ivs)
{
    uint64_t k[n > 0 ? n : 1];
    for (int i = n - 1; i >= 0; i--) {
        k[i] = nest[i].trip ? flat % nest[i].trip : 0;
        flat = nest[i].trip ? flat / nest[i].trip : 0;
    }
    for (int i = 0; i < n; i++)
        ivs[i] = iv_at(&nest[i], ivs, k[i]);
}

/* Whether a level below d takes its bounds from level d's iv. */
static bool inner_depends(const bob_nest_level_t *nest, int n, int d)
{
    for (int j = d + 1; j < n; j++)
        if ((nest[j].lb1 || nest[j].ub1) && nest[j].outer_iv == d)
            return true;
    return false;
}

/* Iterations of levels d..n-1 with the ivs of the levels above fixed. A
 * level whose iv no inner bound reads counts as its trip times one inner
 * count; only a level that shapes the levels below is walked. */
static uint64_t count_from(const bob_nest_level_t *nest, int n, int d, uint64_t *ivs)
{
    if (d == n)
        return 1;
    uint64_t t = trip(&nest[d], ivs);
    if (t == 0)
        return 0;
    if (!inner_depends(nest, n, d)) {
        ivs[d] = iv_at(&nest[d], ivs, 0);
        return t * count_from(nest, n, d + 1, ivs);
    }
    uint64_t sum = 0;
    for (uint64_t k = 0; k < t; k++) {
        ivs[d] = iv_at(&nest[d], ivs, k);
        sum += count_from(nest, n, d + 1, ivs);
    }
    return sum;
}

/* The ivs of the nest's iteration number p (p below the nest's count). */
static void point_of(const bob_nest_level_t *nest, int n, uint64_t p, uint64_t *ivs)
{
    for (int d = 0; d < n; d++) {
        uint64_t t = trip(&nest[d], ivs), k = 0;
        if (!inner_depends(nest, n, d)) {
            ivs[d] = iv_at(&nest[d], ivs, 0);
            uint64_t inner = count_from(nest, n, d + 1, ivs);
            k = p / inner;
            p %= inner;
        } else {
            for (; k < t; k++) {
                ivs[d] = iv_at(&nest[d], ivs, k);
                uint64_t inner = count_from(nest, n, d + 1, ivs);
                if (p < inner)
                    break;
                p -= inner;
            }
        }
        ivs[d] = iv_at(&nest[d], ivs, k);
    }
}

bool bob_nest_static_chunk(bob_thread_t *self, bob_nest_level_t *nest, int n,
                           bob_nest_level_t *chunk, int32_t *last)
{
    bob_nest_canonicalize(nest, n);
    if (last)
        *last = 0;
    uint64_t ivs[n > 0 ? n : 1];
    uint64_t total = count_from(nest, n, 0, ivs);
    uint64_t nth = (uint64_t)self->team->nthreads, tid = (uint64_t)self->tid;
    uint64_t per = total / nth, extra = total % nth;
    uint64_t size = per + (tid < extra);
    if (size == 0)
        return false;
    uint64_t first = tid * per + (tid < extra ? tid : extra);
    for (int i = 0; i < n; i++)
        chunk[i] = nest[i];
    point_of(nest, n, first, ivs);
    for (int i = 0; i < n; i++)
        chunk[i].lb0 = ivs[i], chunk[i].lb1 = 0;
    point_of(nest, n, first + size - 1, ivs);
    for (int i = 0; i < n; i++)
        chunk[i].ub0 = ivs[i], chunk[i].ub1 = 0;
    if (last)
        *last = first + size == total;
    return true;
}
