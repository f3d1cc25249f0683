/* mcts_options.c: the defaults of the ISMCTS search and the parsing of "mcts:key=value,...". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcts_impl.h"

void carta_mcts_options_default(carta_mcts_options *out)
{
    memset(out, 0, sizeof *out);
    out->ms = CARTA_MCTS_DEFAULT_MS;
    out->threads = 1;
    out->c = 1.0;
    out->rollout = CARTA_MCTS_ROLLOUT_EVAL;
    out->depth = CARTA_MCTS_DEFAULT_DEPTH;
    out->nodes = CARTA_MCTS_DEFAULT_NODES;
    out->eps = 1.0;
    out->reuse = 1;
    out->widen = 1;
    out->tree = 0;
    out->early = 1;
    out->norm = 1;
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

static carta_status parse_real(const char *key, const char *value, double hi, double *out,
                               carta_error *err)
{
    char *end;
    double v = strtod(value, &end);
    if (end == value || *end || !(v >= 0 && v <= hi))
        return carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': %s must be 0..%g, not '%s'",
                               key, hi, value);
    *out = v;
    return CARTA_OK;
}

/* One of two words, as 0 or 1. */
static carta_status parse_word(const char *key, const char *value, const char *w0,
                               const char *w1, int *out, carta_error *err)
{
    if (strcmp(value, w0) == 0)
        *out = 0;
    else if (strcmp(value, w1) == 0)
        *out = 1;
    else
        return carta_error_set(err, CARTA_ERR_INPUT, "AI 'mcts': %s must be %s or %s, not '%s'",
                               key, w0, w1, value);
    return CARTA_OK;
}

/* playout=random | greedy | eps:E | expert | expert:E (E in 0..1, the chance of a random
 * action). */
static carta_status parse_playout(const char *value, double *eps, int *expert, carta_error *err)
{
    *expert = strncmp(value, "expert", 6) == 0;
    if (strcmp(value, "random") == 0)
        *eps = 1.0;
    else if (strcmp(value, "greedy") == 0 || strcmp(value, "expert") == 0)
        *eps = 0.0;
    else if (strncmp(value, "eps:", 4) == 0 && value[4])
        return parse_real("playout=eps:E, E", value + 4, 1.0, eps, err);
    else if (strncmp(value, "expert:", 7) == 0 && value[7])
        return parse_real("playout=expert:E, E", value + 7, 1.0, eps, err);
    else
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI 'mcts': playout must be random, greedy, eps:E, expert or "
                               "expert:E, not '%s'",
                               value);
    return CARTA_OK;
}

static carta_status check_keys(const carta_ai_spec *spec, carta_error *err)
{
    static const char *const allowed[] = {"iters", "ms",    "threads", "c",        "rollout",
                                          "depth", "nodes", "playout", "reuse",    "widen",
                                          "parallel", "early", "norm", "weights", NULL};
    for (int i = 0; i < spec->n_opts; i++) {
        int ok = 0;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(*a, spec->key[i]) == 0;
        if (!ok)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "AI 'mcts' has no option '%s' (options: iters, ms, threads, "
                                   "c, rollout, depth, nodes, playout, reuse, widen, parallel, "
                                   "early, norm, weights)",
                                   spec->key[i]);
    }
    return CARTA_OK;
}

static carta_status parse_budget(const carta_ai_spec *spec, carta_mcts_options *out,
                                 carta_error *err)
{
    const char *iters = carta_ai_spec_get(spec, "iters"), *ms = carta_ai_spec_get(spec, "ms");
    if (iters && ms)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI 'mcts': give the budget in iters or in ms, not both");
    carta_status st = CARTA_OK;
    if (iters) {
        st = parse_long("iters", iters, 1, 1000000000L, &out->iters, err);
        out->ms = 0;
    }
    if (st == CARTA_OK && ms)
        st = parse_long("ms", ms, 1, 86400000L, &out->ms, err);
    return st;
}

/* The options that are 0/1 switches or one of two words. */
static carta_status parse_switches(const carta_ai_spec *spec, carta_mcts_options *out,
                                   carta_error *err)
{
    carta_status st = CARTA_OK;
    const char *v;
    if ((v = carta_ai_spec_get(spec, "rollout")))
        st = parse_word("rollout", v, "random", "eval", &out->rollout, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "reuse")))
        st = parse_word("reuse", v, "0", "1", &out->reuse, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "parallel")))
        st = parse_word("parallel", v, "root", "tree", &out->tree, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "early")))
        st = parse_word("early", v, "0", "1", &out->early, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "norm")))
        st = parse_word("norm", v, "0", "1", &out->norm, err);
    return st;
}

/* Reads the options spec gives into out, leaving the others as they are. */
static carta_status apply_spec(const carta_ai_spec *spec, carta_mcts_options *out,
                               carta_error *err)
{
    carta_status st = check_keys(spec, err);
    if (st == CARTA_OK)
        st = parse_budget(spec, out, err);
    if (st == CARTA_OK)
        st = parse_switches(spec, out, err);
    const char *v;
    long n = 0;
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "threads"))) {
        st = parse_long("threads", v, 1, CARTA_MCTS_MAX_THREADS, &n, err);
        out->threads = (int)n;
    }
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "c")))
        st = parse_real("c", v, 100, &out->c, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "depth"))) {
        st = parse_long("depth", v, 0, MCTS_ROLLOUT_CAP, &n, err);
        out->depth = (int)n;
    }
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "nodes")))
        st = parse_long("nodes", v, 2, 1L << 28, &out->nodes, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "playout")))
        st = parse_playout(v, &out->eps, &out->expert, err);
    if (st == CARTA_OK && (v = carta_ai_spec_get(spec, "widen")))
        st = parse_real("widen", v, 100, &out->widen, err);
    if ((v = carta_ai_spec_get(spec, "weights")))
        snprintf(out->weights, sizeof out->weights, "%s", v); /* a spec value fits */
    return st;
}

carta_status carta_mcts_options_parse(const carta_game *g, const carta_ai_spec *spec,
                                      carta_mcts_options *out, carta_error *err)
{
    carta_mcts_options_default(out);
    if (g && g->mcts_defaults) {
        char text[CARTA_AI_VALUE_MAX + 8];
        carta_ai_spec defaults;
        snprintf(text, sizeof text, "mcts:%s", g->mcts_defaults);
        carta_status st = carta_ai_spec_parse(text, &defaults, err);
        if (st == CARTA_OK)
            st = apply_spec(&defaults, out, err);
        if (st != CARTA_OK)
            return st; /* a rule system's own defaults are wrong: tests catch it */
    }
    return apply_spec(spec, out, err);
}
