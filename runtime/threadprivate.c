/* This file handles THREADPRIVATE for code compiled without TLS
 * (-fno-openmp-use-tls: __kmpc_threadprivate*). Each OpenMP thread other
 * than the initial one gets its own copy of a variable, found in a table
 * keyed by the variable and the thread's position: its thread number at
 * every enclosing level. A thread at the same position in a later region of
 * the same shape therefore finds the same copy, which is the persistence
 * the spec promises. (ELF TLS threadprivate is another mechanism.) */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

enum { BUCKETS = 1024, MAX_PATH = 8 };

typedef struct copy {
    struct copy *next;
    void *data;
    int level;
    int path[MAX_PATH];
    void *value;
} copy_t;

/* How to make a copy: constructors for C++ objects (the _vec forms for
 * arrays of length elements), else a byte copy of the original. */
typedef struct registration {
    struct registration *next;
    void *data;
    void *(*ctor)(void *);
    void *(*cctor)(void *, void *);
    void *(*ctor_vec)(void *, size_t);
    void *(*cctor_vec)(void *, void *, size_t);
    size_t length;
} registration_t;

static copy_t *table[BUCKETS];
static registration_t *registrations;
static uint32_t table_lock;

static void add_registration(registration_t r)
{
    registration_t *copy = malloc(sizeof *copy);
    if (!copy)
        bob_fatal("out of memory registering a threadprivate variable");
    *copy = r;
    bob_lock_acquire(&table_lock);
    copy->next = registrations;
    registrations = copy;
    bob_lock_release(&table_lock);
}

/* Destructors are not run: copies live as long as the process, like the
 * originals. */
void bob_threadprivate_register(void *data, void *(*ctor)(void *),
                                void *(*cctor)(void *, void *), void (*dtor)(void *),
                                size_t unused)
{
    (void)dtor, (void)unused;
    add_registration((registration_t){.data = data, .ctor = ctor, .cctor = cctor});
}

void bob_threadprivate_register_vec(void *data, void *(*ctor)(void *, size_t),
                                    void *(*cctor)(void *, void *, size_t), size_t length)
{
    add_registration((registration_t){.data = data, .ctor_vec = ctor, .cctor_vec = cctor,
                                      .length = length});
}

static int position(const bob_thread_t *t, int *path)
{
    int level = t->team->level;
    for (int l = level; l > 0; l--, t = t->team->master)
        if (l <= MAX_PATH)
            path[l - 1] = t->tid;
    return level;
}

static bool is_initial(const int *path, int level)
{
    for (int l = 0; l < level && l < MAX_PATH; l++)
        if (path[l])
            return false;
    return true;
}

static void *new_copy(void *data, size_t size)
{
    void *value = malloc(size ? size : 1);
    if (!value)
        bob_fatal("out of memory for a threadprivate copy of %zu bytes", size);
    registration_t *r = registrations; /* read under table_lock */
    while (r && r->data != data)
        r = r->next;
    if (r && r->cctor)
        r->cctor(value, data);
    else if (r && r->ctor)
        r->ctor(value);
    else if (r && r->cctor_vec)
        r->cctor_vec(value, data, r->length);
    else if (r && r->ctor_vec)
        r->ctor_vec(value, r->length);
    else
        memcpy(value, data, size);
    return value;
}

void *bob_threadprivate(bob_thread_t *self, void *data, size_t size)
{
    int path[MAX_PATH] = {0};
    int level = position(self, path);
    if (is_initial(path, level))
        return data;
    if (level > MAX_PATH)
        bob_fatal("threadprivate without TLS is supported to nesting level %d", MAX_PATH);
    uintptr_t h = (uintptr_t)data >> 3;
    for (int l = 0; l < level; l++)
        h = h * 31 + (uintptr_t)path[l];
    copy_t **bucket = &table[h % BUCKETS];
    bob_lock_acquire(&table_lock);
    copy_t *c = *bucket;
    while (c && !(c->data == data && c->level == level &&
                  !memcmp(c->path, path, sizeof path)))
        c = c->next;
    if (!c) {
        c = malloc(sizeof *c);
        if (!c)
            bob_fatal("out of memory for a threadprivate copy");
        *c = (copy_t){*bucket, data, level, {0}, new_copy(data, size)};
        memcpy(c->path, path, sizeof path);
        *bucket = c;
    }
    bob_lock_release(&table_lock);
    return c->value;
}
