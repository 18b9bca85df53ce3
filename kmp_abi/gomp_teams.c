/* GOMP entry points of the TEAMS construct on the host. */
#include "gomp_abi.h"

/* teams: fn(data) on the initial thread of each team; 0 means the default
 * count or limit. flags carries nothing the host needs. */
GOMP_EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams,
                                unsigned thread_limit, unsigned flags)
{
    (void)flags;
    BOB_OMPT_RA();
    bob_gomp_teams(fn, data, num_teams, thread_limit);
}

/* The host fallback of target teams (GCC 4.x-11): only the thread limit
 * matters to the encountering thread. */
GOMP_EXPORT void GOMP_teams(unsigned num_teams, unsigned thread_limit)
{
    (void)num_teams;
    bob_gomp_teams_serial(bob_self(), 1, thread_limit, true);
}

/* The host fallback of target teams (GCC 12): the program loops while this
 * returns true, running one team per round on the calling thread; the
 * lower bound of num_teams is the count. */
GOMP_EXPORT bool GOMP_teams4(unsigned num_teams_low, unsigned num_teams_high,
                             unsigned thread_limit, bool first)
{
    (void)num_teams_high;
    return bob_gomp_teams_serial(bob_self(), num_teams_low, thread_limit, first);
}
