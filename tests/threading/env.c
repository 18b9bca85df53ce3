/* Environment: malformed BOBBIN_* values give one warning line on stderr
 * naming the variable and the value, are ignored, and the program works;
 * well-formed values are taken silently. Each case runs this program as a
 * child with the settings; EXPECT_ES / EXPECT_STACK tell the child what
 * bt_num_es() / bt_stack_size() must return. */
#include "check.h"

#include <sched.h>

struct env_case {
  const char *setting;  /* NAME=VALUE given to the child */
  const char *warn_var; /* NULL: must be silent */
  const char *warn_value;
  const char *expect_es, *expect_stack;
};

static const struct env_case cases[] = {
    {"BOBBIN_NUM_ES=abc", "BOBBIN_NUM_ES", "abc", NULL, NULL},
    {"BOBBIN_NUM_ES=0", "BOBBIN_NUM_ES", "0", NULL, NULL},
    {"BOBBIN_STACK_SIZE=12Q", "BOBBIN_STACK_SIZE", "12Q", NULL, NULL},
    {"BOBBIN_WAIT_POLICY=bogus", "BOBBIN_WAIT_POLICY", "bogus", NULL, NULL},
    {"BOBBIN_SPIN_COUNT=lots", "BOBBIN_SPIN_COUNT", "lots", NULL, NULL},
    {"BOBBIN_STACK_SIZE=256K", NULL, NULL, NULL, "262144"},
    {"BOBBIN_STACK_SIZE=2M", NULL, NULL, NULL, "2097152"},
    {"BOBBIN_NUM_ES=3", NULL, NULL, "3", NULL},
    {"BOBBIN_WAIT_POLICY=passive", NULL, NULL, NULL, NULL},
    {"BOBBIN_WAIT_POLICY=active", NULL, NULL, NULL, NULL},
    {"BOBBIN_SPIN_COUNT=100", NULL, NULL, NULL, NULL},
    {"BOBBIN_FSBASE=sideways", "BOBBIN_FSBASE", "sideways", NULL, NULL},
    {"BOBBIN_FSBASE=arch_prctl", NULL, NULL, NULL, NULL},
    {"BOBBIN_TIME_SLICE=soon", "BOBBIN_TIME_SLICE", "soon", NULL, NULL},
    {"BOBBIN_TIME_SLICE=20s", "BOBBIN_TIME_SLICE", "20s", NULL, NULL},
    {"BOBBIN_TIME_SLICE=5ms", NULL, NULL, NULL, NULL},
    {"BOBBIN_TIME_SLICE=off", NULL, NULL, NULL, NULL},
};

static void where(void *arg) { *(int *)arg = bt_self_es(); }

static void big_frame(void *arg) {
  volatile char buf[160 * 1024];
  for (size_t i = 0; i < sizeof buf; i += 256) buf[i] = 1;
  where(arg);
}

static int child(void) {
  cpu_set_t set;
  CHECK(sched_getaffinity(0, sizeof set, &set) == 0);
  const char *es = getenv("EXPECT_ES"), *stack = getenv("EXPECT_STACK");
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == (es ? atoi(es) : CPU_COUNT(&set)));
  CHECK(bt_stack_size() > 0);
  if (stack) CHECK(bt_stack_size() == strtoull(stack, NULL, 10));
  for (int e = 0; e < bt_num_es(); e++) {
    int ran[3] = {-1, -1, -1};
    bt_unit_t *u[3];
    u[0] = bt_ult_create(bt_pool_private(e), where, &ran[0]);
    u[1] = bt_tasklet_create(bt_pool_private(e), where, &ran[1]);
    /* Only when the stack was set large enough to hold the frame. */
    u[2] = stack && bt_stack_size() >= 256 * 1024
               ? bt_ult_create(bt_pool_private(e), big_frame, &ran[2])
               : bt_ult_create(bt_pool_private(e), where, &ran[2]);
    for (int i = 0; i < 3; i++) {
      CHECK(u[i] != NULL);
      bt_join_free(u[i]);
      CHECK(ran[i] == e);
    }
  }
  bt_finalize();
  return 0;
}

static int count_lines(const char *s) {
  int lines = 0;
  for (; *s; s++) lines += *s == '\n';
  return lines;
}

int main(int argc, char **argv) {
  if (argc > 1) return child();
  static char err[1 << 16];
  char how[64], es[32], stack[32];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct env_case *c = &cases[i];
    const char *env[4] = {c->setting, NULL, NULL, NULL};
    int k = 1;
    if (c->expect_es) {
      snprintf(es, sizeof es, "EXPECT_ES=%s", c->expect_es);
      env[k++] = es;
    }
    if (c->expect_stack) {
      snprintf(stack, sizeof stack, "EXPECT_STACK=%s", c->expect_stack);
      env[k++] = stack;
    }
    int status = run_self(argv[0], "child", env, err, sizeof err);
    printf("env: %s: child %s, %d stderr line(s)\n", c->setting,
           status_text(status, how, sizeof how), count_lines(err));
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    if (c->warn_var) {
      CHECK(count_lines(err) == 1);
      CHECK(strstr(err, c->warn_var) != NULL);
      CHECK(strstr(err, c->warn_value) != NULL);
    } else {
      CHECK(err[0] == '\0');
    }
  }
  printf("env: malformed values warned about once, good ones taken silently\n");
  return 0;
}
