/* Idle ESs sleep: once the pools are empty, every thread of the process but
 * the caller (main, which polls) ends up sleeping in the kernel ('S' in
 * /proc/self/task/<tid>/stat). New work wakes them, and afterwards they go
 * back to sleep. Polls with short naps; fails only after GIVE_UP_SEC. */
#include "check.h"

#include <dirent.h>
#include <stdatomic.h>

static atomic_long runs;

static void body(void *arg) {
  (void)arg;
  atomic_fetch_add(&runs, 1);
  bt_yield();
}

static void burst(void) {
  enum { N = 1000 };
  static bt_unit_t *u[N];
  int n = bt_num_es();
  long before = atomic_load(&runs);
  for (int i = 0; i < N; i++) {
    bt_pool_t *pool = i % 2 ? bt_pool_shared(i % n) : bt_pool_private(i % n);
    u[i] = bt_ult_create(pool, body, NULL);
    CHECK(u[i] != NULL);
  }
  for (int i = 0; i < N; i++) bt_join_free(u[i]);
  CHECK(atomic_load(&runs) == before + N);
}

/* 1 when every other thread is in state 'S'; otherwise names one that is
 * not in *busy_tid / *busy_state. */
static int others_sleeping(pid_t *busy_tid, char *busy_state) {
  DIR *d = opendir("/proc/self/task");
  CHECK(d != NULL);
  pid_t me = my_tid();
  int all = 1, threads = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    pid_t tid = (pid_t)atoi(e->d_name);
    threads++;
    if (tid == me) continue;
    char s = thread_state(tid);
    if (s != 'S' && s != 0) {
      all = 0;
      *busy_tid = tid;
      *busy_state = s;
    }
  }
  closedir(d);
  CHECK(threads >= bt_num_es()); /* the ESs are threads of this process */
  return all;
}

static void expect_all_asleep(const char *when) {
  double end = now_sec() + GIVE_UP_SEC;
  pid_t tid = 0;
  char state = '?';
  while (!others_sleeping(&tid, &state)) {
    if (now_sec() > end) {
      fprintf(stderr, "idle: %s: thread %d still in state '%c'\n", when,
              (int)tid, state);
      CHECK(!"idle ESs went to sleep");
    }
    nap_ms(2);
  }
}

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() >= 2);
  burst();
  expect_all_asleep("after the first burst");
  burst(); /* sleeping ESs must wake up for this to finish */
  expect_all_asleep("after the second burst");
  bt_finalize();
  printf("idle: every thread but the caller slept once out of work\n");
  return 0;
}
