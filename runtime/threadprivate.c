/* This file handles THREADPRIVATE for code compiled without TLS
 * (-fno-openmp-use-tls: __kmpc_threadprivate*). The program's initial
 * thread uses the variable itself; every other OpenMP thread gets its own
 * copy, found in a table of its own kept in its TLS (tls.c), so copies last
 * exactly as ELF TLS threadprivate variables do: a first-level thread finds
 * its copies in the next region, a nested thread's are pooled with its
 * block, and a task uses those of the thread that executes it. */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

enum { BUCKETS = 64 };

typedef struct copy {
    struct copy *next;
    void *data;
    void *value;
} copy_t;

/* The calling OpenMP thread's copies, by variable; NULL until its first. */
static _Thread_local copy_t **copies;
/* Set in the initial thread's TLS only (bob_threadprivate_init). */
static _Thread_local bool original;

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
    void *image; /* the variable's bytes at its first use, like a TLS image */
} registration_t;

static registration_t *registrations;
static uint32_t table_lock; /* of the registrations */

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
 * originals, but for an application thread's own, whose memory is freed
 * when the thread ends (bob_threadprivate_thread_end). */
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

/* Called under table_lock. Plain variables start as the program
 * initialised them (what a TLS copy would hold): their bytes are saved the
 * first time the runtime sees them, before the initial thread changes them. */
static registration_t *registration_of(void *data, size_t size)
{
    registration_t *r = registrations;
    while (r && r->data != data)
        r = r->next;
    if (!r) {
        r = calloc(1, sizeof *r);
        if (!r)
            bob_fatal("out of memory registering a threadprivate variable");
        r->data = data;
        r->next = registrations;
        registrations = r;
    }
    if (!r->image && !r->ctor && !r->cctor && !r->ctor_vec && !r->cctor_vec) {
        r->image = malloc(size ? size : 1);
        if (!r->image)
            bob_fatal("out of memory for a threadprivate image of %zu bytes", size);
        memcpy(r->image, data, size);
    }
    return r;
}

static void *new_copy(registration_t *r, void *data, size_t size)
{
    void *value = malloc(size ? size : 1);
    if (!value)
        bob_fatal("out of memory for a threadprivate copy of %zu bytes", size);
    if (r->cctor)
        r->cctor(value, data);
    else if (r->ctor)
        r->ctor(value);
    else if (r->cctor_vec)
        r->cctor_vec(value, data, r->length);
    else if (r->ctor_vec)
        r->ctor_vec(value, r->length);
    else
        memcpy(value, r->image, size);
    return value;
}

void bob_threadprivate_init(void) { original = true; }

void *bob_threadprivate(void *data, size_t size)
{
    if (original) {
        static _Thread_local void *seen; /* saves the lock on repeated uses */
        if (seen != data) {
            bob_lock_acquire(&table_lock);
            registration_of(data, size);
            bob_lock_release(&table_lock);
            seen = data;
        }
        return data;
    }
    if (!copies && !(copies = calloc(BUCKETS, sizeof *copies)))
        bob_fatal("out of memory for threadprivate copies");
    copy_t **bucket = &copies[((uintptr_t)data >> 3) % BUCKETS];
    copy_t *c = *bucket;
    while (c && c->data != data)
        c = c->next;
    if (!c) {
        if (!(c = malloc(sizeof *c)))
            bob_fatal("out of memory for a threadprivate copy");
        bob_lock_acquire(&table_lock);
        registration_t *r = registration_of(data, size);
        bob_lock_release(&table_lock);
        *c = (copy_t){*bucket, data, new_copy(r, data, size)};
        *bucket = c;
    }
    return c->value;
}

void bob_threadprivate_thread_end(void)
{
    if (!copies)
        return;
    for (int i = 0; i < BUCKETS; i++)
        for (copy_t *c = copies[i], *next; c; c = next) {
            next = c->next;
            free(c->value);
            free(c);
        }
    free(copies);
    copies = NULL;
}
