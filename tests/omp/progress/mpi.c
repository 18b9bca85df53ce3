// REQUIRES: mpi
// Open MPI under MPI_THREAD_MULTIPLE, two ranks with one ES each: OpenMP
// threads, nested threads and tasks of each rank exchange messages with
// blocking MPI_Send and MPI_Recv, which poll. Every exchange needs a unit
// of the same rank that shares the ES with the one waiting in MPI_Recv.
// RUN: %libomp-compile %mpi-flags && env BOBBIN_NUM_ES=1 OMP_MAX_ACTIVE_LEVELS=2 %mpirun -np 2 %t | FileCheck %s
#include "check.h"

#include <mpi.h>

enum { ROUNDS = 5 };

static int rank, peer;

/* Sends v to the peer with the tag, receives the peer's value for it. */
static int swap(int tag, int v) {
  int got = -1;
  if (rank == 0) {
    MPI_Send(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD);
    MPI_Recv(&got, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(&got, 1, MPI_INT, peer, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&v, 1, MPI_INT, peer, tag, MPI_COMM_WORLD);
  }
  return got;
}

int main(int argc, char **argv) {
  int provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  CHECK(provided == MPI_THREAD_MULTIPLE);
  deadline(100, "mpi");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  peer = 1 - rank;
  int bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    /* Rank 1's threads receive first: thread 0 of rank 1 waits for rank 0's
     * thread 0, which rank 0 runs only if its thread 1 does not keep it. */
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
      int t = omp_get_thread_num();
      bad += swap(t, rank * 100 + t) != peer * 100 + t;
#pragma omp parallel num_threads(2) reduction(+ : bad)
      {
        int tag = 10 + t * 2 + omp_get_thread_num();
        bad += swap(tag, rank * 1000 + tag) != peer * 1000 + tag;
      }
    }
    /* Tasks: one rank's send (small, so they complete at once), the
     * other's receive, in whatever order each rank runs them. */
    for (int sender = 0; sender < 2; sender++)
#pragma omp parallel num_threads(2) shared(bad)
#pragma omp single
      for (int i = 0; i < 4; i++) {
#pragma omp task shared(bad)
        {
          int v = i * 7 + sender;
          if (rank == sender) {
            MPI_Send(&v, 1, MPI_INT, peer, 100 + i, MPI_COMM_WORLD);
          } else {
            int got = -1;
            MPI_Recv(&got, 1, MPI_INT, peer, 100 + i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
#pragma omp atomic
            bad += got != v;
          }
        }
      }
  }
  CHECK_EQ(bad, 0);
  printf("rank %d: ok\n", rank);
  MPI_Finalize();
  return 0;
}
// CHECK-DAG: rank 0: ok
// CHECK-DAG: rank 1: ok
