/* Task entry points no compiler emits but libomp's tests and libomptarget
 * call: the dependence graph (__kmpc_task_get_depnode/_successors, in the
 * layouts of LLVM 19's kmp_taskdeps.h as its tests declare them, with the
 * edges libomp makes: an out after ins waits for the ins alone), the
 * per-task slot libomptarget keeps a nowait target region's handle in
 * (__kmpc_omp_get_target_async_handle_ptr), and __kmpc_invoke_task_func. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct ident ident_t;
typedef void (*kmpc_micro)(int32_t *gtid, int32_t *tid, ...);

typedef struct kmp_task {
  void *shareds;
  int32_t (*routine)(int32_t, struct kmp_task *);
  int32_t part_id;
  void *data1, *data2;
} kmp_task_t;
typedef int32_t (*entry_t)(int32_t, kmp_task_t *);

typedef struct dep {
  size_t addr, len;
  uint8_t flags; /* 1 in, 2 out, 3 inout, 8 inoutset */
} dep_t;

struct depnode_list;
typedef struct depnode { /* its head; the runtime's own fields follow */
  struct depnode_list *successors;
} depnode_t;
typedef struct depnode_list {
  depnode_t *node;
  struct depnode_list *next;
} depnode_list_t;

int32_t __kmpc_global_thread_num(ident_t *);
kmp_task_t *__kmpc_omp_task_alloc(ident_t *, int32_t, int32_t, size_t, size_t, entry_t);
int32_t __kmpc_omp_task_with_deps(ident_t *, int32_t, kmp_task_t *, int32_t, dep_t *, int32_t,
                                  dep_t *);
int32_t __kmpc_omp_task(ident_t *, int32_t, kmp_task_t *);
int32_t __kmpc_omp_taskwait(ident_t *, int32_t);
depnode_t *__kmpc_task_get_depnode(kmp_task_t *);
depnode_list_t *__kmpc_task_get_successors(kmp_task_t *);
void **__kmpc_omp_get_target_async_handle_ptr(int32_t);
int __kmpc_invoke_task_func(int);
void __kmpc_fork_call(ident_t *, int32_t, kmpc_micro, ...);
void __kmpc_push_num_threads(ident_t *, int32_t, int32_t);
void *__kmpc_task_allow_completion_event(ident_t *, int, kmp_task_t *);
void omp_fulfill_event(void *);

static int failures;

#define CHECK(cond)                                         \
  do {                                                      \
    if (!(cond)) {                                          \
      printf("FAIL line %d: %s\n", __LINE__, #cond);        \
      failures++;                                           \
    }                                                       \
  } while (0)

static char order[8];
static int ran;

static int32_t record(int32_t gtid, kmp_task_t *task)
{
  (void)gtid;
  order[__atomic_fetch_add(&ran, 1, __ATOMIC_SEQ_CST)] = *(char *)task->shareds;
  return 0;
}

static kmp_task_t *task_named(int32_t gtid, const char *name)
{
  kmp_task_t *t = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), sizeof(void *),
                                        record);
  *(const char **)&t->shareds = name;
  return t;
}

static kmp_task_t *submit(int32_t gtid, const char *name, int n, dep_t *deps)
{
  kmp_task_t *t = task_named(gtid, name);
  __kmpc_omp_task_with_deps(NULL, gtid, t, n, deps, 0, NULL);
  return t;
}

static int length(const depnode_list_t *l)
{
  int n = 0;
  for (; l; l = l->next)
    n++;
  return n;
}

static bool holds(const depnode_list_t *l, const depnode_t *node)
{
  for (; l; l = l->next)
    if (l->node == node)
      return true;
  return false;
}

static int32_t gate_body(int32_t gtid, kmp_task_t *task)
{
  (void)gtid, (void)task;
  return 0;
}

/* A team of one runs its tasks at once, as libomp does, so those whose
 * graph is read wait behind a gate, a detached task G with out(gate),
 * whose event is fulfilled once the graph is read. */
static kmp_task_t *gate_task(int32_t gtid, int *gate, void **event)
{
  enum { TIED = 1, DETACHABLE = 0x40 };
  dep_t out_gate[] = {{(size_t)gate, 4, 2}};
  kmp_task_t *g = __kmpc_omp_task_alloc(NULL, gtid, TIED | DETACHABLE, sizeof(kmp_task_t), 0,
                                        gate_body);
  *event = __kmpc_task_allow_completion_event(NULL, gtid, g);
  __kmpc_omp_task_with_deps(NULL, gtid, g, 1, out_gate, 0, NULL);
  return g;
}

/* A out(x, y); B in(x, y); C in(x); D inout(y); E none; A behind the
 * gate, E, independent, runs at once. */
static void graph(int32_t gtid)
{
  static int x, y, gate;
  dep_t out_xy[] = {{(size_t)&x, 4, 2}, {(size_t)&y, 4, 2}, {(size_t)&gate, 4, 1}};
  dep_t in_xy[] = {{(size_t)&x, 4, 1}, {(size_t)&y, 4, 1}};
  dep_t in_x[] = {{(size_t)&x, 4, 1}};
  dep_t inout_y[] = {{(size_t)&y, 4, 3}};
  void *event;
  kmp_task_t *g = gate_task(gtid, &gate, &event);
  kmp_task_t *a = submit(gtid, "A", 3, out_xy), *b = submit(gtid, "B", 2, in_xy);
  kmp_task_t *c = submit(gtid, "C", 1, in_x), *d = submit(gtid, "D", 1, inout_y);
  kmp_task_t *e = task_named(gtid, "E");
  CHECK(__kmpc_task_get_depnode(e) == NULL);
  CHECK(__kmpc_task_get_successors(e) == NULL);
  __kmpc_omp_task(NULL, gtid, e);
  CHECK(ran == 1 && order[0] == 'E');
  if (ran == 1) {
    depnode_t *na = __kmpc_task_get_depnode(a), *nb = __kmpc_task_get_depnode(b);
    depnode_t *nc = __kmpc_task_get_depnode(c), *nd = __kmpc_task_get_depnode(d);
    CHECK(na && nb && nc && nd);
    depnode_list_t *sg = __kmpc_task_get_successors(g);
    CHECK(length(sg) == 1 && holds(sg, na));
    /* B depends on A through x and y: one edge; D waits for B, which
     * waits for A */
    depnode_list_t *sa = __kmpc_task_get_successors(a);
    CHECK(length(sa) == 2 && holds(sa, nb) && holds(sa, nc));
    CHECK(na->successors == sa);
    depnode_list_t *sb = __kmpc_task_get_successors(b);
    CHECK(length(sb) == 1 && holds(sb, nd));
    CHECK(__kmpc_task_get_successors(c) == NULL);
    CHECK(__kmpc_task_get_successors(d) == NULL);
  }
  omp_fulfill_event(event);
  __kmpc_omp_taskwait(NULL, gtid);
  CHECK(ran == 5);
  CHECK(strchr(order, 'A') < strchr(order, 'B') && strchr(order, 'A') < strchr(order, 'C'));
  CHECK(strchr(order, 'B') < strchr(order, 'D'));
}

/* S inoutset(x); T inoutset(x, y); R in(x, y); W out(y); then M with
 * omp_all_memory spelt as LLVM's tests also spell it, the address -1; S
 * and T behind the gate. W waits for R alone, not for T, which R waits
 * for; M for every task before it. */
static void graph_sets(int32_t gtid)
{
  static int x, y, gate;
  ran = 0;
  dep_t set_x[] = {{(size_t)&x, 4, 8}, {(size_t)&gate, 4, 1}};
  dep_t set_xy[] = {{(size_t)&x, 4, 8}, {(size_t)&y, 4, 8}, {(size_t)&gate, 4, 1}};
  dep_t in_xy[] = {{(size_t)&x, 4, 1}, {(size_t)&y, 4, 1}};
  dep_t out_y[] = {{(size_t)&y, 4, 2}};
  dep_t all[] = {{(size_t)-1, 0, 2}};
  void *event;
  kmp_task_t *g = gate_task(gtid, &gate, &event);
  kmp_task_t *s = submit(gtid, "S", 2, set_x), *t = submit(gtid, "T", 3, set_xy);
  kmp_task_t *r = submit(gtid, "R", 2, in_xy), *w = submit(gtid, "W", 1, out_y);
  kmp_task_t *m = submit(gtid, "M", 1, all);
  CHECK(ran == 0);
  if (ran == 0) {
    depnode_t *nr = __kmpc_task_get_depnode(r), *nw = __kmpc_task_get_depnode(w);
    depnode_t *nm = __kmpc_task_get_depnode(m);
    depnode_list_t *ss = __kmpc_task_get_successors(s), *st = __kmpc_task_get_successors(t);
    depnode_list_t *sr = __kmpc_task_get_successors(r), *sw = __kmpc_task_get_successors(w);
    CHECK(length(ss) == 2 && holds(ss, nr) && holds(ss, nm));
    CHECK(length(st) == 2 && holds(st, nr) && holds(st, nm));
    CHECK(length(sr) == 2 && holds(sr, nw) && holds(sr, nm));
    CHECK(length(sw) == 1 && holds(sw, nm));
    CHECK(holds(__kmpc_task_get_successors(g), nm));
  }
  omp_fulfill_event(event);
  __kmpc_omp_taskwait(NULL, gtid);
  CHECK(ran == 5 && order[4] == 'M');
}

static void **slot_seen;

static int32_t use_slot(int32_t gtid, kmp_task_t *task)
{
  void **slot = __kmpc_omp_get_target_async_handle_ptr(gtid);
  slot_seen = slot;
  CHECK(slot != NULL && *slot == NULL); /* NULL at creation, memory reused or not */
  *slot = task; /* left set: the next task must not see it */
  CHECK(__kmpc_omp_get_target_async_handle_ptr(gtid) == slot);
  return 0;
}

static void async_handle(int32_t gtid)
{
  void **mine = __kmpc_omp_get_target_async_handle_ptr(gtid);
  CHECK(mine != NULL && *mine == NULL);
  for (int i = 0; i < 3; i++) {
    kmp_task_t *t = __kmpc_omp_task_alloc(NULL, gtid, 1, sizeof(kmp_task_t), 0, use_slot);
    __kmpc_omp_task(NULL, gtid, t);
    __kmpc_omp_taskwait(NULL, gtid);
    CHECK(slot_seen != NULL && slot_seen != mine);
  }
  *mine = &mine;
  CHECK(*__kmpc_omp_get_target_async_handle_ptr(gtid) == &mine);
  *mine = NULL;
}

static int bodies[4];

static void body(int32_t *gtid, int32_t *tid, int *again)
{
  if (__atomic_fetch_add(&bodies[*tid], 1, __ATOMIC_SEQ_CST) == 0)
    again[*tid] = __kmpc_invoke_task_func(*gtid);
}

static void invoke_task_func(int32_t gtid)
{
  CHECK(__kmpc_invoke_task_func(gtid) == 0); /* no region here */
  int again[4] = {0};
  __kmpc_push_num_threads(NULL, gtid, 4);
  __kmpc_fork_call(NULL, 1, (kmpc_micro)body, again);
  for (int t = 0; t < 4; t++)
    CHECK(bodies[t] == 2 && again[t] == 1);
}

/* In a team of one, where a detached task's body runs at once and its
 * successors wait for its event. */
static void graph_region(int32_t *gtid, int32_t *tid)
{
  (void)tid;
  graph(*gtid);
  graph_sets(*gtid);
}

int main(void)
{
  int32_t gtid = __kmpc_global_thread_num(NULL);
  __kmpc_push_num_threads(NULL, gtid, 1);
  __kmpc_fork_call(NULL, 0, (kmpc_micro)graph_region);
  async_handle(gtid);
  invoke_task_func(gtid);
  if (failures)
    return 1;
  printf("dependence graph, async handle slot, invoke_task_func: as libomp\n");
  return 0;
}
