/* The __kmpc_atomic_* entry points: the 340 that LLVM's libomp 14 exports
 * on x86-64 Linux, with its signatures and semantics. Each line of the
 * tables below instantiates a flavour macro of kmpc_atomic.h; the generic
 * read-modify-write body and the strategy choice live there. */
#include "kmpc_atomic.h"
#include "ompt/ompt.h"

#include <sched.h>

/* ---- locks ------------------------------------------------------------- */

enum { KA_STRIPES = 64, KA_SPINS_BEFORE_YIELD = 1024 };

/* Objects without lock-free atomics of their size, keyed by address. */
static bob_atomic_lock_t ka_stripes[KA_STRIPES];
/* __kmpc_atomic_start/end and GOMP_atomic_start/end: one lock for whatever
 * code the compiler brackets. */
bob_atomic_lock_t bob_atomic_global;

void bob_atomic_lock_acquire(bob_atomic_lock_t *l)
{
    unsigned spins = 0;
    while (__atomic_exchange_n(&l->busy, 1, __ATOMIC_ACQUIRE)) {
        do {
            if (++spins < KA_SPINS_BEFORE_YIELD) {
                ka_pause();
            } else {
                spins = 0;
                sched_yield(); /* the holder's ES may have been descheduled */
            }
        } while (__atomic_load_n(&l->busy, __ATOMIC_RELAXED));
    }
}

void bob_atomic_lock_release(bob_atomic_lock_t *l)
{
    __atomic_store_n(&l->busy, 0, __ATOMIC_RELEASE);
}

bob_atomic_lock_t *bob_atomic_lock_for(const void *addr)
{
    /* Locked objects are at least 16 bytes: drop the offset bits, fold in
     * higher ones so that arrays of them spread over all stripes. */
    uintptr_t a = (uintptr_t)addr >> 4;
    a ^= (a >> 6) ^ (a >> 12);
    return &ka_stripes[a & (KA_STRIPES - 1)];
}

/* The bracketed code is, for a tool, an atomic mutex: the global lock. */
void bob_atomic_section_begin(void)
{
    BOB_OMPT(bob_ompt_mutex_acquire(ompt_mutex_atomic, 0, &bob_atomic_global));
    bob_atomic_lock_acquire(&bob_atomic_global);
    BOB_OMPT(bob_ompt_mutex_acquired(ompt_mutex_atomic, &bob_atomic_global));
}

void bob_atomic_section_end(void)
{
    bob_atomic_lock_release(&bob_atomic_global);
    BOB_OMPT(bob_ompt_mutex_released(ompt_mutex_atomic, &bob_atomic_global));
}

KA_API void __kmpc_atomic_start(void)
{
    BOB_OMPT_RA();
    bob_atomic_section_begin();
}

KA_API void __kmpc_atomic_end(void)
{
    BOB_OMPT_RA();
    bob_atomic_section_end();
}

/* ---- typed entry points ------------------------------------------------- */

#define KA_BOTH(tid, op) KA_UPD(tid, op) KA_CPT(tid, op)
#define KA_BOTH_REV(tid, op) KA_REV(tid, op) KA_CPT_REV(tid, op)

/* Integers of one width: s is the signed type id, u the unsigned one (only
 * div and shr distinguish them). */
#define KA_INTEGER_ROWS(s, u)                                                 \
    KA_BOTH(s, add) KA_BOTH(s, sub) KA_BOTH(s, mul) KA_BOTH(s, div)           \
    KA_BOTH(u, div) KA_BOTH(s, andb) KA_BOTH(s, orb) KA_BOTH(s, xor)          \
    KA_BOTH(s, shl) KA_BOTH(s, shr) KA_BOTH(u, shr) KA_BOTH(s, andl)          \
    KA_BOTH(s, orl) KA_BOTH(s, max) KA_BOTH(s, min) KA_BOTH(s, eqv)           \
    KA_BOTH(s, neqv)                                                          \
    KA_BOTH_REV(s, sub) KA_BOTH_REV(s, div) KA_BOTH_REV(u, div)               \
    KA_BOTH_REV(s, shl) KA_BOTH_REV(s, shr) KA_BOTH_REV(u, shr)               \
    KA_MIX(s, mul, float8) KA_MIX(s, div, float8)                             \
    KA_RD(s) KA_WR(s) KA_SWP(s)

#define KA_REAL_ROWS(t)                                                       \
    KA_BOTH(t, add) KA_BOTH(t, sub) KA_BOTH(t, mul) KA_BOTH(t, div)           \
    KA_BOTH(t, max) KA_BOTH(t, min)                                           \
    KA_BOTH_REV(t, sub) KA_BOTH_REV(t, div)                                   \
    KA_RD(t) KA_WR(t) KA_SWP(t)

/* cmplx4 passes its captured values through a pointer, hence the flavour
 * parameters. */
#define KA_COMPLEX_ROWS(t, CPT, CPT_REV, SWP)                                 \
    KA_UPD(t, add) KA_UPD(t, sub) KA_UPD(t, mul) KA_UPD(t, div)               \
    CPT(t, add) CPT(t, sub) CPT(t, mul) CPT(t, div)                           \
    KA_REV(t, sub) KA_REV(t, div) CPT_REV(t, sub) CPT_REV(t, div)             \
    KA_RD(t) KA_WR(t) SWP(t)

KA_INTEGER_ROWS(fixed1, fixed1u)
KA_INTEGER_ROWS(fixed2, fixed2u)
KA_INTEGER_ROWS(fixed4, fixed4u)
KA_INTEGER_ROWS(fixed8, fixed8u)

KA_REAL_ROWS(float4)
KA_REAL_ROWS(float8)
KA_REAL_ROWS(float10)
KA_MIX(float4, add, float8) KA_MIX(float4, sub, float8)
KA_MIX(float4, mul, float8) KA_MIX(float4, div, float8)

KA_COMPLEX_ROWS(cmplx4, KA_CPT_OUT, KA_CPT_REV_OUT, KA_SWP_OUT)
KA_COMPLEX_ROWS(cmplx8, KA_CPT, KA_CPT_REV, KA_SWP)
KA_COMPLEX_ROWS(cmplx10, KA_CPT, KA_CPT_REV, KA_SWP)
KA_MIX(cmplx4, add, cmplx8) KA_MIX(cmplx4, sub, cmplx8)
KA_MIX(cmplx4, mul, cmplx8) KA_MIX(cmplx4, div, cmplx8)

/* ---- __kmpc_atomic_<bytes>: the compiler's own update function ---------- */
/* f(result, x, rhs) stores x op rhs to *result. Word sizes run it on a
 * private copy inside the compare-exchange loop; larger ones in place under
 * the object's stripe lock. */

#define KA_CALLBACK_WORD(n)                                                   \
    static inline KA_T(word##n) ka_call_##n(void (*f)(void *, void *, void *),\
                                            KA_T(word##n) x, void *rhs)       \
    {                                                                         \
        KA_T(word##n) result;                                                 \
        f(&result, &x, rhs);                                                  \
        return result;                                                        \
    }                                                                         \
    KA_API void __kmpc_atomic_##n(ident_t *id_ref, int gtid, void *lhs,       \
                                  void *rhs, void (*f)(void *, void *, void *))\
    {                                                                         \
        KA_PROLOGUE(word##n);                                                 \
        KA_RMW(KA_STRATEGY(word##n, call), word##n, call,                     \
               (KA_T(word##n) *)lhs, rhs, ov, nv, 1, ka_call_##n(f, ov, rhs));\
        (void)nv;                                                             \
    }

#define KA_CALLBACK_LOCKED(n)                                                 \
    KA_API void __kmpc_atomic_##n(ident_t *id_ref, int gtid, void *lhs,       \
                                  void *rhs, void (*f)(void *, void *, void *))\
    {                                                                         \
        bob_atomic_lock_t *l = bob_atomic_lock_for(lhs);                      \
        (void)id_ref;                                                         \
        (void)gtid;                                                           \
        bob_atomic_lock_acquire(l);                                           \
        f(lhs, lhs, rhs);                                                     \
        bob_atomic_lock_release(l);                                           \
    }

KA_CALLBACK_WORD(1)
KA_CALLBACK_WORD(2)
KA_CALLBACK_WORD(4)
KA_CALLBACK_WORD(8)
KA_CALLBACK_LOCKED(10)
KA_CALLBACK_LOCKED(16)
KA_CALLBACK_LOCKED(20)
KA_CALLBACK_LOCKED(32)

/* ---- OpenMP 5.1 atomic compare ----------------------------------------- */
/* bool_<n>_cas: { r = x == e; if (r) x = d; } returning r;
 * val_<n>_cas: { v = x; if (x == e) x = d; } returning v;
 * the _cpt forms also capture: bool: v = x only when the comparison fails;
 * val: v = the final x (d on success, the old x otherwise). */

#define KA_COMPARE(n, tid)                                                    \
    KA_API bool __kmpc_atomic_bool_##n##_cas(ident_t *loc, int gtid,          \
                                             KA_T(tid) *x, KA_T(tid) e,       \
                                             KA_T(tid) d)                     \
    {                                                                         \
        (void)loc;                                                            \
        (void)gtid;                                                           \
        return __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_SEQ_CST, \
                                           __ATOMIC_SEQ_CST);                 \
    }                                                                         \
    KA_API KA_T(tid) __kmpc_atomic_val_##n##_cas(ident_t *loc, int gtid,      \
                                                 KA_T(tid) *x, KA_T(tid) e,   \
                                                 KA_T(tid) d)                 \
    {                                                                         \
        (void)loc;                                                            \
        (void)gtid;                                                           \
        /* e keeps the old value on success and receives it on failure */     \
        __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_SEQ_CST,        \
                                    __ATOMIC_SEQ_CST);                        \
        return e;                                                             \
    }                                                                         \
    KA_API bool __kmpc_atomic_bool_##n##_cas_cpt(ident_t *loc, int gtid,      \
                                                 KA_T(tid) *x, KA_T(tid) e,   \
                                                 KA_T(tid) d, KA_T(tid) *pv)  \
    {                                                                         \
        bool ok = __atomic_compare_exchange_n(x, &e, d, false,                \
                                              __ATOMIC_SEQ_CST,               \
                                              __ATOMIC_SEQ_CST);              \
        (void)loc;                                                            \
        (void)gtid;                                                           \
        if (!ok)                                                              \
            *pv = e;                                                          \
        return ok;                                                            \
    }                                                                         \
    KA_API KA_T(tid) __kmpc_atomic_val_##n##_cas_cpt(ident_t *loc, int gtid,  \
                                                     KA_T(tid) *x,            \
                                                     KA_T(tid) e,             \
                                                     KA_T(tid) d,             \
                                                     KA_T(tid) *pv)           \
    {                                                                         \
        bool ok = __atomic_compare_exchange_n(x, &e, d, false,                \
                                              __ATOMIC_SEQ_CST,               \
                                              __ATOMIC_SEQ_CST);              \
        (void)loc;                                                            \
        (void)gtid;                                                           \
        *pv = ok ? d : e;                                                     \
        return e;                                                             \
    }

KA_COMPARE(1, fixed1)
KA_COMPARE(2, fixed2)
KA_COMPARE(4, fixed4)
KA_COMPARE(8, fixed8)
