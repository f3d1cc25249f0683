/* mcts.c: information-set MCTS (mcts.h): the node arena, one iteration, the workers (root or tree
 * parallel), time management and the choice. Options: mcts_options.c; play-outs: mcts_playout.c;
 * tree reuse: mcts_reuse.c. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "mcts.h"
#include "ai_impl.h"
#include "mcts_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"

static int past(const struct timespec *deadline)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec > deadline->tv_sec ||
           (ts.tv_sec == deadline->tv_sec && ts.tv_nsec >= deadline->tv_nsec);
}

static void lock(mcts_worker *w)
{
    if (w->m->shared)
        pthread_mutex_lock(&w->m->lock);
}

static void unlock(mcts_worker *w)
{
    if (w->m->shared)
        pthread_mutex_unlock(&w->m->lock);
}

/* ---- the tree ---- */

static void tree_reset(mcts_tree *t, int seat)
{
    mcts_node *root = &t->nodes[0];
    memset(root, 0, sizeof *root);
    root->first_child = root->next_sibling = MCTS_NONE;
    root->seat = seat;
    t->n_nodes = 1;
    t->full = 0;
    t->r_sum = t->r_sq = 0;
    t->r_n = 0;
}

/* A new child of parent for action, chosen by seat; MCTS_NONE if the arena is full. */
static int32_t tree_add(mcts_tree *t, int32_t parent, carta_action action, int seat)
{
    if (t->n_nodes >= t->cap) {
        t->full = 1;
        return MCTS_NONE;
    }
    int32_t id = (int32_t)t->n_nodes++;
    mcts_node *c = &t->nodes[id];
    c->reward = 0;
    c->action = action;
    c->visits = 0;
    c->avail = 1;
    c->seat = seat;
    c->first_child = MCTS_NONE;
    c->next_sibling = t->nodes[parent].first_child;
    t->nodes[parent].first_child = id;
    return id;
}

/* Maps each of the n legal actions to its child of node (w->legal_child), counts one more
 * availability for every child that is legal here, and returns how many actions are untried. */
static int tree_match(mcts_worker *w, int32_t node, int n)
{
    mcts_node *nodes = w->tree->nodes;
    for (int i = 0; i < n; i++)
        w->legal_child[i] = MCTS_NONE;
    int tried = 0;
    for (int32_t c = nodes[node].first_child; c != MCTS_NONE; c = nodes[c].next_sibling) {
        carta_action a = nodes[c].action;
        for (int i = 0; i < n; i++)
            if (w->legal[i] == a) {
                w->legal_child[i] = c;
                nodes[c].avail++;
                tried++;
                break;
            }
    }
    return n - tried;
}

/* The exploration constant: c, or with norm=1 c times twice the standard deviation of the
 * rewards seen (at most 1 for rewards in [0, 1]): an evaluation whose values differ by hundredths
 * is explored on its own scale, not as if a win and a loss were at stake. */
static double exploration(const mcts_tree *t, double c, int norm)
{
    if (!norm || t->r_n < 16)
        return c;
    double mean = t->r_sum / t->r_n, var = t->r_sq / t->r_n - mean * mean;
    double sd = var > 0 ? sqrt(var) : 0;
    return c * 2 * (sd > 0.005 ? sd : 0.005);
}

/* The legal child with the highest UCT value (first on ties); MCTS_NONE if none is tried. */
static int32_t tree_uct(const mcts_worker *w, int n)
{
    double best = -HUGE_VAL, c = exploration(w->tree, w->m->opt.c, w->m->opt.norm);
    int32_t best_id = MCTS_NONE;
    for (int i = 0; i < n; i++) {
        int32_t id = w->legal_child[i];
        if (id == MCTS_NONE)
            continue;
        const mcts_node *nd = &w->tree->nodes[id];
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

/* The untried legal action to expand: uniformly random, or with widening the best one ply ahead
 * for to_act among at most MCTS_PROBE_MAX untried ones. */
static int pick_untried(mcts_worker *w, int n, int untried, int to_act)
{
    int k = (int)carta_rng_below(&w->rng, (uint32_t)untried), pick = -1;
    if (w->m->opt.widen <= 0 || untried == 1) {
        for (int i = 0; i < n && pick < 0; i++)
            if (w->legal_child[i] == MCTS_NONE && k-- == 0)
                pick = i;
        return pick;
    }
    const carta_game *g = w->m->g;
    carta_error err = {0};
    double best_v = -2;
    for (int i = 0, seen = 0; i < n && seen < MCTS_PROBE_MAX; i++) {
        int j = (i + k) % n; /* from a random start */
        if (w->legal_child[j] != MCTS_NONE)
            continue;
        seen++;
        memcpy(w->probe, w->state, g->state_size);
        if (g->apply(w->m->r, w->probe, w->legal[j], &err) != CARTA_OK)
            continue;
        double v = carta_ai_evaluate(&w->m->eval, g, w->m->r, w->probe, to_act);
        if (pick < 0 || v > best_v) {
            best_v = v;
            pick = j;
        }
    }
    return pick;
}

/* Whether node, with n legal actions of which `untried` are untried, may try one more: always
 * without widening, else while it has tried fewer than 1 + K * sqrt(visits). */
static int may_widen(const mcts_worker *w, int32_t node, int n, int untried)
{
    double k = w->m->opt.widen;
    if (k <= 0)
        return 1;
    return n - untried < 1 + k * sqrt((double)w->tree->nodes[node].visits);
}

/* Selection and expansion at node with n legal actions for seat to_act: a new child for an
 * untried action if there is one, room and (widening) the node's visits allow it, else the UCT
 * choice among the legal tried children. Sets *expanded when the returned node is new.
 * MCTS_NONE: nothing to descend to. Called under the lock (tree parallel). */
static int32_t tree_step(mcts_worker *w, int32_t node, int n, int to_act, int *expanded)
{
    int untried = tree_match(w, node, n);
    *expanded = 0;
    if (untried > 0 && (untried == n || may_widen(w, node, n, untried))) {
        if (w->tree->n_nodes < w->tree->cap) {
            int i = pick_untried(w, n, untried, to_act);
            *expanded = 1;
            return tree_add(w->tree, node, w->legal[i], to_act);
        }
        w->tree->full = 1;
    }
    return tree_uct(w, n);
}

/* ---- one iteration ---- */

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
            rew[p] = g->evaluate
                         ? (carta_ai_evaluate(&w->m->eval, g, r, w->state, p) + 1.0) / 2.0
                         : 0.5;
}

/* Adds the rewards along the path; the visits were counted on the way down. */
static void backup(mcts_worker *w, int depth, const double *rew)
{
    w->tree->r_sum += rew[w->seat];
    w->tree->r_sq += rew[w->seat] * rew[w->seat];
    w->tree->r_n++;
    for (int i = 1; i < depth; i++) {
        mcts_node *nd = &w->tree->nodes[w->path[i]];
        nd->reward += rew[nd->seat];
    }
}

/* Descends from the root, expanding at most one node; returns the path's length. */
static int descend(mcts_worker *w, unsigned *seat_mask)
{
    const carta_game *g = w->m->g;
    const carta_rules *r = w->m->r;
    carta_error err = {0};
    int depth = 0, expanded = 0;
    int32_t node = 0;
    w->path[depth++] = node;
    lock(w);
    w->tree->nodes[0].visits++;
    unlock(w);
    while (!expanded && depth < MCTS_MAX_DEPTH) {
        int to_act = g->to_act(r, w->state);
        int n = to_act == CARTA_NO_SEAT ? 0 : g->legal_actions(r, w->state, w->legal);
        if (n <= 0)
            break;
        lock(w);
        int32_t next = tree_step(w, node, n, to_act, &expanded);
        carta_action a = next == MCTS_NONE ? 0 : w->tree->nodes[next].action;
        if (next != MCTS_NONE)
            w->tree->nodes[next].visits++; /* a virtual loss until backup */
        unlock(w);
        if (next == MCTS_NONE)
            break;
        if (g->apply(r, w->state, a, &err) != CARTA_OK) {
            lock(w);
            w->tree->nodes[next].visits--;
            unlock(w);
            break;
        }
        *seat_mask |= 1u << to_act;
        w->path[depth++] = node = next;
    }
    return depth;
}

static void iterate(mcts_worker *w)
{
    const carta_game *g = w->m->g;
    const carta_mcts_options *opt = &w->m->opt;
    memcpy(w->state, w->m->observation, g->state_size);
    g->determinize(w->m->r, w->state, w->seat, carta_rng_next64(&w->rng));
    unsigned seat_mask = 1u << w->seat;
    int depth = descend(w, &seat_mask);
    mcts_playout(w, opt->rollout == CARTA_MCTS_ROLLOUT_EVAL ? opt->depth : MCTS_ROLLOUT_CAP);
    double rew[CARTA_MAX_SEATS] = {0};
    score(w, seat_mask, rew);
    lock(w);
    backup(w, depth, rew);
    unlock(w);
}

/* ---- time management ---- */

/* Under a time budget with early=1: whether the most visited root action can no longer be
 * overtaken in the time left, at the rate of iterations so far (counted over the shared tree, or
 * this worker's own). */
static int settled(mcts_worker *w)
{
    const carta_mcts *m = w->m;
    double now = carta_seconds(), spent = now - m->t_start, left = m->t_end - now;
    long done = m->shared ? atomic_load(&((carta_mcts *)m)->issued) : w->iterations;
    if (spent <= 0 || done < 16)
        return 0;
    double to_come = done * left / spent;
    long first = 0, second = 0;
    lock(w);
    const mcts_node *nodes = w->tree->nodes;
    for (int32_t c = nodes[0].first_child; c != MCTS_NONE; c = nodes[c].next_sibling) {
        long v = nodes[c].visits;
        if (v > first) {
            second = first;
            first = v;
        } else if (v > second) {
            second = v;
        }
    }
    unlock(w);
    return first - second > to_come;
}

/* Whether worker w should stop before its next iteration. */
static int budget_spent(mcts_worker *w)
{
    carta_mcts *m = w->m;
    if (m->opt.iters) {
        if (m->shared)
            return atomic_fetch_add(&m->issued, 1) >= m->opt.iters;
        return w->iterations >= w->budget;
    }
    if (m->shared)
        atomic_fetch_add(&m->issued, 1);
    if (w->iterations == 0 || w->iterations % MCTS_CLOCK_EVERY)
        return atomic_load(&m->stop);
    if (past(&m->deadline))
        return 1;
    if (m->opt.early && settled(w)) {
        if (m->shared)
            atomic_store(&m->stop, 1);
        w->early = 1;
        return 1;
    }
    return atomic_load(&m->stop);
}

static void *worker_run(void *arg)
{
    mcts_worker *w = arg;
    w->iterations = 0;
    w->early = 0;
    while (!budget_spent(w)) {
        iterate(w);
        w->iterations++;
    }
    return NULL;
}

/* ---- making and freeing ---- */

/* Iterations of worker i when iters are split among root-parallel threads. */
static long worker_share(const carta_mcts_options *opt, int i)
{
    return opt->iters / opt->threads + (i < opt->iters % opt->threads);
}

/* The arena of worker i: one node per iteration suffices (twice that with reuse, for the kept
 * subtree), never more than `nodes`; tree-parallel workers but the first share it. */
static long arena_size(const carta_mcts_options *opt, int i)
{
    if (opt->tree && i > 0)
        return 0;
    long cap = opt->nodes;
    if (opt->iters) {
        long share = opt->tree ? opt->iters : worker_share(opt, i);
        long want = (opt->reuse ? 2 : 1) * share + 1;
        cap = want < cap ? want : cap;
    }
    return cap;
}

static int worker_alloc(carta_mcts *m, int i)
{
    mcts_worker *w = &m->workers[i];
    const carta_mcts_options *opt = &m->opt;
    w->m = m;
    w->own.cap = arena_size(opt, i);
    w->tree = opt->tree ? &m->workers[0].own : &w->own;
    w->state = malloc(m->g->state_size);
    w->probe = malloc(m->g->state_size);
    if (!w->state || !w->probe)
        return 0;
    if (opt->expert) {
        w->seen = malloc(m->g->state_size);
        w->scratch = malloc(CARTA_EXPERT_SCRATCH * m->g->state_size);
        if (!w->seen || !w->scratch)
            return 0;
    }
    if (!w->own.cap)
        return 1;
    w->own.nodes = malloc((size_t)w->own.cap * sizeof *w->own.nodes);
    w->own.remap = opt->reuse ? malloc((size_t)w->own.cap * sizeof *w->own.remap) : NULL;
    w->own.n_nodes = 0;
    return w->own.nodes && (!opt->reuse || w->own.remap);
}

carta_mcts *carta_mcts_new(const carta_game *g, const carta_rules *r,
                           const carta_mcts_options *opt, carta_error *err)
{
    int needs_eval = opt->rollout == CARTA_MCTS_ROLLOUT_EVAL || (opt->eps < 1 && !opt->expert) ||
                     opt->widen > 0;
    if (!g->determinize || !g->observe || (needs_eval && !g->evaluate)) {
        carta_error_set(err, CARTA_ERR_UNKNOWN,
                        "AI 'mcts' needs game '%s' to observe, determinize%s", g->id,
                        needs_eval ? " and evaluate" : "");
        return NULL;
    }
    if (opt->expert && !g->expert) {
        carta_error_set(err, CARTA_ERR_UNKNOWN,
                        "AI 'mcts': playout=expert needs game '%s' to have an expert AI", g->id);
        return NULL;
    }
    if (opt->threads < 1 || opt->threads > CARTA_MCTS_MAX_THREADS || (!opt->iters && !opt->ms)) {
        carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': bad threads or budget");
        return NULL;
    }
    carta_ai_eval eval;
    if (carta_ai_eval_init(&eval, g, "mcts", opt->weights[0] ? opt->weights : NULL, err) !=
        CARTA_OK)
        return NULL;
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
    m->eval = eval;
    m->n_workers = opt->threads;
    pthread_mutex_init(&m->lock, NULL);
    int ok = 1;
    for (int i = 0; i < m->n_workers && ok; i++)
        ok = worker_alloc(m, i);
    if (ok && opt->reuse) {
        m->prev_obs = malloc(g->state_size);
        m->replay = malloc((size_t)(MCTS_REUSE_DEPTH + 1) * g->state_size);
        ok = m->prev_obs && m->replay;
    }
    if (!ok) {
        carta_mcts_free(m);
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory making AI 'mcts' (%ld nodes)",
                        opt->nodes);
        return NULL;
    }
    return m;
}

void carta_mcts_free(carta_mcts *m)
{
    if (!m)
        return;
    for (int i = 0; m->workers && i < m->n_workers; i++) {
        free(m->workers[i].own.nodes);
        free(m->workers[i].own.remap);
        free(m->workers[i].state);
        free(m->workers[i].probe);
        free(m->workers[i].seen);
        free(m->workers[i].scratch);
    }
    if (m->workers)
        pthread_mutex_destroy(&m->lock);
    free(m->workers);
    free(m->prev_obs);
    free(m->replay);
    free(m);
}

/* ---- the search ---- */

static void start_workers(carta_mcts *m, const void *observation, int seat, uint64_t seed)
{
    m->observation = observation;
    m->shared = m->opt.tree && m->n_workers > 1;
    atomic_store(&m->issued, 0);
    atomic_store(&m->stop, 0);
    m->t_start = carta_seconds();
    m->t_end = m->t_start + m->opt.ms / 1000.0;
    clock_gettime(CLOCK_MONOTONIC, &m->deadline);
    long ms = m->opt.ms;
    m->deadline.tv_sec += ms / 1000;
    m->deadline.tv_nsec += (ms % 1000) * 1000000L;
    if (m->deadline.tv_nsec >= 1000000000L) {
        m->deadline.tv_sec++;
        m->deadline.tv_nsec -= 1000000000L;
    }
    for (int i = 0; i < m->n_workers; i++) {
        mcts_worker *w = &m->workers[i];
        w->seat = seat;
        w->budget = m->opt.iters && !m->opt.tree ? worker_share(&m->opt, i) : 0;
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

/* Sums the root children's statistics of every tree per legal action of the observation, and
 * returns the index of the most visited (then best rewarded, then first). */
static int pick_root(carta_mcts *m, int n)
{
    for (int i = 0; i < n; i++) {
        m->visits[i] = 0;
        m->reward[i] = 0;
    }
    int trees = m->opt.tree ? 1 : m->n_workers;
    for (int k = 0; k < trees; k++) {
        const mcts_node *nodes = m->workers[k].own.nodes;
        for (int32_t c = nodes[0].first_child; c != MCTS_NONE; c = nodes[c].next_sibling)
            for (int i = 0; i < n; i++)
                if (m->legal[i] == nodes[c].action) {
                    m->visits[i] += nodes[c].visits;
                    m->reward[i] += nodes[c].reward;
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

/* Starts the trees: the subtree of the actions seen since the last decision, or fresh. */
static void prepare_trees(carta_mcts *m, const void *observation, int seat)
{
    m->stats.reused = mcts_reuse(m, observation, seat);
    if (m->stats.reused)
        return;
    int trees = m->opt.tree ? 1 : m->n_workers;
    for (int i = 0; i < trees; i++)
        tree_reset(&m->workers[i].own, seat);
}

carta_status carta_mcts_search(carta_mcts *m, const void *observation, int seat, uint64_t seed,
                               carta_action *out)
{
    const carta_game *g = m->g;
    memset(&m->stats, 0, sizeof m->stats);
    m->n_legal = 0;
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
    prepare_trees(m, observation, seat);
    start_workers(m, observation, seat, seed);
    run_workers(m);
    *out = m->legal[pick_root(m, n)];
    m->n_legal = n;
    mcts_reuse_remember(m, observation, seat, *out);
    m->stats.seconds = carta_seconds() - t0;
    int trees = m->opt.tree ? 1 : m->n_workers;
    for (int i = 0; i < m->n_workers; i++) {
        m->stats.iterations += m->workers[i].iterations;
        m->stats.early |= m->workers[i].early;
    }
    const mcts_tree *first = &m->workers[0].own;
    if (first->r_n > 0) {
        double mean = first->r_sum / first->r_n, var = first->r_sq / first->r_n - mean * mean;
        m->stats.reward_sd = var > 0 ? sqrt(var) : 0;
    }
    for (int i = 0; i < trees; i++) {
        m->stats.nodes += m->workers[i].own.n_nodes;
        m->stats.full |= m->workers[i].own.full;
    }
    return CARTA_OK;
}

void carta_mcts_last_stats(const carta_mcts *m, carta_mcts_stats *out) { *out = m->stats; }

int carta_mcts_last_root(const carta_mcts *m, carta_action *actions, long *visits, double *mean,
                         int cap)
{
    for (int i = 0; i < m->n_legal && i < cap; i++) {
        actions[i] = m->legal[i];
        visits[i] = m->visits[i];
        mean[i] = m->visits[i] ? m->reward[i] / m->visits[i] : 0;
    }
    return m->n_legal;
}

/* ---- the "mcts" AI kind ---- */

static carta_status mcts_choose(carta_ai *ai, const void *observation, int seat, int n_legal,
                                carta_action *out)
{
    (void)n_legal;
    uint64_t seed = carta_rng_next64(&ai->rng);
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
    carta_status st = carta_mcts_options_parse(ai->game, spec, &opt, err);
    if (st != CARTA_OK)
        return st;
    ai->kind_data = carta_mcts_new(ai->game, ai->rules, &opt, err);
    if (!ai->kind_data)
        return err && err->status ? err->status : CARTA_ERR_NOMEM;
    ai->free_kind = mcts_free_kind;
    ai->choose = mcts_choose;
    return CARTA_OK;
}
