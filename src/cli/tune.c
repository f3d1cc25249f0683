/* tune.c: `carta tune GAME`: fits a rule system's evaluation weights by self-play. AIs play
 * games; at each decision the evaluation's features of the position for the seat to act are
 * kept with whether that seat went on to win; a logistic regression of the outcome on the
 * features (sim/logit.h) gives the weights, written as the game's weights file (docs/ai.md). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "core/eval_weights.h"
#include "sim/logit.h"

static const char tune_usage[] =
    "usage: carta tune GAME [--by outcome] [--games N] [--seed S] [--ai SPEC] [--every K]\n"
    "                  --out FILE\n"
    "       carta tune GAME --by match ... (carta tune GAME --by match --help)\n"
    "By outcome (the default): plays N games (default 200) with SPEC in every seat (default\n"
    "greedy), keeps the evaluation's features at every K-th decision (default 1) with the\n"
    "game's outcome for the seat to act, fits a logistic regression and writes the weights\n"
    "file (for data/GAME/ai/evaluation.yaml). The scale is kept; the other weights are the\n"
    "fit's, times scale / 2. By match: tuned by the results of self-play matches (SPSA).\n";

enum { TUNE_MAX_ACTIONS = 100000, TUNE_MAX_SAMPLES = 2000000 };
#define TUNE_RIDGE 1.0

typedef struct tune_data {
    int k, n, cap;
    double *x, *y;
    int *seat; /* the seat of each sample of the game being played */
} tune_data;

static int tune_keep(tune_data *d, const double *f, int seat)
{
    if (d->n == d->cap) {
        int cap = d->cap ? 2 * d->cap : 4096;
        if (cap > TUNE_MAX_SAMPLES)
            return 1;
        double *x = realloc(d->x, sizeof *x * (size_t)cap * d->k);
        double *y = realloc(d->y, sizeof *y * (size_t)cap);
        int *s = realloc(d->seat, sizeof *s * (size_t)cap);
        if (x)
            d->x = x;
        if (y)
            d->y = y;
        if (s)
            d->seat = s;
        if (!x || !y || !s)
            return 1;
        d->cap = cap;
    }
    memcpy(d->x + (size_t)d->n * d->k, f, sizeof *f * d->k);
    d->seat[d->n++] = seat;
    return 0;
}

/* Plays one game, keeping samples from index first on; sets their outcomes. 0 on success. */
static int tune_game(const carta_game *g, const carta_rules *r, carta_ai **ai, uint64_t seed,
                     int every, void *state, void *obs, tune_data *d)
{
    carta_config config;
    carta_error err = {0};
    if (cli_make_config(g, r, 2, seed, NULL, &config) ||
        g->setup(r, state, &config, &err) != CARTA_OK) {
        cli_error("setup: %s", err.msg);
        return 1;
    }
    int first = d->n;
    double f[CARTA_EVAL_WEIGHTS_MAX];
    for (int step = 0; step < TUNE_MAX_ACTIONS; step++) {
        int seat = g->to_act(r, state);
        if (seat == CARTA_NO_SEAT)
            break;
        if (step % every == 0) {
            g->eval_features(r, state, seat, f);
            if (tune_keep(d, f, seat)) {
                cli_error("out of memory keeping samples");
                return 1;
            }
        }
        carta_action a;
        g->observe(r, state, seat, obs);
        if (carta_ai_choose(ai[seat], obs, seat, &a) != CARTA_OK ||
            g->apply(r, state, a, &err) != CARTA_OK) {
            cli_error("game %llu: the AI failed: %s", (unsigned long long)seed, err.msg);
            return 1;
        }
    }
    double ret[CARTA_MAX_SEATS] = {0};
    if (g->to_act(r, state) == CARTA_NO_SEAT)
        g->returns(r, state, ret);
    else
        ret[0] = ret[1] = 0.5;
    for (int i = first; i < d->n; i++)
        d->y[i] = ret[d->seat[i]];
    return 0;
}

static int tune_parse(int argc, char **argv, int *games, uint64_t *seed, const char **ai,
                      int *every, const char **out)
{
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            cli_error("%s needs a value\n%s", argv[i], tune_usage);
            return 1;
        }
        if (!strcmp(argv[i], "--games"))
            *games = atoi(v);
        else if (!strcmp(argv[i], "--seed"))
            *seed = strtoull(v, NULL, 10);
        else if (!strcmp(argv[i], "--ai"))
            *ai = v;
        else if (!strcmp(argv[i], "--every"))
            *every = atoi(v);
        else if (!strcmp(argv[i], "--out"))
            *out = v;
        else if (!strcmp(argv[i], "--by")) {
            if (strcmp(v, "outcome")) {
                cli_error("--by is outcome or match, not '%s'\n%s", v, tune_usage);
                return 1;
            }
        } else {
            cli_error("unknown option %s\n%s", argv[i], tune_usage);
            return 1;
        }
        i++;
    }
    if (!*out || *games < 1 || *every < 1) {
        cli_error("--out FILE is needed; --games and --every are at least 1\n%s", tune_usage);
        return 1;
    }
    return 0;
}

/* Plays the games and fits; writes the file. */
static int tune_run(const carta_game *g, const carta_rules *r, int games, uint64_t seed,
                    const char *spec, int every, const char *out)
{
    int k = g->n_eval_weights - 1; /* the last weight is the scale */
    tune_data d = {.k = k};
    carta_error err = {0};
    carta_ai *ai[2] = {carta_ai_new(g, r, spec, seed * 2 + 1, &err), NULL};
    ai[1] = ai[0] ? carta_ai_new(g, r, spec, seed * 2 + 2, &err) : NULL;
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    int rc = !ai[1] || !state || !obs;
    if (rc)
        cli_error("%s", err.msg[0] ? err.msg : "out of memory");
    for (int i = 0; i < games && !rc; i++)
        rc = tune_game(g, r, ai, seed + (uint64_t)i, every, state, obs, &d);
    double b[LOGIT_MAX_K] = {0}, w[CARTA_EVAL_WEIGHTS_MAX];
    if (!rc && logit_fit(d.x, d.y, d.n, k, TUNE_RIDGE, b) < 0) {
        cli_error("nothing to fit");
        rc = 1;
    }
    if (!rc) {
        double scale = g->eval_weights[k].standard;
        for (int j = 0; j < k; j++)
            w[j] = b[j] * scale / 2; /* x/(1+|x|) at x = b.f/2 follows tanh(b.f/2) = 2p - 1 */
        w[k] = scale;
        char header[256];
        snprintf(header, sizeof header, "carta tune %s --games %d --seed %llu --ai %s: %d samples",
                 g->id, games, (unsigned long long)seed, spec, d.n);
        rc = carta_eval_weights_write(out, g->id, header, g->eval_weights, k + 1, w, &err) !=
             CARTA_OK;
        if (rc)
            cli_error("%s", err.msg);
        else
            printf("%s: %d games, %d samples, weights written to %s\n", g->id, games, d.n, out);
    }
    carta_ai_free(ai[0]);
    carta_ai_free(ai[1]);
    free(state);
    free(obs);
    free(d.x);
    free(d.y);
    free(d.seat);
    return rc ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

int cli_cmd_tune(int argc, char **argv)
{
    if (argc < 1) {
        fputs(tune_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--by") && !strcmp(argv[i + 1], "match"))
            return cli_tune_match(argc, argv);
    int games = 200, every = 1;
    uint64_t seed = 1;
    const char *spec = "greedy", *out = NULL;
    if (tune_parse(argc, argv, &games, &seed, &spec, &every, &out))
        return CLI_EXIT_USAGE;
    const carta_game *g = cli_find_game(argv[0]);
    if (!g)
        return CLI_EXIT_USAGE;
    if (!g->eval_features || g->n_eval_weights < 2 ||
        g->n_eval_weights - 1 > LOGIT_MAX_K) {
        cli_error("%s's evaluation has no weights to tune yet", g->id);
        return CLI_EXIT_USAGE;
    }
    carta_rules *r = cli_open_rules(g);
    if (!r)
        return CLI_EXIT_FAIL;
    int rc = tune_run(g, r, games, seed, spec, every, out);
    g->close(r);
    return rc;
}
