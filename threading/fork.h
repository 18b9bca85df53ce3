/* The substrate and fork() (fork.c): its handlers, and how every OS
 * thread of the substrate starts so that a fork never copies one halfway
 * through its first steps. */
#ifndef BTI_FORK_H
#define BTI_FORK_H

#include <link.h>
#include <pthread.h>
#include <stdbool.h>

/* Installs the fork handlers (once, at the first bt_init). */
void bti_fork_handlers_install(void);

/* pthread_create for the substrate's own threads; fn must call
 * bti_spawned once past its first steps (its allocations), and a fork
 * waits until it has. */
int bti_spawn(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
void bti_spawned(void);
/* The right to start threads, which bti_spawn takes for its call and a
 * fork from its first handler to its last, held by the caller: bti_spawn
 * without taking it. */
bool bti_spawn_try_hold(void);
void bti_spawn_release(void);
int bti_spawn_held(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                   void *arg);

/* dl_iterate_phdr for the substrate. The loader's lock it takes is not one
 * that fork() takes or resets (glibc 2.36): a child forked while another OS
 * thread walked the modules (a new TLS block does) would find it held for
 * ever at its own first walk. A fork waits for the substrate's walks and
 * lets none start until it has returned; fn must not fork or start
 * threads. */
int bti_dl_iterate(int (*fn)(struct dl_phdr_info *info, size_t size, void *arg), void *arg);

#endif
