/* Atomic tests on integers: fixed4 with every op, plain and capture; the
 * reverse, mixed and swap forms; fixed1/fixed2 division and shifts. */
#include "atomic.h"

/* ---- fixed4: every op, plain and capture --------------------------------- */

enum { ADD, SUB, MUL, DIV, ANDB, ORB, XOR, SHL, SHR, ANDL, ORL, MAX, MIN, EQV,
       NEQV, I4_N };
static int32_t i4[I4_N];
static uint32_t u4_div, u4_shr;

#define I4(op, idx, r)                                                        \
    (PLAIN_OR_CPT(i) ? __kmpc_atomic_fixed4_##op(NULL, g, &i4[idx], (r))      \
                     : (void)__kmpc_atomic_fixed4_##op##_cpt(NULL, g,         \
                                                             &i4[idx], (r),   \
                                                             FLAG(i)))
#define U4(op, var, r)                                                        \
    (PLAIN_OR_CPT(i) ? __kmpc_atomic_fixed4u_##op(NULL, g, &var, (r))         \
                     : (void)__kmpc_atomic_fixed4u_##op##_cpt(NULL, g, &var,  \
                                                              (r), FLAG(i)))

void case_fixed4(enum phase ph, int t, int g)
{
    if (ph == SETUP) {
        memset(i4, 0, sizeof i4);
        i4[SUB] = 3 * TOTAL;
        i4[MUL] = 1;
        i4[DIV] = 1 << 28;
        i4[ANDB] = -1;
        i4[SHL] = 1;
        i4[SHR] = INT32_MIN;
        i4[ANDL] = 1;
        i4[MAX] = INT32_MIN;
        i4[MIN] = INT32_MAX;
        u4_div = 0xfffffff0u;
        u4_shr = 0x80000000u;
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            int bit = t * 8 + i % 8;
            I4(add, ADD, 3);
            I4(sub, SUB, 3);
            I4(mul, MUL, factor(i));
            I4(div, DIV, factor(i));
            U4(div, u4_div, i == 0 ? 2 : 1);
            I4(andb, ANDB, (int32_t)~(1u << bit));
            I4(orb, ORB, (int32_t)(1u << bit));
            I4(xor, XOR, (t + 1) * 0x01010101);
            I4(shl, SHL, i < 5 ? 1 : 0);
            I4(shr, SHR, i < 7 ? 1 : 0);
            U4(shr, u4_shr, i < 7 ? 1 : 0);
            I4(andl, ANDL, t == 3 && i == 5000 ? 0 : 7);
            I4(orl, ORL, t == 2 && i == 1234 ? 5 : 0);
            I4(max, MAX, t * N + i);
            I4(min, MIN, -(t * N + i));
            I4(eqv, EQV, ~(1 << t));
            I4(neqv, NEQV, 1 << t);
        }
        if (t == 0) {
            __kmpc_atomic_fixed4_xor(NULL, g, &i4[XOR], 0x1234);
            __kmpc_atomic_fixed4_eqv(NULL, g, &i4[EQV], 0);
        }
        if (t == 1)
            __kmpc_atomic_fixed4_neqv(NULL, g, &i4[NEQV], 7);
    } else {
        CHECK_EQ(i4[ADD], 3 * TOTAL);
        CHECK_EQ(i4[SUB], 0);
        CHECK_EQ(i4[MUL], 1 << 28);
        CHECK_EQ(i4[DIV], 1);
        CHECK_EQ(u4_div, 0x0fffffffu);
        CHECK_EQ(i4[ANDB], 0);
        CHECK_EQ(i4[ORB], -1);
        CHECK_EQ(i4[XOR], 0x1234);
        CHECK_EQ(i4[SHL], 1 << 20);
        CHECK_EQ(i4[SHR], -8);
        CHECK_EQ(u4_shr, 8);
        CHECK_EQ(i4[ANDL], 0);
        CHECK_EQ(i4[ORL], 1);
        CHECK_EQ(i4[MAX], TOTAL - 1);
        CHECK_EQ(i4[MIN], -(TOTAL - 1));
        CHECK_EQ(i4[EQV], -1);
        CHECK_EQ(i4[NEQV], 7);
    }
}

/* Every captured value of a contended add is distinct and they are exactly
 * the partial sums: nothing was lost or seen twice. */
static int32_t cpt_x;
static unsigned char cpt_seen[TOTAL + 1];

void case_fixed4_capture(enum phase ph, int t, int g)
{
    (void)t;
    if (ph == SETUP) {
        cpt_x = 0;
        memset(cpt_seen, 0, sizeof cpt_seen);
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            int f = i & 1;
            int32_t v = __kmpc_atomic_fixed4_add_cpt(NULL, g, &cpt_x, 1, f);
            __atomic_fetch_add(&cpt_seen[f ? v : v + 1], 1, __ATOMIC_RELAXED);
        }
    } else {
        int bad = 0;
        for (int k = 1; k <= TOTAL; k++)
            bad += cpt_seen[k] != 1;
        CHECK_EQ(bad, 0);
        CHECK_EQ(cpt_x, TOTAL);
    }
}

/* ---- rev, mix and swap on 4-byte integers -------------------------------- */

static int32_t r4_sub, r4_div, m4_mul, m4_div;
static int32_t s4;
static int64_t s4_sum[NT];

void case_fixed4_rev_mix_swp(enum phase ph, int t, int g)
{
    if (ph == SETUP) {
        r4_sub = 5;  /* x = 100 - x: an involution, applied an even number */
        r4_div = 2;  /* x = 6 / x: 2 <-> 3 */
        m4_mul = 1;
        m4_div = 81;
        s4 = 0;
    } else if (ph == WORK) {
        int64_t sum = 0;
        for (int i = 0; i < N; i++) {
            if (PLAIN_OR_CPT(i)) {
                __kmpc_atomic_fixed4_sub_rev(NULL, g, &r4_sub, 100);
                __kmpc_atomic_fixed4_div_rev(NULL, g, &r4_div, 6);
            } else {
                __kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &r4_sub, 100, FLAG(i));
                __kmpc_atomic_fixed4_div_cpt_rev(NULL, g, &r4_div, 6, FLAG(i));
            }
            __kmpc_atomic_fixed4_mul_float8(NULL, g, &m4_mul, -1.0);
            __kmpc_atomic_fixed4_div_float8(NULL, g, &m4_div, -1.0);
            sum += __kmpc_atomic_fixed4_swp(NULL, g, &s4, t * N + i + 1);
        }
        if (t == 0) {
            __kmpc_atomic_fixed4_mul_float8(NULL, g, &m4_mul, 3.0);
            __kmpc_atomic_fixed4_div_float8(NULL, g, &m4_div, 3.0);
        }
        s4_sum[t] = sum;
    } else {
        CHECK_EQ(r4_sub, 5);
        CHECK_EQ(r4_div, 2);
        CHECK_EQ(m4_mul, 3);
        CHECK_EQ(m4_div, 27);
        /* every value swapped in comes out exactly once, the last one stays */
        int64_t all = s4;
        for (int k = 0; k < NT; k++)
            all += s4_sum[k];
        CHECK_EQ(all, (int64_t)TOTAL * (TOTAL + 1) / 2);
    }
}

/* ---- fixed1/fixed2: signed and unsigned div and shr ---------------------- */

static char f1_div, f1_shr;
static unsigned char f1u_div, f1u_shr;
static short f2_div, f2_shr;
static unsigned short f2u_div, f2u_shr;

#define SMALL(tid, var, op, r)                                                \
    (PLAIN_OR_CPT(i) ? __kmpc_atomic_##tid##_##op(NULL, g, &var, (r))         \
                     : (void)__kmpc_atomic_##tid##_##op##_cpt(NULL, g, &var,  \
                                                              (r), FLAG(i)))

void case_small(enum phase ph, int t, int g)
{
    (void)t;
    if (ph == SETUP) {
        f1_div = f1_shr = (char)-128;
        f1u_div = f1u_shr = 0x80;
        f2_div = f2_shr = -32768;
        f2u_div = f2u_shr = 0x8000;
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            int once = i == 0; /* one halving per thread: 2^4 in all */
            SMALL(fixed1, f1_div, div, once ? 2 : 1);
            SMALL(fixed1u, f1u_div, div, once ? 2 : 1);
            SMALL(fixed1, f1_shr, shr, once);
            SMALL(fixed1u, f1u_shr, shr, once);
            SMALL(fixed2, f2_div, div, once ? 2 : 1);
            SMALL(fixed2u, f2u_div, div, once ? 2 : 1);
            SMALL(fixed2, f2_shr, shr, once);
            SMALL(fixed2u, f2u_shr, shr, once);
        }
    } else {
        CHECK_EQ(f1_div, -8);
        CHECK_EQ(f1u_div, 8);
        CHECK_EQ(f1_shr, -8);
        CHECK_EQ(f1u_shr, 8);
        CHECK_EQ(f2_div, -2048);
        CHECK_EQ(f2u_div, 2048);
        CHECK_EQ(f2_shr, -2048);
        CHECK_EQ(f2u_shr, 2048);
    }
}

