/* Per-OpenMP-thread TLS when OpenMP threads share an ES (tls.c). */
#ifndef BOB_TLS_H
#define BOB_TLS_H

#include "rt.h"

/* Finds the application's TLS modules and, if there are any and
 * BOBBIN_TLS is not off, installs the switch hook. */
void bob_tls_init(bob_thread_t *initial);
/* At a fork: starts the mechanism if the application has loaded a module
 * with TLS since (dlopen); returns whether it is active. */
bool bob_tls_check(void);
/* Makes sure self's image is loaded on its ES again, after a task that
 * ran inline on self's unit returned to it. */
void bob_tls_back(const bob_thread_t *self);
/* Copies the n pointers of ptrs into *out, with those that point into the
 * calling thread's TLS pointed at a snapshot of it instead (*out is ptrs
 * itself when none do). Returns what bob_tls_release frees, or NULL. */
void *bob_tls_translate(void **ptrs, int n, void ***out);
/* Whether team's members may share ESs with other OpenMP threads, so that
 * TLS addresses need translating. */
bool bob_tls_shared_es(const bob_team_t *team);
/* gcc's copyin: rewrites in place the addresses into the calling thread's
 * TLS within the compiler's data block at data, until bob_tls_release. */
void *bob_tls_patch_block(void *data);
/* gcc's copyprivate: *out is data or a copy of the block with those
 * addresses translated. */
void *bob_tls_translate_block(void *data, void **out);
/* Frees a translation, undoing what bob_tls_patch_block rewrote. */
void bob_tls_release(void *translation);
/* Takes a C++ thread_local destructor registration for an object in the
 * swapped TLS of the calling OpenMP thread; false: not such an object. */
bool bob_tls_register_dtor(void (*fn)(void *), void *obj);

#endif
