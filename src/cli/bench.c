/* bench.c: `carta bench`: speed of a rule system from fixed seeds, and a deterministic work count
 * (total actions; the final states' digests folded into a checksum) so any change in behaviour
 * shows: raw random self-play, whole games between random and between greedy AIs through the AI
 * API (as `carta sim` plays them), and ISMCTS iterations per second from fixed mid-game states.
 * Single thread; times from CLOCK_MONOTONIC. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "core/clock.h"
#include "core/rng.h"

static const char usage[] =
    "usage: carta bench [GAME] [--games N] [--ai-games N] [--mcts-iters N] [--mcts-states K]\n"
    "                   [--seed S] [--players N] [--mode M]\n"
    "For GAME (default: every game), single-threaded, from seed S (default 1):\n"
    "  self-play   N random games (default 200) straight on the contract: the state size,\n"
    "              actions per second (legal_actions + apply), games per second (deck\n"
    "              generation and setup included), the time to clone a mid-game state (memcpy;\n"
    "              a raw 16 KiB memcpy for comparison) and observe+determinize;\n"
    "  random, greedy   --ai-games games (default 50) between two such AIs through the AI API\n"
    "              (observe, choose, apply: as carta sim plays), in games per second;\n"
    "  mcts        ISMCTS (mcts:iters=N, one thread; --mcts-iters default 2000) choosing once\n"
    "              in each of K fixed mid-game states (--mcts-states, default 4), in iterations\n"
    "              per second (0 iterations: skip).\n"
    "Each part prints a work count (actions, and a checksum of final states or choices) that must\n"
    "not change unless the rules or the AI do.\n" CLI_GAME_OPTS_USAGE;

/* What a bench run is asked to do. */
typedef struct bench_opts {
    int n_games, ai_games, mcts_iters, mcts_states;
    uint64_t seed;
    cli_game_opts game_opts;
} bench_opts;

enum {
    BENCH_MAX_ACTIONS = 100000,   /* per game */
    BENCH_MID_ACTION = 60,        /* the mid-game state is taken after this many actions */
    BENCH_MCTS_ACTION = 40,       /* ISMCTS states: after this many random actions */
    BENCH_CLONES = 2000000,
    BENCH_OBSERVES = 100000,
    BENCH_RAW_BYTES = 16 * 1024
};

/* Keeps the compiler from dropping a copy whose result is never read. */
#define BENCH_BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")

typedef struct bench_play {
    double play_seconds; /* in legal_actions + apply only, setup excluded */
    long long actions;
    uint64_t checksum;
    int games;
} bench_play;

/* Plays one random game from game_seed into state; copies a mid-game state into mid if asked. */
/* Sets up the game of game_seed (random decks) in state. */
static int bench_setup(const carta_game *g, const carta_rules *r, const cli_game_opts *o,
                       uint64_t game_seed, void *state)
{
    carta_config config;
    carta_error err = {0};
    if (cli_make_config(g, r, o->players, game_seed, NULL, &config))
        return 1;
    cli_game_opts_apply(o, &config);
    memset(state, 0, g->state_size);
    if (g->setup(r, state, &config, &err) != CARTA_OK) {
        cli_error("setup: %s", err.msg);
        return 1;
    }
    return 0;
}

static int play_random(const carta_game *g, const carta_rules *r, const cli_game_opts *o,
                       uint64_t game_seed, void *state, void *mid, carta_action *legal,
                       bench_play *out)
{
    carta_error err = {0};
    if (bench_setup(g, r, o, game_seed, state))
        return 1;
    carta_rng rng;
    carta_rng_seed(&rng, game_seed);
    int n, actions = 0;
    double start = carta_seconds();
    while ((n = g->legal_actions(r, state, legal)) > 0 && actions < BENCH_MAX_ACTIONS) {
        if (g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], &err) != CARTA_OK) {
            cli_error("a legal action was refused: %s", err.msg);
            return 1;
        }
        if (++actions == BENCH_MID_ACTION && mid)
            memcpy(mid, state, g->state_size);
    }
    out->play_seconds += carta_seconds() - start;
    if (mid && actions < BENCH_MID_ACTION)
        memcpy(mid, state, g->state_size);
    out->actions += actions;
    out->checksum = carta_mix64(out->checksum ^ carta_digest(state, g->state_size));
    out->games++;
    return 0;
}

static double time_clones(void *dst, const void *src, size_t size, int n)
{
    double start = carta_seconds();
    for (int i = 0; i < n; i++) {
        memcpy(dst, src, size);
        BENCH_BARRIER(dst);
    }
    return (carta_seconds() - start) * 1e9 / n;
}

static double time_observe(const carta_game *g, const carta_rules *r, const void *mid, void *buf)
{
    int seat = g->to_act(r, mid);
    if (seat == CARTA_NO_SEAT)
        seat = 0;
    double start = carta_seconds();
    for (int i = 0; i < BENCH_OBSERVES; i++) {
        g->observe(r, mid, seat, buf);
        g->determinize(r, buf, seat, (uint64_t)i);
        BENCH_BARRIER(buf);
    }
    return (carta_seconds() - start) * 1e9 / BENCH_OBSERVES;
}

/* Plays one game of game_seed between AIs of spec (one per seat, seeded from the game) through
 * the AI API, as carta sim does: observe, choose, apply. */
static int play_ai(const carta_game *g, const carta_rules *r, const cli_game_opts *o,
                   const char *spec, uint64_t game_seed, void *state, void *view, bench_play *out)
{
    carta_ai *ai[CARTA_MAX_SEATS] = {0};
    carta_error err = {0};
    int rc = bench_setup(g, r, o, game_seed, state);
    for (int seat = 0; rc == 0 && seat < o->players; seat++)
        if (!(ai[seat] = carta_ai_new(g, r, spec, carta_mix64(game_seed + 1 + (uint64_t)seat),
                                      &err))) {
            cli_error("%s: %s", spec, err.msg);
            rc = 1;
        }
    int seat, actions = 0;
    double start = carta_seconds();
    while (rc == 0 && (seat = g->to_act(r, state)) != CARTA_NO_SEAT &&
           actions < BENCH_MAX_ACTIONS) {
        carta_action action;
        g->observe(r, state, seat, view);
        if (carta_ai_choose(ai[seat], view, seat, &action) != CARTA_OK ||
            g->apply(r, state, action, &err) != CARTA_OK) {
            cli_error("%s: %s", spec, err.msg[0] ? err.msg : "no legal action");
            rc = 1;
        }
        actions++;
    }
    out->play_seconds += carta_seconds() - start;
    out->actions += actions;
    out->checksum = carta_mix64(out->checksum ^ carta_digest(state, g->state_size));
    out->games++;
    for (int i = 0; i < o->players; i++)
        carta_ai_free(ai[i]);
    return rc;
}

/* ai_games games between AIs of spec; prints games per second. */
static int bench_ai(const carta_game *g, const carta_rules *r, const bench_opts *o,
                    const char *spec, void *state, void *view)
{
    bench_play play = {0};
    double start = carta_seconds();
    for (int i = 0; i < o->ai_games; i++)
        if (play_ai(g, r, &o->game_opts, spec, carta_mix64(o->seed ^ (uint64_t)i), state, view,
                    &play))
            return 1;
    double seconds = carta_seconds() - start;
    printf("  %-10s  %d games in %.3f s: %.1f games/s, %.0f actions/s (AI creation included)\n",
           spec, play.games, seconds, seconds > 0 ? play.games / seconds : 0,
           seconds > 0 ? play.actions / seconds : 0);
    printf("              work: %lld actions, checksum %016llx\n", play.actions,
           (unsigned long long)play.checksum);
    return 0;
}

/* Plays random actions from game_seed's setup into state until BENCH_MCTS_ACTION actions have
 * been played and the seat to act has a choice of two or more; 1 if the game ended first. */
static int mcts_position(const carta_game *g, const carta_rules *r, const cli_game_opts *o,
                         uint64_t game_seed, void *state, carta_action *legal, int *failed)
{
    carta_rng rng;
    carta_error err = {0};
    if (bench_setup(g, r, o, game_seed, state)) {
        *failed = 1;
        return 1;
    }
    carta_rng_seed(&rng, game_seed);
    int n;
    /* Past BENCH_MCTS_ACTION, on to a real choice: a search with one legal action is skipped. */
    for (int a = 0; (n = g->legal_actions(r, state, legal)) > 0 &&
                    (a < BENCH_MCTS_ACTION || n == 1) && a < BENCH_MAX_ACTIONS;
         a++)
        if (g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], &err) != CARTA_OK) {
            cli_error("a legal action was refused: %s", err.msg);
            *failed = 1;
            return 1;
        }
    return n < 2;
}

/* ISMCTS iterations per second: one search of o->mcts_iters iterations in each of
 * o->mcts_states mid-game states (games that end early are skipped for the next seeds). */
static int bench_mcts(const carta_game *g, const carta_rules *r, const bench_opts *o,
                      void *state, void *view, carta_action *legal)
{
    char spec[64];
    snprintf(spec, sizeof spec, "mcts:iters=%d,threads=1", o->mcts_iters);
    carta_error err = {0};
    carta_ai *probe = carta_ai_new(g, r, spec, 0, &err);
    if (!probe) {
        printf("  mcts        not available: %s\n", err.msg);
        return 0;
    }
    carta_ai_free(probe);
    double seconds = 0;
    uint64_t checksum = 0;
    int states = 0, failed = 0;
    for (int i = 0; states < o->mcts_states && i < 100 * o->mcts_states && !failed; i++) {
        uint64_t game_seed = carta_mix64(o->seed ^ (0x6d637473ULL + (uint64_t)i));
        if (mcts_position(g, r, &o->game_opts, game_seed, state, legal, &failed))
            continue;
        int seat = g->to_act(r, state);
        carta_action action;
        carta_ai *ai = carta_ai_new(g, r, spec, game_seed, &err);
        if (!ai) {
            cli_error("%s: %s", spec, err.msg);
            return 1;
        }
        g->observe(r, state, seat, view);
        double start = carta_seconds();
        carta_status st = carta_ai_choose(ai, view, seat, &action);
        seconds += carta_seconds() - start;
        carta_ai_free(ai);
        if (st != CARTA_OK) {
            cli_error("%s found no action", spec);
            return 1;
        }
        checksum = carta_mix64(checksum ^ action);
        states++;
    }
    if (failed)
        return 1;
    long long iters = (long long)states * o->mcts_iters;
    printf("  mcts        %d states x %d iterations in %.3f s: %.0f iterations/s (one thread)\n",
           states, o->mcts_iters, seconds, seconds > 0 ? iters / seconds : 0);
    printf("              work: %lld iterations, choices checksum %016llx\n", iters,
           (unsigned long long)checksum);
    return 0;
}

static int bench_game(const carta_game *g, bench_opts o, void *raw)
{
    if (cli_game_opts_check(g, &o.game_opts, cli_default_seats(g)))
        return 1;
    carta_rules *r = cli_open_rules(g);
    if (!r)
        return 1;
    int rc = 1;
    void *state = malloc(g->state_size), *mid = malloc(g->state_size),
         *buf = malloc(g->state_size);
    carta_action *legal = malloc(CARTA_MAX_ACTIONS * sizeof *legal);
    bench_play play = {0};
    if (!state || !mid || !buf || !legal)
        goto done;
    double start = carta_seconds();
    for (int i = 0; i < o.n_games; i++)
        if (play_random(g, r, &o.game_opts, carta_mix64(o.seed ^ (uint64_t)i), state,
                        i == 0 ? mid : NULL, legal, &play))
            goto done;
    double seconds = carta_seconds() - start;
    double clone_ns = time_clones(buf, mid, g->state_size, BENCH_CLONES);
    double raw_ns = time_clones((char *)raw + BENCH_RAW_BYTES, raw, BENCH_RAW_BYTES, BENCH_CLONES);
    double observe_ns = time_observe(g, r, mid, buf);
    printf("bench %s: state %zu bytes, %d players%s%s, seed %llu\n", g->id, g->state_size,
           o.game_opts.players, o.game_opts.mode ? ", mode " : "",
           o.game_opts.mode ? o.game_opts.mode : "", (unsigned long long)o.seed);
    printf("  self-play:  %d random games, %lld actions in %.3f s (%.3f s with deck generation "
           "and setup)\n",
           o.n_games, play.actions, play.play_seconds, seconds);
    printf("              %.0f actions/s, %.1f games/s\n",
           play.play_seconds > 0 ? play.actions / play.play_seconds : 0,
           seconds > 0 ? o.n_games / seconds : 0);
    printf("  clone:      %.1f ns (memcpy of %zu bytes); raw memcpy of 16 KiB: %.1f ns\n",
           clone_ns, g->state_size, raw_ns);
    printf("  observe+determinize: %.1f ns\n", observe_ns);
    printf("  work: %lld actions, checksum %016llx\n", play.actions,
           (unsigned long long)play.checksum);
    fflush(stdout);
    if (o.ai_games > 0 && (bench_ai(g, r, &o, "random", state, buf) ||
                           bench_ai(g, r, &o, "greedy", state, buf)))
        goto done;
    fflush(stdout);
    if (o.mcts_iters > 0 && o.mcts_states > 0 && bench_mcts(g, r, &o, state, buf, legal))
        goto done;
    rc = 0;
done:
    if (rc && !play.games)
        cli_error("bench %s failed", g->id);
    free(state);
    free(mid);
    free(buf);
    free(legal);
    g->close(r);
    return rc;
}

int cli_cmd_bench(int argc, char **argv)
{
    bench_opts o = {.n_games = 200, .ai_games = 50, .mcts_iters = 2000, .mcts_states = 4,
                    .seed = 1};
    const cli_opt opts[] = {
        {"--games", CLI_OPT_INT, &o.n_games, 1, 100000000},
        {"--ai-games", CLI_OPT_INT, &o.ai_games, 0, 100000000},
        {"--mcts-iters", CLI_OPT_INT, &o.mcts_iters, 0, 100000000},
        {"--mcts-states", CLI_OPT_INT, &o.mcts_states, 0, 10000},
        {"--seed", CLI_OPT_U64, &o.seed, 0, 0},
        CLI_GAME_OPTS(o.game_opts),
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr =
        cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    const carta_game *only = NULL;
    if (n_pos == 1 && !(only = cli_find_game(pos[0])))
        return CLI_EXIT_USAGE;
    void *raw = calloc(2, BENCH_RAW_BYTES);
    if (!raw) {
        cli_error("out of memory");
        return CLI_EXIT_FAIL;
    }
    int failed = 0;
    for (int i = 0; i < carta_game_count(); i++) {
        const carta_game *g = carta_game_at(i);
        if (!only || g == only)
            failed |= bench_game(g, o, raw);
    }
    free(raw);
    return failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
