/* Machinery behind the __kmpc_atomic_* entry points (kmpc_atomic.c).
 *
 * Every entry point is one read-modify-write of *lhs: read the old value
 * `ov`, decide whether to act (`COND`, false only for min/max when nothing
 * changes and for reads), compute the new value `nv` from `ov` and `rhs`
 * (`EXPR`), store it, and report ov and/or nv. KA_RMW is that single generic
 * body; it is instantiated with one of five strategies, picked from the
 * operand type's class and the operation's kind at preprocessing time:
 *
 *   FETCH  integer word + add/sub/and/or/xor: one __atomic_fetch_<op>;
 *   CAS    any other op on a type that fits a lock-free word (integers,
 *          float, double, float _Complex): compare-exchange loop on the
 *          same-size unsigned integer, the value reinterpreted via a union;
 *   LOAD   reads of word types;  XCHG  writes/swaps of word types;
 *   LOCK   long double and the complex types wider than 8 bytes: a short
 *          critical section under a spinlock chosen by hashing lhs, so every
 *          entry point touching the same object serialises on the same lock.
 *
 * The flavour macros (KA_UPD, KA_CPT, KA_REV, ...) only differ in the
 * signature they give the entry point and in what they return; all widths
 * and signednesses of a flavour come from the same macro.
 *
 * Operand types are named as in the ABI: fixed1/2/4/8 (+u: unsigned),
 * float4/8/10, cmplx4/8/10. LLVM's libomp on x86-64 Linux is built without
 * _Quad support, so the float16/cmplx16 and *_fp entries do not exist in it
 * and are not provided here either. */
#ifndef BOBBIN_KMPC_ATOMIC_H
#define BOBBIN_KMPC_ATOMIC_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ident ident_t;

#define KA_API __attribute__((visibility("default")))

/* ---- spinlocks ------------------------------------------------------------ */

#define KA_INTERNAL __attribute__((visibility("hidden")))

typedef struct bob_atomic_lock {
    _Alignas(64) unsigned char busy;
} bob_atomic_lock_t;

KA_INTERNAL void bob_atomic_lock_acquire(bob_atomic_lock_t *l);
KA_INTERNAL void bob_atomic_lock_release(bob_atomic_lock_t *l);
/* The lock of __kmpc_atomic_start/end and GOMP_atomic_start/end. */
KA_INTERNAL extern bob_atomic_lock_t bob_atomic_global;
/* The code __kmpc_atomic_start/end and GOMP_atomic_start/end bracket runs
 * under bob_atomic_global. */
KA_INTERNAL void bob_atomic_section_begin(void);
KA_INTERNAL void bob_atomic_section_end(void);
/* The stripe guarding the object at addr. */
KA_INTERNAL bob_atomic_lock_t *bob_atomic_lock_for(const void *addr);

static inline void ka_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* ---- token helpers -------------------------------------------------------- */

#define KA_CAT_(a, b) a##b
#define KA_CAT(a, b) KA_CAT_(a, b)
#define KA_CAT4_(a, b, c, d) a##b##c##d
#define KA_CAT4(a, b, c, d) KA_CAT4_(a, b, c, d)

/* ---- operand types: C type, class, storage word --------------------------- */
/* Classes: INTW integer in a lock-free word, VALW other value in a lock-free
 * word, LOCKED needs the spinlock (no lock-free atomics of its size, or,
 * for long double, 10 value bytes in 16 bytes of storage). */

#define KA_TYPE_fixed1 char
#define KA_TYPE_fixed1u unsigned char
#define KA_TYPE_fixed2 short
#define KA_TYPE_fixed2u unsigned short
#define KA_TYPE_fixed4 int32_t
#define KA_TYPE_fixed4u uint32_t
#define KA_TYPE_fixed8 int64_t
#define KA_TYPE_fixed8u uint64_t
#define KA_TYPE_float4 float
#define KA_TYPE_float8 double
#define KA_TYPE_float10 long double
#define KA_TYPE_cmplx4 float _Complex
#define KA_TYPE_cmplx8 double _Complex
#define KA_TYPE_cmplx10 long double _Complex

#define KA_CLASS_fixed1 INTW
#define KA_CLASS_fixed1u INTW
#define KA_CLASS_fixed2 INTW
#define KA_CLASS_fixed2u INTW
#define KA_CLASS_fixed4 INTW
#define KA_CLASS_fixed4u INTW
#define KA_CLASS_fixed8 INTW
#define KA_CLASS_fixed8u INTW
#define KA_CLASS_float4 VALW
#define KA_CLASS_float8 VALW
#define KA_CLASS_float10 LOCKED
#define KA_CLASS_cmplx4 VALW
#define KA_CLASS_cmplx8 LOCKED
#define KA_CLASS_cmplx10 LOCKED

#define KA_WORD_fixed1 uint8_t
#define KA_WORD_fixed1u uint8_t
#define KA_WORD_fixed2 uint16_t
#define KA_WORD_fixed2u uint16_t
#define KA_WORD_fixed4 uint32_t
#define KA_WORD_fixed4u uint32_t
#define KA_WORD_fixed8 uint64_t
#define KA_WORD_fixed8u uint64_t
#define KA_WORD_float4 uint32_t
#define KA_WORD_float8 uint64_t
#define KA_WORD_cmplx4 uint64_t

/* Raw words, for the callback entry points __kmpc_atomic_1/2/4/8. */
#define KA_TYPE_word1 uint8_t
#define KA_TYPE_word2 uint16_t
#define KA_TYPE_word4 uint32_t
#define KA_TYPE_word8 uint64_t
#define KA_CLASS_word1 VALW
#define KA_CLASS_word2 VALW
#define KA_CLASS_word4 VALW
#define KA_CLASS_word8 VALW
#define KA_WORD_word1 uint8_t
#define KA_WORD_word2 uint16_t
#define KA_WORD_word4 uint32_t
#define KA_WORD_word8 uint64_t

/* ---- operations: new value, condition, kind ------------------------------- */
/* KA_NEW_<op>(o, r): the value stored; KA_IF_<op>(o, r): whether to store;
 * KA_KIND_<op>: NATIVE (an __atomic_fetch_<KA_FETCH_<op>> exists for
 * integers), EMULATED, READ or SWAP. */

#define KA_NEW_add(o, r) ((o) + (r))
#define KA_NEW_sub(o, r) ((o) - (r))
#define KA_NEW_mul(o, r) ((o) * (r))
#define KA_NEW_div(o, r) ((o) / (r))
#define KA_NEW_andb(o, r) ((o) & (r))
#define KA_NEW_orb(o, r) ((o) | (r))
#define KA_NEW_xor(o, r) ((o) ^ (r))
#define KA_NEW_neqv(o, r) ((o) ^ (r))
#define KA_NEW_eqv(o, r) ((o) ^ ~(r))
#define KA_NEW_shl(o, r) ((o) << (r))
#define KA_NEW_shr(o, r) ((o) >> (r))
#define KA_NEW_andl(o, r) ((o) && (r))
#define KA_NEW_orl(o, r) ((o) || (r))
#define KA_NEW_max(o, r) (r)
#define KA_NEW_min(o, r) (r)

#define KA_IF_max(o, r) ((o) < (r))
#define KA_IF_min(o, r) ((o) > (r))
#define KA_IF_add(o, r) 1
#define KA_IF_sub(o, r) 1
#define KA_IF_mul(o, r) 1
#define KA_IF_div(o, r) 1
#define KA_IF_andb(o, r) 1
#define KA_IF_orb(o, r) 1
#define KA_IF_xor(o, r) 1
#define KA_IF_neqv(o, r) 1
#define KA_IF_eqv(o, r) 1
#define KA_IF_shl(o, r) 1
#define KA_IF_shr(o, r) 1
#define KA_IF_andl(o, r) 1
#define KA_IF_orl(o, r) 1

#define KA_KIND_add NATIVE
#define KA_KIND_sub NATIVE
#define KA_KIND_andb NATIVE
#define KA_KIND_orb NATIVE
#define KA_KIND_xor NATIVE
#define KA_KIND_neqv NATIVE
#define KA_KIND_mul EMULATED
#define KA_KIND_div EMULATED
#define KA_KIND_eqv EMULATED
#define KA_KIND_shl EMULATED
#define KA_KIND_shr EMULATED
#define KA_KIND_andl EMULATED
#define KA_KIND_orl EMULATED
#define KA_KIND_max EMULATED
#define KA_KIND_min EMULATED
#define KA_KIND_rev EMULATED  /* reversed operands: never a fetch op */
#define KA_KIND_mix EMULATED  /* wider rhs type: never a fetch op */
#define KA_KIND_call EMULATED /* user callback (__kmpc_atomic_<n>) */
#define KA_KIND_rd READ
#define KA_KIND_wr SWAP

#define KA_FETCH_add add
#define KA_FETCH_sub sub
#define KA_FETCH_andb and
#define KA_FETCH_orb or
#define KA_FETCH_xor xor
#define KA_FETCH_neqv xor

/* ---- strategy selection: class x kind ------------------------------------- */

#define KA_PICK_INTW_NATIVE FETCH
#define KA_PICK_INTW_EMULATED CAS
#define KA_PICK_INTW_READ LOAD
#define KA_PICK_INTW_SWAP XCHG
#define KA_PICK_VALW_NATIVE CAS
#define KA_PICK_VALW_EMULATED CAS
#define KA_PICK_VALW_READ LOAD
#define KA_PICK_VALW_SWAP XCHG
#define KA_PICK_LOCKED_NATIVE LOCK
#define KA_PICK_LOCKED_EMULATED LOCK
#define KA_PICK_LOCKED_READ LOCK
#define KA_PICK_LOCKED_SWAP LOCK

#define KA_STRATEGY(tid, kind) \
    KA_CAT4(KA_PICK_, KA_CLASS_##tid, _, KA_CAT(KA_KIND_, kind))

/* ---- the generic read-modify-write ---------------------------------------- */
/* KA_RMW(strategy, tid, op, lhs, rhs, ov, nv, COND, EXPR): atomically
 * ov = *lhs; if (COND) *lhs = nv = (T)EXPR; else nv = ov. COND and EXPR may
 * use ov and rhs. op only matters to FETCH (it names the fetch builtin). */
#define KA_RMW(strategy, tid, op, lhs, rhs, ov, nv, COND, EXPR) \
    KA_RMW_WITH(strategy)(tid, op, lhs, rhs, ov, nv, COND, EXPR)
#define KA_RMW_WITH(strategy) KA_RMW_WITH_(strategy)
#define KA_RMW_WITH_(strategy) KA_RMW_##strategy

#define KA_RMW_FETCH(tid, op, lhs, rhs, ov, nv, COND, EXPR)                  \
    do {                                                                     \
        (ov) = KA_CAT(__atomic_fetch_, KA_FETCH_##op)((lhs), (rhs),          \
                                                      __ATOMIC_SEQ_CST);     \
        (nv) = (KA_TYPE_##tid)(EXPR);                                        \
    } while (0)

#define KA_RMW_CAS(tid, op, lhs, rhs, ov, nv, COND, EXPR)                    \
    do {                                                                     \
        union { KA_TYPE_##tid v; KA_WORD_##tid w; } ka_seen, ka_want;        \
        ka_seen.w = __atomic_load_n((KA_WORD_##tid *)(lhs),                  \
                                    __ATOMIC_ACQUIRE);                       \
        for (;;) {                                                           \
            (ov) = ka_seen.v;                                                \
            if (!(COND)) {                                                   \
                (nv) = (ov);                                                 \
                break;                                                       \
            }                                                                \
            (nv) = (KA_TYPE_##tid)(EXPR);                                    \
            ka_want.v = (nv);                                                \
            if (__atomic_compare_exchange_n((KA_WORD_##tid *)(lhs),          \
                                            &ka_seen.w, ka_want.w, true,     \
                                            __ATOMIC_SEQ_CST,                \
                                            __ATOMIC_ACQUIRE))               \
                break;                                                       \
            ka_pause();                                                      \
        }                                                                    \
    } while (0)

#define KA_RMW_LOAD(tid, op, lhs, rhs, ov, nv, COND, EXPR)                   \
    do {                                                                     \
        union { KA_TYPE_##tid v; KA_WORD_##tid w; } ka_seen;                 \
        ka_seen.w = __atomic_load_n((KA_WORD_##tid *)(lhs),                  \
                                    __ATOMIC_SEQ_CST);                       \
        (ov) = (nv) = ka_seen.v;                                             \
    } while (0)

#define KA_RMW_XCHG(tid, op, lhs, rhs, ov, nv, COND, EXPR)                   \
    do {                                                                     \
        union { KA_TYPE_##tid v; KA_WORD_##tid w; } ka_seen, ka_want;        \
        ka_want.v = (nv) = (EXPR);                                           \
        ka_seen.w = __atomic_exchange_n((KA_WORD_##tid *)(lhs), ka_want.w,   \
                                        __ATOMIC_SEQ_CST);                   \
        (ov) = ka_seen.v;                                                    \
    } while (0)

#define KA_RMW_LOCK(tid, op, lhs, rhs, ov, nv, COND, EXPR)                   \
    do {                                                                     \
        bob_atomic_lock_t *ka_l = bob_atomic_lock_for(lhs);                  \
        bob_atomic_lock_acquire(ka_l);                                       \
        (ov) = *(lhs);                                                       \
        if (COND) {                                                          \
            (nv) = (KA_TYPE_##tid)(EXPR);                                    \
            *(lhs) = (nv);                                                   \
        } else {                                                             \
            (nv) = (ov);                                                     \
        }                                                                    \
        bob_atomic_lock_release(ka_l);                                       \
    } while (0)

/* ---- flavours: the entry points' signatures ------------------------------- */

#define KA_T(tid) KA_TYPE_##tid
#define KA_HEAD(ret, name) KA_API ret __kmpc_atomic_##name
#define KA_PROLOGUE(tid)                                                     \
    KA_T(tid) ov, nv;                                                        \
    (void)id_ref;                                                            \
    (void)gtid

/* x = x op rhs */
#define KA_UPD(tid, op)                                                      \
    KA_HEAD(void, tid##_##op)(ident_t *id_ref, int gtid, KA_T(tid) *lhs,     \
                              KA_T(tid) rhs)                                 \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, op), tid, op, lhs, rhs, ov, nv,              \
               KA_IF_##op(ov, rhs), KA_NEW_##op(ov, rhs));                   \
        (void)ov;                                                            \
        (void)nv;                                                            \
    }

/* v = x op= rhs, returning the value after (flag != 0) or before. For min and
 * max, "after" is the value x holds once the update took effect or proved
 * unnecessary (LLVM's libomp returns rhs when a racing update made its store
 * unnecessary; outside such races the two agree). */
#define KA_CPT(tid, op)                                                      \
    KA_HEAD(KA_T(tid), tid##_##op##_cpt)(ident_t *id_ref, int gtid,          \
                                         KA_T(tid) *lhs, KA_T(tid) rhs,      \
                                         int flag)                           \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, op), tid, op, lhs, rhs, ov, nv,              \
               KA_IF_##op(ov, rhs), KA_NEW_##op(ov, rhs));                   \
        return flag ? nv : ov;                                               \
    }

/* x = rhs op x */
#define KA_REV(tid, op)                                                      \
    KA_HEAD(void, tid##_##op##_rev)(ident_t *id_ref, int gtid,               \
                                    KA_T(tid) *lhs, KA_T(tid) rhs)           \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, rev), tid, op, lhs, rhs, ov, nv, 1,          \
               KA_NEW_##op(rhs, ov));                                        \
        (void)ov;                                                            \
        (void)nv;                                                            \
    }

/* v = x = rhs op x, after (flag != 0) or before */
#define KA_CPT_REV(tid, op)                                                  \
    KA_HEAD(KA_T(tid), tid##_##op##_cpt_rev)(ident_t *id_ref, int gtid,      \
                                             KA_T(tid) *lhs, KA_T(tid) rhs,  \
                                             int flag)                       \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, rev), tid, op, lhs, rhs, ov, nv, 1,          \
               KA_NEW_##op(rhs, ov));                                        \
        return flag ? nv : ov;                                               \
    }

/* cmplx4 captures: the value goes to *out instead of the return value */
#define KA_CPT_OUT(tid, op)                                                  \
    KA_HEAD(void, tid##_##op##_cpt)(ident_t *id_ref, int gtid,               \
                                    KA_T(tid) *lhs, KA_T(tid) rhs,           \
                                    KA_T(tid) *out, int flag)                \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, op), tid, op, lhs, rhs, ov, nv,              \
               KA_IF_##op(ov, rhs), KA_NEW_##op(ov, rhs));                   \
        *out = flag ? nv : ov;                                               \
    }

#define KA_CPT_REV_OUT(tid, op)                                              \
    KA_HEAD(void, tid##_##op##_cpt_rev)(ident_t *id_ref, int gtid,           \
                                        KA_T(tid) *lhs, KA_T(tid) rhs,       \
                                        KA_T(tid) *out, int flag)            \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, rev), tid, op, lhs, rhs, ov, nv, 1,          \
               KA_NEW_##op(rhs, ov));                                        \
        *out = flag ? nv : ov;                                               \
    }

/* x = (T)(x op rhs) with rhs of the wider type rtid */
#define KA_MIX(tid, op, rtid)                                                \
    KA_HEAD(void, tid##_##op##_##rtid)(ident_t *id_ref, int gtid,            \
                                       KA_T(tid) *lhs, KA_T(rtid) rhs)       \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, mix), tid, op, lhs, rhs, ov, nv, 1,          \
               KA_NEW_##op(ov, rhs));                                        \
        (void)ov;                                                            \
        (void)nv;                                                            \
    }

/* v = x */
#define KA_RD(tid)                                                           \
    KA_HEAD(KA_T(tid), tid##_rd)(ident_t *id_ref, int gtid, KA_T(tid) *loc)  \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, rd), tid, rd, loc, ov, ov, nv, 0, ov);       \
        (void)nv;                                                            \
        return ov;                                                           \
    }

/* x = rhs */
#define KA_WR(tid)                                                           \
    KA_HEAD(void, tid##_wr)(ident_t *id_ref, int gtid, KA_T(tid) *lhs,       \
                            KA_T(tid) rhs)                                   \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, wr), tid, wr, lhs, rhs, ov, nv, 1, rhs);     \
        (void)ov;                                                            \
        (void)nv;                                                            \
    }

/* v = x; x = rhs, returning v */
#define KA_SWP(tid)                                                          \
    KA_HEAD(KA_T(tid), tid##_swp)(ident_t *id_ref, int gtid,                 \
                                  KA_T(tid) *lhs, KA_T(tid) rhs)             \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, wr), tid, wr, lhs, rhs, ov, nv, 1, rhs);     \
        (void)nv;                                                            \
        return ov;                                                           \
    }

/* cmplx4 swap: the old value goes to *out */
#define KA_SWP_OUT(tid)                                                      \
    KA_HEAD(void, tid##_swp)(ident_t *id_ref, int gtid, KA_T(tid) *lhs,      \
                             KA_T(tid) rhs, KA_T(tid) *out)                  \
    {                                                                        \
        KA_PROLOGUE(tid);                                                    \
        KA_RMW(KA_STRATEGY(tid, wr), tid, wr, lhs, rhs, ov, nv, 1, rhs);     \
        (void)nv;                                                            \
        *out = ov;                                                           \
    }

#endif
