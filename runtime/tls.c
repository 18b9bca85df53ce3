/* This file gives every OpenMP thread its own copy of the application's
 * thread-local storage (ELF TLS: `#pragma omp threadprivate` as gcc and
 * clang compile it, and the program's own __thread variables), although
 * several OpenMP threads may share one execution stream, i.e. one OS thread.
 *
 * Design: lazy swapping. The TLS blocks of the application's modules (the
 * executable and the libraries it loaded or dlopens, found with
 * dl_iterate_phdr; not the C library's, the sanitizers' or Bobbin's own) are
 * per OS thread. Each ES remembers whose values its blocks hold (`owner`).
 * The substrate calls tls_hook whenever a unit starts or resumes on an ES;
 * for an OpenMP thread whose image is not the one loaded there, the owner's
 * bytes are saved and the thread's are loaded. So when each ES runs one
 * OpenMP thread at a time (the common, flat case) nothing is ever copied:
 * the first thread on an ES adopts the blocks as they are, and later
 * switches cost one comparison. Copies happen only when OpenMP threads with
 * different images alternate on an ES, and cost the size of the TLS.
 *
 * Identity. A thread's image belongs to its position, not to its descriptor
 * (teams are made anew for each region): the contention group and the
 * thread numbers from level 1 down, trailing zeros dropped since thread 0
 * of a team is the thread that encountered it. So the same thread number in
 * the next region of the same shape finds its values, as the spec requires.
 * Explicit tasks do not swap: a task sees the image of the OpenMP thread
 * last run on its ES, as if that thread executed it. A task run inline on
 * a thread's unit (undeferred, included, throttled) may suspend, and the
 * hook then sees the task, not the thread: the thread's image is checked
 * again when the task returns to it (bob_tls_back).
 *
 * Started OpenMP threads never change ES (the substrate's rule), so compiled
 * code may keep a TLS address in a register across a suspension. An image
 * still loaded on another ES (its thread ran there in an earlier region) is
 * taken from there. Slow paths take one global lock; the fast path none.
 *
 * copyin and copyprivate pass the address of the primary (or single)
 * thread's variable, which equals every thread's own address on the same
 * ES, clang in the region's arguments or copyprivate list, gcc inside its
 * data block: bob_tls_translate, bob_tls_patch_block and
 * bob_tls_translate_block point such addresses at a snapshot of the source
 * thread's image instead. */
#include "tls.h"

#include "task.h"

#include <bobbin/threading.h>
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <unwind.h>

typedef struct tls_index {
    unsigned long module, offset;
} tls_index_t;
extern void *__tls_get_addr(tls_index_t *ti);

enum { MAX_PATH = BOB_PATH_MAX, MAX_MODULES = 64 };

typedef struct module {
    size_t modid, memsz, filesz;
    const void *init; /* the initialisation image, filesz bytes */
} module_t;

/* A C++ thread_local object's destructor, registered by the copy of the
 * image that constructed it (tls_dtors below). */
typedef struct tls_dtor {
    struct tls_dtor *next;
    void (*fn)(void *);
    int module;
    size_t offset;
} tls_dtor_t;

/* A position (see Identity above); fixed once its image exists. */
typedef struct image_key {
    bob_cgroup_t *cgroup;
    int level;
    int path[MAX_PATH];
} image_key_t;

typedef struct image {
    struct image *next;
    tls_dtor_t *dtors;           /* newest first */
    image_key_t key;
    int resident;                /* ES whose blocks hold it, or -1 */
    size_t modid[MAX_MODULES];   /* which module each saved buffer is of */
    void *buf[MAX_MODULES];
} image_t;

typedef struct es_state {
    _Atomic(image_t *) owner;    /* whose values the blocks hold, or NULL */
    bool fresh;                  /* blocks as the OS thread started with them */
    size_t modid[MAX_MODULES];   /* which module each block is of */
    char *block[MAX_MODULES];
} es_state_t;

static module_t modules[MAX_MODULES];
static int nmodules;
static unsigned long long generation = ~0ull;
static es_state_t *states;
static image_t *images[256];
static uint32_t tls_lock;
static bool active;

/* ---- Modules ------------------------------------------------------------ */

/* The C library's and the sanitizers' TLS belong to the OS thread, and so
 * do the libraries Bobbin's own dependencies load (hwloc's plugins). */
static bool excluded(const char *path, uintptr_t base)
{
    static const char *const system[] = {
        "/libc.so", "/ld-linux", "/libpthread", "/libdl.", "/librt.", "/libm.so",
        "/libgcc_s", "/libstdc++", "/libhwloc", "/hwloc/", "/libnuma", "/libudev",
        "/libOpenCL", "/libpciaccess", "/libxml2", "/libltdl", "/libasan", "/libubsan",
        "/liblsan", "/libtsan", "/libclang_rt"};
    Dl_info self;
    if (dladdr((void *)excluded, &self) && (uintptr_t)self.dli_fbase == base)
        return true; /* Bobbin itself */
    for (size_t i = 0; i < sizeof system / sizeof system[0]; i++)
        if (strstr(path, system[i]))
            return true;
    return false;
}

static int add_module(struct dl_phdr_info *info, size_t size, void *unused)
{
    (void)size, (void)unused;
    if (!info->dlpi_tls_modid || excluded(info->dlpi_name, info->dlpi_addr))
        return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_TLS || !ph->p_memsz || nmodules == MAX_MODULES)
            continue;
        modules[nmodules++] = (module_t){info->dlpi_tls_modid, ph->p_memsz, ph->p_filesz,
                                         (const void *)(info->dlpi_addr + ph->p_vaddr)};
    }
    return 0;
}

static int read_generation(struct dl_phdr_info *info, size_t size, void *out)
{
    *(unsigned long long *)out =
        size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs
            ? info->dlpi_adds + info->dlpi_subs
            : 0;
    return 1; /* the counters are process-wide: one object is enough */
}

/* Re-reads the module list after a dlopen or dlclose. */
static void refresh_modules(void)
{
    unsigned long long now = 0;
    dl_iterate_phdr(read_generation, &now);
    if (now == generation)
        return;
    generation = now;
    nmodules = 0;
    dl_iterate_phdr(add_module, NULL);
}

/* ---- Images and blocks -------------------------------------------------- */

static void key_of(const bob_thread_t *t, image_key_t *key)
{
    memset(key, 0, sizeof *key);
    int level = bob_thread_path(t, key->path);
    key->level = level < MAX_PATH ? level : MAX_PATH;
    key->cgroup = t->team->cgroup;
}

static bool same_key(const image_key_t *a, const image_key_t *b)
{
    return a->cgroup == b->cgroup && a->level == b->level &&
           !memcmp(a->path, b->path, sizeof a->path);
}

static image_t *image_of(const bob_thread_t *t)
{
    image_key_t key;
    key_of(t, &key);
    uintptr_t h = (uintptr_t)key.cgroup >> 4;
    for (int l = 0; l < key.level; l++)
        h = h * 31 + (uintptr_t)key.path[l];
    image_t **bucket = &images[h % (sizeof images / sizeof images[0])];
    for (image_t *i = *bucket; i; i = i->next)
        if (same_key(&i->key, &key))
            return i;
    image_t *i = calloc(1, sizeof *i);
    if (!i)
        bob_fatal("out of memory for an OpenMP thread's TLS image");
    i->key = key;
    i->resident = -1;
    i->next = *bucket;
    *bucket = i;
    return i;
}

/* This ES's block of module m, allocated by the C library if need be. */
static char *block_of(es_state_t *s, int m)
{
    if (s->modid[m] != modules[m].modid || !s->block[m]) {
        s->modid[m] = modules[m].modid;
        s->block[m] = __tls_get_addr(&(tls_index_t){modules[m].modid, 0});
    }
    return s->block[m];
}

static void **buffer_of(image_t *img, int m)
{
    if (img->modid[m] != modules[m].modid) {
        free(img->buf[m]);
        img->buf[m] = NULL;
        img->modid[m] = modules[m].modid;
    }
    return &img->buf[m];
}

/* A block recorded for es, possibly by another thread: NULL if es has not
 * seen module m since it was loaded (then img never had it there). */
static char *recorded_block(const es_state_t *s, int m)
{
    return s->modid[m] == modules[m].modid ? s->block[m] : NULL;
}

static void save(es_state_t *s, image_t *img)
{
    for (int m = 0; m < nmodules; m++) {
        char *block = recorded_block(s, m);
        if (!block)
            continue;
        void **buf = buffer_of(img, m);
        if (!*buf && !(*buf = malloc(modules[m].memsz)))
            bob_fatal("out of memory saving %zu bytes of TLS", modules[m].memsz);
        memcpy(*buf, block, modules[m].memsz);
    }
    img->resident = -1;
}

static bool ever_saved(const image_t *img)
{
    for (int m = 0; m < MAX_MODULES; m++)
        if (img->buf[m])
            return true;
    return false;
}

static void load(es_state_t *s, image_t *img)
{
    for (int m = 0; m < nmodules; m++) {
        char *block = block_of(s, m);
        void **buf = buffer_of(img, m);
        if (*buf) {
            memcpy(block, *buf, modules[m].memsz);
        } else { /* a thread new to this module: a fresh copy, as TLS would be */
            memcpy(block, modules[m].init, modules[m].filesz);
            memset(block + modules[m].filesz, 0, modules[m].memsz - modules[m].filesz);
        }
    }
}

static void switch_image(const bob_thread_t *t, int es)
{
    bob_lock_acquire(&tls_lock);
    refresh_modules();
    es_state_t *s = &states[es];
    image_t *img = image_of(t), *owner = atomic_load(&s->owner);
    if (owner != img) {
        if (owner)
            save(s, owner);
        int there = img->resident; /* save() forgets it */
        if (there >= 0 && there != es) { /* loaded elsewhere */
            save(&states[there], img);
            atomic_store(&states[there].owner, NULL);
        }
        for (int m = 0; m < nmodules; m++)
            (void)block_of(s, m); /* the calling thread is es: record its blocks */
        if (!(s->fresh && !owner && !ever_saved(img)))
            load(s, img); /* else the first image here adopts the blocks as they are */
        s->fresh = false;
        img->resident = es;
        atomic_store(&s->owner, img);
    }
    bob_lock_release(&tls_lock);
}

static void tls_hook(void *arg)
{
    const bob_thread_t *t = arg;
    if (!t || t->task) /* explicit tasks run with the image they find */
        return;
    int es = bt_self_es();
    /* acquire: pairs with the store that made owner this ES's, after the
     * image (and its key, fixed from then on) was made. No other ES can
     * take owner away meanwhile: it would have to run a thread at the same
     * position, and only t is there now. */
    image_t *owner = atomic_load_explicit(&states[es].owner, memory_order_acquire);
    if (owner && owner == t->tls_image)
        return;
    if (owner) {
        /* the thread at the same position in the previous team of this
         * shape left its values here: a region's new member finds its own
         * without the lock */
        image_key_t key;
        key_of(t, &key);
        if (same_key(&owner->key, &key)) {
            ((bob_thread_t *)t)->tls_image = owner;
            return;
        }
    }
    switch_image(t, es);
    ((bob_thread_t *)t)->tls_image = atomic_load(&states[es].owner);
}

void bob_tls_back(const bob_thread_t *self)
{
    if (active && bt_self_es() >= 0) /* an application thread swaps nothing */
        tls_hook((void *)self);
}

static bool enabled;               /* BOBBIN_TLS is not off */
static bob_thread_t *initial_thread; /* the main ULT's, whose image ES 0 holds */

static void activate(void)
{
    states = calloc((size_t)bt_num_es(), sizeof *states);
    if (!states)
        bob_fatal("out of memory for TLS state");
    for (int es = 0; es < bt_num_es(); es++)
        states[es].fresh = true;
    if (initial_thread && bt_self_es() == 0 && bob_self() == initial_thread) {
        /* still the initial thread on ES 0: its values are ES 0's blocks */
        for (int m = 0; m < nmodules; m++)
            (void)block_of(&states[0], m);
        image_t *img = image_of(initial_thread);
        img->resident = 0;
        states[0].fresh = false;
        atomic_store(&states[0].owner, img);
        initial_thread->tls_image = img;
    }
    active = true;
    bt_set_switch_hook(tls_hook);
}

void bob_tls_init(bob_thread_t *initial)
{
    const char *v = getenv("BOBBIN_TLS");
    if (v && (!strcasecmp(v, "off") || !strcmp(v, "0") || !strcasecmp(v, "false")))
        return;
    if (v && strcasecmp(v, "on") && strcmp(v, "1") && strcasecmp(v, "true"))
        bob_warn("BOBBIN_TLS='%s' is not on or off; using on", v);
    enabled = true;
    initial_thread = initial;
    refresh_modules();
    if (nmodules) /* else nothing to keep apart yet: the hook would only cost */
        activate();
}

bool bob_tls_check(void)
{
    if (active || !enabled)
        return active;
    bob_lock_acquire(&tls_lock);
    refresh_modules();
    if (nmodules && !active)
        activate();
    bob_lock_release(&tls_lock);
    return active;
}

/* ---- copyin and copyprivate -------------------------------------------- */

bool bob_tls_shared_es(const bob_team_t *team)
{
    /* bob_launch gives each member of a first-level team no larger than the
     * ES count an ES of its own */
    return active && team->nthreads > 1 &&
           (team->active_level > 1 || team->nthreads > bt_num_es());
}

/* A word of a compiler's block rewritten in place, to be put back. */
typedef struct patch {
    void **at;
    void *was, *now;
} patch_t;

/* What a translation made: copies of the source thread's modules, the
 * translated copy handed out, the words rewritten in place. */
typedef struct snapshot {
    void *copy;
    patch_t *patches;
    size_t npatches;
    void *module[MAX_MODULES];
} snapshot_t;

static snapshot_t *new_snapshot(snapshot_t **snap)
{
    if (!*snap && !(*snap = calloc(1, sizeof **snap)))
        bob_fatal("out of memory for a TLS snapshot");
    return *snap;
}

/* Points p, if it lies in a TLS block of the calling ES, at the same place
 * in a snapshot of the calling thread's image. Under tls_lock. */
static void *translate(void *p, snapshot_t **snap)
{
    int es = bt_self_es();
    if (es < 0)
        return p; /* an application thread's TLS is its own */
    es_state_t *s = &states[es];
    for (int m = 0; m < nmodules; m++) {
        char *block = recorded_block(s, m);
        if (!block || (char *)p < block || (char *)p >= block + modules[m].memsz)
            continue;
        void **module = &new_snapshot(snap)->module[m];
        if (!*module) {
            if (!(*module = malloc(modules[m].memsz)))
                bob_fatal("out of memory for a TLS snapshot");
            memcpy(*module, block, modules[m].memsz);
        }
        return (char *)*module + ((char *)p - block);
    }
    return p;
}

/* Translates the n words at src into a copy, made only if one changes. */
static void *translate_copy(void **src, size_t n, void **out)
{
    snapshot_t *snap = NULL;
    void **copy = NULL;
    bob_lock_acquire(&tls_lock);
    for (size_t i = 0; i < n; i++) {
        void *t = translate(src[i], &snap);
        if (t != src[i] && !copy) {
            if (!(copy = malloc(n * sizeof *copy)))
                bob_fatal("out of memory translating TLS addresses");
            memcpy(copy, src, n * sizeof *copy);
        }
        if (copy)
            copy[i] = t;
    }
    bob_lock_release(&tls_lock);
    *out = copy ? (void *)copy : (void *)src;
    if (snap)
        snap->copy = copy;
    return snap;
}

void *bob_tls_translate(void **ptrs, int n, void ***out)
{
    return translate_copy(ptrs, (size_t)n, (void **)out);
}

/* gcc passes copyin and copyprivate aggregates as the source thread's
 * addresses inside a block of data in the frame of the function that
 * starts the construct, and only the compiler knows the block's size. The
 * frame bounds it: every word from the block's start to the frame's end
 * (the unwinder finds it) that points into the calling thread's TLS is
 * taken to be such an address. Words past the block are the frame's other
 * locals; the same reading of them is harmless where the block is copied
 * (copyprivate) and undone when the region ends where it is rewritten in
 * place (copyin). A block holds a word or two per clause item, so the
 * search stops after 4 KiB, which also bounds its cost in a large frame. */
enum { MAX_BLOCK_WORDS = 512 };

typedef struct frame_search {
    uintptr_t target, low, end;
} frame_search_t;

static _Unwind_Reason_Code find_frame(struct _Unwind_Context *ctx, void *arg)
{
    frame_search_t *f = arg;
    uintptr_t cfa = _Unwind_GetCFA(ctx);
    if (cfa <= f->target) {
        f->low = cfa;
        return _URC_NO_REASON;
    }
    if (f->target >= f->low) /* the return address lies just below the CFA */
        f->end = cfa - sizeof(void *);
    return _URC_END_OF_STACK;
}

/* The number of words from p to the end of the calling stack's frame that
 * holds p: 0 if p is not in a caller's frame or not word aligned. */
static size_t block_words(const void *p)
{
    frame_search_t f = {(uintptr_t)p, (uintptr_t)__builtin_frame_address(0), 0};
    if (f.target < f.low || f.target % sizeof(void *))
        return 0;
    _Unwind_Backtrace(find_frame, &f);
    size_t n = f.end > f.target ? (f.end - f.target) / sizeof(void *) : 0;
    return n < MAX_BLOCK_WORDS ? n : MAX_BLOCK_WORDS;
}

void *bob_tls_patch_block(void *data)
{
    void **words = data;
    size_t n = block_words(data);
    snapshot_t *snap = NULL;
    bob_lock_acquire(&tls_lock);
    for (size_t i = 0; i < n; i++) {
        void *t = translate(words[i], &snap);
        if (t == words[i])
            continue;
        if (snap->npatches % 8 == 0) {
            snap->patches = realloc(snap->patches, (snap->npatches + 8) * sizeof(patch_t));
            if (!snap->patches)
                bob_fatal("out of memory translating TLS addresses");
        }
        snap->patches[snap->npatches++] = (patch_t){&words[i], words[i], t};
        words[i] = t;
    }
    bob_lock_release(&tls_lock);
    return snap;
}

void *bob_tls_translate_block(void *data, void **out)
{
    return translate_copy(data, block_words(data), out);
}

void bob_tls_release(void *snapshot)
{
    snapshot_t *snap = snapshot;
    if (!snap)
        return;
    for (size_t i = 0; i < snap->npatches; i++)
        if (*snap->patches[i].at == snap->patches[i].now) /* the code did not store there */
            *snap->patches[i].at = snap->patches[i].was;
    for (int m = 0; m < MAX_MODULES; m++)
        free(snap->module[m]);
    free(snap->patches);
    free(snap->copy);
    free(snap);
}

/* ---- C++ thread_local destructors --------------------------------------- */

/* The C++ runtime registers a thread_local object's destructor with the C
 * library, per OS thread, when the object is constructed. With swapped
 * images every OpenMP thread of an ES constructs its copy at the same
 * address, and the C library would run all their destructors on whichever
 * copy is loaded when the OS thread exits. So registrations for objects in
 * swapped TLS go to the image instead, and each image's objects are
 * destroyed once, in its own copy, when the process exits. */
static void run_dtors(void)
{
    bob_lock_acquire(&tls_lock);
    for (size_t b = 0; b < sizeof images / sizeof images[0]; b++)
        for (image_t *img = images[b]; img; img = img->next)
            for (tls_dtor_t *d = img->dtors; d; d = d->next) {
                char *base = img->resident >= 0
                                 ? recorded_block(&states[img->resident], d->module)
                                 : img->buf[d->module];
                if (base)
                    d->fn(base + d->offset);
            }
    bob_lock_release(&tls_lock);
}

bool bob_tls_register_dtor(void (*fn)(void *), void *obj)
{
    int es = bt_self_es();
    if (!active || es < 0)
        return false;
    bob_lock_acquire(&tls_lock);
    es_state_t *s = &states[es];
    image_t *owner = atomic_load(&s->owner);
    bool taken = false;
    for (int m = 0; owner && m < nmodules && !taken; m++) {
        char *block = recorded_block(s, m);
        if (!block || (char *)obj < block || (char *)obj >= block + modules[m].memsz)
            continue;
        tls_dtor_t *d = malloc(sizeof *d);
        if (!d)
            bob_fatal("out of memory registering a thread_local destructor");
        *d = (tls_dtor_t){owner->dtors, fn, m, (size_t)((char *)obj - block)};
        owner->dtors = d;
        taken = true;
    }
    static bool hooked;
    if (taken && !hooked)
        hooked = !atexit(run_dtors);
    bob_lock_release(&tls_lock);
    return taken;
}
