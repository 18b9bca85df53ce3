/* deadline(): a test of forward progress fails by its own clock, with a
 * message, not by its runner's timeout. Shared by the substrate's tests
 * (tests/threading/check.h) and the OpenMP ones (tests/omp/include/check.h). */
#ifndef BOBBIN_TEST_DEADLINE_H
#define BOBBIN_TEST_DEADLINE_H

#include <signal.h>
#include <string.h>
#include <unistd.h>

static const char *deadline_what_;

static inline void deadline_expired_(int sig) {
  (void)sig;
  static const char tail[] = ": did not finish within its deadline (a hang)\n";
  ssize_t ignored = write(2, deadline_what_, strlen(deadline_what_));
  ignored = write(2, tail, sizeof tail - 1);
  (void)ignored;
  _exit(1);
}

/* Ends the test with a message naming `what` if it still runs after
 * `seconds`; deadline(0, what) disarms it. Uses SIGALRM. */
static inline void deadline(unsigned seconds, const char *what) {
  deadline_what_ = what;
  signal(SIGALRM, deadline_expired_);
  alarm(seconds);
}

#endif
