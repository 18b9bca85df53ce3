/* A unit that keeps its ES's block while it waits (keep_block) finds its
 * errno as it left it, however its ES sleeps meanwhile: the idle
 * scheduler runs with that block, and its futex wait wrote errno there
 * when it went through the C library's syscall() and ended early (EAGAIN
 * when a push came between its last look and the system call, EINTR for a
 * signal whose handler does not restart calls). Here U waits on ES 1 while
 * ES 1's OS thread, asleep, gets such signals. */
#include "check.h"

#include <signal.h>
#include <stdatomic.h>

enum { SIGNALS = 20, U_ERRNO = 4242 };

static _Atomic int started;
static _Atomic pid_t es1_tid;
static uint32_t go;
static int seen;

static void u_body(void *unused) {
  (void)unused;
  atomic_store(&es1_tid, (pid_t)syscall(SYS_gettid));
  errno = U_ERRNO;
  atomic_store(&started, 1);
  while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
    bt_futex_wait(&go, 0);
  seen = errno;
}

static void on_usr1(int sig) { (void)sig; }

int main(void) {
  struct sigaction sa = {.sa_handler = on_usr1}; /* no SA_RESTART */
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGUSR1, &sa, NULL) == 0);
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  deadline(30, "errno_kept");
  bt_unit_t *u = bt_create(bt_pool_private(1), u_body, NULL,
                           &(bt_unit_attr_t){.keep_block = 1});
  CHECK(u);
  while (!atomic_load(&started))
    ;
  for (int i = 0; i < SIGNALS; i++) {
    usleep(2000); /* ES 1, with nothing to run, sleeps at once (passive) */
    CHECK(syscall(SYS_tgkill, getpid(), atomic_load(&es1_tid), SIGUSR1) == 0);
  }
  __atomic_store_n(&go, 1, __ATOMIC_RELEASE);
  bt_futex_wake(&go, 1);
  bt_join_free(u);
  CHECK(seen == U_ERRNO);
  deadline(0, "errno_kept");
  bt_finalize();
  printf("errno_kept: ok\n");
  return 0;
}
