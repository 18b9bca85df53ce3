/* TLS blocks: units created with a block of their own (bt_tls_take) each
 * see their own __thread variables, errno and pthread_self(), initialised
 * from the program's TLS image, whatever OS thread runs them. An address
 * of a TLS variable taken before a move to the other ES (kept in a
 * register: the asm says so) still names the unit's own variable after
 * it, while the kernel thread id shows the OS thread did change. A unit
 * without a block runs with its ES's OS thread's TLS. A block given back
 * keeps its values for the next unit that takes it. Units that borrow a
 * block (BT_TLS_BORROW), joined one after another by bt_join_free_all,
 * take the same block in turn, and the joiner finds its own TLS again when
 * the call returns. Every unit kind runs it (BOBBIN_ULT_KIND), tasklets
 * too, and units run in place by their joiner. */
#include "check.h"

enum { UNITS = 8, HOPS = 50 };

static __thread long counter = 7;
static __thread int mine;

typedef struct {
  int id;
  long *addr;     /* &counter as the unit saw it */
  void *self;     /* pthread_self() */
  long final;
  int bad;
} probe_t;

__attribute__((noinline)) static long *counter_addr(void) { return &counter; }

static void mover(void *arg) {
  probe_t *p = arg;
  p->bad += counter != 7 || mine != 0; /* a new block: the initial image */
  long *kept = &counter;
  __asm__ volatile("" : "+r"(kept)); /* kept in a register across moves */
  p->addr = kept;
  p->self = (void *)pthread_self();
  mine = p->id;
  errno = 1000 + p->id;
  pid_t first_tid = (pid_t)syscall(SYS_gettid);
  int moved = 0;
  for (int i = 0; i < HOPS; i++) {
    bt_migrate_to(bt_pool_private((i + 1) % 2));
    moved += (pid_t)syscall(SYS_gettid) != first_tid;
    (*kept)++;
    p->bad += kept != counter_addr() || mine != p->id || errno != 1000 + p->id ||
              (void *)pthread_self() != p->self;
  }
  p->bad += !moved;
  p->final = counter;
}

static void plain(void *arg) { *(long **)arg = counter_addr(); }

static void in_place(void *arg) {
  probe_t *p = arg;
  p->addr = counter_addr();
  p->self = (void *)pthread_self();
  counter = 100 + p->id;
  bt_yield(); /* it may suspend, and comes back with its block */
  p->final = counter;
}

static void reuse(void *arg) { *(long *)arg = counter; }

int main(void) {
  CHECK(bt_init() == 0);
  CHECK(bt_num_es() == 2);
  counter = 1;
  probe_t probe[UNITS];
  bt_unit_t *u[UNITS];
  bt_tls_t *tls[UNITS];
  for (int i = 0; i < UNITS; i++) {
    probe[i] = (probe_t){.id = i + 1};
    tls[i] = bt_tls_take();
    CHECK(tls[i] != NULL);
    bt_unit_attr_t attr = {.tls = tls[i]};
    u[i] = bt_create(bt_pool_private(0), mover, &probe[i], &attr);
    CHECK(u[i] != NULL);
  }
  for (int i = 0; i < UNITS; i++) {
    bt_join_free(u[i]);
    CHECK(probe[i].bad == 0);
    CHECK(probe[i].final == 7 + HOPS);
    CHECK((void *)probe[i].self == (void *)tls[i]);
    for (int j = 0; j < i; j++)
      CHECK(probe[j].addr != probe[i].addr);
    CHECK(probe[i].addr != &counter);
  }
  CHECK(counter == 1 && mine == 0); /* the main ULT's own, untouched */

  /* Without a block: the TLS of the OS thread of the ES that runs it. */
  long *seen = NULL;
  bt_join_free(bt_ult_create(bt_pool_private(0), plain, &seen));
  CHECK(seen == &counter);

  /* Run in place by the joiner (SC, in_place), and as a tasklet. */
  for (int tasklet = 0; tasklet < 2; tasklet++) {
    probe_t p = {.id = 50 + tasklet};
    bt_unit_attr_t attr = {.tls = tls[0], .in_place = 1, .tasklet = tasklet};
    bt_unit_t *t = bt_create(NULL, tasklet ? (bt_fn_t)plain : in_place,
                             tasklet ? (void *)&p.addr : (void *)&p, &attr);
    bt_join_free(t);
    CHECK(p.addr == probe[0].addr);
    if (!tasklet)
      CHECK(p.final == 150 && (void *)p.self == (void *)tls[0]);
    CHECK(counter == 1);
  }

  /* Borrowers joined in a row: one block in turn, then the joiner's own. */
  enum { BORROWERS = 6 };
  bt_unit_t *borrower[BORROWERS];
  long *borrowed[BORROWERS];
  for (int i = 0; i < BORROWERS; i++) {
    bt_unit_attr_t attr = {.tls = BT_TLS_BORROW, .in_place = 1};
    borrower[i] = bt_create(NULL, plain, &borrowed[i], &attr);
    CHECK(borrower[i] != NULL);
  }
  bt_join_free_all(borrower, BORROWERS);
  CHECK(counter_addr() == &counter && *counter_addr() == 1);
  for (int i = 0; i < BORROWERS; i++)
    CHECK(borrowed[i] == borrowed[0] && borrowed[i] != &counter);

  /* Given back and taken again: values kept, as a pooled thread's. */
  for (int i = 0; i < UNITS; i++)
    bt_tls_give(tls[i]);
  bt_tls_t *again = bt_tls_take();
  long value = 0;
  bt_join_free(bt_create(NULL, reuse, &value, &(bt_unit_attr_t){.tls = again}));
  CHECK(value == 7 + HOPS || value == 150);
  bt_tls_give(again);
  bt_finalize();
  printf("tls: %d units kept their own TLS over %d moves between ESs\n", UNITS, HOPS);
  return 0;
}
