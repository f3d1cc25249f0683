/* mcts.h: information-set Monte Carlo tree search (ISMCTS) over the game contract.
 *
 * The search is a service of its own (an opaque carta_mcts handle) so it can be tested and
 * benchmarked apart from the AI table; the "mcts" AI kind (carta_ai_mcts_init) wraps it.
 *
 * One decision: every iteration copies the observation, determinizes it from the acting seat's
 * view with a fresh seed (which also reseeds the copy's PRNG, so no shuffle is foreseen), then
 *  - selects down the tree by UCT, considering only the actions legal in THIS determinization
 *    (ISMCTS "availability": a child's exploration term uses how often it was available, not its
 *    parent's visits);
 *  - expands one untried legal action;
 *  - plays out: random actions to the end of the game, or (rollout=eval) at most `depth` random
 *    actions and then game->evaluate for each seat;
 *  - backs up one reward per seat in [0, 1]: each node keeps the reward of the seat that chose its
 *    action.
 * Nodes are keyed by (parent, action) and live in a preallocated arena per thread; when it is
 * full the search goes on without expanding. Root parallelism: each thread grows its own tree from
 * its own seed; the root children's visits are summed per action and the most visited action is
 * chosen. Tree parallelism (parallel=tree): the threads share one tree under a lock, a node's
 * visit counted on the way down (a virtual loss) so they spread out. By default (docs/ai.md, issue
 * 16) the exploration is scaled to the spread of the rewards (norm), a node widens progressively,
 * trying next the untried action the evaluation likes best (widen), and the subtree of the
 * actions seen since the last decision is kept (reuse, mcts_reuse.c). Nothing is allocated while
 * searching. */
#ifndef CARTA_MCTS_H
#define CARTA_MCTS_H

#include <stdint.h>

#include "ai.h"
#include "core/game.h"

enum carta_mcts_rollout { CARTA_MCTS_ROLLOUT_RANDOM = 0, CARTA_MCTS_ROLLOUT_EVAL };

enum {
    CARTA_MCTS_MAX_THREADS = 64,
    CARTA_MCTS_DEFAULT_MS = 1000,  /* budget when neither iters nor ms is given */
    CARTA_MCTS_DEFAULT_DEPTH = 12, /* rollout=eval: random actions before evaluating */
    CARTA_MCTS_DEFAULT_NODES = 1 << 18 /* arena cap per thread under a time budget */
};

/* Search settings; the option keys of "mcts:..." in brackets. */
typedef struct carta_mcts_options {
    long iters;      /* [iters] iterations per decision in all (split among threads); 0: use ms */
    long ms;         /* [ms] wall-clock milliseconds per decision per thread; 0: use iters */
    int threads;     /* [threads] search threads, 1..CARTA_MCTS_MAX_THREADS */
    double c;        /* [c] UCT exploration constant */
    int rollout;     /* [rollout] random | eval */
    int depth;       /* [depth] rollout=eval: play-out actions before game->evaluate */
    long nodes;      /* [nodes] tree nodes per thread at most */
    double eps;      /* [playout] chance of a random play-out action, else the best one ply ahead
                      * by game->evaluate (or the expert's): random = 1, greedy = 0, eps:E */
    int expert;      /* [playout] 1: the other play-out actions are the game's expert's choice
                      * from the acting seat's observation (expert, expert:E) */
    int reuse;       /* [reuse] 1: keep the subtree of the actions seen since the last decision */
    double widen;    /* [widen] K > 0: a node tries at most 1 + K * sqrt(visits) actions, the
                      * next one the best of a few by game->evaluate; 0: every action first */
    int tree;        /* [parallel] 0: root (a tree per thread), 1: tree (one tree, virtual loss) */
    int early;       /* [early] ms budgets: stop when the most visited cannot be overtaken */
    int norm;        /* [norm] 1: c is scaled by twice the rewards' standard deviation */
    char weights[CARTA_AI_VALUE_MAX]; /* [weights] the evaluation's weights file, read by
                                       * carta_mcts_new; "": the rules' own (ai_eval.h) */
} carta_mcts_options;

/* What the last search did (summed over threads). */
typedef struct carta_mcts_stats {
    long iterations;
    long nodes;
    double seconds; /* wall time of the search */
    int full;       /* some thread's arena filled up */
    long reused;    /* nodes kept from the last decision's tree (summed over trees) */
    int early;      /* the search stopped before its time was up (early=1) */
    double reward_sd; /* standard deviation of the rewards backed up (first tree, root's seat) */
} carta_mcts_stats;

typedef struct carta_mcts carta_mcts;

/* The defaults (docs/ai.md): see carta_mcts_options_default in mcts_options.c. */
void carta_mcts_options_default(carta_mcts_options *out);

/* Reads the mcts options of spec over the defaults and, if g is not NULL, g->mcts_defaults.
 * CARTA_ERR_INPUT naming the option on an unknown key or a bad value. */
carta_status carta_mcts_options_parse(const carta_game *g, const carta_ai_spec *spec,
                                      carta_mcts_options *out, carta_error *err);

/* Makes a search for game g (which must determinize and, for rollout=eval, evaluate) with rules r,
 * allocating every thread's arena and scratch states now. NULL with err set on failure. Free with
 * carta_mcts_free. */
carta_mcts *carta_mcts_new(const carta_game *g, const carta_rules *r,
                           const carta_mcts_options *opt, carta_error *err);

/* Searches from observation (game->observe for seat; seat must be to act) and writes the chosen
 * action, always one legal in the observation. All randomness derives from seed: same seed, same
 * observation and an iters budget give the same choice whatever the thread count's timing.
 * CARTA_ERR_ILLEGAL if seat is not to act or nothing is legal. */
carta_status carta_mcts_search(carta_mcts *m, const void *observation, int seat, uint64_t seed,
                               carta_action *out);

/* The statistics of the last search. */
void carta_mcts_last_stats(const carta_mcts *m, carta_mcts_stats *out);

/* The root of the last search, summed over threads: for each legal action of the observation (in
 * legal_actions' order) its visits and the mean reward of the seat to act (0 unvisited). Writes
 * at most cap of each and returns how many there are (0 when the last search did not search:
 * a single legal action, or an error). For diagnostics (bench/mcts_bench.c root). */
int carta_mcts_last_root(const carta_mcts *m, carta_action *actions, long *visits, double *mean,
                         int cap);

void carta_mcts_free(carta_mcts *m);

#endif
