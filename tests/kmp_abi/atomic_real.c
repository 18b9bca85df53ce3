/* Atomic tests on floating-point and complex types, reads and writes that
 * must not tear, and swaps. */
#include "atomic.h"

/* ---- float8 and float10: every op, rev, capture -------------------------- */

#define REAL_CASE(name, tid, T)                                               \
    static T name##_v[8];                                                     \
    void name(enum phase ph, int t, int g)                                    \
    {                                                                         \
        T *v = name##_v;                                                      \
        if (ph == SETUP) {                                                    \
            v[0] = 0;              /* add 0.5 */                              \
            v[1] = TOTAL / 2;      /* sub 0.5 */                              \
            v[2] = 1;              /* mul by factor() */                      \
            v[3] = 1 << 28;        /* div by factor() */                      \
            v[4] = -1e30;          /* max */                                  \
            v[5] = 1e30;           /* min */                                  \
            v[6] = 5;              /* x = 100 - x */                          \
            v[7] = 2;              /* x = 6 / x */                            \
        } else if (ph == WORK) {                                              \
            for (int i = 0; i < N; i++) {                                     \
                T k = t * N + i;                                              \
                if (PLAIN_OR_CPT(i)) {                                        \
                    __kmpc_atomic_##tid##_add(NULL, g, &v[0], 0.5);           \
                    __kmpc_atomic_##tid##_sub(NULL, g, &v[1], 0.5);           \
                    __kmpc_atomic_##tid##_mul(NULL, g, &v[2], factor(i));     \
                    __kmpc_atomic_##tid##_div(NULL, g, &v[3], factor(i));     \
                    __kmpc_atomic_##tid##_max(NULL, g, &v[4], k);             \
                    __kmpc_atomic_##tid##_min(NULL, g, &v[5], -k);            \
                    __kmpc_atomic_##tid##_sub_rev(NULL, g, &v[6], 100);       \
                    __kmpc_atomic_##tid##_div_rev(NULL, g, &v[7], 6);         \
                } else {                                                      \
                    int f = FLAG(i);                                          \
                    __kmpc_atomic_##tid##_add_cpt(NULL, g, &v[0], 0.5, f);    \
                    __kmpc_atomic_##tid##_sub_cpt(NULL, g, &v[1], 0.5, f);    \
                    __kmpc_atomic_##tid##_mul_cpt(NULL, g, &v[2], factor(i),  \
                                                  f);                         \
                    __kmpc_atomic_##tid##_div_cpt(NULL, g, &v[3], factor(i),  \
                                                  f);                         \
                    __kmpc_atomic_##tid##_max_cpt(NULL, g, &v[4], k, f);      \
                    __kmpc_atomic_##tid##_min_cpt(NULL, g, &v[5], -k, f);     \
                    __kmpc_atomic_##tid##_sub_cpt_rev(NULL, g, &v[6], 100,    \
                                                      f);                     \
                    __kmpc_atomic_##tid##_div_cpt_rev(NULL, g, &v[7], 6, f);  \
                }                                                             \
            }                                                                 \
        } else {                                                              \
            CHECK_EQ(v[0], TOTAL / 2);                                        \
            CHECK_EQ(v[1], 0);                                                \
            CHECK_EQ(v[2], 1 << 28);                                          \
            CHECK_EQ(v[3], 1);                                                \
            CHECK_EQ(v[4], TOTAL - 1);                                        \
            CHECK_EQ(v[5], -(TOTAL - 1));                                     \
            CHECK_EQ(v[6], 5);                                                \
            CHECK_EQ(v[7], 2);                                                \
        }                                                                     \
    }

REAL_CASE(case_float8, float8, double)
REAL_CASE(case_float10, float10, long double)

/* float4 with a double rhs */
static float f4[4];

void case_float4_mix(enum phase ph, int t, int g)
{
    (void)t;
    if (ph == SETUP) {
        f4[0] = 0;
        f4[1] = TOTAL / 4;
        f4[2] = 1;
        f4[3] = 1 << 28;
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            __kmpc_atomic_float4_add_float8(NULL, g, &f4[0], 0.25);
            __kmpc_atomic_float4_sub_float8(NULL, g, &f4[1], 0.25);
            __kmpc_atomic_float4_mul_float8(NULL, g, &f4[2], factor(i));
            __kmpc_atomic_float4_div_float8(NULL, g, &f4[3], factor(i));
        }
    } else {
        CHECK_EQ(f4[0], TOTAL / 4);
        CHECK_EQ(f4[1], 0);
        CHECK_EQ(f4[2], 1 << 28);
        CHECK_EQ(f4[3], 1);
    }
}

/* swaps of doubles and long doubles: the values swapped in and out balance */
static double s8;
static long double s10;
static double s8_sum[NT];
static long double s10_sum[NT];

void case_real_swp(enum phase ph, int t, int g)
{
    if (ph == SETUP) {
        s8 = 0;
        s10 = 0;
    } else if (ph == WORK) {
        double a = 0;
        long double b = 0;
        for (int i = 0; i < N; i++) {
            a += __kmpc_atomic_float8_swp(NULL, g, &s8, t * N + i + 1);
            b += __kmpc_atomic_float10_swp(NULL, g, &s10, t * N + i + 1);
        }
        s8_sum[t] = a;
        s10_sum[t] = b;
    } else {
        double a = s8;
        long double b = s10;
        for (int k = 0; k < NT; k++) {
            a += s8_sum[k];
            b += s10_sum[k];
        }
        CHECK_EQ(a, (double)TOTAL * (TOTAL + 1) / 2);
        CHECK_EQ(b, (long double)TOTAL * (TOTAL + 1) / 2);
    }
}

/* ---- complex -------------------------------------------------------------- */
/* Multiplying or dividing by i rotates exactly; TOTAL is a multiple of 4.
 * x = c - x and x = i / x are involutions applied an even number of times. */

#define I_UNIT(T) ((T)1.0if)

#define COMPLEX_CASE(name, tid, T)                                            \
    static T name##_v[6];                                                     \
    void name(enum phase ph, int t, int g)                                    \
    {                                                                         \
        T *v = name##_v;                                                      \
        (void)t;                                                              \
        if (ph == SETUP) {                                                    \
            v[0] = 0;                                                         \
            v[1] = TOTAL + 2.0 * TOTAL * I_UNIT(T);                           \
            v[2] = 3 + 4 * I_UNIT(T);                                         \
            v[3] = 3 + 4 * I_UNIT(T);                                         \
            v[4] = 1 + 2 * I_UNIT(T);                                         \
            v[5] = 1;                                                         \
            SETUP_MIX_##name();                                               \
        } else if (ph == WORK) {                                              \
            for (int i = 0; i < N; i++) {                                     \
                T one = 1 + 2 * I_UNIT(T), c = 10 + 10 * I_UNIT(T);           \
                if (PLAIN_OR_CPT(i)) {                                        \
                    __kmpc_atomic_##tid##_add(NULL, g, &v[0], one);           \
                    __kmpc_atomic_##tid##_sub(NULL, g, &v[1], one);           \
                    __kmpc_atomic_##tid##_mul(NULL, g, &v[2], I_UNIT(T));     \
                    __kmpc_atomic_##tid##_div(NULL, g, &v[3], I_UNIT(T));     \
                    __kmpc_atomic_##tid##_sub_rev(NULL, g, &v[4], c);         \
                    __kmpc_atomic_##tid##_div_rev(NULL, g, &v[5], I_UNIT(T)); \
                } else {                                                      \
                    CPT_##name(add, &v[0], one);                              \
                    CPT_##name(sub, &v[1], one);                              \
                    CPT_##name(mul, &v[2], I_UNIT(T));                        \
                    CPT_##name(div, &v[3], I_UNIT(T));                        \
                    CPT_##name(sub_cpt_rev_, &v[4], c);                       \
                    CPT_##name(div_cpt_rev_, &v[5], I_UNIT(T));               \
                }                                                             \
                MIX_##name(v);                                                \
            }                                                                 \
        } else {                                                              \
            CHECK_C(v[0], TOTAL, 2.0 * TOTAL);                                \
            CHECK_C(v[1], 0, 0);                                              \
            CHECK_C(v[2], 3, 4);                                              \
            CHECK_C(v[3], 3, 4);                                              \
            CHECK_C(v[4], 1, 2);                                              \
            CHECK_C(v[5], 1, 0);                                              \
            CHECK_MIX_##name(v);                                              \
        }                                                                     \
    }

/* cmplx8/cmplx10 captures return the value; cmplx4 ones write *out: one
 * helper per type and op hides the difference. */
#define CPT_case_cmplx8(op, p, r) cpt8_##op(g, p, r, FLAG(i))
#define CPT_case_cmplx10(op, p, r) cpt10_##op(g, p, r, FLAG(i))
#define CPT_case_cmplx4(op, p, r) cpt4_##op(g, p, r, FLAG(i))

#define CPT_HELPERS(pfx, tid, T)                                              \
    static void pfx##add(int g, T *p, T r, int f)                             \
    { (void)__kmpc_atomic_##tid##_add_cpt(NULL, g, p, r, f); }               \
    static void pfx##sub(int g, T *p, T r, int f)                             \
    { (void)__kmpc_atomic_##tid##_sub_cpt(NULL, g, p, r, f); }               \
    static void pfx##mul(int g, T *p, T r, int f)                             \
    { (void)__kmpc_atomic_##tid##_mul_cpt(NULL, g, p, r, f); }               \
    static void pfx##div(int g, T *p, T r, int f)                             \
    { (void)__kmpc_atomic_##tid##_div_cpt(NULL, g, p, r, f); }               \
    static void pfx##sub_cpt_rev_(int g, T *p, T r, int f)                    \
    { (void)__kmpc_atomic_##tid##_sub_cpt_rev(NULL, g, p, r, f); }           \
    static void pfx##div_cpt_rev_(int g, T *p, T r, int f)                    \
    { (void)__kmpc_atomic_##tid##_div_cpt_rev(NULL, g, p, r, f); }

CPT_HELPERS(cpt8_, cmplx8, c8_t)
CPT_HELPERS(cpt10_, cmplx10, c10_t)

static c4_t c4_sink;
/* cmplx4's capture entries return the old value through a pointer. */
#define CPT4(name, entry)                                                     \
    static void cpt4_##name(int g, c4_t *p, c4_t r, int f)                    \
    { __kmpc_atomic_cmplx4_##entry(NULL, g, p, r, &c4_sink, f); }
CPT4(add, add_cpt)
CPT4(sub, sub_cpt)
CPT4(mul, mul_cpt)
CPT4(div, div_cpt)
CPT4(sub_cpt_rev_, sub_cpt_rev)
CPT4(div_cpt_rev_, div_cpt_rev)

/* cmplx4 also has the cmplx8-rhs entries: exercised on separate variables. */
static c4_t c4_mix[4];
#define MIX_case_cmplx8(v) (void)(v)
#define MIX_case_cmplx10(v) (void)(v)
#define MIX_case_cmplx4(v)                                                    \
    do {                                                                      \
        (void)(v);                                                            \
        __kmpc_atomic_cmplx4_add_cmplx8(NULL, g, &c4_mix[0], 0.5 + 0.25i);    \
        __kmpc_atomic_cmplx4_sub_cmplx8(NULL, g, &c4_mix[1], 0.5 + 0.25i);    \
        __kmpc_atomic_cmplx4_mul_cmplx8(NULL, g, &c4_mix[2], 1.0i);           \
        __kmpc_atomic_cmplx4_div_cmplx8(NULL, g, &c4_mix[3], 1.0i);           \
    } while (0)
#define SETUP_MIX_case_cmplx8() ((void)0)
#define SETUP_MIX_case_cmplx10() ((void)0)
#define SETUP_MIX_case_cmplx4()                                               \
    do {                                                                      \
        c4_mix[0] = 0;                                                        \
        c4_mix[1] = TOTAL / 2 + TOTAL / 4 * 1.0if;                            \
        c4_mix[2] = 3 + 4.0if;                                                \
        c4_mix[3] = 3 + 4.0if;                                                \
    } while (0)
#define CHECK_MIX_case_cmplx8(v) (void)(v)
#define CHECK_MIX_case_cmplx10(v) (void)(v)
#define CHECK_MIX_case_cmplx4(v)                                              \
    do {                                                                      \
        (void)(v);                                                            \
        CHECK_C(c4_mix[0], TOTAL / 2, TOTAL / 4);                             \
        CHECK_C(c4_mix[1], 0, 0);                                             \
        CHECK_C(c4_mix[2], 3, 4);                                             \
        CHECK_C(c4_mix[3], 3, 4);                                             \
    } while (0)

COMPLEX_CASE(case_cmplx4, cmplx4, c4_t)
COMPLEX_CASE(case_cmplx8, cmplx8, c8_t)
COMPLEX_CASE(case_cmplx10, cmplx10, c10_t)

/* ---- reads and writes never tear ----------------------------------------- */
/* Threads 0 and 1 write values whose parts agree; 2 and 3 read and check. */

static int64_t tw8;
static long double tw10;
static c4_t tw_c4;
static c8_t tw_c8;
static c10_t tw_c10;
static const long double TW10_A = 1.0L + 0x1p-62L, TW10_B = -0x3p100L;
static int torn;

void case_tearing(enum phase ph, int t, int g)
{
    if (ph == SETUP) {
        tw8 = 0;
        tw10 = TW10_A;
        tw_c4 = tw_c8 = tw_c10 = 0;
        torn = 0;
    } else if (ph == WORK) {
        int bad = 0;
        for (int i = 0; i < N; i++) {
            int64_t k = t * N + i;
            if (t < 2) {
                __kmpc_atomic_fixed8_wr(NULL, g, &tw8, k << 32 | k);
                __kmpc_atomic_float10_wr(NULL, g, &tw10, i & 1 ? TW10_A : TW10_B);
                __kmpc_atomic_cmplx4_wr(NULL, g, &tw_c4, k + k * 1.0if);
                __kmpc_atomic_cmplx8_wr(NULL, g, &tw_c8, k + k * 1.0i);
                __kmpc_atomic_cmplx10_wr(NULL, g, &tw_c10, k + k * 1.0il);
            } else {
                int64_t a = __kmpc_atomic_fixed8_rd(NULL, g, &tw8);
                long double b = __kmpc_atomic_float10_rd(NULL, g, &tw10);
                c4_t c = __kmpc_atomic_cmplx4_rd(NULL, g, &tw_c4);
                c8_t d = __kmpc_atomic_cmplx8_rd(NULL, g, &tw_c8);
                c10_t e = __kmpc_atomic_cmplx10_rd(NULL, g, &tw_c10);
                bad += (a >> 32) != (a & 0xffffffff);
                bad += b != TW10_A && b != TW10_B;
                bad += __real__ c != __imag__ c;
                bad += __real__ d != __imag__ d;
                bad += __real__ e != __imag__ e;
            }
        }
        __atomic_fetch_add(&torn, bad, __ATOMIC_RELAXED);
    } else {
        CHECK_EQ(torn, 0);
    }
}

/* swaps of complex values balance like the real ones */
static c4_t sc4;
static c8_t sc8;
static double sc_sum[NT][2];

void case_cmplx_swp(enum phase ph, int t, int g)
{
    if (ph == SETUP) {
        sc4 = 0;
        sc8 = 0;
    } else if (ph == WORK) {
        double a = 0, b = 0;
        for (int i = 0; i < N; i++) {
            c4_t old4;
            double k = t * N + i + 1;
            __kmpc_atomic_cmplx4_swp(NULL, g, &sc4, k + 2 * k * 1.0if, &old4);
            c8_t old8 = __kmpc_atomic_cmplx8_swp(NULL, g, &sc8, k - k * 1.0i);
            a += __real__ old4 + __imag__ old4;  /* 3k */
            b += __real__ old8 - __imag__ old8;  /* 2k */
        }
        sc_sum[t][0] = a;
        sc_sum[t][1] = b;
    } else {
        double a = __real__ sc4 + __imag__ sc4, b = __real__ sc8 - __imag__ sc8;
        for (int k = 0; k < NT; k++) {
            a += sc_sum[k][0];
            b += sc_sum[k][1];
        }
        CHECK_EQ(a, 3.0 * TOTAL * (TOTAL + 1) / 2);
        CHECK_EQ(b, 2.0 * TOTAL * (TOTAL + 1) / 2);
    }
}

