/* tune_match.c: `carta tune GAME --by match`: tunes a rule system's evaluation weights by the
 * results of matches (sim/spsa.h). Each round the AI plays itself with two copies of the weights,
 * every weight moved up in one and down in the other, and the weights step towards the copy that
 * won. What is tuned is strength itself, not how well a feature predicts a result (docs/ai.md,
 * "Tuning by matches"). */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/eval_weights.h"
#include "core/rng.h"
#include "sim/sim.h"
#include "sim/spsa.h"

static const char tune_match_usage[] =
    "usage: carta tune GAME --by match [--ai SPEC] [--rounds R] [--games N] [--seed S]\n"
    "                  [--threads T] [--decks SPEC] [--from FILE] [--step C] [--rate A]\n"
    "                  --out FILE\n"
    "Tunes the evaluation's weights by self-play matches (SPSA; docs/ai.md, \"Tuning by\n"
    "matches\"): R rounds (default 100), each N games (default 40, even) of SPEC (default\n"
    "mcts:iters=100) with every weight moved by +-C of itself (default 0.2) against SPEC with\n"
    "the opposite moves; the weights then step by A (default 0.1) of themselves times the\n"
    "match score towards the winner. Starts from FILE (default the game's own weights file) and\n"
    "writes FILE after every round, so an interrupted run keeps what it learnt. The scale is\n"
    "kept.\n";

typedef struct tune_match_args {
    const char *ai, *decks, *from, *out, *step, *rate, *by;
    int rounds, games, threads;
    uint64_t seed;
} tune_match_args;

/* The spec with weights=path added. 0, or 1 if it does not fit. */
static int with_weights(char *buf, size_t cap, const char *spec, const char *path)
{
    int n = snprintf(buf, cap, "%s%sweights=%s", spec, strchr(spec, ':') ? "," : ":", path);
    return n < 0 || (size_t)n >= cap;
}

static int write_weights(const carta_game *g, const char *path, const char *header,
                         const double *w)
{
    carta_error err = {0};
    if (carta_eval_weights_write(path, g->id, header, g->eval_weights, g->n_eval_weights, w,
                                 &err) == CARTA_OK)
        return 0;
    cli_error("%s", err.msg);
    return 1;
}

/* The weights to start from: --from FILE, else the game's own file. */
static int start_weights(const carta_game *g, const tune_match_args *a, double *w)
{
    carta_error err = {0};
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", cli_data_root(), g->id);
    if (a->from && access(a->from, R_OK) != 0) {
        cli_error("--from %s: the file cannot be read", a->from);
        return 1;
    }
    carta_status st = a->from ? carta_eval_weights_load(a->from, g->eval_weights,
                                                        g->n_eval_weights, w, &err)
                              : carta_eval_weights_open(dir, g->eval_weights, g->n_eval_weights,
                                                        w, &err);
    if (st != CARTA_OK)
        cli_error("%s", err.msg);
    return st != CARTA_OK;
}

/* One round: writes the two weight sets, plays them, and returns plus's score in [-1, 1]. */
static int tune_round(const sim_duel *d, const tune_match_args *a, spsa *s, const char *dir,
                      double scale, double *score)
{
    const carta_game *g = d->g;
    int k = g->n_eval_weights - 1;
    double plus[CARTA_EVAL_WEIGHTS_MAX], minus[CARTA_EVAL_WEIGHTS_MAX];
    spsa_perturb(s, plus, minus);
    plus[k] = minus[k] = scale;
    char path_plus[4200], path_minus[4200], spec_plus[1024], spec_minus[1024];
    snprintf(path_plus, sizeof path_plus, "%s/plus.yaml", dir);
    snprintf(path_minus, sizeof path_minus, "%s/minus.yaml", dir);
    if (with_weights(spec_plus, sizeof spec_plus, a->ai, path_plus) ||
        with_weights(spec_minus, sizeof spec_minus, a->ai, path_minus)) {
        cli_error("--ai %s: too long", a->ai);
        return 1;
    }
    if (write_weights(g, path_plus, "carta tune --by match: this round's + weights", plus) ||
        write_weights(g, path_minus, "carta tune --by match: this round's - weights", minus))
        return 1;
    carta_error err = {0};
    double sp, sm;
    uint64_t seed = carta_mix64(a->seed + (uint64_t)s->round);
    if (sim_duel_play(d, spec_plus, spec_minus, a->games, seed, &sp, &sm, &err) != CARTA_OK) {
        cli_error("round %d: %s", s->round + 1, err.msg);
        return 1;
    }
    *score = (sp - sm) / a->games;
    return 0;
}

static int tune_rounds(const carta_game *g, const carta_rules *r, const tune_match_args *a,
                       spsa *s, double scale, const char *dir)
{
    sim_duel d = {.g = g, .r = r, .decks = a->decks, .threads = a->threads};
    int k = g->n_eval_weights - 1;
    double w[CARTA_EVAL_WEIGHTS_MAX];
    char header[512];
    spsa_weights(s, w);
    w[k] = scale;
    snprintf(header, sizeof header, "carta tune %s --by match: the start, before round 1", g->id);
    if (write_weights(g, a->out, header, w)) /* --out is written before any game is played */
        return 1;
    for (int round = 1; round <= a->rounds; round++) {
        double score;
        if (tune_round(&d, a, s, dir, scale, &score))
            return 1;
        spsa_update(s, score);
        spsa_weights(s, w);
        w[k] = scale;
        snprintf(header, sizeof header,
                 "carta tune %s --by match --ai %s --games %d --seed %llu: round %d of %d",
                 g->id, a->ai, a->games, (unsigned long long)a->seed, round, a->rounds);
        if (write_weights(g, a->out, header, w))
            return 1;
        printf("round %3d of %d: + scored %+.3f;", round, a->rounds, score);
        for (int i = 0; i < k; i++)
            printf(" %s %.3g", g->eval_weights[i].key, w[i]);
        printf("\n");
        fflush(stdout);
    }
    printf("%s: %d rounds of %d games, weights written to %s\n", g->id, a->rounds, a->games,
           a->out);
    return 0;
}

static int tune_match_run(const carta_game *g, const carta_rules *r, const tune_match_args *a,
                          double c, double rate)
{
    int k = g->n_eval_weights - 1;
    double w[CARTA_EVAL_WEIGHTS_MAX];
    spsa s;
    if (start_weights(g, a, w))
        return CLI_EXIT_FAIL;
    if (k > SPSA_MAX_K || spsa_init(&s, w, k, a->rounds, c, rate, 0.05, a->seed) != 0) {
        cli_error("%s: %d weights are more than carta tune takes", g->id, k);
        return CLI_EXIT_FAIL;
    }
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    char dir[512];
    snprintf(dir, sizeof dir, "%s/carta-tune-XXXXXX", tmp);
    if (!mkdtemp(dir)) {
        cli_error("cannot make a folder for the weights in %s: %s", tmp, strerror(errno));
        return CLI_EXIT_FAIL;
    }
    int rc = tune_rounds(g, r, a, &s, w[k], dir);
    char path[sizeof dir + 16];
    snprintf(path, sizeof path, "%s/plus.yaml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/minus.yaml", dir);
    unlink(path);
    rmdir(dir);
    return rc ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

/* A number in (0, 1] from an option. */
static int fraction(const char *name, const char *text, double *out)
{
    char *end;
    double v = text ? strtod(text, &end) : *out;
    if (text && (*end || !(v > 0 && v <= 1))) {
        cli_error("%s must be a number in (0, 1], not '%s'", name, text);
        return 1;
    }
    *out = v;
    return 0;
}

int cli_tune_match(int argc, char **argv)
{
    tune_match_args a = {.ai = "mcts:iters=100", .decks = "random", .rounds = 100, .games = 40,
                         .seed = 1, .threads = sim_default_threads()};
    const cli_opt opts[] = {
        {"--by", CLI_OPT_STR, &a.by, 0, 0},
        {"--ai", CLI_OPT_STR, &a.ai, 0, 0},
        {"--rounds", CLI_OPT_INT, &a.rounds, 1, 100000},
        {"--games", CLI_OPT_INT, &a.games, 2, 1000000},
        {"--seed", CLI_OPT_U64, &a.seed, 0, 0},
        {"--threads", CLI_OPT_INT, &a.threads, 1, SIM_MAX_THREADS},
        {"--decks", CLI_OPT_STR, &a.decks, 0, 0},
        {"--from", CLI_OPT_STR, &a.from, 0, 0},
        {"--step", CLI_OPT_STR, &a.step, 0, 0},
        {"--rate", CLI_OPT_STR, &a.rate, 0, 0},
        {"--out", CLI_OPT_STR, &a.out, 0, 0},
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1,
                                    &n_pos, tune_match_usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    double c = 0.2, rate = 0.1;
    const char *bad = n_pos != 1 || !a.out ? "needs a GAME and --out FILE"
                      : a.games % 2        ? "needs an even --games (half the games each seat)"
                      : strstr(a.ai, "weights=") ? "sets the weights itself: --ai without weights="
                                                 : NULL;
    if (bad) {
        cli_error("tune --by match %s", bad);
        fputs(tune_match_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    if (fraction("--step", a.step, &c) || fraction("--rate", a.rate, &rate))
        return CLI_EXIT_USAGE;
    const carta_game *g = cli_find_game(pos[0]);
    if (!g)
        return CLI_EXIT_USAGE;
    if (!g->eval_weights || !g->evaluate_with || g->n_eval_weights < 2) {
        cli_error("%s's evaluation has no weights to tune yet", g->id);
        return CLI_EXIT_USAGE;
    }
    carta_rules *r = cli_open_rules(g);
    if (!r)
        return CLI_EXIT_FAIL;
    int rc = tune_match_run(g, r, &a, c, rate);
    g->close(r);
    return rc;
}
