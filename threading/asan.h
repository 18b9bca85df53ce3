/* Whether AddressSanitizer is built in (BTI_ASAN): the sanitized builds
 * tell it of every stack switch (switch.h) and check the substrate's own
 * invariants where a slip would otherwise show only once in many runs. */
#ifndef BTI_ASAN_H
#define BTI_ASAN_H

#if defined(__SANITIZE_ADDRESS__)
#define BTI_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BTI_ASAN 1
#endif
#endif

#endif
