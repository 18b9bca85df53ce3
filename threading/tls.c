/* This file gives work units TLS blocks of their own, so that a unit
 * behaves like a thread: its own __thread variables, errno, locale, malloc
 * cache and C++ exception state, at its own addresses, on whatever OS
 * thread runs it.
 *
 * A block is what the C library makes for a new thread: the static TLS of
 * every module, initialised from each module's TLS image, below the
 * thread control block (glibc's struct pthread), and a DTV through which
 * __tls_get_addr finds the dynamic TLS of modules loaded later, allocated
 * per block on first use. Running a unit with its block means pointing the
 * thread pointer (%fs base) at it: tls.h does so only at the switches.
 *
 * Every assumption about the C library's layout is in this file, and
 * bti_tls_init checks each against the running library; a mismatch ends
 * the program with a line naming it. Known to hold for glibc 2.35 to 2.36
 * on x86-64 (Debian 12's 2.36 checked):
 *   - ld.so's _dl_allocate_tls(NULL) (GLIBC_PRIVATE, what pthread_create
 *     uses) returns the thread pointer of a new block: static TLS
 *     initialised, DTV set, the control block zeroed.
 *   - The control block begins with tcbhead_t: words 0 and 2 point at the
 *     block itself, word 1 is the DTV; multiple_threads, sysinfo, the stack
 *     and pointer guards and the CET feature word follow (TCB_COPIED below:
 *     the same in every thread of a process, so copied).
 *   - struct pthread's tid, at the offset glibc tells debuggers
 *     (_thread_db_pthread_tid), is what recursive and error-checking mutexes
 *     and ld.so's recursive lock compare their owner with. A block gets an
 *     id of its own above any kernel thread id (PID_MAX_LIMIT is 2^22), so
 *     two units never look like one owner, and an owner that moved to
 *     another OS thread still unlocks.
 *   - The rseq area (__rseq_offset, GLIBC_2.35), which sched_getcpu reads,
 *     is updated by the kernel only for the block of the OS thread that
 *     registered it: a unit's says "not registered" (-2), so sched_getcpu
 *     asks the kernel.
 *   - The robust mutex list head (found with get_robust_list) starts empty,
 *     pointing at itself.
 *   - struct pthread's link in the C library's lists of threads
 *     (_thread_db_pthread_list: next, then prev) is in a list. The child of
 *     a fork takes the forking thread pointer's control block for its one
 *     thread: it unlinks that block and links it into its list of running
 *     threads (glibc's reclaim_stacks), so a block links to itself, a list
 *     of its own, as if on none. The kernel writes the child's thread id
 *     into the block's tid and fork registers its robust list head; the
 *     rseq area is moved to it by bti_tls_fork_child.
 *   - The ctype tables' per-thread pointers (isdigit, toupper...) start
 *     NULL in the TLS image; a new thread sets them with __ctype_init
 *     (GLIBC_PRIVATE), and so does a new block.
 *   - The C++ runtime's thread_local destructors are kept per block by the
 *     C library and run by __call_tls_dtors (GLIBC_PRIVATE) on the calling
 *     thread's block.
 *   - pthread keys: __pthread_keys (GLIBC_PRIVATE) is the table of
 *     {seq, destructor}, and the values of a thread are {seq, data} pairs
 *     in blocks of 32 reached through struct pthread's array of blocks,
 *     the first block inside it (end_thread).
 * What a block does not carry: the kernel knows nothing of it, so robust
 * and priority-inheritance mutexes held by a unit with a block of its own
 * are not released by the kernel if the process dies, and the C library's
 * calls that pass its thread id to the kernel (pthread_kill of another
 * thread, pthread_getaffinity_np) fail: the id is not a kernel thread's.
 *
 * Lifetime. A block given back goes to its ES's cache with its values, as
 * a pooled thread keeps its TLS; all blocks retire at process exit, where
 * each one's thread_local destructors run in it. Only a hard pause
 * (bt_pause) frees blocks, the free ones, as their threads' exits would:
 * thread_local and pthread key destructors, then ld.so's
 * _dl_deallocate_tls. What the C library keeps
 * in a block and only the thread itself could release at its exit
 * (malloc's per-thread cache, the resolver's state) is lost with it. */
#include "tls.h"

#include "fork.h"
#include "log.h"
#include "preempt.h"

#include <asm/prctl.h>
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>

/* tcbhead_t (glibc sysdeps/x86_64/nptl/tls.h), in bytes from the thread
 * pointer: from multiple_threads to feature_1 and its padding, less
 * gscope_flag, which says whether this thread is inside a lookup scope. */
enum { TCB_COPIED = 0x18, TCB_GSCOPE = 0x1c, TCB_COPIED_END = 0x50 };
enum { RSEQ_NOT_REGISTERED = -2, FIRST_BLOCK_ID = 1 << 30 };
/* The length glibc registers an rseq area with: the kernel's original
 * struct rseq, whatever __rseq_size says (the part glibc uses: 20 bytes on
 * Debian 12's 2.36). */
enum { RSEQ_BYTES = 32 };
/* The first block of pthread key values: PTHREAD_KEY_2NDLEVEL_SIZE pairs
 * {seq, data}, for the keys below 32; each further block of 32 is found
 * through the array of blocks. glibc's table of keys, __pthread_keys,
 * holds PTHREAD_KEYS_MAX pairs {seq, destructor}; a key is in use while
 * its seq is odd, and a value is the key's while their seqs match. */
enum { KEYS = 32, KEYS_BYTES = KEYS * 16, KEYS_MAX = 1024, KEY_DTOR_ROUNDS = 4 };
struct key {
    uintptr_t seq;
    void (*destructor)(void *);
};
struct key_value {
    uintptr_t seq;
    void *data;
};
#define HWCAP2_FSGSBASE (1u << 1)

struct robust_head {
    void *list;
    long futex_offset;
    void *op_pending;
};

typedef struct tls_index {
    unsigned long module, offset;
} tls_index_t;
extern void *__tls_get_addr(tls_index_t *ti);

static struct {
    void *(*allocate)(void *);
    void (*deallocate)(void *, bool);
    void (*call_dtors)(void);
    void (*ctype_init)(void);
    size_t static_size;
    size_t pthread_size;
    size_t tid;
    ptrdiff_t rseq;   /* of the rseq area, or -1 if glibc registers none */
    size_t list;      /* of the link in the C library's lists of threads */
    size_t robust;
    long futex_offset;
    size_t modid;     /* this library's TLS module */
    ptrdiff_t es_in_module; /* of bti_tls_es from the module's block */
    size_t keys;      /* of the first block of pthread key values */
    size_t specific;  /* of the array of key value blocks */
    const struct key *key_table; /* __pthread_keys */
} libc;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* what follows */
static void **blocks;       /* every block made, for the exit */
static size_t nblocks;
static void *spare;         /* given back by threads that are not ESs */

/* A free block is nobody's TLS: it links to the next free one through its
 * own copy of this variable (at the same offset in every block). */
static __thread void *free_link __attribute__((tls_model("initial-exec")));
static ptrdiff_t free_link_offset;

static void **next_free(void *tp) { return (void **)((char *)tp + free_link_offset); }

static void link_free(void **list, void *tp)
{
    *next_free(tp) = *list;
    *list = tp;
}

static void *pop(void **list)
{
    void *tp = *list;
    if (tp)
        *list = *next_free(tp);
    return tp;
}

static _Atomic int next_id = FIRST_BLOCK_ID;

#ifdef BTI_ASAN
/* AddressSanitizer finds its state for the running OS thread through a
 * pthread key, and a block has no value for it: in sanitizer builds each
 * block entering an OS thread takes that thread's values of the keys set
 * when the substrate started (the sanitizer's, taken to be all of them). */
static uint32_t asan_keys;

_Static_assert(BTI_ASAN_SAVE_BYTES == 16 * 32, "a save holds the first key block");

void bti_tls_asan_save(const void *block, void *save)
{
    const char *src = (const char *)block + libc.keys;
    for (uint32_t bits = asan_keys; bits; bits &= bits - 1) {
        int k = __builtin_ctz(bits);
        memcpy((char *)save + 16 * k, src + 16 * k, 16);
    }
}

void bti_tls_asan_load(const void *save, void *block)
{
    char *dst = (char *)block + libc.keys;
    for (uint32_t bits = asan_keys; bits; bits &= bits - 1) {
        int k = __builtin_ctz(bits);
        memcpy(dst + 16 * k, (const char *)save + 16 * k, 16);
    }
}

static bool os_thread_key(int k) { return k < 32 && (asan_keys >> k & 1); }
#else
static bool os_thread_key(int k) { (void)k; return false; }
#endif

static void *private_symbol(const char *lib, const char *name, const char *version)
{
    void *sym = dlvsym(RTLD_DEFAULT, name, version);
    if (!sym)
        bti_fatal("per-thread TLS needs %s@%s of the C library (%s), which this one "
                  "does not have", name, version, lib);
    return sym;
}

static void mismatch(const char *what)
{
    bti_fatal("the C library does not lay out a thread's TLS as Bobbin expects (glibc "
              "2.35-2.36, x86-64): %s", what);
}

static int find_self(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    Dl_info me;
    if (!dladdr((void *)find_self, &me) || (uintptr_t)me.dli_fbase != info->dlpi_addr)
        return 0;
    *(struct dl_phdr_info *)out = *info;
    return 1;
}

static size_t tls_segment_size(const struct dl_phdr_info *info)
{
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS)
            return info->dlpi_phdr[i].p_memsz;
    return 0;
}

/* wrfsbase is safe only where the kernel says it saves and restores what
 * user code writes (AT_HWCAP2): some kernels let the instruction run but
 * put back the base last set with arch_prctl at the next context switch. */
static bool fsgsbase_works(void) { return getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE; }

static void choose_switch(void)
{
    const char *v = getenv("BOBBIN_FSBASE");
    bool can = fsgsbase_works();
    bti_g.fsgsbase = can;
    if (!v || !strcmp(v, "wrfsbase")) {
        if (v && !can)
            bti_warn("BOBBIN_FSBASE=wrfsbase: the kernel does not support it (AT_HWCAP2); "
                     "using arch_prctl");
    } else if (!strcmp(v, "arch_prctl")) {
        bti_g.fsgsbase = false;
    } else {
        bti_warn("BOBBIN_FSBASE='%s' is not wrfsbase or arch_prctl; using %s", v,
                 can ? "wrfsbase" : "arch_prctl");
    }
}

void bti_tls_init(void)
{
    choose_switch();
    char *tp = bti_tls_current();
    void **words = (void **)tp;
    if (words[0] != tp || words[2] != tp)
        mismatch("words 0 and 2 at the thread pointer do not point at it");
    if (!words[1])
        mismatch("no DTV in word 1 at the thread pointer");
    libc.allocate = private_symbol("ld-linux-x86-64.so.2", "_dl_allocate_tls", "GLIBC_PRIVATE");
    libc.deallocate = private_symbol("ld-linux-x86-64.so.2", "_dl_deallocate_tls",
                                     "GLIBC_PRIVATE");
    void (*static_info)(size_t *, size_t *) =
        private_symbol("ld-linux-x86-64.so.2", "_dl_get_tls_static_info", "GLIBC_PRIVATE");
    libc.call_dtors = private_symbol("libc.so.6", "__call_tls_dtors", "GLIBC_PRIVATE");
    libc.ctype_init = private_symbol("libc.so.6", "__ctype_init", "GLIBC_PRIVATE");
    const uint32_t *tid = private_symbol("libc.so.6", "_thread_db_pthread_tid", "GLIBC_PRIVATE");
    const uint32_t *size = private_symbol("libc.so.6", "_thread_db_sizeof_pthread",
                                          "GLIBC_PRIVATE");
    const ptrdiff_t *rseq = private_symbol("ld-linux-x86-64.so.2", "__rseq_offset",
                                           "GLIBC_2.35");
    const unsigned *rseq_size = private_symbol("ld-linux-x86-64.so.2", "__rseq_size",
                                               "GLIBC_2.35");
    size_t align;
    static_info(&libc.static_size, &align);
    libc.pthread_size = *size;
    libc.tid = tid[2];
    const uint32_t *specific = private_symbol("libc.so.6", "_thread_db_pthread_specific",
                                              "GLIBC_PRIVATE");
    char *first_keys = *(char **)(tp + specific[2]);
    if (first_keys < tp || first_keys + KEYS_BYTES > tp + libc.pthread_size)
        mismatch("struct pthread's first block of key values is not in it");
    libc.keys = (size_t)(first_keys - tp);
    libc.specific = specific[2];
    libc.key_table = private_symbol("libc.so.6", "__pthread_keys", "GLIBC_PRIVATE");
    const uint32_t *table = private_symbol("libc.so.6", "_thread_db___pthread_keys",
                                           "GLIBC_PRIVATE");
    const uint32_t *destructor = private_symbol("libc.so.6",
                                                "_thread_db_pthread_key_struct_destr",
                                                "GLIBC_PRIVATE");
    const uint32_t *value = private_symbol("libc.so.6", "_thread_db_pthread_key_data_data",
                                           "GLIBC_PRIVATE");
    if (table[0] != 8 * sizeof(struct key) || table[1] != KEYS_MAX ||
        destructor[2] != offsetof(struct key, destructor) ||
        value[2] != offsetof(struct key_value, data))
        mismatch("the table of pthread keys is not laid out as {seq, destructor} pairs");
#ifdef BTI_ASAN
    for (int k = 0; k < KEYS; k++)
        if (((void **)first_keys)[2 * k + 1])
            asan_keys |= 1u << k;
#endif
    if (tid[0] != 32 || libc.tid + 4 > libc.pthread_size ||
        *(pid_t *)(tp + libc.tid) != (pid_t)syscall(SYS_gettid))
        mismatch("struct pthread's tid is not the kernel's thread id");
    libc.rseq = *rseq_size ? *rseq : -1;
    if (libc.rseq >= 0 && (size_t)libc.rseq + RSEQ_BYTES > libc.pthread_size)
        mismatch("the rseq area is not in struct pthread");
    /* registered: the kernel says busy to the same registration again */
    if (libc.rseq >= 0 && ((int32_t *)(tp + libc.rseq))[1] >= 0 &&
        !(syscall(SYS_rseq, tp + libc.rseq, RSEQ_BYTES, 0, RSEQ_SIG) == -1 && errno == EBUSY))
        mismatch("the rseq area is not registered with the kernel as 32 bytes");
    const uint32_t *list = private_symbol("libc.so.6", "_thread_db_pthread_list",
                                          "GLIBC_PRIVATE");
    libc.list = list[2];
    void ***link = (void ***)(tp + libc.list);
    if (libc.list + 2 * sizeof(void *) > libc.pthread_size || link[0][1] != link ||
        link[1][0] != link)
        mismatch("struct pthread's link in the lists of threads is not in a list");
    struct robust_head *head;
    size_t len;
    if (syscall(SYS_get_robust_list, 0, &head, &len) || (char *)head < tp ||
        (char *)(head + 1) > tp + libc.pthread_size || head->list != head)
        mismatch("the robust mutex list head is not an empty list in struct pthread");
    libc.robust = (size_t)((char *)head - tp);
    libc.futex_offset = head->futex_offset;
    struct dl_phdr_info self = {0};
    if (!bti_dl_iterate(find_self, &self) || !self.dlpi_tls_modid)
        mismatch("Bobbin's own TLS module is not found");
    libc.modid = self.dlpi_tls_modid;
    /* Not dlpi_tls_data: for a library loaded by dlopen it is NULL until
     * this thread's DTV has caught up with the load, which
     * __tls_get_addr brings about. */
    char *module = __tls_get_addr(&(tls_index_t){libc.modid, 0});
    char *es_var = (char *)&bti_tls_es;
    if ((size_t)(es_var - module) >= tls_segment_size(&self) ||
        es_var < tp - (libc.static_size - libc.pthread_size) || es_var >= tp)
        mismatch("Bobbin's static TLS is not reached through __tls_get_addr below "
                 "the thread pointer");
    bti_g.tls_es_offset = es_var - tp;
    free_link_offset = (char *)&free_link - tp;
    libc.es_in_module = es_var - module;
}

/* The system call itself, not the C library's syscall(): Bobbin's own code
 * is not preempted, and the thread pointer changes here (preempt.c). */
void bti_tls_set_slow(void *tp)
{
    long ret;
    __asm__ volatile("syscall"
                     : "=a"(ret)
                     : "a"((long)SYS_arch_prctl), "D"((long)ARCH_SET_FS), "S"(tp)
                     : "rcx", "r11", "memory");
    if (ret)
        bti_fatal("arch_prctl(ARCH_SET_FS) failed: cannot switch TLS blocks");
}

/* Calls fn(arg) with block tp: fn must not be inlined here, as it computes
 * its TLS addresses afresh; this function has none of its own. In
 * sanitizer builds tp takes this OS thread's keys for the call and gets its
 * own back after it: at exit tp may be the block of an ES's OS thread,
 * which goes on running with it, and would find the exiting thread's
 * sanitizer state there for ever. */
__attribute__((noinline)) static void call_in(void *tp, void (*fn)(void *), void *arg)
{
    void *was = bti_tls_current();
#ifdef BTI_ASAN
    unsigned char keys[BTI_ASAN_SAVE_BYTES], theirs[BTI_ASAN_SAVE_BYTES];
    bti_tls_asan_save(was, keys);
    bti_tls_asan_save(tp, theirs);
    bti_tls_asan_load(keys, tp);
#endif
    bti_tls_set(tp);
    fn(arg);
    bti_tls_set(was);
#ifdef BTI_ASAN
    bti_tls_asan_load(theirs, tp);
#endif
}

/* Run in a new block: what a new thread's start does there. */
static void start_block(void *unused)
{
    (void)unused;
    libc.ctype_init();
}

/* Run in the first new block: what compiled code and the C library find
 * there. */
__attribute__((noinline)) static void check_block(void *tp)
{
    char *p = tp;
    if ((char *)&bti_tls_es != p + bti_g.tls_es_offset)
        mismatch("a new block's static TLS is not where the thread pointer says");
    if ((void *)pthread_self() != tp)
        mismatch("pthread_self() in a new block is not its control block");
    if ((char *)__tls_get_addr(&(tls_index_t){libc.modid, 0}) !=
        p + bti_g.tls_es_offset - libc.es_in_module)
        mismatch("__tls_get_addr in a new block does not find its static TLS");
}

static void run_dtors(void *unused)
{
    (void)unused;
    libc.call_dtors();
}

/* Run in a block whose thread ends for good: what glibc does at a thread's
 * exit. First the C++ thread_local destructors, then rounds over the keys
 * in use whose value here is set and current, each value cleared before
 * its key's destructor runs, until a round finds none or the rounds run
 * out; then the blocks of values beyond the first are freed. The
 * sanitizer's keys hold the calling OS thread's state (call_in), which
 * does not end here. */
static void end_thread(void *tp)
{
    libc.call_dtors();
    struct key_value **values = (struct key_value **)((char *)tp + libc.specific);
    for (int round = 0, found = 1; found && round < KEY_DTOR_ROUNDS; round++) {
        found = 0;
        for (int k = 0; k < KEYS_MAX; k++) {
            struct key key = libc.key_table[k];
            struct key_value *v = values[k / KEYS];
            if (!(key.seq & 1) || !key.destructor || !v || os_thread_key(k))
                continue;
            v += k % KEYS;
            void *data = v->data;
            if (!data || v->seq != key.seq)
                continue;
            v->data = NULL;
            key.destructor(data);
            found = 1;
        }
    }
    for (int i = 1; i < KEYS_MAX / KEYS; i++) {
        free(values[i]);
        values[i] = NULL;
    }
}

/* At exit, each block's thread_local destructors, in the block; also those
 * of the ESs' OS threads, which never exit (ES 0's is the exiting thread's,
 * or one that took over ES 0 and has no objects), as a runtime that joins
 * its pooled threads at exit runs theirs. An ES whose OS thread has not
 * started yet (a short program that gave it no work) has no block. */
static void retire_all(void)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nblocks; i++)
        call_in(blocks[i], run_dtors, NULL);
    for (int i = 1; bti_g.initialized && i < bti_g.num_es; i++)
        if (bti_g.es[i]->native_tls)
            call_in(bti_g.es[i]->native_tls, run_dtors, NULL);
    pthread_mutex_unlock(&lock);
}

static void push(void ***stack, size_t *n, void *tp)
{
    if (!(*n & (*n - 1))) { /* grows at powers of two */
        void **grown = realloc(*stack, (*n ? 2 * *n : 1) * sizeof *grown);
        if (!grown)
            bti_fatal("out of memory keeping a TLS block");
        *stack = grown;
    }
    (*stack)[(*n)++] = tp;
}

static void *block_new(void)
{
    char *tp = libc.allocate(NULL);
    if (!tp)
        return NULL;
    /* _dl_get_tls_static_info's size counts the control block too */
    bti_tls_clear_surplus(tp, libc.static_size - libc.pthread_size);
    char *me = bti_tls_current();
    ((void **)tp)[0] = tp;
    ((void **)tp)[2] = tp;
    memcpy(tp + TCB_COPIED, me + TCB_COPIED, TCB_COPIED_END - TCB_COPIED);
    *(int *)(tp + TCB_GSCOPE) = 0;
    /* relaxed: an id needs only to be unique, and publishes nothing */
    *(pid_t *)(tp + libc.tid) = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
    if (libc.rseq >= 0)
        ((int32_t *)(tp + libc.rseq))[1] = RSEQ_NOT_REGISTERED; /* cpu_id */
    struct robust_head *head = (struct robust_head *)(tp + libc.robust);
    *head = (struct robust_head){head, libc.futex_offset, NULL};
    void **link = (void **)(tp + libc.list);
    link[0] = link[1] = link;
    ((char **)(tp + libc.specific))[0] = tp + libc.keys;
    call_in(tp, start_block, NULL);
    pthread_mutex_lock(&lock);
    static bool made_one; /* nblocks drops to 0 again when blocks are freed */
    if (!made_one) {
        made_one = true;
        call_in(tp, check_block, tp);
        atexit(retire_all);
    }
    push(&blocks, &nblocks, tp);
    pthread_mutex_unlock(&lock);
    return tp;
}

/* A block's id: FIRST_BLOCK_ID and up in the order blocks are made. */
static pid_t block_id(const void *tp) { return *(const pid_t *)((const char *)tp + libc.tid); }

bool bti_tls_is_units(const void *tp) { return libc.tid && block_id(tp) >= FIRST_BLOCK_ID; }

int bti_tls_made_next(void) { return atomic_load_explicit(&next_id, memory_order_relaxed); }

bool bti_tls_any_made(void) { return bti_tls_made_next() != FIRST_BLOCK_ID; }

void bti_tls_each(void (*fn)(void *tp, int id, void *arg), void *arg)
{
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < nblocks; i++)
        fn(blocks[i], block_id(blocks[i]), arg);
    pthread_mutex_unlock(&lock);
}

void *bti_tls_borrow(bti_es_t *es)
{
    void *tp = pop(&es->tls_free);
    if (!tp) {
        bti_outcall_enter(); /* in a switch (preempt.h) */
        tp = block_new();
        bti_outcall_leave();
    }
    if (!tp)
        bti_fatal("out of memory for a unit's TLS block");
    return tp;
}

void bti_tls_cache_push(bti_es_t *es, void *tp) { link_free(&es->tls_free, tp); }

bt_tls_t *bt_tls_take(void)
{
    bti_es_t *es = bti_es_self();
    void *tp;
    if (es) {
        tp = es->tls_free;
        if (tp == es->cur_tls) /* loaded (tls.h): take the next, leave it */
            tp = pop(next_free(tp));
        else
            tp = pop(&es->tls_free);
    } else {
        pthread_mutex_lock(&lock);
        tp = pop(&spare);
        pthread_mutex_unlock(&lock);
    }
    return tp ? tp : block_new();
}

void bt_tls_give(bt_tls_t *tls)
{
    bti_es_t *es = bti_es_self();
    if (es) {
        bti_tls_cache_push(es, tls);
        return;
    }
    pthread_mutex_lock(&lock);
    link_free(&spare, tls);
    pthread_mutex_unlock(&lock);
}

void bti_tls_cache_drain(bti_es_t *es)
{
    pthread_mutex_lock(&lock);
    for (void *tp; (tp = pop(&es->tls_free));)
        link_free(&spare, tp);
    pthread_mutex_unlock(&lock);
}

/* Called with lock held. */
static void block_free(void *tp)
{
    call_in(tp, end_thread, tp);
    for (size_t i = 0; i < nblocks; i++)
        if (blocks[i] == tp) {
            blocks[i] = blocks[--nblocks];
            break;
        }
    libc.deallocate(tp, true);
}

void bti_tls_free_unused(void)
{
    pthread_mutex_lock(&lock);
    for (int i = 0; i < bti_g.num_es; i++)
        for (void *tp; (tp = pop(&bti_g.es[i]->tls_free));)
            block_free(tp);
    for (void *tp; (tp = pop(&spare));)
        block_free(tp);
    pthread_mutex_unlock(&lock);
}

/* A thread of the parent may have held the lock at the fork, halfway
 * through changing the lists: the child forgets them then (the blocks stay
 * where they are; the exit runs no destructors in them).
 *
 * The kernel's rseq registration, which a fork's child inherits, names the
 * area of the forking OS thread's own block, which the child's C library
 * now takes for a thread that is gone: it caches that thread's stack, with
 * the block in it, for a new thread to reuse or to unmap, and the kernel
 * would write into it (or end the child with SIGSEGV once it is unmapped).
 * So the registration moves to the block the child runs with. */
void bti_tls_fork_child(void *own)
{
    if (pthread_mutex_trylock(&lock)) {
        pthread_mutex_init(&lock, NULL);
        blocks = NULL;
        nblocks = 0;
        spare = NULL;
    } else {
        pthread_mutex_unlock(&lock);
    }
    char *tp = bti_tls_current();
    if (tp == own || libc.rseq < 0)
        return;
    syscall(SYS_rseq, (char *)own + libc.rseq, RSEQ_BYTES, RSEQ_FLAG_UNREGISTER, RSEQ_SIG);
    int32_t *area = (int32_t *)(tp + libc.rseq);
    area[0] = 0;                         /* cpu_id_start */
    area[1] = RSEQ_CPU_ID_UNINITIALIZED; /* cpu_id, until the kernel writes it */
    if (syscall(SYS_rseq, area, RSEQ_BYTES, 0, RSEQ_SIG))
        area[1] = RSEQ_NOT_REGISTERED;
}
