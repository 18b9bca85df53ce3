/* Reading BOBBIN_* environment variables. A malformed or out-of-range value
 * is reported in one line naming the variable, the value and the default
 * used instead; it never stops the program. */
#ifndef BTI_ENV_H
#define BTI_ENV_H

#include <stddef.h>

/* `alias` (may be NULL) is read when `name` is unset, e.g. BOLT's names. */
long bti_env_long(const char *name, const char *alias, long def, long min, long max);
/* The same without the message: async-signal-safe. */
long bti_env_long_quiet(const char *name, const char *alias, long def, long min, long max);
/* A byte count with an optional K, M or G suffix (powers of 1024). */
size_t bti_env_size(const char *name, size_t def, size_t min, size_t max);
/* bytes as bti_env_size reads it back: with the largest suffix that
 * divides it, e.g. 512K. */
void bti_format_size(char *buf, size_t len, size_t bytes);
/* Index of the value in `choices` (NULL-terminated, case-insensitive);
 * `def` when unset or unknown, `def_name` describing it in the warning. */
int bti_env_choice(const char *name, const char *const *choices, int def,
                   const char *def_name);

#endif
