// OMPT tasks and their synchronisation: task_create for deferred,
// undeferred (if(0), and outside any region, where a task runs at once),
// dependent and final tasks, task_schedule bracketing each task's body
// (switch in, complete out), taskwait and taskgroup as sync regions with
// their waits (a taskgroup's region begins where the construct begins, its
// wait at its end, as libomp 19 reports them), an explicit barrier and a worksharing one (a barrier of
// unknown kind for gcc, whose GOMP_barrier serves both); inside a task,
// get_task_info names it and above it the task it interrupted on the
// thread that runs it (libomp's scheduling parent): its creator, or the
// implicit task of the thread number it runs as (a task made while the
// other thread waits at a barrier runs on that thread, as on libomp); a
// task run by the task that waits for it (in a team of one), or that runs
// at once there (a clang binary's, as libomp runs it), switches from that
// task.
// RUN: %libomp-compile %ompt-flags && %libomp-run | FileCheck %s
// REQUIRES: bobbin
#include "check.h"
#include "tool.h"

static void in_task(uint64_t creator) {
  int flags = 0, parent_flags = 0, num = -1, parent_num = -2;
  ompt_data_t *me = NULL, *parent = NULL;
  CHECK_EQ(tool_get_task_info(0, &flags, &me, NULL, NULL, &num), 2);
  CHECK(flags & ompt_task_explicit);
  CHECK(me->value != 0);
  CHECK_EQ(tool_get_task_info(1, &parent_flags, &parent, NULL, NULL, &parent_num), 2);
  CHECK(parent->value == creator ||
        ((parent_flags & ompt_task_implicit) && parent_num == num));
  void *addr;
  size_t size;
  CHECK_EQ(tool_get_task_memory(&addr, &size, 0), 0);
  CHECK(addr != NULL); /* the task's block: its privates, if any */
}

static uint64_t current_task(void) {
  ompt_data_t *d = NULL;
  CHECK_EQ(tool_get_task_info(0, NULL, &d, NULL, NULL, NULL), 2);
  return tool_id(d);
}

int main(void) {
  deadline(30, "ompt/tasks");
  CHECK(omp_get_max_threads() > 0);
  int x = 0;
  uint64_t initial = current_task();
  #pragma omp task
  in_task(initial);
  printf("1 mark parallel\n");
  #pragma omp parallel num_threads(2)
  {
    #pragma omp barrier
    #pragma omp single
    {
      uint64_t me = current_task();
      #pragma omp task depend(out : x)
      { in_task(me); x = 1; }
      #pragma omp task depend(in : x)
      { in_task(me); CHECK_EQ(x, 1); }
      #pragma omp taskwait
      #pragma omp task if(0)
      in_task(me);
      #pragma omp taskgroup
      {
        #pragma omp task final(1)
        in_task(me);
      }
    }
  }
  printf("1 mark one\n");
  #pragma omp parallel num_threads(1)
  {
    #pragma omp task
    {
      uint64_t me = current_task();
      #pragma omp task
      in_task(me);
      #pragma omp taskwait
    }
  }
  printf("1 mark waiter\n");
  /* Thread 0 makes a task and spins until it has run: thread 1, waiting
   * at the barrier, runs it, as its OMPT thread, interrupting its
   * implicit task (libomp's scheduling parent). */
  _Atomic int ran = 0;
  uint64_t waiter = 0, runner = 0;
  int above_flags = 0, above_num = -1;
  #pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      waiter = tool_self();
    #pragma omp barrier
    if (omp_get_thread_num() == 0) {
      #pragma omp task
      {
        runner = tool_self();
        CHECK_EQ(tool_get_task_info(1, &above_flags, NULL, NULL, NULL, &above_num), 2);
        atomic_store(&ran, 1);
      }
      while (!atomic_load(&ran))
        spin_a_bit(10);
    }
    #pragma omp barrier
  }
  CHECK_EQ(runner, waiter);
  CHECK(above_flags & ompt_task_implicit);
  CHECK_EQ(above_num, 1);
  printf("1 mark end\n");
  return 0;
}

// CHECK: 1 task_create parent=[[T0:[0-9]+]] task=[[A:[0-9]+]] flags=0x8000004 deps=0 ra=set
// CHECK-NEXT: 1 task_schedule prior=[[T0]] status=switch next=[[A]]
// CHECK-NEXT: 1 task_schedule prior=[[A]] status=complete next=[[T0]]
// CHECK: 1 mark parallel
// CHECK: [[S:[0-9]+]] task_create parent=[[I:[0-9]+]] task=[[B:[0-9]+]] flags=0x4 deps=1 ra=set
// CHECK-DAG: [[S]] task_create parent=[[I]] task={{[0-9]+}} flags=0x4 deps=1 ra=set
// CHECK-DAG: task_schedule prior={{[0-9]+}} status=switch next=[[B]]
// CHECK-DAG: task_schedule prior=[[B]] status=complete next=
// CHECK-DAG: task_schedule prior={{[0-9]+}} status=switch next=
// CHECK-DAG: status=complete next=
// CHECK-DAG: [[S]] sync_begin taskwait parallel={{[0-9]+}} task=[[I]] ra=set
// CHECK-DAG: [[S]] wait_begin taskwait parallel={{[0-9]+}} task=[[I]] ra=set
// CHECK: [[S]] wait_end taskwait parallel=[[P:[0-9]+]] task=[[I]] ra=set
// CHECK: [[S]] sync_end taskwait parallel=[[P]] task=[[I]] ra=set
// CHECK: [[S]] task_create parent=[[I]] task=[[D:[0-9]+]] flags=0x8000004 deps=0 ra=set
// CHECK: [[S]] task_schedule prior=[[I]] status=switch next=[[D]]
// CHECK: [[S]] task_schedule prior=[[D]] status=complete next=[[I]]
// CHECK: [[S]] sync_begin taskgroup parallel=[[P]] task=[[I]] ra=set
// CHECK-NEXT: [[S]] task_create parent=[[I]] task=[[E:[0-9]+]] flags=0x20000004 deps=0 ra=set
// CHECK-DAG: task_schedule prior={{[0-9]+}} status=switch next=[[E]]
// CHECK-DAG: task_schedule prior=[[E]] status=complete next=
// CHECK-DAG: [[S]] wait_begin taskgroup parallel=[[P]] task=[[I]] ra=set
// CHECK: [[S]] sync_end taskgroup parallel=[[P]] task=[[I]] ra=set
// CHECK: sync_end barrier{{(_implicit_workshare)?}} parallel=[[P]]
// CHECK: 1 mark one
// A task its waiter runs interrupts the waiter, implicit or explicit; so
// does one that runs at once, as a clang binary's do in a team of one.
// CHECK: 1 task_create parent=[[I1:[0-9]+]] task=[[X:[0-9]+]] flags={{0x4|0x8000004}} deps=0
// CHECK: 1 task_schedule prior=[[I1]] status=switch next=[[X]]
// CHECK-NEXT: 1 task_create parent=[[X]] task=[[Y:[0-9]+]] flags={{0x4|0x8000004}} deps=0
// CHECK: 1 task_schedule prior=[[X]] status=switch next=[[Y]]
// CHECK-NEXT: 1 task_schedule prior=[[Y]] status=complete next=[[X]]
// CHECK: 1 task_schedule prior=[[X]] status=complete next=[[I1]]
// CHECK: 1 mark end
// CHECK: 0 balance threads=0 parallel=0 implicit=0 sync=0 wait=0 work=0 masked=0 held=0
