/* mcts_impl.h: the private layout of the ISMCTS search, shared by its files: mcts.c (one
 * iteration, the workers, the choice), mcts_options.c (the "mcts:..." options), mcts_playout.c
 * (play-out policies), mcts_reuse.c (keeping the subtree between decisions). */
#ifndef CARTA_MCTS_IMPL_H
#define CARTA_MCTS_IMPL_H

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "ai_eval.h"
#include "core/rng.h"
#include "mcts.h"

enum {
    MCTS_MAX_DEPTH = 4096,    /* tree depth at most; deeper, an iteration plays out from there */
    MCTS_ROLLOUT_CAP = 20000, /* random actions in one rollout at most, then evaluate */
    MCTS_CLOCK_EVERY = 8,     /* iterations between clock reads under a time budget */
    MCTS_PROBE_MAX = 8        /* actions scored one ply ahead by a greedy step, at most */
};
#define MCTS_NONE (-1)

/* A tree node: the action that leads to it from its parent, and statistics from the point of view
 * of the seat that chose that action. Children are a singly linked list inside the arena. Under
 * tree parallelism `visits` is raised on the way down (a virtual loss until the reward comes). */
typedef struct mcts_node {
    double reward; /* sum over visits of the reward of `seat` */
    carta_action action;
    int32_t first_child, next_sibling;
    int32_t visits, avail; /* avail: iterations in which the action was legal here */
    int32_t seat;
} mcts_node;

/* A node arena: root-parallel workers have one each; tree-parallel workers share worker 0's. */
typedef struct mcts_tree {
    mcts_node *nodes;
    long n_nodes, cap;
    int full;       /* an expansion found no room */
    double r_sum, r_sq; /* the root seat's rewards backed up, summed and squared (norm=1) */
    long r_n;
    int32_t *remap; /* reuse: old node id -> new (cap entries), allocated with the arena */
} mcts_tree;

/* One search thread: its tree (own or shared), its state and scratch. */
typedef struct mcts_worker {
    struct carta_mcts *m;
    mcts_tree *tree;
    mcts_tree own;
    unsigned char *state, *probe; /* the determinization played; a greedy step's trial copy */
    unsigned char *seen, *scratch; /* playout=expert: the acting seat's observation of state,
                                    * and the expert's scratch (CARTA_EXPERT_SCRATCH states) */
    carta_rng rng;
    int seat;
    long budget;     /* root parallel with iters: this worker's share */
    long iterations; /* done by this worker in this search */
    int early;       /* it stopped early: the choice could not change any more */
    pthread_t thread;
    int32_t path[MCTS_MAX_DEPTH];
    carta_action legal[CARTA_MAX_ACTIONS];
    int32_t legal_child[CARTA_MAX_ACTIONS]; /* per legal index: its child node or MCTS_NONE */
} mcts_worker;

struct carta_mcts {
    const carta_game *g;
    const carta_rules *r;
    carta_mcts_options opt;
    carta_ai_eval eval; /* the evaluation's weights (opt.weights), read once at creation */
    int n_workers;
    mcts_worker *workers;
    carta_mcts_stats stats;
    /* one search */
    const void *observation;
    int shared;              /* tree parallel: workers share workers[0].own under lock */
    pthread_mutex_t lock;
    atomic_long issued;      /* tree parallel with iters: iterations handed out */
    atomic_int stop;         /* time management: the choice cannot change any more */
    double t_start, t_end;   /* carta_seconds() of the start and of the deadline */
    struct timespec deadline;
    int n_legal; /* of the last search's root; 0 if it did not search */
    carta_action legal[CARTA_MAX_ACTIONS];
    long visits[CARTA_MAX_ACTIONS];
    double reward[CARTA_MAX_ACTIONS];
    /* tree reuse: the last decision's observation and choice, and states to replay from it */
    unsigned char *prev_obs, *replay; /* replay: MCTS_REUSE_DEPTH + 1 states */
    int has_prev, prev_seat;
    carta_action prev_choice;
};

/* The play-out from w->state (mcts_playout.c): at most max actions by the options' policy. */
void mcts_playout(mcts_worker *w, long max);

/* Before a search from observation for seat: if the observation follows the last decision's
 * through actions in the tree (mcts_reuse.c), re-roots every tree at the node they lead to and
 * returns the nodes kept; else 0 (the caller resets the trees). Only the two observations and the
 * tree are read, so it is as honest as the search. */
long mcts_reuse(carta_mcts *m, const void *observation, int seat);

/* Remembers the decision just made for the next mcts_reuse. */
void mcts_reuse_remember(carta_mcts *m, const void *observation, int seat, carta_action choice);

/* Extra bytes and states reuse needs; allocated by carta_mcts_new. */
enum { MCTS_REUSE_DEPTH = 12, MCTS_REUSE_TRIES = 96 };

#endif
