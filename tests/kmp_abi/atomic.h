/* Shared by the atomic tests (atomic.c and the files of its cases): the
 * ABI's prototypes, the harness, and the cases the driver runs. */
#ifndef BOBBIN_TEST_KMP_ABI_ATOMIC_H
#define BOBBIN_TEST_KMP_ABI_ATOMIC_H
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

extern int failures; /* atomic.c */
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
static inline int factor(int i)
{
    return i < 7 ? 2 : (i & 1) ? -1 : 1;
}


/* ---- the cases --------------------------------------------------------------
 * Each runs in three phases: main sets it up, NT threads work on it at once,
 * main checks the result. */
void case_fixed4(enum phase ph, int t, int g);          /* atomic_int.c */
void case_fixed4_capture(enum phase ph, int t, int g);
void case_fixed4_rev_mix_swp(enum phase ph, int t, int g);
void case_small(enum phase ph, int t, int g);
void case_float8(enum phase ph, int t, int g);          /* atomic_real.c */
void case_float10(enum phase ph, int t, int g);
void case_float4_mix(enum phase ph, int t, int g);
void case_real_swp(enum phase ph, int t, int g);
void case_cmplx4(enum phase ph, int t, int g);
void case_cmplx8(enum phase ph, int t, int g);
void case_cmplx10(enum phase ph, int t, int g);
void case_tearing(enum phase ph, int t, int g);
void case_cmplx_swp(enum phase ph, int t, int g);
void case_generic(enum phase ph, int t, int g);         /* atomic_flavours.c */
/* Single-thread semantics of each flavour (atomic_flavours.c). */
void deterministic(int g);

#endif
