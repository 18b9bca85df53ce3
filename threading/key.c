/* This file implements unit-local keys. A unit's values live in a table it
 * allocates on its first bt_key_set, so units that use no keys pay nothing
 * but a NULL check when they end. */
#include "es.h"
#include "log.h"
#include "unit_mem.h"

#include <stdlib.h>
#include <string.h>

enum { KEYS_MAX = 1024 };

static bt_fn_t destructors[KEYS_MAX];
static _Atomic uint32_t nkeys;

int bt_key_create(bt_key_t *key, bt_fn_t destructor)
{
    uint32_t id = atomic_fetch_add(&nkeys, 1);
    if (id >= KEYS_MAX) {
        atomic_fetch_sub(&nkeys, 1);
        bti_warn("bt_key_create: all %d keys are in use", KEYS_MAX);
        return -1;
    }
    destructors[id] = destructor;
    key->id = id;
    return 0;
}

int bt_key_set(bt_key_t key, void *value)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = es ? es->current : NULL;
    if (!u || key.id >= KEYS_MAX)
        return -1;
    if (key.id >= u->nkeys) {
        uint32_t n = key.id < 8 ? 8 : 2 * key.id;
        void **keys = realloc(u->keys, n * sizeof *keys);
        if (!keys)
            return -1;
        memset(keys + u->nkeys, 0, (n - u->nkeys) * sizeof *keys);
        u->keys = keys;
        u->nkeys = n;
    }
    u->keys[key.id] = value;
    return 0;
}

void *bt_key_get(bt_key_t key)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = es ? es->current : NULL;
    return u && key.id < u->nkeys ? u->keys[key.id] : NULL;
}

void bti_unit_release_keys_slow(bt_unit_t *u)
{
    for (uint32_t i = 0; i < u->nkeys; i++) {
        void *v = u->keys[i];
        if (v && destructors[i]) {
            u->keys[i] = NULL;
            destructors[i](v);
        }
    }
    free(u->keys);
    u->keys = NULL;
    u->nkeys = 0;
}
