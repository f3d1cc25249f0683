/* bench.c: `carta bench`: speed of a rule system from fixed seeds, and a deterministic work count
 * (total actions; the final states' digests folded into a checksum) so any change in behaviour
 * shows. Single thread; times from CLOCK_MONOTONIC. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"

static const char usage[] =
    "usage: carta bench [GAME] [--games N] [--seed S]\n"
    "Random self-play of N games (default 200) from seed S (default 1) for GAME (default: every\n"
    "game): prints the state size, actions per second (legal_actions + apply), games per second\n"
    "(deck generation and setup included), the time to clone a mid-game state (memcpy; a raw\n"
    "16 KiB memcpy for comparison), observe+determinize, and the work count (total actions and a\n"
    "checksum of the final states), which must not change unless the rules do.\n";

enum {
    BENCH_MAX_ACTIONS = 100000,   /* per game */
    BENCH_MID_ACTION = 60,        /* the mid-game state is taken after this many actions */
    BENCH_CLONES = 2000000,
    BENCH_OBSERVES = 100000,
    BENCH_RAW_BYTES = 16 * 1024
};

/* Keeps the compiler from dropping a copy whose result is never read. */
#define BENCH_BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct bench_play {
    double play_seconds; /* in legal_actions + apply only, setup excluded */
    long long actions;
    uint64_t checksum;
    int games;
} bench_play;

/* Plays one random game from game_seed into state; copies a mid-game state into mid if asked. */
static int play_random(const carta_game *g, const carta_rules *r, uint64_t game_seed, void *state,
                       void *mid, carta_action *legal, bench_play *out)
{
    carta_config config;
    carta_error err = {0};
    if (cli_make_config(g, r, cli_default_seats(g), game_seed, NULL, &config))
        return 1;
    if (g->setup(r, state, &config, &err) != CARTA_OK) {
        cli_error("setup: %s", err.msg);
        return 1;
    }
    carta_rng rng;
    carta_rng_seed(&rng, game_seed);
    int n, actions = 0;
    double start = now_seconds();
    while ((n = g->legal_actions(r, state, legal)) > 0 && actions < BENCH_MAX_ACTIONS) {
        if (g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], &err) != CARTA_OK) {
            cli_error("a legal action was refused: %s", err.msg);
            return 1;
        }
        if (++actions == BENCH_MID_ACTION && mid)
            memcpy(mid, state, g->state_size);
    }
    out->play_seconds += now_seconds() - start;
    if (mid && actions < BENCH_MID_ACTION)
        memcpy(mid, state, g->state_size);
    out->actions += actions;
    out->checksum = carta_mix64(out->checksum ^ carta_digest(state, g->state_size));
    out->games++;
    return 0;
}

static double time_clones(void *dst, const void *src, size_t size, int n)
{
    double start = now_seconds();
    for (int i = 0; i < n; i++) {
        memcpy(dst, src, size);
        BENCH_BARRIER(dst);
    }
    return (now_seconds() - start) * 1e9 / n;
}

static double time_observe(const carta_game *g, const carta_rules *r, const void *mid, void *buf)
{
    int seat = g->to_act(r, mid);
    if (seat == CARTA_NO_SEAT)
        seat = 0;
    double start = now_seconds();
    for (int i = 0; i < BENCH_OBSERVES; i++) {
        g->observe(r, mid, seat, buf);
        g->determinize(r, buf, seat, (uint64_t)i);
        BENCH_BARRIER(buf);
    }
    return (now_seconds() - start) * 1e9 / BENCH_OBSERVES;
}

static int bench_game(const carta_game *g, int n_games, uint64_t seed, void *raw)
{
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
    double start = now_seconds();
    for (int i = 0; i < n_games; i++)
        if (play_random(g, r, carta_mix64(seed ^ (uint64_t)i), state, i == 0 ? mid : NULL, legal,
                        &play))
            goto done;
    double seconds = now_seconds() - start;
    double clone_ns = time_clones(buf, mid, g->state_size, BENCH_CLONES);
    double raw_ns = time_clones((char *)raw + BENCH_RAW_BYTES, raw, BENCH_RAW_BYTES, BENCH_CLONES);
    double observe_ns = time_observe(g, r, mid, buf);
    printf("bench %s: state %zu bytes, %d games from seed %llu\n", g->id, g->state_size,
           n_games, (unsigned long long)seed);
    printf("  self-play:  %lld actions in %.3f s (%.3f s with deck generation and setup)\n",
           play.actions, play.play_seconds, seconds);
    printf("              %.0f actions/s, %.1f games/s\n",
           play.play_seconds > 0 ? play.actions / play.play_seconds : 0,
           seconds > 0 ? n_games / seconds : 0);
    printf("  clone:      %.1f ns (memcpy of %zu bytes); raw memcpy of 16 KiB: %.1f ns\n",
           clone_ns, g->state_size, raw_ns);
    printf("  observe+determinize: %.1f ns\n", observe_ns);
    printf("  work: %lld actions, checksum %016llx\n", play.actions,
           (unsigned long long)play.checksum);
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
    int n_games = 200;
    uint64_t seed = 1;
    const cli_opt opts[] = {
        {"--games", CLI_OPT_INT, &n_games, 1, 100000000},
        {"--seed", CLI_OPT_U64, &seed, 0, 0},
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, 2, pos, 1, &n_pos, usage);
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
            failed |= bench_game(g, n_games, seed, raw);
    }
    free(raw);
    return failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
