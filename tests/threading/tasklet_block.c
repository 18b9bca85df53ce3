/* A tasklet must not wait: locking a held mutex, suspending, waiting on an
 * unset eventual, on a condition or on a barrier ends the program with a
 * message mentioning "tasklet". Each case runs in a child process (this
 * program with the case as argument); the parent checks the child died
 * abnormally and what it printed. */
#include "check.h"

#include <signal.h>

static bt_mutex_t m = BT_MUTEX_INITIALIZER;
static bt_cond_t c = BT_COND_INITIALIZER;
static bt_eventual_t ev = BT_EVENTUAL_INITIALIZER;
static bt_barrier_t b;

static const char *const cases[] = {"mutex", "suspend", "eventual", "cond",
                                    "barrier", NULL};

static void blocker(void *arg) {
  const char *what = arg;
  if (strcmp(what, "mutex") == 0) {
    bt_mutex_lock(&m); /* held by main */
  } else if (strcmp(what, "suspend") == 0) {
    bt_suspend();
  } else if (strcmp(what, "eventual") == 0) {
    bt_eventual_wait(&ev);
  } else if (strcmp(what, "cond") == 0) {
    bt_mutex_lock(&m); /* free here, so this does not wait */
    bt_cond_wait(&c, &m);
  } else if (strcmp(what, "barrier") == 0) {
    bt_barrier_wait(&b); /* count 2: nobody else comes */
  }
}

static int child(const char *what) {
  alarm((unsigned)GIVE_UP_SEC); /* an undetected wait must not hang the test */
  CHECK(bt_init() == 0);
  bt_barrier_init(&b, 2);
  if (strcmp(what, "mutex") == 0) bt_mutex_lock(&m);
  bt_unit_t *t = bt_tasklet_create(bt_pool_private(bt_num_es() - 1), blocker,
                                   (void *)what);
  CHECK(t != NULL);
  bt_join_free(t);
  printf("tasklet_block child: %s returned\n", what);
  return 0; /* reaching this is the failure the parent looks for */
}

int main(int argc, char **argv) {
  if (argc > 1) return child(argv[1]);
  static const char *const env[] = {"BOBBIN_NUM_ES=2", NULL};
  static char err[1 << 16];
  char how[64];
  for (int i = 0; cases[i]; i++) {
    int status = run_self(argv[0], cases[i], env, err, sizeof err);
    printf("tasklet_block: %s: child ended with %s\n", cases[i],
           status_text(status, how, sizeof how));
    CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
    CHECK(!(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM));
    CHECK(strstr(err, "CHECK failed") == NULL);
    CHECK(strstr(err, "tasklet") != NULL);
  }
  printf("tasklet_block: every waiting call in a tasklet was refused\n");
  return 0;
}
