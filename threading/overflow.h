/* Turning a stack overflow in a work unit into a message instead of a bare
 * SIGSEGV. */
#ifndef BTI_OVERFLOW_H
#define BTI_OVERFLOW_H

/* Installs the SIGSEGV handler (once per bt_init) and removes it. */
void bti_overflow_install(void);
void bti_overflow_uninstall(void);
/* Gives the calling OS thread an alternate signal stack, since the handler
 * cannot run on the stack that overflowed. Returns what to pass to
 * bti_overflow_thread_fini (NULL if the thread already had one). */
void *bti_overflow_thread_init(void);
void bti_overflow_thread_fini(void *altstack);

#endif
