/* mcts.c: information-set MCTS (mcts.h): the node arena, one iteration, root-parallel search. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "mcts.h"
#include "ai_impl.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/rng.h"

enum {
    MCTS_MAX_DEPTH = 4096,     /* tree depth at most; deeper, an iteration plays out from there */
    MCTS_ROLLOUT_CAP = 20000,  /* random actions in one rollout at most, then evaluate */
    MCTS_CLOCK_EVERY = 8       /* iterations between clock reads under a time budget */
};
#define MCTS_NONE (-1)

/* A tree node: the action that leads to it from its parent, and statistics from the point of view
 * of the seat that chose that action. Children are a singly linked list inside the arena. */
typedef struct mcts_node {
    double reward; /* sum over visits of the reward of `seat` */
    carta_action action;
    int32_t first_child, next_sibling;
    int32_t visits, avail; /* avail: iterations in which the action was legal here */
    int32_t seat;
} mcts_node;

/* One root-parallel search thread: its own tree, state and scratch. */
typedef struct mcts_worker {
    const carta_mcts *m;
    mcts_node *nodes;
    long n_nodes, cap;
    unsigned char *state;
    carta_rng rng;
    const void *observation;
    int seat;
    int by_iters;        /* budget: iters (else the deadline) */
    long budget;
    struct timespec deadline;
    long iterations;
    int full;
    pthread_t thread;
    int32_t path[MCTS_MAX_DEPTH];
    carta_action legal[CARTA_MAX_ACTIONS];
    int32_t legal_child[CARTA_MAX_ACTIONS]; /* per legal index: its child node or MCTS_NONE */
} mcts_worker;

struct carta_mcts {
    const carta_game *g;
    const carta_rules *r;
    carta_mcts_options opt;
    int n_workers;
    mcts_worker *workers;
    carta_mcts_stats stats;
    carta_action legal[CARTA_MAX_ACTIONS];
    long visits[CARTA_MAX_ACTIONS];
    double reward[CARTA_MAX_ACTIONS];
};

static uint64_t next64(carta_rng *rng)
{
    uint64_t hi = carta_rng_next(rng);
    return hi << 32 | carta_rng_next(rng);
}

static int past(const struct timespec *deadline)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec > deadline->tv_sec ||
           (ts.tv_sec == deadline->tv_sec && ts.tv_nsec >= deadline->tv_nsec);
}

/* ---- the tree ---- */

static void tree_reset(mcts_worker *w)
{
    mcts_node *root = &w->nodes[0];
    memset(root, 0, sizeof *root);
    root->first_child = root->next_sibling = MCTS_NONE;
    root->seat = w->seat;
    w->n_nodes = 1;
}

/* A new child of parent for action, chosen by seat; MCTS_NONE if the arena is full. */
static int32_t tree_add(mcts_worker *w, int32_t parent, carta_action action, int seat)
{
    if (w->n_nodes >= w->cap) {
        w->full = 1;
        return MCTS_NONE;
    }
    int32_t id = (int32_t)w->n_nodes++;
    mcts_node *c = &w->nodes[id];
    c->reward = 0;
    c->action = action;
    c->visits = 0;
    c->avail = 1;
    c->seat = seat;
    c->first_child = MCTS_NONE;
    c->next_sibling = w->nodes[parent].first_child;
    w->nodes[parent].first_child = id;
    return id;
}

/* Maps each of the n legal actions to its child of node (w->legal_child), counts one more
 * availability for every child that is legal here, and returns how many actions are untried. */
static int tree_match(mcts_worker *w, int32_t node, int n)
{
    for (int i = 0; i < n; i++)
        w->legal_child[i] = MCTS_NONE;
    int tried = 0;
    for (int32_t c = w->nodes[node].first_child; c != MCTS_NONE; c = w->nodes[c].next_sibling) {
        carta_action a = w->nodes[c].action;
        for (int i = 0; i < n; i++)
            if (w->legal[i] == a) {
                w->legal_child[i] = c;
                w->nodes[c].avail++;
                tried++;
                break;
            }
    }
    return n - tried;
}

/* The legal child with the highest UCT value (first on ties); MCTS_NONE if none is tried. */
static int32_t tree_uct(const mcts_worker *w, int n)
{
    double best = -HUGE_VAL, c = w->m->opt.c;
    int32_t best_id = MCTS_NONE;
    for (int i = 0; i < n; i++) {
        int32_t id = w->legal_child[i];
        if (id == MCTS_NONE)
            continue;
        const mcts_node *nd = &w->nodes[id];
        double v = nd->visits ? nd->reward / nd->visits +
                                    c * sqrt(log((double)nd->avail) / nd->visits)
                              : HUGE_VAL; /* never backed up (its apply failed): try it */
        if (v > best) {
            best = v;
            best_id = id;
        }
    }
    return best_id;
}

/* Selection and expansion at node with n legal actions for seat to_act: a new child for an
 * untried action if there is one and room, else the UCT choice among the legal tried children.
 * Sets *expanded when the returned node is new. MCTS_NONE: nothing to descend to. */
static int32_t tree_step(mcts_worker *w, int32_t node, int n, int to_act, int *expanded)
{
    int untried = tree_match(w, node, n);
    *expanded = 0;
    if (untried > 0 && w->n_nodes < w->cap) {
        int k = (int)carta_rng_below(&w->rng, (uint32_t)untried);
        for (int i = 0; i < n; i++)
            if (w->legal_child[i] == MCTS_NONE && k-- == 0) {
                *expanded = 1;
                return tree_add(w, node, w->legal[i], to_act);
            }
    }
    if (untried > 0)
        w->full = 1;
    return tree_uct(w, n);
}

/* ---- one iteration ---- */

/* Plays random actions from w->state until the game ends or max actions were played. */
static void playout(mcts_worker *w, long max)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    carta_error err = {0};
    for (long k = 0; k < max; k++) {
        int n = g->legal_actions(r, w->state, w->legal);
        if (n <= 0)
            return;
        carta_action a = w->legal[carta_rng_below(&w->rng, (uint32_t)n)];
        if (g->apply(r, w->state, a, &err) != CARTA_OK)
            return;
    }
}

/* The reward in [0, 1] of every seat in seat_mask for w->state: the game's returns if it is over,
 * else its evaluation (0.5 each for a game without one). */
static void score(mcts_worker *w, unsigned seat_mask, double *rew)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    if (g->to_act(r, w->state) == CARTA_NO_SEAT) {
        g->returns(r, w->state, rew);
        return;
    }
    for (int p = 0; p < CARTA_MAX_SEATS; p++)
        if (seat_mask & (1u << p))
            rew[p] = g->evaluate ? (g->evaluate(r, w->state, p) + 1.0) / 2.0 : 0.5;
}

static void backup(mcts_worker *w, int depth, const double *rew)
{
    w->nodes[w->path[0]].visits++;
    for (int i = 1; i < depth; i++) {
        mcts_node *nd = &w->nodes[w->path[i]];
        nd->visits++;
        nd->reward += rew[nd->seat];
    }
}

static void iterate(mcts_worker *w)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    carta_error err = {0};
    memcpy(w->state, w->observation, g->state_size);
    g->determinize(r, w->state, w->seat, next64(&w->rng));
    int depth = 0, expanded = 0;
    int32_t node = 0;
    unsigned seat_mask = 1u << w->seat;
    w->path[depth++] = node;
    while (!expanded && depth < MCTS_MAX_DEPTH) {
        int to_act = g->to_act(r, w->state);
        int n = to_act == CARTA_NO_SEAT ? 0 : g->legal_actions(r, w->state, w->legal);
        if (n <= 0)
            break;
        int32_t next = tree_step(w, node, n, to_act, &expanded);
        if (next == MCTS_NONE || g->apply(r, w->state, w->nodes[next].action, &err) != CARTA_OK)
            break;
        seat_mask |= 1u << to_act;
        w->path[depth++] = node = next;
    }
    const carta_mcts_options *opt = &w->m->opt;
    playout(w, opt->rollout == CARTA_MCTS_ROLLOUT_EVAL ? opt->depth : MCTS_ROLLOUT_CAP);
    double rew[CARTA_MAX_SEATS] = {0};
    score(w, seat_mask, rew);
    backup(w, depth, rew);
}

static void *worker_run(void *arg)
{
    mcts_worker *w = arg;
    tree_reset(w);
    w->iterations = 0;
    w->full = 0;
    for (;;) {
        if (w->by_iters ? w->iterations >= w->budget
                        : w->iterations > 0 && w->iterations % MCTS_CLOCK_EVERY == 0 &&
                              past(&w->deadline))
            break;
        iterate(w);
        w->iterations++;
    }
    return NULL;
}

/* ---- options ---- */

void carta_mcts_options_default(carta_mcts_options *out)
{
    memset(out, 0, sizeof *out);
    out->ms = CARTA_MCTS_DEFAULT_MS;
    out->threads = 1;
    out->c = 1.0;
    out->rollout = CARTA_MCTS_ROLLOUT_EVAL;
    out->depth = CARTA_MCTS_DEFAULT_DEPTH;
    out->nodes = CARTA_MCTS_DEFAULT_NODES;
}

static carta_status parse_long(const char *key, const char *value, long lo, long hi, long *out,
                               carta_error *err)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (end == value || *end || v < lo || v > hi)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': %s must be %ld..%ld, not '%s'",
                               key, lo, hi, value);
    *out = v;
    return CARTA_OK;
}

static carta_status parse_c(const char *value, double *out, carta_error *err)
{
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !(v >= 0 && v <= 100))
        return carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': c must be 0..100, not '%s'",
                               value);
    *out = v;
    return CARTA_OK;
}

static carta_status parse_rollout(const char *value, int *out, carta_error *err)
{
    if (strcmp(value, "random") == 0)
        *out = CARTA_MCTS_ROLLOUT_RANDOM;
    else if (strcmp(value, "eval") == 0)
        *out = CARTA_MCTS_ROLLOUT_EVAL;
    else
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI 'mcts': rollout must be random or eval, not '%s'", value);
    return CARTA_OK;
}

carta_status carta_mcts_options_parse(const carta_ai_spec *spec, carta_mcts_options *out,
                                      carta_error *err)
{
    static const char *const allowed[] = {"iters", "ms",    "threads", "c",
                                          "rollout", "depth", "nodes",   NULL};
    carta_mcts_options_default(out);
    for (int i = 0; i < spec->n_opts; i++) {
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(*a, spec->key[i]) == 0;
        if (!ok)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "AI 'mcts' has no option '%s' (options: iters, ms, threads, "
                                   "c, rollout, depth, nodes)",
                                   spec->key[i]);
    }
    const char *iters = carta_ai_spec_get(spec, "iters"), *ms = carta_ai_spec_get(spec, "ms");
    const char *v;
    long n = 0;
    carta_status st = CARTA_OK;
    if (iters && ms)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI 'mcts': give a budget in iters or in ms, not both");
    if (iters) {
        st = parse_long("iters", iters, 1, 1000000000L, &out->iters, err);
        out->ms = 0;
    }
    if (st == CARTA_OK && ms)
        st = parse_long("ms", ms, 1, 86400000L, &out->ms, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "threads"))) {
        st = parse_long("threads", v, 1, CARTA_MCTS_MAX_THREADS, &n, err);
        out->threads = (int)n;
    }
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "c")))
        st = parse_c(v, &out->c, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "rollout")))
        st = parse_rollout(v, &out->rollout, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "depth"))) {
        st = parse_long("depth", v, 0, MCTS_ROLLOUT_CAP, &n, err);
        out->depth = (int)n;
    }
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "nodes")))
        st = parse_long("nodes", v, 2, 1L << 28, &out->nodes, err);
    return st;
}

/* ---- the search ---- */

/* Iterations of worker i when iters are split among the threads. */
static long worker_share(const carta_mcts_options *opt, int i)
{
    return opt->iters / opt->threads + (i < opt->iters % opt->threads);
}

carta_mcts *carta_mcts_new(const carta_game *g, const carta_rules *r,
                           const carta_mcts_options *opt, carta_error *err)
{
    if (!g->determinize || !g->observe || (opt->rollout == CARTA_MCTS_ROLLOUT_EVAL && !g->evaluate)) {
        carta_error_set(err, CARTA_ERR_UNKNOWN,
                        "AI 'mcts' needs game '%s' to observe, determinize%s", g->id,
                        opt->rollout == CARTA_MCTS_ROLLOUT_EVAL ? " and evaluate" : "");
        return NULL;
    }
    if (opt->threads < 1 || opt->threads > CARTA_MCTS_MAX_THREADS || (!opt->iters && !opt->ms)) {
        carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': bad threads or budget");
        return NULL;
    }
    carta_mcts *m = calloc(1, sizeof *m);
    if (m)
        m->workers = calloc((size_t)opt->threads, sizeof *m->workers);
    if (!m || !m->workers) {
        carta_mcts_free(m);
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI 'mcts'");
        return NULL;
    }
    m->g = g;
    m->r = r;
    m->opt = *opt;
    m->n_workers = opt->threads;
    for (int i = 0; i < m->n_workers; i++) {
        mcts_worker *w = &m->workers[i];
        w->m = m;
        w->cap = opt->iters ? worker_share(opt, i) + 1 : opt->nodes;
        if (w->cap > opt->nodes)
            w->cap = opt->nodes;
        w->nodes = malloc((size_t)w->cap * sizeof *w->nodes);
        w->state = malloc(g->state_size);
        if (!w->nodes || !w->state) {
            carta_mcts_free(m);
            carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI 'mcts' (%ld nodes)",
                            opt->nodes);
            return NULL;
        }
    }
    return m;
}

void carta_mcts_free(carta_mcts *m)
{
    if (!m)
        return;
    for (int i = 0; m->workers && i < m->n_workers; i++) {
        free(m->workers[i].nodes);
        free(m->workers[i].state);
    }
    free(m->workers);
    free(m);
}

static void start_workers(carta_mcts *m, const void *observation, int seat, uint64_t seed)
{
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long ms = m->opt.ms;
    deadline.tv_sec += ms / 1000;
    deadline.tv_nsec += (ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    for (int i = 0; i < m->n_workers; i++) {
        mcts_worker *w = &m->workers[i];
        w->observation = observation;
        w->seat = seat;
        w->by_iters = m->opt.iters > 0;
        w->budget = w->by_iters ? worker_share(&m->opt, i) : 0;
        w->deadline = deadline;
        carta_rng_seed(&w->rng, carta_mix64(seed + 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1)));
    }
}

/* Runs every worker: workers 1.. on their own threads (inline if a thread cannot start), 0 here. */
static void run_workers(carta_mcts *m)
{
    int started[CARTA_MCTS_MAX_THREADS] = {0};
    for (int i = 1; i < m->n_workers; i++)
        started[i] = pthread_create(&m->workers[i].thread, NULL, worker_run, &m->workers[i]) == 0;
    worker_run(&m->workers[0]);
    for (int i = 1; i < m->n_workers; i++) {
        if (started[i])
            pthread_join(m->workers[i].thread, NULL);
        else
            worker_run(&m->workers[i]);
    }
}

/* Sums the root children's statistics of every worker per legal action of the observation, and
 * returns the index of the most visited (then best rewarded, then first). */
static int pick_root(carta_mcts *m, int n)
{
    for (int i = 0; i < n; i++) {
        m->visits[i] = 0;
        m->reward[i] = 0;
    }
    for (int k = 0; k < m->n_workers; k++) {
        const mcts_worker *w = &m->workers[k];
        for (int32_t c = w->nodes[0].first_child; c != MCTS_NONE; c = w->nodes[c].next_sibling)
            for (int i = 0; i < n; i++)
                if (m->legal[i] == w->nodes[c].action) {
                    m->visits[i] += w->nodes[c].visits;
                    m->reward[i] += w->nodes[c].reward;
                    break;
                }
    }
    int best = 0;
    for (int i = 1; i < n; i++) {
        double mean_i = m->visits[i] ? m->reward[i] / m->visits[i] : 0;
        double mean_b = m->visits[best] ? m->reward[best] / m->visits[best] : 0;
        if (m->visits[i] > m->visits[best] || (m->visits[i] == m->visits[best] && mean_i > mean_b))
            best = i;
    }
    return best;
}

carta_status carta_mcts_search(carta_mcts *m, const void *observation, int seat, uint64_t seed,
                               carta_action *out)
{
    const carta_game *g = m->g;
    memset(&m->stats, 0, sizeof m->stats);
    if (g->to_act(m->r, observation) != seat)
        return CARTA_ERR_ILLEGAL;
    int n = g->legal_actions(m->r, observation, m->legal);
    if (n <= 0)
        return CARTA_ERR_ILLEGAL;
    if (n == 1) {
        *out = m->legal[0];
        return CARTA_OK;
    }
    double t0 = carta_seconds();
    start_workers(m, observation, seat, seed);
    run_workers(m);
    *out = m->legal[pick_root(m, n)];
    m->stats.seconds = carta_seconds() - t0;
    for (int i = 0; i < m->n_workers; i++) {
        m->stats.iterations += m->workers[i].iterations;
        m->stats.nodes += m->workers[i].n_nodes;
        m->stats.full |= m->workers[i].full;
    }
    return CARTA_OK;
}

void carta_mcts_last_stats(const carta_mcts *m, carta_mcts_stats *out) { *out = m->stats; }

/* ---- the "mcts" AI kind ---- */

static carta_status mcts_choose(carta_ai *ai, const void *observation, int seat, int n_legal,
                                carta_action *out)
{
    (void)n_legal;
    uint64_t seed = next64(&ai->rng);
    return carta_mcts_search(ai->kind_data, observation, seat, seed, out);
}

static void mcts_free_kind(carta_ai *ai)
{
    carta_mcts_free(ai->kind_data);
    ai->kind_data = NULL;
}

carta_status carta_ai_mcts_init(carta_ai *ai, const carta_ai_spec *spec, carta_error *err)
{
    carta_mcts_options opt;
    carta_status st = carta_mcts_options_parse(spec, &opt, err);
    if (st != CARTA_OK)
        return st;
    ai->kind_data = carta_mcts_new(ai->game, ai->rules, &opt, err);
    if (!ai->kind_data)
        return err && err->status ? err->status : CARTA_ERR_NOMEM;
    ai->free_kind = mcts_free_kind;
    ai->choose = mcts_choose;
    return CARTA_OK;
}
