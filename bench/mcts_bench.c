/* mcts_bench.c: ISMCTS measurements outside the test suite: iterations per second from fixed
 * mid-game states, and matches between two players (mcts specs, or any carta_ai kind).
 *
 * Not built by CMake; build against a build directory's libraries (see docs/ai.md):
 *   cc -O2 -Isrc bench/mcts_bench.c build/libcarta_ai.a build/libcarta_games.a \
 *      build/libcarta_core.a $(pkg-config --libs libfyaml jansson sqlite3) -lpthread -lm
 * Usage:
 *   mcts_bench rate GAME [SPEC]          iterations/s (default spec mcts:iters=3000)
 *   mcts_bench match GAME SPEC_A SPEC_B [GAMES] [THREADS] [SEED]
 *   mcts_bench root GAME [BASE_SPEC] [B] [POSITIONS]   root statistics at B, 4B, 16B iterations
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "ai/mcts.h"
#include "core/clock.h"
#include "core/outcome.h"
#include "core/rng.h"
#include "games/registry.h"

#ifndef CARTA_DATA_DIR
#define CARTA_DATA_DIR "data"
#endif

typedef struct player {
    carta_ai *ai;     /* any kind but mcts */
    carta_mcts *mcts; /* mcts, driven here directly */
    carta_rng rng;
    long searches, reused, kept; /* searches made, how many started from a kept subtree, nodes */
} player;

static int player_new(player *p, const carta_game *g, const carta_rules *r, const char *spec,
                      uint64_t seed)
{
    carta_error err = {0};
    carta_ai_spec parsed;
    memset(p, 0, sizeof *p);
    carta_rng_seed(&p->rng, seed);
    if (carta_ai_spec_parse(spec, &parsed, &err) != CARTA_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    if (strcmp(parsed.kind, "mcts") == 0) {
        carta_mcts_options opt;
        if (carta_mcts_options_parse(g, &parsed, &opt, &err) == CARTA_OK)
            p->mcts = carta_mcts_new(g, r, &opt, &err);
    } else {
        p->ai = carta_ai_new(g, r, spec, seed, &err);
    }
    if (!p->mcts && !p->ai)
        fprintf(stderr, "%s: %s\n", spec, err.msg);
    return !p->mcts && !p->ai;
}

static carta_status player_choose(player *p, const void *obs, int seat, carta_action *out)
{
    if (p->ai)
        return carta_ai_choose(p->ai, obs, seat, out);
    uint64_t seed = carta_rng_next64(&p->rng);
    carta_status st = carta_mcts_search(p->mcts, obs, seat, seed, out);
    carta_mcts_stats stats;
    carta_mcts_last_stats(p->mcts, &stats);
    p->searches += stats.iterations > 0;
    p->reused += stats.reused > 0;
    p->kept += stats.reused;
    return st;
}

static void player_free(player *p)
{
    carta_ai_free(p->ai);
    carta_mcts_free(p->mcts);
}

static int setup(const carta_game *g, const carta_rules *r, uint64_t seed, void *state)
{
    carta_config config = {.n_seats = 2, .seed = seed};
    carta_error err = {0};
    for (int s = 0; s < 2; s++)
        if (g->deck_resolve(r, "random", carta_mix64(seed + 100 + (uint64_t)s), &config.decks[s],
                            &err) != CARTA_OK)
            break;
    if (!err.status && g->setup(r, state, &config, &err) == CARTA_OK)
        return 0;
    fprintf(stderr, "setup: %s\n", err.msg);
    return 1;
}

/* ---- rate ---- */

static int bench_rate(const carta_game *g, const carta_rules *r, const char *spec)
{
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    player p;
    if (player_new(&p, g, r, spec, 1) || !p.mcts)
        return 1;
    long iters = 0;
    double seconds = 0;
    carta_action legal[CARTA_MAX_ACTIONS];
    int positions = 0;
    /* Fixed mid-game states: 20 games from seeds 1..20, 40 random actions in. */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        if (setup(g, r, seed, state))
            return 1;
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        carta_error err = {0};
        for (int k = 0; k < 40 && g->to_act(r, state) != CARTA_NO_SEAT; k++) {
            int n = g->legal_actions(r, state, legal);
            g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], &err);
        }
        int seat = g->to_act(r, state);
        if (seat == CARTA_NO_SEAT || g->legal_actions(r, state, legal) < 2)
            continue;
        g->observe(r, state, seat, obs);
        carta_action a;
        carta_mcts_search(p.mcts, obs, seat, seed, &a);
        carta_mcts_stats st;
        carta_mcts_last_stats(p.mcts, &st);
        iters += st.iterations;
        seconds += st.seconds;
        positions++;
    }
    printf("%s %s: %d positions, %ld iterations in %.3f s: %.0f iterations/s\n", g->id, spec,
           positions, iters, seconds, iters / seconds);
    player_free(&p);
    free(state);
    free(obs);
    return 0;
}

/* ---- root: how the root's statistics change with the budget ---- */

/* A search of base's options with an iters budget; e.g. "mcts" or "mcts:c=0.3". */
static carta_mcts *mcts_with_iters(const carta_game *g, const carta_rules *r, const char *base,
                                   long iters)
{
    char spec[256];
    const char *colon = strchr(base, ':');
    snprintf(spec, sizeof spec, "mcts:iters=%ld%s%s", iters, colon ? "," : "",
             colon ? colon + 1 : "");
    carta_ai_spec parsed;
    carta_mcts_options opt;
    carta_error err = {0};
    if (carta_ai_spec_parse(spec, &parsed, &err) ||
        carta_mcts_options_parse(g, &parsed, &opt, &err))
        return fprintf(stderr, "%s: %s\n", spec, err.msg), NULL;
    return carta_mcts_new(g, r, &opt, &err);
}

typedef struct root_look {
    carta_action choice;
    double share, gap, value; /* visits share of the choice, its mean minus the next best, mean */
    double sd;                /* the standard deviation of the rewards backed up */
} root_look;

static root_look look_at_root(carta_mcts *m, const void *obs, int seat, uint64_t seed)
{
    static carta_action acts[CARTA_MAX_ACTIONS];
    static long visits[CARTA_MAX_ACTIONS];
    static double mean[CARTA_MAX_ACTIONS];
    root_look l = {0};
    carta_mcts_search(m, obs, seat, seed, &l.choice);
    carta_mcts_stats st;
    carta_mcts_last_stats(m, &st);
    l.sd = st.reward_sd;
    int n = carta_mcts_last_root(m, acts, visits, mean, CARTA_MAX_ACTIONS);
    long total = 0;
    double next = -1;
    for (int i = 0; i < n; i++) {
        total += visits[i];
        if (acts[i] == l.choice)
            l.value = mean[i];
    }
    for (int i = 0; i < n; i++) {
        if (acts[i] == l.choice)
            l.share = (double)visits[i] / (total ? total : 1);
        else if (visits[i] * 20 >= total / n && mean[i] > next) /* a real contender */
            next = mean[i];
    }
    l.gap = next < 0 ? 0 : l.value - next;
    return l;
}

/* Mid-game positions reached by greedy play; for budgets B, 4B, 16B (two seeds each) and a
 * reference search of 64B: how often the choice equals the reference's and the other seed's, the
 * chosen action's share of the root visits, its mean reward, and its lead over the next best. */
static int bench_root(const carta_game *g, const carta_rules *r, const char *base, long b,
                      int n_pos)
{
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    carta_action legal[CARTA_MAX_ACTIONS];
    enum { LEVELS = 3 };
    double agree_ref[LEVELS] = {0}, agree_self[LEVELS] = {0}, share[LEVELS] = {0};
    double gap[LEVELS] = {0}, value[LEVELS] = {0}, sd[LEVELS] = {0}, width = 0;
    int positions = 0;
    carta_error err = {0};
    for (uint64_t seed = 1; positions < n_pos && seed < 1000; seed++) {
        if (setup(g, r, seed, state))
            return 1;
        carta_ai *greedy = carta_ai_new(g, r, "greedy", seed, &err);
        int plies = 20 + (int)(seed % 30), seat = CARTA_NO_SEAT;
        for (int k = 0; k < plies && (seat = g->to_act(r, state)) != CARTA_NO_SEAT; k++) {
            carta_action a;
            g->observe(r, state, seat, obs);
            carta_ai_choose(greedy, obs, seat, &a);
            g->apply(r, state, a, &err);
        }
        carta_ai_free(greedy);
        int n = 0;
        if ((seat = g->to_act(r, state)) == CARTA_NO_SEAT ||
            (n = g->legal_actions(r, state, legal)) < 2)
            continue;
        g->observe(r, state, seat, obs);
        carta_mcts *ref = mcts_with_iters(g, r, base, 64 * b);
        root_look want = look_at_root(ref, obs, seat, seed * 977);
        carta_mcts_free(ref);
        long budget = b;
        for (int l = 0; l < LEVELS; l++, budget *= 4) {
            carta_mcts *m = mcts_with_iters(g, r, base, budget);
            root_look one = look_at_root(m, obs, seat, seed);
            root_look two = look_at_root(m, obs, seat, ~seed);
            carta_mcts_free(m);
            agree_ref[l] += (one.choice == want.choice) + (two.choice == want.choice);
            agree_self[l] += one.choice == two.choice;
            share[l] += one.share + two.share;
            gap[l] += one.gap + two.gap;
            value[l] += one.value + two.value;
            sd[l] += one.sd + two.sd;
        }
        width += n;
        positions++;
    }
    printf("%s %s, %d positions (greedy play), %.1f legal actions on average; reference %ld\n",
           g->id, base, positions, width / positions, 64 * b);
    printf("  iters    = reference  = other seed  visit share  mean reward  lead   reward sd\n");
    long budget = b;
    for (int l = 0; l < LEVELS; l++, budget *= 4)
        printf("  %-8ld %9.0f%% %11.0f%% %11.0f%% %12.3f %7.3f %9.3f\n", budget,
               50.0 * agree_ref[l] / positions, 100.0 * agree_self[l] / positions,
               50.0 * share[l] / positions, value[l] / (2 * positions),
               gap[l] / (2 * positions), sd[l] / (2 * positions));
    free(state);
    free(obs);
    return 0;
}

/* ---- match ---- */

typedef struct match {
    const carta_game *g;
    const carta_rules *r;
    const char *spec[2];
    int n_games;
    uint64_t seed;
    atomic_int next;
    int *winner; /* per game: 0 = spec A, 1 = spec B, -1 draw */
    long *actions;
    atomic_long searches[2], reused[2], kept[2]; /* per spec, as in player */
} match;

static void *match_worker(void *arg)
{
    match *m = arg;
    const carta_game *g = m->g;
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    int i;
    while ((i = atomic_fetch_add(&m->next, 1)) < m->n_games) {
        uint64_t seed = carta_mix64(m->seed ^ (uint64_t)i);
        player pl[2]; /* pl[seat]; spec A sits in seat i % 2 */
        int a_seat = i % 2;
        m->winner[i] = -1;
        if (setup(g, m->r, seed, state) ||
            player_new(&pl[a_seat], g, m->r, m->spec[0], carta_mix64(seed + 1)) ||
            player_new(&pl[1 - a_seat], g, m->r, m->spec[1], carta_mix64(seed + 2)))
            exit(1);
        int seat;
        carta_error err = {0};
        while ((seat = g->to_act(m->r, state)) != CARTA_NO_SEAT) {
            carta_action a;
            g->observe(m->r, state, seat, obs);
            if (player_choose(&pl[seat], obs, seat, &a) != CARTA_OK ||
                g->apply(m->r, state, a, &err) != CARTA_OK) {
                fprintf(stderr, "game %d: no legal choice (%s)\n", i, err.msg);
                exit(1);
            }
            m->actions[i]++;
        }
        for (int s = 0; s < 2; s++) {
            int spec = s == a_seat ? 0 : 1;
            atomic_fetch_add(&m->searches[spec], pl[s].searches);
            atomic_fetch_add(&m->reused[spec], pl[s].reused);
            atomic_fetch_add(&m->kept[spec], pl[s].kept);
        }
        int w = carta_outcome_winner(g, m->r, state, 2);
        m->winner[i] = w == CARTA_NO_SEAT ? -1 : w == a_seat ? 0 : 1;
        player_free(&pl[0]);
        player_free(&pl[1]);
    }
    free(state);
    free(obs);
    return NULL;
}

static void wilson(int k, int n, double *lo, double *hi)
{
    const double z = 1.959963984540054;
    double p = (double)k / n, z2n = z * z / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2n);
    *lo = center - half < 0 ? 0 : center - half;
    *hi = center + half > 1 ? 1 : center + half;
}

static int bench_match(match *m, int threads)
{
    m->winner = calloc((size_t)m->n_games, sizeof *m->winner);
    m->actions = calloc((size_t)m->n_games, sizeof *m->actions);
    pthread_t th[64];
    double t0 = carta_seconds();
    for (int t = 0; t < threads; t++)
        pthread_create(&th[t], NULL, match_worker, m);
    for (int t = 0; t < threads; t++)
        pthread_join(th[t], NULL);
    int wins[2] = {0}, draws = 0;
    long actions = 0;
    for (int i = 0; i < m->n_games; i++) {
        if (m->winner[i] < 0)
            draws++;
        else
            wins[m->winner[i]]++;
        actions += m->actions[i];
    }
    printf("%s: %d games, seed %llu, %d threads, %.1f s, %.1f actions/game\n", m->g->id,
           m->n_games, (unsigned long long)m->seed, threads, carta_seconds() - t0,
           (double)actions / m->n_games);
    for (int p = 0; p < 2; p++) {
        double lo, hi;
        wilson(wins[p], m->n_games, &lo, &hi);
        printf("  %-36s wins %4d (%5.1f%%, 95%% [%.1f%%, %.1f%%])\n", m->spec[p], wins[p],
               100.0 * wins[p] / m->n_games, 100 * lo, 100 * hi);
        long searches = atomic_load(&m->searches[p]), reused = atomic_load(&m->reused[p]);
        if (searches)
            printf("    %ld searches, %ld (%.0f%%) from a kept subtree of %.0f nodes on average\n",
                   searches, reused, 100.0 * reused / searches,
                   reused ? (double)atomic_load(&m->kept[p]) / reused : 0.0);
    }
    printf("  draws %d\n", draws);
    free(m->winner);
    free(m->actions);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: mcts_bench rate GAME [SPEC] | match GAME A B [GAMES] [THREADS] "
                        "[SEED] | root GAME [SPEC] [B] [POSITIONS]\n");
        return 2;
    }
    const carta_game *g = carta_game_find(argv[2]);
    if (!g) {
        fprintf(stderr, "unknown game %s\n", argv[2]);
        return 2;
    }
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
    carta_error err = {0};
    carta_rules *r = g->open(dir, &err);
    if (!r) {
        fprintf(stderr, "%s\n", err.msg);
        return 1;
    }
    int rc = 2;
    if (strcmp(argv[1], "rate") == 0) {
        rc = bench_rate(g, r, argc > 3 ? argv[3] : "mcts:iters=3000");
    } else if (strcmp(argv[1], "root") == 0) {
        rc = bench_root(g, r, argc > 3 ? argv[3] : "mcts", argc > 4 ? atol(argv[4]) : 1000,
                        argc > 5 ? atoi(argv[5]) : 20);
    } else if (strcmp(argv[1], "match") == 0 && argc >= 5) {
        match m = {.g = g, .r = r, .spec = {argv[3], argv[4]}};
        m.n_games = argc > 5 ? atoi(argv[5]) : 100;
        int threads = argc > 6 ? atoi(argv[6]) : 1;
        m.seed = argc > 7 ? strtoull(argv[7], NULL, 10) : 1;
        if (threads < 1 || threads > 64 || m.n_games < 1)
            return 2;
        rc = bench_match(&m, threads);
    }
    g->close(r);
    return rc;
}
