/* This file gives the TLS blocks of units what glibc gives its threads
 * when dlopen loads a module with static TLS (initial-exec variables:
 * GPU drivers, jemalloc, tracing libraries) after they exist: the module's
 * initial image, at its offset below each thread pointer. glibc writes it
 * into the threads it knows, its lists of struct pthread; blocks are not
 * on them, and their copy would stay zero. bt_tls_loading and
 * bt_tls_loaded, around a dlopen, do the same for the blocks made before.
 *
 * A block made during the load may have been made before the module
 * joined the list that _dl_allocate_tls copies from, or after; and the
 * module's constructors ran in the calling block, on zeros, and what they
 * wrote there stands. Those blocks get the image only where their copy is
 * still all zero: untouched. No other code can have used the module's
 * variables in a block before dlopen returned. Zero, because a new block's
 * static TLS beyond the modules loaded so far is cleared when it is made
 * (bti_tls_clear_surplus): _dl_allocate_tls takes it from malloc as it
 * comes.
 *
 * One fact about glibc (2.35-2.36, x86-64), checked at the first load
 * against this library's own module: struct link_map's l_tls_offset, at
 * the offset glibc tells debuggers (_thread_db_link_map_l_tls_offset), is
 * where a module's static TLS lies below the thread pointer; 0 means no
 * TLS, -1 TLS that is only dynamic. */
#include "tls.h"

#include "fork.h"
#include "log.h"

#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct module {
    size_t modid;
    uintptr_t base;
    const void *headers; /* mapped, so dladdr finds the module by them */
    const void *image;
    size_t filesz, memsz;
} module_t;

typedef struct modules {
    module_t *m;
    size_t n, cap;
} modules_t;

static int add_tls_module(struct dl_phdr_info *info, size_t size, void *out)
{
    (void)size;
    modules_t *list = out;
    for (int i = 0; info->dlpi_tls_modid && i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_TLS)
            continue;
        if (list->n == list->cap) {
            size_t cap = list->cap ? 2 * list->cap : 16;
            module_t *grown = realloc(list->m, cap * sizeof *grown);
            if (!grown)
                return 1; /* the walk ends short: fewer modules seen */
            list->m = grown;
            list->cap = cap;
        }
        list->m[list->n++] = (module_t){info->dlpi_tls_modid, info->dlpi_addr,
                                        info->dlpi_phdr,
                                        (const void *)(info->dlpi_addr + ph->p_vaddr),
                                        ph->p_filesz, ph->p_memsz};
    }
    return 0;
}

static modules_t tls_modules(void)
{
    modules_t list = {NULL, 0, 0};
    bti_dl_iterate(add_tls_module, &list);
    return list;
}

static bool listed(const modules_t *list, const module_t *m)
{
    for (size_t i = 0; i < list->n; i++)
        if (list->m[i].modid == m->modid && list->m[i].base == m->base)
            return true;
    return false;
}

typedef struct tls_index {
    unsigned long module, offset;
} tls_index_t;
extern void *__tls_get_addr(tls_index_t *ti);

static void mismatch(const char *what)
{
    bti_fatal("the C library does not lay out a module's static TLS as Bobbin expects "
              "(glibc 2.35-2.36, x86-64): %s", what);
}

/* m's static TLS offset below the thread pointer, or 0 if it has none. */
static ptrdiff_t static_offset(const module_t *m)
{
    static const uint32_t *field; /* {bits, count, offset} */
    if (!field && !(field = dlvsym(RTLD_DEFAULT, "_thread_db_link_map_l_tls_offset",
                                   "GLIBC_PRIVATE")))
        mismatch("no _thread_db_link_map_l_tls_offset");
    Dl_info info;
    struct link_map *map = NULL;
    if (!dladdr1(m->headers, &info, (void **)&map, RTLD_DL_LINKMAP) || !map)
        mismatch("a module with TLS is not found by its program headers");
    ptrdiff_t offset = *(const ptrdiff_t *)((const char *)map + field[2]);
    return offset == -1 ? 0 : offset;
}

/* This library's own module, whose TLS is static, must be found where
 * l_tls_offset says. */
static void check_offsets(const modules_t *list)
{
    Dl_info me;
    if (!dladdr((void *)check_offsets, &me))
        mismatch("this library is not found");
    for (size_t i = 0; i < list->n; i++) {
        const module_t *m = &list->m[i];
        if (m->base != (uintptr_t)me.dli_fbase)
            continue;
        char *data = __tls_get_addr(&(tls_index_t){m->modid, 0});
        if ((char *)bti_tls_current() - data != static_offset(m))
            mismatch("l_tls_offset is not where a module's static TLS lies");
        return;
    }
    mismatch("this library's TLS module is not found");
}

void bti_tls_clear_surplus(void *tp, size_t static_size)
{
    modules_t list = tls_modules();
    ptrdiff_t used = 0;
    for (size_t i = 0; i < list.n; i++) {
        ptrdiff_t offset = static_offset(&list.m[i]);
        if (offset > used)
            used = offset;
    }
    free(list.m);
    if ((size_t)used < static_size)
        memset((char *)tp - static_size, 0, static_size - (size_t)used);
}

struct bt_tls_load {
    modules_t before;
    int made_next;
};

struct init {
    const module_t *m;
    ptrdiff_t offset;
    void *caller;
    int made_next;
};

static bool all_zero(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static void initialise(void *tp, int id, void *arg)
{
    const struct init *in = arg;
    char *copy = (char *)tp - in->offset;
    if ((tp == in->caller || id >= in->made_next) && !all_zero(copy, in->m->memsz))
        return;
    memcpy(copy, in->m->image, in->m->filesz);
    memset(copy + in->m->filesz, 0, in->m->memsz - in->m->filesz);
}

bt_tls_load_t *bt_tls_loading(void)
{
    if (!bti_tls_any_made())
        return NULL;
    bt_tls_load_t *load = malloc(sizeof *load);
    if (load) {
        load->made_next = bti_tls_made_next();
        load->before = tls_modules();
    }
    return load;
}

void bt_tls_loaded(bt_tls_load_t *load)
{
    if (!load)
        return;
    static bool checked;
    modules_t after = tls_modules();
    if (!checked) {
        check_offsets(&after);
        checked = true;
    }
    for (size_t i = 0; i < after.n; i++) {
        const module_t *m = &after.m[i];
        ptrdiff_t offset;
        if (listed(&load->before, m) || !(offset = static_offset(m)))
            continue;
        struct init in = {m, offset, bti_tls_current(), load->made_next};
        bti_tls_each(initialise, &in);
    }
    free(after.m);
    free(load->before.m);
    free(load);
}
