/* The __kmpc_atomic_* entry points: exact results of a representative set
 * (every op of fixed4 and float8, every flavour, float10, the complex types,
 * fixed1/2 signed and unsigned div/shr, the callback, compare and
 * start/end forms), deterministically on one thread and under contention
 * from 4 pthreads x 10000 operations. The expectations hold for LLVM's
 * libomp too: build this file against it to check them (-lomp).
 *
 * LLVM's libomp on x86-64 Linux has no _Quad support, so it exports no
 * float16/cmplx16 entry points; neither does Bobbin, and there is nothing to
 * test for them. */
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct ident ident_t;
typedef float _Complex c4_t;
typedef double _Complex c8_t;
typedef long double _Complex c10_t;

int32_t __kmpc_global_thread_num(ident_t *);

/* ---- prototypes (the ABI, as in LLVM's kmp_atomic.h) ---------------------- */

#define UPD_CPT(tid, T, op)                                                   \
    void __kmpc_atomic_##tid##_##op(ident_t *, int, T *, T);                  \
    T __kmpc_atomic_##tid##_##op##_cpt(ident_t *, int, T *, T, int);
#define REV(tid, T, op)                                                       \
    void __kmpc_atomic_##tid##_##op##_rev(ident_t *, int, T *, T);            \
    T __kmpc_atomic_##tid##_##op##_cpt_rev(ident_t *, int, T *, T, int);
#define RD_WR_SWP(tid, T)                                                     \
    T __kmpc_atomic_##tid##_rd(ident_t *, int, T *);                          \
    void __kmpc_atomic_##tid##_wr(ident_t *, int, T *, T);                    \
    T __kmpc_atomic_##tid##_swp(ident_t *, int, T *, T);
#define MIX(tid, T, op, rtid, R)                                              \
    void __kmpc_atomic_##tid##_##op##_##rtid(ident_t *, int, T *, R);

UPD_CPT(fixed4, int32_t, add) UPD_CPT(fixed4, int32_t, sub)
UPD_CPT(fixed4, int32_t, mul) UPD_CPT(fixed4, int32_t, div)
UPD_CPT(fixed4u, uint32_t, div) UPD_CPT(fixed4, int32_t, andb)
UPD_CPT(fixed4, int32_t, orb) UPD_CPT(fixed4, int32_t, xor)
UPD_CPT(fixed4, int32_t, shl) UPD_CPT(fixed4, int32_t, shr)
UPD_CPT(fixed4u, uint32_t, shr) UPD_CPT(fixed4, int32_t, andl)
UPD_CPT(fixed4, int32_t, orl) UPD_CPT(fixed4, int32_t, max)
UPD_CPT(fixed4, int32_t, min) UPD_CPT(fixed4, int32_t, eqv)
UPD_CPT(fixed4, int32_t, neqv)
REV(fixed4, int32_t, sub) REV(fixed4, int32_t, div) REV(fixed4, int32_t, shl)
REV(fixed4u, uint32_t, shr)
RD_WR_SWP(fixed4, int32_t) RD_WR_SWP(fixed8, int64_t)
MIX(fixed4, int32_t, mul, float8, double) MIX(fixed4, int32_t, div, float8, double)
MIX(fixed2, short, div, float8, double)

UPD_CPT(fixed1, char, div) UPD_CPT(fixed1u, unsigned char, div)
UPD_CPT(fixed1, char, shr) UPD_CPT(fixed1u, unsigned char, shr)
UPD_CPT(fixed2, short, div) UPD_CPT(fixed2u, unsigned short, div)
UPD_CPT(fixed2, short, shr) UPD_CPT(fixed2u, unsigned short, shr)
UPD_CPT(fixed1, char, eqv)
REV(fixed1, char, shl) REV(fixed1, char, shr) REV(fixed1u, unsigned char, shr)
REV(fixed2, short, div) REV(fixed2u, unsigned short, div)

UPD_CPT(float8, double, add) UPD_CPT(float8, double, sub)
UPD_CPT(float8, double, mul) UPD_CPT(float8, double, div)
UPD_CPT(float8, double, max) UPD_CPT(float8, double, min)
REV(float8, double, sub) REV(float8, double, div)
RD_WR_SWP(float8, double)
MIX(float4, float, add, float8, double) MIX(float4, float, sub, float8, double)
MIX(float4, float, mul, float8, double) MIX(float4, float, div, float8, double)

UPD_CPT(float10, long double, add) UPD_CPT(float10, long double, sub)
UPD_CPT(float10, long double, mul) UPD_CPT(float10, long double, div)
UPD_CPT(float10, long double, max) UPD_CPT(float10, long double, min)
REV(float10, long double, sub) REV(float10, long double, div)
RD_WR_SWP(float10, long double)

UPD_CPT(cmplx8, c8_t, add) UPD_CPT(cmplx8, c8_t, sub)
UPD_CPT(cmplx8, c8_t, mul) UPD_CPT(cmplx8, c8_t, div)
REV(cmplx8, c8_t, sub) REV(cmplx8, c8_t, div)
RD_WR_SWP(cmplx8, c8_t)
UPD_CPT(cmplx10, c10_t, add) UPD_CPT(cmplx10, c10_t, sub)
UPD_CPT(cmplx10, c10_t, mul) UPD_CPT(cmplx10, c10_t, div)
REV(cmplx10, c10_t, sub) REV(cmplx10, c10_t, div)
RD_WR_SWP(cmplx10, c10_t)

/* cmplx4 captures and swaps return through an extra pointer. */
#define C4_UPD_CPT(op)                                                        \
    void __kmpc_atomic_cmplx4_##op(ident_t *, int, c4_t *, c4_t);             \
    void __kmpc_atomic_cmplx4_##op##_cpt(ident_t *, int, c4_t *, c4_t,        \
                                         c4_t *, int);                        \
    void __kmpc_atomic_cmplx4_##op##_cmplx8(ident_t *, int, c4_t *, c8_t);
C4_UPD_CPT(add) C4_UPD_CPT(sub) C4_UPD_CPT(mul) C4_UPD_CPT(div)
void __kmpc_atomic_cmplx4_sub_rev(ident_t *, int, c4_t *, c4_t);
void __kmpc_atomic_cmplx4_div_rev(ident_t *, int, c4_t *, c4_t);
void __kmpc_atomic_cmplx4_sub_cpt_rev(ident_t *, int, c4_t *, c4_t, c4_t *, int);
void __kmpc_atomic_cmplx4_div_cpt_rev(ident_t *, int, c4_t *, c4_t, c4_t *, int);
c4_t __kmpc_atomic_cmplx4_rd(ident_t *, int, c4_t *);
void __kmpc_atomic_cmplx4_wr(ident_t *, int, c4_t *, c4_t);
void __kmpc_atomic_cmplx4_swp(ident_t *, int, c4_t *, c4_t, c4_t *);

typedef void atomic_fn(void *, void *, void *);
void __kmpc_atomic_4(ident_t *, int, void *, void *, atomic_fn *);
void __kmpc_atomic_16(ident_t *, int, void *, void *, atomic_fn *);
void __kmpc_atomic_start(void);
void __kmpc_atomic_end(void);

bool __kmpc_atomic_bool_4_cas(ident_t *, int, int32_t *, int32_t, int32_t);
int32_t __kmpc_atomic_val_4_cas(ident_t *, int, int32_t *, int32_t, int32_t);
bool __kmpc_atomic_bool_1_cas_cpt(ident_t *, int, char *, char, char, char *);
int64_t __kmpc_atomic_val_8_cas_cpt(ident_t *, int, int64_t *, int64_t,
                                    int64_t, int64_t *);

/* ---- harness --------------------------------------------------------------- */

enum { NT = 4, N = 10000, TOTAL = NT * N };
enum phase { SETUP, WORK, CHECK };

static int failures;
#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);            \
            failures++;                                                       \
        }                                                                     \
    } while (0)

#define CHECK_EQ(got, want)                                                   \
    do {                                                                      \
        long double g_ = (got), w_ = (want);                                  \
        if (g_ != w_) {                                                       \
            printf("FAIL %s:%d: %s == %.21Lg, expected %.21Lg\n", __FILE__,   \
                   __LINE__, #got, g_, w_);                                   \
            failures++;                                                       \
        }                                                                     \
    } while (0)

#define CHECK_C(got, re, im)                                                  \
    do {                                                                      \
        long double _Complex z_ = (got); /* evaluated once */                 \
        CHECK_EQ(__real__ z_, re);                                            \
        CHECK_EQ(__imag__ z_, im);                                            \
    } while (0)

/* Operation i of thread t; alternating the plain and the capturing entry,
 * the latter with flag 0 and 1. */
#define PLAIN_OR_CPT(i) (((i) & 1) == 0)
#define FLAG(i) (((i) >> 1) & 1)

/* Multiplier/divisor pattern whose product over all threads is exactly
 * 2^28: seven 2s per thread, then an even number of -1s among 1s. */
static int factor(int i)
{
    return i < 7 ? 2 : (i & 1) ? -1 : 1;
}

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

static void case_fixed4(enum phase ph, int t, int g)
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

static void case_fixed4_capture(enum phase ph, int t, int g)
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

static void case_fixed4_rev_mix_swp(enum phase ph, int t, int g)
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

static void case_small(enum phase ph, int t, int g)
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

/* ---- float8 and float10: every op, rev, capture -------------------------- */

#define REAL_CASE(name, tid, T)                                               \
    static T name##_v[8];                                                     \
    static void name(enum phase ph, int t, int g)                             \
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

static void case_float4_mix(enum phase ph, int t, int g)
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

static void case_real_swp(enum phase ph, int t, int g)
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
    static void name(enum phase ph, int t, int g)                             \
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
static void cpt4_add(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_add_cpt(NULL, g, p, r, &c4_sink, f); }
static void cpt4_sub(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_sub_cpt(NULL, g, p, r, &c4_sink, f); }
static void cpt4_mul(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_mul_cpt(NULL, g, p, r, &c4_sink, f); }
static void cpt4_div(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_div_cpt(NULL, g, p, r, &c4_sink, f); }
static void cpt4_sub_cpt_rev_(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_sub_cpt_rev(NULL, g, p, r, &c4_sink, f); }
static void cpt4_div_cpt_rev_(int g, c4_t *p, c4_t r, int f)
{ __kmpc_atomic_cmplx4_div_cpt_rev(NULL, g, p, r, &c4_sink, f); }

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

static void case_tearing(enum phase ph, int t, int g)
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

static void case_cmplx_swp(enum phase ph, int t, int g)
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

/* ---- callback, compare, start/end ----------------------------------------- */

static void add_float(void *out, void *a, void *b)
{
    *(float *)out = *(float *)a + *(float *)b;
}

static void add_c8(void *out, void *a, void *b)
{
    *(c8_t *)out = *(c8_t *)a + *(c8_t *)b;
}

static float gen4;
static c8_t gen16;
static int32_t cas_counter;
static int64_t plain_counter; /* only touched between start and end */

static void case_generic(enum phase ph, int t, int g)
{
    (void)t;
    if (ph == SETUP) {
        gen4 = 0;
        gen16 = 0;
        cas_counter = 0;
        plain_counter = 0;
    } else if (ph == WORK) {
        for (int i = 0; i < N; i++) {
            float one = 1;
            c8_t step = 1 - 1.0i;
            __kmpc_atomic_4(NULL, g, &gen4, &one, add_float);
            __kmpc_atomic_16(NULL, g, &gen16, &step, add_c8);
            int32_t seen = __kmpc_atomic_val_4_cas(NULL, g, &cas_counter, 0, 0);
            while (!__kmpc_atomic_bool_4_cas(NULL, g, &cas_counter, seen, seen + 1))
                seen = __kmpc_atomic_val_4_cas(NULL, g, &cas_counter, seen, seen);
            __kmpc_atomic_start();
            plain_counter++;
            __kmpc_atomic_end();
        }
    } else {
        CHECK_EQ(gen4, TOTAL);
        CHECK_C(gen16, TOTAL, -TOTAL);
        CHECK_EQ(cas_counter, TOTAL);
        CHECK_EQ(plain_counter, TOTAL);
    }
}

/* ---- single-thread semantics of each flavour ------------------------------ */

static void deterministic(int g)
{
    int32_t x = 10;
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 0), 10);
    CHECK_EQ(x, 7);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt(NULL, g, &x, 3, 1), 4);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 1), -1);
    CHECK_EQ(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 3, 0), -1);
    CHECK_EQ(x, 4);
    CHECK_EQ(__kmpc_atomic_fixed4_div_cpt_rev(NULL, g, &x, 20, 1), 5);
    __kmpc_atomic_fixed4_shl_rev(NULL, g, &x, 3);  /* 3 << 5 */
    CHECK_EQ(x, 96);
    x = 4;
    CHECK_EQ(__kmpc_atomic_fixed4_shl_cpt_rev(NULL, g, &x, 1, 0), 4);
    CHECK_EQ(x, 16);
    x = 5;
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 1), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 0), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 9, 0), 5);
    CHECK_EQ(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 12, 1), 12);
    CHECK_EQ(__kmpc_atomic_fixed4_min_cpt(NULL, g, &x, 20, 1), 12);
    CHECK_EQ(__kmpc_atomic_fixed4_min_cpt(NULL, g, &x, -3, 0), 12);
    CHECK_EQ(x, -3);
    x = 0;
    __kmpc_atomic_fixed4_orl(NULL, g, &x, 5);
    CHECK_EQ(x, 1);
    x = 5;
    CHECK_EQ(__kmpc_atomic_fixed4_andl_cpt(NULL, g, &x, 7, 1), 1);
    x = 7;
    __kmpc_atomic_fixed4_mul_float8(NULL, g, &x, 0.5);
    CHECK_EQ(x, 3);
    x = -7;
    __kmpc_atomic_fixed4_div_float8(NULL, g, &x, 2.0);
    CHECK_EQ(x, -3);
    short s = 7;
    __kmpc_atomic_fixed2_div_float8(NULL, g, &s, 2.0);
    CHECK_EQ(s, 3);
    x = 0x0f;
    CHECK_EQ(__kmpc_atomic_fixed4_eqv_cpt(NULL, g, &x, 0x3c, 1), ~0x33);
    char c = 0x0f;
    CHECK_EQ(__kmpc_atomic_fixed1_eqv_cpt(NULL, g, &c, 0x3c, 1), (char)0xcc);
    CHECK_EQ(__kmpc_atomic_fixed4_rd(NULL, g, &x), ~0x33);
    __kmpc_atomic_fixed4_wr(NULL, g, &x, 42);
    CHECK_EQ(__kmpc_atomic_fixed4_swp(NULL, g, &x, 43), 42);
    CHECK_EQ(x, 43);
    uint32_t u = 0xffffffffu;
    CHECK_EQ(__kmpc_atomic_fixed4u_shr_cpt(NULL, g, &u, 28, 1), 15);
    CHECK_EQ(__kmpc_atomic_fixed4u_shr_cpt_rev(NULL, g, &u, 0x80000000u, 0), 15);
    CHECK_EQ(u, 0x80000000u >> 15);
    CHECK_EQ(__kmpc_atomic_fixed4u_div_cpt(NULL, g, &u, 2, 1), 0x8000u);

    /* rev forms of the small types, signed and unsigned */
    c = 3;
    __kmpc_atomic_fixed1_shl_rev(NULL, g, &c, 1);
    CHECK_EQ(c, 8);
    c = 2;
    CHECK_EQ(__kmpc_atomic_fixed1_shr_cpt_rev(NULL, g, &c, -64, 1), -16);
    unsigned char uc = 2;
    __kmpc_atomic_fixed1u_shr_rev(NULL, g, &uc, 200);
    CHECK_EQ(uc, 50);
    CHECK_EQ(__kmpc_atomic_fixed1u_div_cpt(NULL, g, &uc, 3, 0), 50);
    CHECK_EQ(uc, 16);
    s = 3;
    __kmpc_atomic_fixed2_div_rev(NULL, g, &s, -30000);
    CHECK_EQ(s, -10000);
    unsigned short us = 3;
    CHECK_EQ(__kmpc_atomic_fixed2u_div_cpt_rev(NULL, g, &us, 60000, 1), 20000);
    CHECK_EQ(__kmpc_atomic_fixed2u_shr_cpt(NULL, g, &us, 4, 0), 20000);
    CHECK_EQ(us, 1250);
    s = -32768;
    CHECK_EQ(__kmpc_atomic_fixed2_shr_cpt(NULL, g, &s, 15, 1), -1);

    /* float8 and float10 captures and rev */
    double d = 3;
    CHECK_EQ(__kmpc_atomic_float8_div_cpt(NULL, g, &d, 2, 1), 1.5);
    CHECK_EQ(__kmpc_atomic_float8_div_cpt_rev(NULL, g, &d, 3, 0), 1.5);
    CHECK_EQ(d, 2);
    CHECK_EQ(__kmpc_atomic_float8_sub_cpt_rev(NULL, g, &d, 0.5, 1), -1.5);
    CHECK_EQ(__kmpc_atomic_float8_max_cpt(NULL, g, &d, -2, 1), -1.5);
    CHECK_EQ(__kmpc_atomic_float8_min_cpt(NULL, g, &d, -2, 1), -2);
    CHECK_EQ(__kmpc_atomic_float8_rd(NULL, g, &d), -2);
    __kmpc_atomic_float8_wr(NULL, g, &d, 0.25);
    CHECK_EQ(__kmpc_atomic_float8_swp(NULL, g, &d, 8), 0.25);
    long double ld = 1;
    CHECK_EQ(__kmpc_atomic_float10_add_cpt(NULL, g, &ld, 0x1p-63L, 1), 1 + 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_sub_cpt_rev(NULL, g, &ld, 2, 0), 1 + 0x1p-63L);
    CHECK_EQ(ld, 1 - 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_max_cpt(NULL, g, &ld, 5, 0), 1 - 0x1p-63L);
    CHECK_EQ(__kmpc_atomic_float10_min_cpt(NULL, g, &ld, 7, 1), 5);
    CHECK_EQ(__kmpc_atomic_float10_rd(NULL, g, &ld), 5);
    CHECK_EQ(__kmpc_atomic_float10_swp(NULL, g, &ld, -1), 5);
    CHECK_EQ(ld, -1);

    /* complex captures: cmplx4 through *out, the others by value */
    c4_t z4 = 1 + 2.0if, out4 = 0;
    __kmpc_atomic_cmplx4_mul_cpt(NULL, g, &z4, 2.0if, &out4, 0);
    CHECK_C(out4, 1, 2);
    CHECK_C(z4, -4, 2);
    __kmpc_atomic_cmplx4_sub_cpt_rev(NULL, g, &z4, 1, &out4, 1);
    CHECK_C(out4, 5, -2);
    CHECK_C(z4, 5, -2);
    z4 = 2.0if; /* division by an imaginary number is exact */
    __kmpc_atomic_cmplx4_div_cpt_rev(NULL, g, &z4, 4 + 6.0if, &out4, 0);
    CHECK_C(out4, 0, 2);
    CHECK_C(z4, 3, -2);
    __kmpc_atomic_cmplx4_swp(NULL, g, &z4, 7, &out4);
    CHECK_C(__kmpc_atomic_cmplx4_rd(NULL, g, &z4), 7, 0);
    c8_t z8 = 4 + 2.0i;
    CHECK_C(__kmpc_atomic_cmplx8_div_cpt(NULL, g, &z8, 2.0i, 1), 1, -2);
    CHECK_C(__kmpc_atomic_cmplx8_sub_cpt_rev(NULL, g, &z8, 1, 0), 1, -2);
    CHECK_C(z8, 0, 2);
    CHECK_C(__kmpc_atomic_cmplx8_swp(NULL, g, &z8, 9), 0, 2);
    CHECK_C(__kmpc_atomic_cmplx8_rd(NULL, g, &z8), 9, 0);
    c10_t z10 = 1;
    CHECK_C(__kmpc_atomic_cmplx10_add_cpt(NULL, g, &z10, 1.0il, 1), 1, 1);
    CHECK_C(__kmpc_atomic_cmplx10_mul_cpt(NULL, g, &z10, 1.0il, 0), 1, 1);
    CHECK_C(z10, -1, 1);

    /* compare-and-swap forms */
    char cx = 2, cv = 0;
    CHECK(!__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 1, 3, &cv));
    CHECK_EQ(cv, 2);
    cv = 0;
    CHECK(__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 2, 3, &cv));
    CHECK_EQ(cv, 0);
    CHECK_EQ(cx, 3);
    int64_t lx = 5, lv = 0;
    CHECK_EQ(__kmpc_atomic_val_8_cas_cpt(NULL, g, &lx, 4, 6, &lv), 5);
    CHECK_EQ(lv, 5);
    CHECK_EQ(__kmpc_atomic_val_8_cas_cpt(NULL, g, &lx, 5, 6, &lv), 5);
    CHECK_EQ(lv, 6);
    CHECK_EQ(lx, 6);
}

/* ---- driver ---------------------------------------------------------------- */

typedef void case_fn(enum phase, int, int);
static case_fn *const cases[] = {
    case_fixed4, case_fixed4_capture, case_fixed4_rev_mix_swp, case_small,
    case_float8, case_float10, case_float4_mix, case_real_swp,
    case_cmplx4, case_cmplx8, case_cmplx10,
    case_tearing, case_cmplx_swp, case_generic,
};
enum { NCASES = sizeof cases / sizeof cases[0] };

static pthread_barrier_t barrier;
static int ready[NCASES];

static void *worker(void *arg)
{
    int t = (int)(intptr_t)arg;
    int g = __kmpc_global_thread_num(NULL);
    for (int k = 0; k < NCASES; k++) {
        pthread_barrier_wait(&barrier);  /* main has set the case up */
        /* a barrier releases threads one by one; line them up closer so
         * that their operations really overlap */
        __atomic_fetch_add(&ready[k], 1, __ATOMIC_SEQ_CST);
        while (__atomic_load_n(&ready[k], __ATOMIC_ACQUIRE) < NT)
            sched_yield();
        cases[k](WORK, t, g);
        pthread_barrier_wait(&barrier);  /* main checks */
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NT];
    int g = __kmpc_global_thread_num(NULL);

    deterministic(g);

    pthread_barrier_init(&barrier, NULL, NT + 1);
    for (int t = 0; t < NT; t++)
        pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
    for (int k = 0; k < NCASES; k++) {
        cases[k](SETUP, 0, g);
        pthread_barrier_wait(&barrier);
        pthread_barrier_wait(&barrier);
        cases[k](CHECK, 0, g);
    }
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);

    if (failures) {
        printf("kmp_abi.atomic: %d failures\n", failures);
        return 1;
    }
    printf("kmp_abi.atomic: ok (%d threads x %d ops, %d cases)\n", NT, N,
           (int)NCASES);
    return 0;
}
