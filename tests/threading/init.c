/* bt_init/bt_finalize basics and the number of ESs.
 * Usage: test_threading_init [expected ES count]. Without the argument the
 * expectation is BOBBIN_NUM_ES if set, else the CPUs of the affinity mask
 * (read before bt_init, which may pin threads). */
#include "check.h"

#include <sched.h>

int main(int argc, char **argv) {
  cpu_set_t set;
  CHECK(sched_getaffinity(0, sizeof set, &set) == 0);
  int expect = CPU_COUNT(&set);
  const char *env = getenv("BOBBIN_NUM_ES");
  if (argc > 1)
    expect = atoi(argv[1]);
  else if (env)
    expect = atoi(env);
  CHECK(expect >= 1);

  CHECK(!bt_initialized());
  CHECK(bt_self() == NULL);
  CHECK(bt_self_es() == -1);
  CHECK(bt_init() == 0);
  CHECK(bt_initialized());
  CHECK(bt_init() == 0); /* idempotent */
  CHECK(bt_num_es() == expect);

  bt_unit_t *self = bt_self();
  CHECK(self != NULL);
  CHECK(bt_self() == self);
  CHECK(bt_self_es() == 0);
  CHECK(!bt_self_is_tasklet());
  CHECK(!bt_unit_is_tasklet(self));
  CHECK(bt_unit_es(self) == 0);
  CHECK(bt_stack_size() > 0);
  for (int es = 0; es < bt_num_es(); es++) {
    CHECK(bt_pool_private(es) != NULL);
    CHECK(bt_pool_shared(es) != NULL);
    CHECK(bt_pool_private(es) != bt_pool_shared(es));
  }
  CHECK(bt_pool_private(-1) == bt_pool_private(0));
  CHECK(bt_pool_shared(-1) == bt_pool_shared(0));

  bt_finalize();
  CHECK(!bt_initialized());
  printf("init: %d ES(s) as expected\n", expect);
  return 0;
}
