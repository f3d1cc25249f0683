/* sim.c: `carta sim`: AI-vs-AI games on threads; win rates with Wilson intervals. Game i uses
 * seed carta_mix64(base ^ i) and its players rotate seats by i, so results depend only on the
 * base seed and the game count, never on the thread count. */
#include "cli.h"

#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "core/rng.h"

static const char usage[] =
    "usage: carta sim GAME [--games N] [--seats AI,AI] [--decks SPEC,SPEC] [--seed S]\n"
    "                 [--threads T] [--json]\n"
    "Plays N games (default 100) between AIs, one per seat (default greedy,random); the players\n"
    "rotate seats from game to game so each plays each seat equally. --decks gives each player's\n"
    "deck (one spec for all, or one per player; default random). Prints each player's win rate\n"
    "with a Wilson 95% interval, the first seat's win rate, draws and the average game length.\n";

enum { SIM_MAX_ACTIONS = 100000, SIM_MAX_THREADS = 256 };

typedef struct sim_result {
    int winner_player; /* -1: draw or unfinished */
    int winner_seat;
    int finished;
    int actions, turns; /* turns -1 if the game does not say */
} sim_result;

typedef struct sim_ctx {
    const carta_game *g;
    const carta_rules *r;
    int n_players, n_games;
    uint64_t seed;
    char *ai_spec[CARTA_MAX_SEATS];
    char *deck_spec[CARTA_MAX_SEATS];
    int deck_random[CARTA_MAX_SEATS];
    carta_deck deck[CARTA_MAX_SEATS]; /* resolved once unless random */
    sim_result *results;
    atomic_int next;
    atomic_int failed;
    char error[1024];
    pthread_mutex_t error_lock;
} sim_ctx;

static void sim_fail(sim_ctx *c, const char *what, const char *msg)
{
    pthread_mutex_lock(&c->error_lock);
    if (!c->error[0])
        snprintf(c->error, sizeof c->error, "%s: %s", what, msg);
    pthread_mutex_unlock(&c->error_lock);
    atomic_store(&c->failed, 1);
}

/* The turn number in game->describe_state's text ("turn 12, ..."), or -1. */
static int parse_turn(const char *where)
{
    int turn;
    return sscanf(where, "turn %d", &turn) == 1 || sscanf(where, "Turn %d", &turn) == 1 ? turn
                                                                                        : -1;
}

static int setup_game(sim_ctx *c, int i, uint64_t game_seed, void *state)
{
    carta_config config = {.n_seats = c->n_players, .seed = game_seed};
    carta_error err = {0};
    for (int seat = 0; seat < c->n_players; seat++) {
        int p = ((seat - i) % c->n_players + c->n_players) % c->n_players;
        if (!c->deck_random[p])
            config.decks[seat] = c->deck[p];
        else if (c->g->deck_resolve(c->r, "random", cli_deck_seed(game_seed, seat),
                                    &config.decks[seat], &err) != CARTA_OK) {
            sim_fail(c, "random deck", err.msg);
            return 1;
        }
    }
    if (c->g->setup(c->r, state, &config, &err) != CARTA_OK) {
        sim_fail(c, "setup", err.msg);
        return 1;
    }
    return 0;
}

/* Plays game i into *res with state and view as scratch. */
static void play_game(sim_ctx *c, int i, void *state, void *view, sim_result *res)
{
    const carta_game *g = c->g;
    uint64_t game_seed = carta_mix64(c->seed ^ (uint64_t)i);
    carta_ai *ai[CARTA_MAX_SEATS] = {0};
    memset(res, 0, sizeof *res);
    res->winner_player = res->winner_seat = -1;
    if (setup_game(c, i, game_seed, state))
        return;
    for (int seat = 0; seat < c->n_players; seat++) {
        int p = ((seat - i) % c->n_players + c->n_players) % c->n_players;
        carta_error err = {0};
        ai[seat] = carta_ai_new(g, c->r, c->ai_spec[p], carta_mix64(game_seed + 1 + (uint64_t)p),
                                &err);
        if (!ai[seat])
            sim_fail(c, c->ai_spec[p], err.msg);
    }
    int seat;
    while (!atomic_load(&c->failed) && (seat = g->to_act(c->r, state)) != CARTA_NO_SEAT &&
           res->actions < SIM_MAX_ACTIONS) {
        carta_action action;
        carta_error err = {0};
        g->observe(c->r, state, seat, view);
        if (carta_ai_choose(ai[seat], view, seat, &action) != CARTA_OK ||
            g->apply(c->r, state, action, &err) != CARTA_OK) {
            sim_fail(c, "game", err.msg[0] ? err.msg : "an AI found no legal action");
            break;
        }
        res->actions++;
    }
    for (int s = 0; s < c->n_players; s++)
        carta_ai_free(ai[s]);
    res->finished = g->to_act(c->r, state) == CARTA_NO_SEAT;
    char where[256];
    g->describe_state(c->r, state, where, sizeof where);
    res->turns = parse_turn(where);
    if (res->finished) {
        res->winner_seat = g->winner(c->r, state);
        if (res->winner_seat != CARTA_NO_SEAT)
            res->winner_player = ((res->winner_seat - i) % c->n_players + c->n_players) %
                                 c->n_players;
    }
}

static void *worker(void *arg)
{
    sim_ctx *c = arg;
    void *state = malloc(c->g->state_size), *view = malloc(c->g->state_size);
    if (!state || !view) {
        sim_fail(c, "sim", "out of memory");
    } else {
        int i;
        while (!atomic_load(&c->failed) && (i = atomic_fetch_add(&c->next, 1)) < c->n_games)
            play_game(c, i, state, view, &c->results[i]);
    }
    free(state);
    free(view);
    return NULL;
}

/* Wilson score interval at 95% for k successes in n trials. */
static void wilson(double k, int n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054;
    double p = k / n, z2n = z * z / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2n);
    *lo = center - half < 0 ? 0 : center - half;
    *hi = center + half > 1 ? 1 : center + half;
}

typedef struct sim_totals {
    int wins[CARTA_MAX_SEATS], seat0_wins, draws, unfinished, with_turns;
    double actions, turns;
} sim_totals;

static void tally(const sim_ctx *c, sim_totals *t)
{
    memset(t, 0, sizeof *t);
    for (int i = 0; i < c->n_games; i++) {
        const sim_result *res = &c->results[i];
        t->actions += res->actions;
        if (res->turns >= 0) {
            t->turns += res->turns;
            t->with_turns++;
        }
        if (!res->finished)
            t->unfinished++;
        else if (res->winner_player < 0)
            t->draws++;
        else
            t->wins[res->winner_player]++;
        t->seat0_wins += res->finished && res->winner_seat == 0;
    }
}

static void print_text(const sim_ctx *c, const sim_totals *t, double seconds, int threads)
{
    int n = c->n_games;
    printf("%s: %d games, seed %llu, %d thread%s, %.2f s\n", c->g->id, n,
           (unsigned long long)c->seed, threads, threads == 1 ? "" : "s", seconds);
    printf("%-7s %-24s %-20s %6s %6s %8s  %s\n", "player", "ai", "deck", "wins", "draws",
           "win rate", "95% interval");
    for (int p = 0; p < c->n_players; p++) {
        double lo, hi;
        wilson(t->wins[p], n, &lo, &hi);
        printf("%-7d %-24s %-20s %6d %6d %7.1f%%  [%.1f%%, %.1f%%]\n", p + 1, c->ai_spec[p],
               c->deck_spec[p], t->wins[p], t->draws, n ? 100.0 * t->wins[p] / n : 0, 100 * lo,
               100 * hi);
    }
    double lo, hi;
    wilson(t->seat0_wins, n, &lo, &hi);
    printf("first seat (seat 0) wins: %d (%.1f%%, 95%% interval [%.1f%%, %.1f%%])\n", t->seat0_wins,
           n ? 100.0 * t->seat0_wins / n : 0, 100 * lo, 100 * hi);
    printf("draws: %d, unfinished (over %d actions): %d\n", t->draws, SIM_MAX_ACTIONS,
           t->unfinished);
    printf("average length: %.1f actions", n ? t->actions / n : 0);
    if (t->with_turns)
        printf(", %.1f turns", t->turns / t->with_turns);
    printf("\n");
}

static void print_json(const sim_ctx *c, const sim_totals *t, double seconds, int threads)
{
    int n = c->n_games;
    json_t *players = json_array();
    for (int p = 0; p < c->n_players; p++) {
        double lo, hi;
        wilson(t->wins[p], n, &lo, &hi);
        json_array_append_new(
            players, json_pack("{s:i, s:s, s:s, s:i, s:i, s:i, s:f, s:f, s:f}", "player", p + 1,
                               "ai", c->ai_spec[p], "deck", c->deck_spec[p], "wins", t->wins[p],
                               "draws", t->draws, "losses", n - t->wins[p] - t->draws -
                               t->unfinished, "win_rate", n ? (double)t->wins[p] / n : 0.0,
                               "ci_low", lo, "ci_high", hi));
    }
    double lo, hi;
    wilson(t->seat0_wins, n, &lo, &hi);
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)c->seed);
    json_t *root = json_pack(
        "{s:s, s:i, s:s, s:i, s:f, s:o, s:i, s:f, s:f, s:f, s:i, s:i, s:f, s:o}", "game",
        c->g->id, "games", n, "seed", seed, "threads", threads, "seconds", seconds, "players",
        players, "first_seat_wins", t->seat0_wins, "first_seat_win_rate",
        n ? (double)t->seat0_wins / n : 0.0, "first_seat_ci_low", lo, "first_seat_ci_high", hi,
        "draws", t->draws, "unfinished", t->unfinished, "avg_actions", n ? t->actions / n : 0.0,
        "avg_turns", t->with_turns ? json_real(t->turns / t->with_turns) : json_null());
    char *text = root ? json_dumps(root, JSON_INDENT(2)) : NULL;
    if (text)
        printf("%s\n", text);
    free(text);
    json_decref(root);
}

/* Splits the --seats and --decks lists and resolves the non-random decks once. */
static int prepare(sim_ctx *c, char *seats, char *decks)
{
    c->n_players = cli_split(seats, c->ai_spec, CARTA_MAX_SEATS);
    if (c->n_players < c->g->min_seats || c->n_players > c->g->max_seats) {
        cli_error("--seats: %s is played by %d to %d seats; give one AI per seat", c->g->id,
                  c->g->min_seats, c->g->max_seats);
        return CLI_EXIT_USAGE;
    }
    int n_decks = cli_split(decks, c->deck_spec, CARTA_MAX_SEATS);
    if (n_decks != 1 && n_decks != c->n_players) {
        cli_error("--decks: give one deck for all players or one per player (%d)", c->n_players);
        return CLI_EXIT_USAGE;
    }
    for (int p = 0; p < c->n_players; p++) {
        carta_error err = {0};
        if (n_decks == 1)
            c->deck_spec[p] = c->deck_spec[0];
        carta_ai *probe = carta_ai_new(c->g, c->r, c->ai_spec[p], 0, &err);
        if (!probe) {
            cli_error("--seats %s: %s", c->ai_spec[p], err.msg);
            return CLI_EXIT_USAGE;
        }
        carta_ai_free(probe);
        c->deck_random[p] = strcmp(c->deck_spec[p], "random") == 0;
        if (!c->deck_random[p] &&
            c->g->deck_resolve(c->r, c->deck_spec[p], 0, &c->deck[p], &err) != CARTA_OK) {
            cli_error("deck '%s': %s", c->deck_spec[p], err.msg);
            return CLI_EXIT_FAIL;
        }
    }
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Runs the games on threads; non-zero if any failed (error printed). */
static int run_threads(sim_ctx *c, int threads)
{
    pthread_t tid[SIM_MAX_THREADS];
    int started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, worker, c) != 0)
            break;
    if (started == 0)
        worker(c);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (atomic_load(&c->failed)) {
        cli_error("%s", c->error);
        return 1;
    }
    return 0;
}

int cli_cmd_sim(int argc, char **argv)
{
    static sim_ctx c;
    memset(&c, 0, sizeof c);
    const char *seats_arg = "greedy,random", *decks_arg = "random";
    int threads = 1, json = 0;
    c.n_games = 100;
    c.seed = 1;
    const cli_opt opts[] = {
        {"--games", CLI_OPT_INT, &c.n_games, 1, 100000000},
        {"--seats", CLI_OPT_STR, &seats_arg, 0, 0},
        {"--decks", CLI_OPT_STR, &decks_arg, 0, 0},
        {"--seed", CLI_OPT_U64, &c.seed, 0, 0},
        {"--threads", CLI_OPT_INT, &threads, 1, SIM_MAX_THREADS},
        {"--json", CLI_OPT_FLAG, &json, 0, 0},
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, 6, pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("sim needs a GAME");
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    if (!(c.g = cli_find_game(pos[0])))
        return CLI_EXIT_USAGE;
    carta_rules *rules = cli_open_rules(c.g);
    if (!rules)
        return CLI_EXIT_FAIL;
    c.r = rules;
    char *seats = strdup(seats_arg), *decks = strdup(decks_arg);
    pthread_mutex_init(&c.error_lock, NULL);
    int rc = seats && decks ? prepare(&c, seats, decks) : CLI_EXIT_FAIL;
    if (rc == 0) {
        c.results = calloc((size_t)c.n_games, sizeof *c.results);
        double start = now_seconds();
        rc = !c.results || run_threads(&c, threads) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
        double seconds = now_seconds() - start;
        if (rc == CLI_EXIT_OK) {
            sim_totals t;
            tally(&c, &t);
            if (json)
                print_json(&c, &t, seconds, threads);
            else
                print_text(&c, &t, seconds, threads);
        }
    }
    pthread_mutex_destroy(&c.error_lock);
    free(c.results);
    free(seats);
    free(decks);
    c.g->close(rules);
    return rc;
}
