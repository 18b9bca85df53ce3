/* Stack overflow: a ULT that recurses without bound must end the program
 * with a message that points at BOBBIN_STACK_SIZE. The test runs itself as
 * a child ("child" argument, BOBBIN_STACK_SIZE=64K) and checks that the
 * child died abnormally and said so on stderr. */
#include "check.h"

static volatile int keep_going = 1;

static int recurse(int depth) {
  volatile char frame[512];
  frame[0] = (char)depth;
  frame[sizeof frame - 1] = (char)depth;
  if (keep_going) return recurse(depth + 1) + frame[0];
  return frame[sizeof frame - 1];
}

static void deep(void *arg) {
  *(int *)arg = recurse(0);
}

static int child(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_stack_size() == 64 * 1024);
  int result = 0;
  bt_unit_t *u = bt_ult_create(bt_pool_private(bt_num_es() - 1), deep, &result);
  CHECK(u != NULL);
  bt_join_free(u);
  printf("overflow child: recursion returned %d\n", result);
  return 0; /* reaching this is the failure the parent looks for */
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  static const char *const env[] = {"BOBBIN_STACK_SIZE=64K",
                                    "BOBBIN_NUM_ES=2", NULL};
  static char err[1 << 16];
  char how[64];
  int status = run_self(argv[0], "child", env, err, sizeof err);
  printf("overflow: child ended with %s\n", status_text(status, how, sizeof how));
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0));
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
          strstr(err, "CHECK failed")));
  CHECK(strstr(err, "BOBBIN_STACK_SIZE") != NULL);
  printf("overflow: reported with a pointer to BOBBIN_STACK_SIZE\n");
  return 0;
}
