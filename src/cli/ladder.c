/* ladder.c: `carta ladder GAME --ais A,B,C`: a round robin of AIs played with the simulator
 * (src/sim), rated with intervals (sim/ladder.h), and with --db kept and compared with the
 * ladder stored before it. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/rng.h"
#include "core/store.h"
#include "sim/ladder.h"
#include "sim/sim.h"

static const char ladder_usage[] =
    "usage: carta ladder GAME --ais AI,AI[,...] [--games N] [--decks SPEC] [--mode M]\n"
    "                    [--option K=V] [--seed S] [--threads T] [--db FILE] [--label NAME]\n"
    "                    [--json]\n"
    "A round robin: every pair of AIs plays N games (default 100; seats alternate; in a game of\n"
    "sides each AI takes each side half the time), then each AI's Elo rating relative to the\n"
    "first, with a 95% interval (Bradley-Terry with a BayesElo-style prior; docs/ai.md). A game\n"
    "that is drawn or unfinished counts half a win to each. With --db FILE the ladder is stored\n"
    "under --label (default: the date) and compared with the one stored before it.\n"
    "  --ais AI,...     2 to 16 AI specs as carta sim takes them (random, greedy,\n"
    "                   mcts:iters=1000, mcts:ms=100); the first is the anchor, at 0\n"
    "  --decks SPEC     every player's deck (default: random)\n"
    "Games are head to head: two players.\n";

typedef struct ladder_args {
    const char *ais, *decks, *db, *label;
    int games, threads, json;
    uint64_t seed;
    cli_game_opts game_opts;
} ladder_args;

/* Plays the games of AIs i and j and adds the points to r. */
static int ladder_play(const carta_game *g, const carta_rules *rules, const ladder_args *a,
                       ladder_results *r, int i, int j, uint64_t seed)
{
    sim_duel d = {.g = g, .r = rules, .decks = a->decks, .mode = a->game_opts.mode,
                  .n_options = a->game_opts.n_options, .threads = a->threads,
                  .progress = isatty(STDERR_FILENO)};
    memcpy(d.options, a->game_opts.option, sizeof d.options);
    carta_error err = {0};
    double si, sj;
    if (sim_duel_play(&d, r->ai[i], r->ai[j], a->games, seed, &si, &sj, &err) != CARTA_OK) {
        cli_error("%s against %s: %s", r->ai[i], r->ai[j], err.msg);
        return CLI_EXIT_FAIL;
    }
    r->score[i][j] += si;
    r->score[j][i] += sj;
    r->games[i][j] += a->games;
    r->games[j][i] += a->games;
    return 0;
}

/* Every pair plays its games (sim_duel_play: both ways round in a game of sides). */
static int ladder_round_robin(const carta_game *g, const carta_rules *rules, const ladder_args *a,
                              ladder_results *r)
{
    int pair = 0;
    for (int i = 0; i < r->n; i++)
        for (int j = i + 1; j < r->n; j++, pair++) {
            int rc = ladder_play(g, rules, a, r, i, j, carta_mix64(a->seed + (uint64_t)pair));
            if (rc)
                return rc;
            if (!a->json)
                printf("%-24s %-24s %5d games: %5.1f%% to %5.1f%%\n", r->ai[i], r->ai[j],
                       r->games[i][j], 100 * r->score[i][j] / r->games[i][j],
                       100 * r->score[j][i] / r->games[i][j]);
            fflush(stdout);
        }
    return 0;
}

/* The previous ladder's rating of spec, if it has one: 1 and its Elo. */
static int ladder_before(json_t *prev, const char *spec, double *elo)
{
    json_t *o;
    size_t i;
    json_array_foreach(json_object_get(prev, "ratings"), i, o)
        if (!strcmp(json_string_value(json_object_get(o, "ai")), spec)) {
            *elo = json_number_value(json_object_get(o, "elo"));
            return 1;
        }
    return 0;
}

static void ladder_print(const ladder_results *r, const ladder_rating *rt, json_t *prev,
                         int64_t prev_id, const char *prev_label)
{
    int order[LADDER_MAX_AIS];
    for (int i = 0; i < r->n; i++)
        order[i] = i;
    for (int i = 1; i < r->n; i++) /* by rating, highest first */
        for (int k = i; k > 0 && rt[order[k]].elo > rt[order[k - 1]].elo; k--) {
            int t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    const char *prev_anchor = prev ? json_string_value(json_object_get(prev, "anchor")) : NULL;
    int same_anchor = prev_anchor && !strcmp(prev_anchor, r->ai[0]);
    printf("\n%-4s %-28s %7s  %-18s %6s %6s%s\n", "rank", "ai", "elo", "95% interval", "score",
           "games", same_anchor ? "  since the last ladder" : "");
    for (int k = 0; k < r->n; k++) {
        const ladder_rating *x = &rt[order[k]];
        char interval[40], since[80] = "";
        double was;
        snprintf(interval, sizeof interval, order[k] ? "[%+.0f, %+.0f]" : "(anchor)", x->lo,
                 x->hi);
        if (same_anchor && order[k] && ladder_before(prev, r->ai[order[k]], &was))
            snprintf(since, sizeof since, "  %+.0f (was %+.0f)", x->elo - was, was);
        printf("%-4d %-28s %+7.0f  %-18s %5.1f%% %6d%s\n", k + 1, r->ai[order[k]], x->elo, interval,
               100 * x->score, x->games, since);
    }
    if (prev && !same_anchor)
        printf("(the last ladder, %lld \"%s\", has another anchor: not compared)\n",
               (long long)prev_id, prev_label);
    else if (prev)
        printf("(compared with ladder %lld \"%s\", anchored on the same AI)\n",
               (long long)prev_id, prev_label);
}

/* The settings a stored ladder keeps. */
static json_t *ladder_settings_json(const carta_game *g, const ladder_args *a,
                                    const ladder_results *r)
{
    json_t *ais = json_array();
    for (int i = 0; i < r->n; i++)
        json_array_append_new(ais, json_string(r->ai[i]));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)a->seed);
    return json_pack("{s:s, s:s, s:o, s:i, s:s, s:s, s:s, s:s?}", "game", g->id, "rules_version",
                     g->rules_version, "ais", ais, "games_per_pair", a->games, "decks", a->decks,
                     "seed", seed, "mode", a->game_opts.mode ? a->game_opts.mode : "", "options",
                     a->game_opts.options);
}

/* Stores the ladder under its label. */
static int ladder_store(carta_store *store, const carta_game *g, const ladder_args *a,
                        const ladder_results *r, json_t *ladder)
{
    carta_error err = {0};
    json_t *settings = ladder_settings_json(g, a, r);
    char *st = json_dumps(settings, JSON_COMPACT);
    char *lt = json_dumps(ladder, JSON_COMPACT | SIM_JSON_REALS);
    int64_t id = 0;
    int rc = st && lt && carta_store_add_ladder(store, g->id, a->label, st, lt, &id, &err) ==
                             CARTA_OK ? 0 : CLI_EXIT_FAIL;
    if (rc)
        cli_error("--db %s: %s", a->db, err.msg[0] ? err.msg : "out of memory");
    else if (!a->json)
        printf("stored as ladder %lld \"%s\" in %s\n", (long long)id, a->label, a->db);
    json_decref(settings);
    free(st);
    free(lt);
    return rc;
}

/* The AIs of --ais into r, each checked. */
static int ladder_ais(const carta_game *g, const carta_rules *rules, char *list,
                      ladder_results *r)
{
    char *spec[LADDER_MAX_AIS + 1];
    r->n = cli_split_ai_specs(list, spec, LADDER_MAX_AIS + 1);
    if (r->n < 2 || r->n > LADDER_MAX_AIS) {
        cli_error("--ais: give 2 to %d AIs, separated by commas", LADDER_MAX_AIS);
        return CLI_EXIT_USAGE;
    }
    for (int i = 0; i < r->n; i++) {
        carta_error err = {0};
        carta_ai *probe = carta_ai_new(g, rules, spec[i], 0, &err);
        if (!probe) {
            cli_error("--ais %s: %s", spec[i], err.msg);
            return CLI_EXIT_USAGE;
        }
        carta_ai_free(probe);
        for (int k = 0; k < i; k++)
            if (!strcmp(spec[k], spec[i])) {
                cli_error("--ais: %s is named twice", spec[i]);
                return CLI_EXIT_USAGE;
            }
        r->ai[i] = spec[i];
    }
    return 0;
}

/* Reads the ladder stored last for game (*prev NULL if none). */
static int ladder_previous(carta_store *store, const carta_game *g, json_t **prev, int64_t *id,
                           char **label)
{
    carta_error err = {0};
    char *text = NULL;
    *prev = NULL;
    if (carta_store_last_ladder(store, g->id, id, label, &text, &err) != CARTA_OK) {
        cli_error("--db: %s", err.msg);
        return CLI_EXIT_FAIL;
    }
    *prev = text ? json_loads(text, 0, NULL) : NULL;
    free(text);
    return 0;
}

static int ladder_run(const carta_game *g, const carta_rules *rules, ladder_args *a,
                      ladder_results *r, carta_store *store)
{
    json_t *prev = NULL;
    int64_t prev_id = 0;
    char *prev_label = NULL;
    int rc = store ? ladder_previous(store, g, &prev, &prev_id, &prev_label) : 0;
    if (rc == 0)
        rc = ladder_round_robin(g, rules, a, r);
    ladder_rating rt[LADDER_MAX_AIS];
    carta_error err = {0};
    if (rc == 0 && ladder_fit(r, rt, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        rc = CLI_EXIT_FAIL;
    }
    json_t *ladder = rc == 0 ? ladder_json(r, rt) : NULL;
    if (rc == 0 && a->json) {
        char *text = json_dumps(ladder, JSON_INDENT(2) | SIM_JSON_REALS);
        if (text)
            printf("%s\n", text);
        free(text);
    } else if (rc == 0) {
        ladder_print(r, rt, prev, prev_id, prev_label);
    }
    if (rc == 0 && store)
        rc = ladder_store(store, g, a, r, ladder);
    json_decref(ladder);
    json_decref(prev);
    free(prev_label);
    return rc;
}

int cli_cmd_ladder(int argc, char **argv)
{
    static char label[32];
    ladder_args a = {.decks = "random", .games = 100, .seed = 1,
                     .threads = sim_default_threads()};
    const cli_opt opts[] = {
        {"--ais", CLI_OPT_STR, &a.ais, 0, 0},
        {"--games", CLI_OPT_INT, &a.games, 2, 10000000},
        {"--decks", CLI_OPT_STR, &a.decks, 0, 0},
        {"--seed", CLI_OPT_U64, &a.seed, 0, 0},
        {"--threads", CLI_OPT_INT, &a.threads, 1, SIM_MAX_THREADS},
        {"--db", CLI_OPT_STR, &a.db, 0, 0},
        {"--label", CLI_OPT_STR, &a.label, 0, 0},
        {"--json", CLI_OPT_FLAG, &a.json, 0, 0},
        {"--mode", CLI_OPT_STR, &a.game_opts.mode, 0, 0},
        {"--option", CLI_OPT_STR, &a.game_opts.options, 0, 0},
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1,
                                    &n_pos, ladder_usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1 || !a.ais) {
        cli_error("ladder needs a GAME and --ais");
        fputs(ladder_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const carta_game *g = cli_find_game(pos[0]);
    if (!g)
        return CLI_EXIT_USAGE;
    a.game_opts.players = 2;
    if (cli_game_opts_check(g, &a.game_opts, 2))
        return CLI_EXIT_USAGE;
    if (!a.label) {
        time_t now = time(NULL);
        strftime(label, sizeof label, "%Y-%m-%d %H:%M", gmtime(&now));
        a.label = label;
    }
    carta_rules *rules = cli_open_rules(g);
    char *list = rules ? strdup(a.ais) : NULL;
    static ladder_results r;
    memset(&r, 0, sizeof r);
    int rc = !list ? CLI_EXIT_FAIL : ladder_ais(g, rules, list, &r);
    carta_error err = {0};
    carta_store *store = NULL;
    if (rc == 0 && a.db && !(store = carta_store_open(a.db, &err))) {
        cli_error("--db: %s", err.msg);
        rc = CLI_EXIT_FAIL;
    }
    if (rc == 0)
        rc = ladder_run(g, rules, &a, &r, store);
    carta_store_close(store);
    free(list);
    if (rules)
        g->close(rules);
    return rc;
}
