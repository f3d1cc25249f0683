/* scenario.c: runs scenario files (YAML streams of rules tests) against any rule system. */
#include "scenario.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "options.h"
#include "outcome.h"
#include "rng.h"
#include "view.h"
#include "yaml.h"

enum { SCEN_NAMES_MAX = 4096, SCEN_LIST_SHOWN = 8 };

/* One file's run. */
typedef struct scen_file {
    const char *path;
    const char *data_root;
    carta_game_yaml_find_fn find;
    carta_yaml_stream *stream; /* its text shows what YAML took for a comment */
    FILE *report;
    int n_passed, n_failed;
    int n_names;
    char (*names)[CARTA_NAME_MAX * 2]; /* scenario names seen so far, for uniqueness */
} scen_file;

/* One scenario's run. */
typedef struct scen_run {
    scen_file *file;
    char name[CARTA_NAME_MAX * 2];
    const carta_game *game;
    const carta_game_yaml *yaml;
    carta_rules *rules;
    void *state, *before;          /* game->state_size bytes each */
    carta_action *legal;           /* CARTA_MAX_ACTIONS */
    uint64_t random_seed;
    int step; /* 1-based number of the step running, 0 before the steps */
} scen_run;

/* ---- reporting ---- */

/* Writes "file:line: FAIL name: text". */
static void scen_fail(scen_run *run, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void scen_fail(scen_run *run, int line, const char *fmt, ...)
{
    FILE *out = run->file->report;
    if (!out)
        return;
    if (line > 0)
        fprintf(out, "%s:%d: FAIL %s: ", run->file->path, line, run->name);
    else
        fprintf(out, "%s: FAIL %s: ", run->file->path, run->name);
    if (run->step > 0)
        fprintf(out, "step %d: ", run->step);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}

/* Reports an error message; a leading "file:line[:col]: " naming this file gives the line. */
static void scen_fail_error(scen_run *run, int line, const carta_error *err)
{
    const char *msg = err->msg[0] ? err->msg : carta_status_name(err->status);
    size_t plen = strlen(run->file->path);
    if (strncmp(msg, run->file->path, plen) == 0 && msg[plen] == ':') {
        const char *p = msg + plen + 1;
        char *end;
        long l = strtol(p, &end, 10);
        if (end != p && *end == ':') {
            line = (int)l;
            p = end + 1;
            if (isdigit((unsigned char)*p)) { /* a column */
                strtol(p, &end, 10);
                if (*end == ':')
                    p = end + 1;
            }
            while (*p == ' ')
                p++;
            msg = p;
        } else if (*p == ' ') {
            msg = p + 1;
        }
    }
    scen_fail(run, line, "%s", msg);
}

/* ---- action texts ---- */

/* Lower-cases s into out, collapsing runs of white space and trimming (as carta_action_parse). */
static void scen_normalize(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    int space = 0;
    for (; *s && n + 1 < cap; s++) {
        if (isspace((unsigned char)*s)) {
            space = n > 0;
            continue;
        }
        if (space && n + 2 < cap)
            out[n++] = ' ';
        space = 0;
        out[n++] = (char)tolower((unsigned char)*s);
    }
    out[n] = '\0';
}

/* The index in run->legal[0..n) of the action whose text is exactly text (normalized), or -1. */
static int scen_find_text(scen_run *run, int n, const char *text)
{
    char want[256], raw[256], have[256];
    scen_normalize(text, want, sizeof want);
    for (int i = 0; i < n; i++) {
        run->game->describe_action(run->rules, run->state, run->legal[i], raw, sizeof raw);
        scen_normalize(raw, have, sizeof have);
        if (strcmp(want, have) == 0)
            return i;
    }
    return -1;
}

/* Writes up to SCEN_LIST_SHOWN legal action texts as "a, b, c (and N more)". */
static void scen_list_actions(scen_run *run, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    if (n == 0) {
        snprintf(buf, cap, "none");
        return;
    }
    for (int i = 0; i < n && i < SCEN_LIST_SHOWN && len < cap; i++) {
        char text[128];
        run->game->describe_action(run->rules, run->state, run->legal[i], text, sizeof text);
        len += (size_t)snprintf(buf + len, cap - len, "%s'%s'", i ? ", " : "", text);
    }
    if (n > SCEN_LIST_SHOWN && len < cap)
        snprintf(buf + len, cap - len, " (and %d more)", n - SCEN_LIST_SHOWN);
}

/* ---- reading values ---- */

/* A scalar as text; false (with err set) if node is not one. */
static bool scen_text(struct fy_node *node, const char *key, char *buf, size_t cap,
                      const char *file, carta_error *err)
{
    if (carta_yaml_scalar(node, buf, cap) && buf[0])
        return true;
    carta_yaml_error(err, file, node, "'%s' needs a text", key);
    return false;
}

/* A plain (unquoted) step text followed on its line by '#' and a digit: YAML read
 * "fight Probe Grunt #2 -> Probe Wisp" as "fight Probe Grunt" and a comment. The copy is part of
 * the text: appends the rest of the line to buf, up to a '#' that starts a real comment (one
 * not followed by a digit). */
static void scen_uncut(scen_run *run, struct fy_node *node, char *buf, size_t cap)
{
    size_t len = 0;
    const char *text = carta_yaml_stream_text(run->file->stream, &len);
    struct fy_token *tok = fy_node_is_scalar(node) && fy_node_get_style(node) == FYNS_PLAIN
                               ? fy_node_get_scalar_token(node)
                               : NULL;
    const struct fy_mark *end = tok ? fy_token_end_mark(tok) : NULL;
    if (!text || !end || end->input_pos >= len)
        return;
    size_t at = end->input_pos, stop;
    while (at < len && (text[at] == ' ' || text[at] == '\t'))
        at++;
    if (at == end->input_pos || at + 1 >= len || text[at] != '#' ||
        !isdigit((unsigned char)text[at + 1]))
        return;
    for (stop = at; stop < len && text[stop] != '\n' && text[stop] != '\r'; stop++)
        if (text[stop] == '#' && isspace((unsigned char)text[stop - 1]) &&
            !isdigit((unsigned char)text[stop + 1]))
            break;
    while (stop > at && isspace((unsigned char)text[stop - 1]))
        stop--;
    size_t n = strlen(buf);
    snprintf(buf + n, cap - n, " %.*s", (int)(stop - at), text + at);
}

/* The text of a step that names an action: a scalar, with a card's copy ("X #2") read whole. */
static bool scen_action_text(scen_run *run, struct fy_node *node, const char *key, char *buf,
                             size_t cap, carta_error *err)
{
    if (!scen_text(node, key, buf, cap, run->file->path, err))
        return false;
    scen_uncut(run, node, buf, cap);
    return true;
}

/* A seat number or "none" (CARTA_NO_SEAT); false with err set otherwise. */
static bool scen_seat(struct fy_node *node, const char *key, int *out, const char *file,
                      carta_error *err)
{
    char text[32];
    if (carta_yaml_scalar(node, text, sizeof text)) {
        if (strcmp(text, "none") == 0) {
            *out = CARTA_NO_SEAT;
            return true;
        }
        char *end;
        long v = strtol(text, &end, 10);
        if (text[0] && !*end && v >= 0 && v < CARTA_MAX_SEATS) {
            *out = (int)v;
            return true;
        }
    }
    carta_yaml_error(err, file, node, "'%s' needs a seat number 0..%d or 'none'", key,
                     CARTA_MAX_SEATS - 1);
    return false;
}

static bool scen_count(struct fy_node *node, const char *key, long lo, long hi, long *out,
                       const char *file, carta_error *err)
{
    char text[32];
    if (carta_yaml_scalar(node, text, sizeof text)) {
        char *end;
        errno = 0;
        long v = strtol(text, &end, 10);
        if (text[0] && !*end && !errno && v >= lo && v <= hi) {
            *out = v;
            return true;
        }
    }
    carta_yaml_error(err, file, node, "'%s' needs a whole number %ld..%ld", key, lo, hi);
    return false;
}

/* ---- steps ---- */

/* What holds in every state (the game's check) holds after each action a scenario applies. */
static int scen_holds(scen_run *run, int line, const char *after)
{
    carta_error why = {0};
    if (!run->game->check || run->game->check(run->rules, run->state, &why) == CARTA_OK)
        return 1;
    scen_fail(run, line, "after %s the state breaks the game's check: %s", after, why.msg);
    return 0;
}

static int scen_step_do(scen_run *run, struct fy_node *v, int line, carta_error *err)
{
    char text[256];
    if (!scen_action_text(run, v, "do", text, sizeof text, err))
        return 0;
    carta_action action;
    carta_error why = {0};
    if (carta_action_parse(run->game, run->rules, run->state, text, &action, &why) != CARTA_OK) {
        int n = run->game->legal_actions(run->rules, run->state, run->legal);
        char list[600];
        scen_list_actions(run, n, list, sizeof list);
        scen_fail(run, line, "expected '%s' to be legal, but: %s; legal: %s", text, why.msg, list);
        return 0;
    }
    if (run->game->apply(run->rules, run->state, action, &why) != CARTA_OK) {
        scen_fail(run, line, "expected '%s' to be applied, but apply refused it: %s", text,
                  why.msg);
        return 0;
    }
    char after[300];
    snprintf(after, sizeof after, "'%s'", text);
    return scen_holds(run, line, after);
}

/* A refusal passes `because:` when its message holds that text (no `because`: any refusal). */
static int scen_because(scen_run *run, int line, const char *because, const char *what,
                        const carta_error *why)
{
    if (!because || strstr(why->msg, because))
        return 1;
    scen_fail(run, line, "expected %s to be refused because of '%s', but it was refused with: %s",
              what, because, why->msg);
    return 0;
}

/* The action of text must be refused (by parsing or by apply) and the state stay unchanged. */
static int scen_refuse_action(scen_run *run, const char *text, const char *because, int line)
{
    size_t size = run->game->state_size;
    memcpy(run->before, run->state, size);
    carta_action action;
    carta_error why = {0};
    carta_status st = carta_action_parse(run->game, run->rules, run->state, text, &action, &why);
    if (st == CARTA_OK) {
        char applied[256];
        run->game->describe_action(run->rules, run->state, action, applied, sizeof applied);
        st = run->game->apply(run->rules, run->state, action, &why);
        if (st == CARTA_OK) {
            scen_fail(run, line, "expected '%s' to be refused, but '%s' was legal and applied",
                      text, applied);
            return 0;
        }
    }
    if (memcmp(run->before, run->state, size) != 0) {
        scen_fail(run, line, "'%s' was refused (%s) but the state changed", text, why.msg);
        return 0;
    }
    char what[300];
    snprintf(what, sizeof what, "'%s'", text);
    return scen_because(run, line, because, what, &why);
}

static carta_status scen_config(scen_run *run, struct fy_node *setup, carta_config *config,
                                bool *refused, carta_error *err);

/* A deck the game must refuse: a spec (deck_resolve, then deck_check) or a list of card names
 * (deck_check). */
static int scen_refuse_deck(scen_run *run, struct fy_node *spec, const char *because, int line,
                            carta_error *err)
{
    const char *file = run->file->path;
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    carta_error why = {0};
    char text[512] = "the deck";
    if (fy_node_is_sequence(spec)) {
        int n = fy_node_sequence_item_count(spec);
        if (n > CARTA_DECK_MAX) {
            carta_yaml_error(err, file, spec, "a deck lists at most %d cards", CARTA_DECK_MAX);
            return 0;
        }
        snprintf(deck.name, sizeof deck.name, "scenario deck");
        for (int i = 0; i < n; i++) {
            struct fy_node *item = fy_node_sequence_get_by_index(spec, i);
            char name[CARTA_NAME_MAX];
            int id = carta_yaml_scalar(item, name, sizeof name)
                         ? run->game->card_id(run->rules, name)
                         : -1;
            if (id < 0) {
                carta_yaml_error(err, file, item, "unknown card '%s' in the deck", name);
                return 0;
            }
            deck.cards[deck.n_cards++] = (uint16_t)id;
        }
    } else if (scen_text(spec, "deck", text, sizeof text, file, err)) {
        if (run->game->deck_resolve(run->rules, text, run->random_seed, &deck, &why) != CARTA_OK)
            return scen_because(run, line, because, "the deck", &why);
    } else {
        return 0;
    }
    if (run->game->deck_check(run->rules, &deck, &why) == CARTA_OK) {
        scen_fail(run, line, "expected %s to be refused, but the game accepts it", text);
        return 0;
    }
    return scen_because(run, line, because, "the deck", &why);
}

/* A setup the game must refuse (into a scratch state: the scenario's own stays as it was). */
static int scen_refuse_setup(scen_run *run, struct fy_node *setup, const char *because,
                             int line, carta_error *err)
{
    carta_config config;
    bool refused = false;
    carta_error why = {0};
    if (scen_config(run, setup, &config, &refused, &why) != CARTA_OK) {
        if (!refused) {
            *err = why;
            return 0;
        }
        return scen_because(run, line, because, "the setup", &why);
    }
    memset(run->before, 0, run->game->state_size);
    if (run->game->setup(run->rules, run->before, &config, &why) == CARTA_OK) {
        scen_fail(run, line, "expected the setup to be refused, but the game set it up");
        return 0;
    }
    return scen_because(run, line, because, "the setup", &why);
}

/* fail: "text" (an action), or {do | deck | setup: ..., because: "part of the message"}. */
static int scen_step_fail(scen_run *run, struct fy_node *v, int line, carta_error *err)
{
    const char *file = run->file->path;
    static const char *const keys[] = {"do", "deck", "setup", "because", NULL};
    char text[256], because[256];
    if (!fy_node_is_mapping(v))
        return scen_action_text(run, v, "fail", text, sizeof text, err) &&
               scen_refuse_action(run, text, NULL, line);
    struct fy_node *act = carta_yaml_get(v, "do"), *deck = carta_yaml_get(v, "deck");
    struct fy_node *setup = carta_yaml_get(v, "setup");
    if (carta_yaml_check_keys(v, keys, "a refusal", file, err) ||
        carta_yaml_str(v, "because", "", because, sizeof because, file, err))
        return 0;
    if ((act != NULL) + (deck != NULL) + (setup != NULL) != 1) {
        carta_yaml_error(err, file, v, "a refusal names exactly one of 'do', 'deck', 'setup'");
        return 0;
    }
    const char *b = because[0] ? because : NULL;
    if (act)
        return scen_action_text(run, act, "do", text, sizeof text, err) &&
               scen_refuse_action(run, text, b, line);
    if (deck)
        return scen_refuse_deck(run, deck, b, line, err);
    if (!fy_node_is_mapping(setup)) {
        carta_yaml_error(err, file, setup, "'setup' needs a map {seed, decks, seats, mode}");
        return 0;
    }
    return scen_refuse_setup(run, setup, b, line, err);
}

static int scen_step_legal(scen_run *run, struct fy_node *v, int line, int want_legal,
                           carta_error *err)
{
    const char *key = want_legal ? "legal" : "illegal";
    char text[256];
    if (!scen_action_text(run, v, key, text, sizeof text, err))
        return 0;
    int n = run->game->legal_actions(run->rules, run->state, run->legal);
    int found = scen_find_text(run, n, text) >= 0;
    if (found == want_legal)
        return 1;
    char list[600];
    scen_list_actions(run, n, list, sizeof list);
    if (want_legal)
        scen_fail(run, line, "expected '%s' to be legal, found it is not; legal: %s", text, list);
    else
        scen_fail(run, line, "expected '%s' to be illegal, found it is legal", text);
    return 0;
}

static int scen_step_actions(scen_run *run, struct fy_node *v, int line, carta_error *err)
{
    long want;
    if (!scen_count(v, "actions", 0, CARTA_MAX_ACTIONS, &want, run->file->path, err))
        return 0;
    int n = run->game->legal_actions(run->rules, run->state, run->legal);
    if (n == want)
        return 1;
    char list[600];
    scen_list_actions(run, n, list, sizeof list);
    scen_fail(run, line, "expected %ld legal actions, found %d: %s", want, n, list);
    return 0;
}

static void scen_seat_text(int seat, char *buf, size_t cap)
{
    if (seat == CARTA_NO_SEAT)
        snprintf(buf, cap, "none");
    else
        snprintf(buf, cap, "%d", seat);
}

static int scen_step_seat(scen_run *run, struct fy_node *v, int line, int winner,
                          carta_error *err)
{
    const char *key = winner ? "winner" : "to_act";
    int want;
    if (!scen_seat(v, key, &want, run->file->path, err))
        return 0;
    carta_outcome o; /* seats past the game's get a return of 0 */
    carta_outcome_of(run->game, run->rules, run->state, run->game->max_seats, &o);
    int got = winner ? carta_outcome_first_winner(&o) : run->game->to_act(run->rules, run->state);
    if (got == want)
        return 1;
    char a[16], b[16], desc[160];
    scen_seat_text(want, a, sizeof a);
    scen_seat_text(got, b, sizeof b);
    run->game->describe_state(run->rules, run->state, desc, sizeof desc);
    scen_fail(run, line, "expected %s %s, found %s (%s)", key, a, b, desc);
    return 0;
}

/* The view of the true state (every card named; events as a spectator reads them), or NULL with
 * err set. Free with carta_view_free. */
static carta_view *scen_view(scen_run *run, struct fy_node *v, carta_error *err)
{
    if (!run->game->view) {
        carta_yaml_error(err, run->file->path, v, "%s has no view to check", run->game->id);
        return NULL;
    }
    carta_view *view = carta_view_observation(run->game, run->rules, run->state, CARTA_NO_SEAT);
    if (!carta_view_json(view)) {
        carta_view_free(view);
        carta_error_set(err, CARTA_ERR_NOMEM, "the view of the state could not be written");
        return NULL;
    }
    return view;
}

/* expect: {view: {path: value}, <the game's keys>}, or events: / said: (events is 1). */
static int scen_step_view(scen_run *run, struct fy_node *v, int line, int events)
{
    carta_error why = {0};
    carta_expect_ctx ctx = {run->game, run->rules, run->file->path};
    carta_view *view = scen_view(run, v, &why);
    carta_status st = CARTA_ERR_NOMEM;
    if (view && events)
        st = carta_expect_events(&ctx, carta_view_json(view), v, &why);
    else if (view)
        st = carta_expect_check(&ctx, carta_view_json(view), run->yaml->expect, v, &why);
    carta_view_free(view);
    if (st == CARTA_OK)
        return 1;
    scen_fail_error(run, line, &why);
    return 0;
}

/* Applies n random legal actions (a soak check): each must be accepted, and the legal list must
 * be empty exactly when no seat is to act. */
static int scen_step_random(scen_run *run, struct fy_node *v, int line, carta_error *err)
{
    long count;
    if (!scen_count(v, "random", 0, 1000000, &count, run->file->path, err))
        return 0;
    carta_rng rng;
    carta_rng_seed(&rng, run->random_seed);
    run->random_seed = carta_mix64(run->random_seed);
    for (long i = 0; i < count; i++) {
        int n = run->game->legal_actions(run->rules, run->state, run->legal);
        int seat = run->game->to_act(run->rules, run->state);
        if ((n == 0) != (seat == CARTA_NO_SEAT)) {
            scen_fail(run, line, "after %ld random actions: %d legal actions but to_act is %d",
                      i, n, seat);
            return 0;
        }
        if (n == 0)
            return 1;
        carta_action a = run->legal[carta_rng_below(&rng, (uint32_t)n)];
        carta_error why = {0};
        if (run->game->apply(run->rules, run->state, a, &why) != CARTA_OK) {
            char text[128];
            run->game->describe_action(run->rules, run->state, a, text, sizeof text);
            scen_fail(run, line, "random action %ld '%s' was listed as legal but refused: %s", i,
                      text, why.msg);
            return 0;
        }
        if (!scen_holds(run, line, "a random action"))
            return 0;
    }
    return 1;
}

/* Runs one step; 1 if it passed, 0 if it failed (already reported) or was malformed (err set). */
static int scen_step(scen_run *run, struct fy_node *step, carta_error *err)
{
    const char *file = run->file->path;
    static const char *const keys[] = {"do",     "fail",   "legal",  "illegal", "actions",
                                       "winner", "to_act", "expect", "events",  "said",
                                       "random", NULL};
    if (!fy_node_is_mapping(step) || fy_node_mapping_item_count(step) != 1) {
        carta_yaml_error(err, file, step,
                         "a step is a map with exactly one key (do, fail, legal, illegal, "
                         "actions, winner, to_act, expect, events, said, random)");
        return 0;
    }
    if (carta_yaml_check_keys(step, keys, "a step", file, err) != CARTA_OK)
        return 0;
    void *it = NULL;
    struct fy_node_pair *pair = fy_node_mapping_iterate(step, &it);
    char key[16];
    carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
    struct fy_node *v = fy_node_pair_value(pair);
    int line = carta_yaml_line(step);
    if (!strcmp(key, "do"))
        return scen_step_do(run, v, line, err);
    if (!strcmp(key, "fail"))
        return scen_step_fail(run, v, line, err);
    if (!strcmp(key, "legal") || !strcmp(key, "illegal"))
        return scen_step_legal(run, v, line, !strcmp(key, "legal"), err);
    if (!strcmp(key, "actions"))
        return scen_step_actions(run, v, line, err);
    if (!strcmp(key, "winner") || !strcmp(key, "to_act"))
        return scen_step_seat(run, v, line, !strcmp(key, "winner"), err);
    if (!strcmp(key, "expect") || !strcmp(key, "events") || !strcmp(key, "said"))
        return scen_step_view(run, v, line, strcmp(key, "expect") != 0);
    return scen_step_random(run, v, line, err);
}

/* ---- the start of a scenario ---- */

/* Reads a setup map into config, resolving its decks. On an error *refused tells whether the
 * game refused (a deck it cannot resolve) rather than the map being malformed. */
static carta_status scen_config(scen_run *run, struct fy_node *setup, carta_config *config,
                                bool *refused, carta_error *err)
{
    const char *file = run->file->path;
    static const char *const keys[] = {"seed", "decks", "seats", "mode", "options", NULL};
    *refused = false;
    if (carta_yaml_check_keys(setup, keys, "setup", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    memset(config, 0, sizeof *config);
    char text[64];
    struct fy_node *seed = carta_yaml_get(setup, "seed");
    if (seed) {
        char *end;
        errno = 0;
        if (!carta_yaml_scalar(seed, text, sizeof text) || !isdigit((unsigned char)text[0]) ||
            (config->seed = strtoull(text, &end, 10), errno || *end))
            return carta_yaml_error(err, file, seed, "'seed' needs a whole number 0..2^64-1");
    }
    if (carta_yaml_str(setup, "mode", "", config->mode, sizeof config->mode, file, err))
        return CARTA_ERR_INPUT;
    char options[256];
    carta_error why = {0};
    if (carta_yaml_str(setup, "options", "", options, sizeof options, file, err))
        return CARTA_ERR_INPUT;
    if (options[0] && carta_options_parse(run->game, config, options, &why)) {
        *refused = true; /* the game takes no such option: a refusal, not a malformed map */
        return carta_yaml_error(err, file, carta_yaml_get(setup, "options"), "%s", why.msg);
    }
    struct fy_node *decks = carta_yaml_get(setup, "decks");
    if (!decks || !fy_node_is_sequence(decks))
        return carta_yaml_error(err, file, decks ? decks : setup,
                                "setup needs 'decks': a list of deck specs, one per seat");
    int n_decks = fy_node_sequence_item_count(decks);
    int seats = n_decks;
    if (carta_yaml_int(setup, "seats", n_decks, false, 1, CARTA_MAX_SEATS, &seats, file, err))
        return CARTA_ERR_INPUT;
    if (n_decks != seats)
        return carta_yaml_error(err, file, decks, "'seats' is %d but %d decks are given", seats,
                                n_decks);
    config->n_seats = seats;
    for (int i = 0; i < seats; i++) {
        struct fy_node *spec = fy_node_sequence_get_by_index(decks, i);
        char name[512];
        if (!scen_text(spec, "decks", name, sizeof name, file, err))
            return CARTA_ERR_INPUT;
        carta_error why = {0};
        uint64_t deck_seed =
            carta_mix64(config->seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1)));
        if (run->game->deck_resolve(run->rules, name, deck_seed, &config->decks[i], &why)) {
            *refused = true;
            return carta_yaml_error(err, file, spec, "deck %d: %s", i, why.msg);
        }
    }
    return CARTA_OK;
}

static carta_status scen_setup(scen_run *run, struct fy_node *setup, carta_error *err)
{
    const char *file = run->file->path;
    const carta_game *g = run->game;
    carta_config config;
    bool refused;
    if (scen_config(run, setup, &config, &refused, err))
        return CARTA_ERR_INPUT;
    if (config.n_seats < g->min_seats || config.n_seats > g->max_seats)
        return carta_yaml_error(err, file, carta_yaml_get(setup, "decks"),
                                "%s needs %d..%d seats with one deck each, found %d decks", g->id,
                                g->min_seats, g->max_seats, config.n_seats);
    run->random_seed = carta_mix64(config.seed ^ 0x5ce0a210ULL);
    carta_error why = {0};
    memset(run->state, 0, g->state_size);
    if (g->setup(run->rules, run->state, &config, &why) != CARTA_OK)
        return carta_yaml_error(err, file, setup, "setup failed: %s", why.msg);
    return CARTA_OK;
}

static carta_status scen_open_rules(scen_run *run, struct fy_node *game_node, carta_error *err)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", run->file->data_root ? run->file->data_root : ".",
             run->game->id);
    carta_error why = {0};
    run->rules = run->game->open(dir, &why);
    if (!run->rules)
        return carta_yaml_error(err, run->file->path, game_node, "cannot open the %s rules: %s",
                                run->game->id, why.msg);
    size_t size = run->game->state_size;
    run->state = calloc(1, size);
    run->before = calloc(1, size);
    run->legal = calloc(CARTA_MAX_ACTIONS, sizeof *run->legal);
    if (!run->state || !run->before || !run->legal)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    return CARTA_OK;
}

static void scen_close(scen_run *run)
{
    if (run->rules)
        run->game->close(run->rules);
    free(run->state);
    free(run->before);
    free(run->legal);
}

/* Reads name, checks it is unique in the file and remembers it. */
static carta_status scen_name(scen_run *run, struct fy_node *root, carta_error *err)
{
    scen_file *f = run->file;
    char name[sizeof run->name];
    if (carta_yaml_str(root, "name", NULL, name, sizeof name, f->path, err))
        return CARTA_ERR_INPUT;
    if (!name[0])
        return carta_yaml_error(err, f->path, carta_yaml_get(root, "name"),
                                "'name' must not be empty");
    snprintf(run->name, sizeof run->name, "%s", name);
    for (int i = 0; i < f->n_names; i++)
        if (strcmp(f->names[i], name) == 0)
            return carta_yaml_error(err, f->path, carta_yaml_get(root, "name"),
                                    "duplicate scenario name '%s' in this file", name);
    if (!f->names)
        f->names = calloc(SCEN_NAMES_MAX, sizeof *f->names);
    if (f->names && f->n_names < SCEN_NAMES_MAX)
        memcpy(f->names[f->n_names++], name, sizeof name);
    return CARTA_OK;
}

/* Everything before the steps: keys, name, game, rule, rules, inline cards, the start. */
static carta_status scen_prepare(scen_run *run, struct fy_node *root, carta_error *err)
{
    const char *file = run->file->path;
    static const char *const keys[] = {"game",     "name",  "rule",  "cards", "setup",
                                       "position", "steps", "notes", NULL};
    if (scen_name(run, root, err))
        return CARTA_ERR_INPUT;
    if (carta_yaml_check_keys(root, keys, "a scenario", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    char id[CARTA_NAME_MAX], rule[512];
    if (carta_yaml_str(root, "game", NULL, id, sizeof id, file, err) ||
        carta_yaml_str(root, "rule", NULL, rule, sizeof rule, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *game_node = carta_yaml_get(root, "game");
    if (!rule[0])
        return carta_yaml_error(err, file, carta_yaml_get(root, "rule"),
                                "'rule' must cite the rulebook passage it tests");
    run->yaml = run->file->find(id);
    run->game = run->yaml ? run->yaml->game : NULL;
    if (!run->game)
        return carta_yaml_error(err, file, game_node, "unknown game '%s'", id);
    if (scen_open_rules(run, game_node, err))
        return CARTA_ERR_INPUT;
    struct fy_node *cards = carta_yaml_get(root, "cards");
    carta_error why = {0};
    if (cards && !run->yaml->add_cards)
        return carta_yaml_error(err, file, cards, "%s has no inline cards", run->game->id);
    if (cards && run->yaml->add_cards(run->rules, cards, file, &why) != CARTA_OK) {
        if (strncmp(why.msg, file, strlen(file)) == 0) /* already names file and line */
            return carta_error_set(err, CARTA_ERR_INPUT, "%s", why.msg);
        return carta_yaml_error(err, file, cards, "inline cards: %s", why.msg);
    }
    struct fy_node *setup = carta_yaml_get(root, "setup");
    struct fy_node *position = carta_yaml_get(root, "position");
    if ((setup != NULL) == (position != NULL))
        return carta_yaml_error(err, file, root,
                                "a scenario needs exactly one of 'setup' and 'position'");
    if (setup)
        return scen_setup(run, setup, err);
    if (!fy_node_is_mapping(position))
        return carta_yaml_error(err, file, position, "'position' needs a map");
    if (!run->yaml->scenario_position)
        return carta_yaml_error(err, file, position, "%s has no scenario positions",
                                run->game->id);
    run->random_seed = carta_mix64(carta_digest(run->name, strlen(run->name)));
    memset(run->state, 0, run->game->state_size);
    if (run->yaml->scenario_position(run->rules, run->state, position, file, &why) != CARTA_OK) {
        if (strncmp(why.msg, file, strlen(file)) == 0)
            return carta_error_set(err, CARTA_ERR_INPUT, "%s", why.msg);
        return carta_yaml_error(err, file, position, "position: %s", why.msg);
    }
    return CARTA_OK;
}

/* Runs one scenario document; 1 if it passed. */
static int scen_run_one(scen_file *f, struct fy_node *root, int index)
{
    scen_run run;
    memset(&run, 0, sizeof run);
    run.file = f;
    snprintf(run.name, sizeof run.name, "(scenario %d)", index);
    carta_error err = {0};
    int passed = 0;
    if (!root || !fy_node_is_mapping(root)) {
        carta_yaml_error(&err, f->path, root, "a scenario must be a map (game, name, rule, ...)");
    } else if (scen_prepare(&run, root, &err) == CARTA_OK) {
        struct fy_node *steps = carta_yaml_get(root, "steps");
        if (!steps || !fy_node_is_sequence(steps)) {
            carta_yaml_error(&err, f->path, steps ? steps : root, "'steps' needs a list of steps");
        } else {
            passed = 1;
            void *it = NULL;
            struct fy_node *step;
            while (passed && (step = fy_node_sequence_iterate(steps, &it))) {
                run.step++;
                passed = scen_step(&run, step, &err);
            }
        }
    }
    if (err.status != CARTA_OK)
        scen_fail_error(&run, carta_yaml_line(root), &err);
    scen_close(&run);
    return passed;
}

/* True for a document with no content: no root, or an empty plain scalar. */
static int scen_empty(struct fy_node *root)
{
    if (!root || fy_node_is_null(root))
        return 1;
    size_t len = 1;
    return fy_node_is_scalar(root) && fy_node_get_style(root) == FYNS_PLAIN &&
           fy_node_get_scalar(root, &len) && len == 0;
}

carta_status carta_scenario_run_file(const char *path, const char *data_root,
                                     carta_game_yaml_find_fn find, FILE *report, int *n_passed,
                                     int *n_failed, carta_error *err)
{
    scen_file f;
    memset(&f, 0, sizeof f);
    f.path = path;
    f.data_root = data_root;
    f.find = find;
    if (!find)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: no way to find games", path);
    f.report = report;
    *n_passed = *n_failed = 0;
    carta_yaml_stream *stream = carta_yaml_stream_open(path, err);
    f.stream = stream;
    if (!stream)
        return err && err->status ? err->status : CARTA_ERR_IO;
    carta_status st = CARTA_OK;
    int index = 0;
    for (;;) {
        carta_error perr = {0};
        struct fy_document *doc = carta_yaml_stream_next(stream, &perr);
        if (!doc) {
            if (perr.status != CARTA_OK) {
                scen_run run = {.file = &f};
                snprintf(run.name, sizeof run.name, "(scenario %d)", index + 1);
                scen_fail_error(&run, 0, &perr);
                f.n_failed++;
                st = carta_error_set(err, perr.status, "%s", perr.msg);
            }
            break;
        }
        struct fy_node *root = fy_document_root(doc);
        if (!scen_empty(root)) { /* an empty document (a stray '---') is no scenario */
            index++;
            if (scen_run_one(&f, root, index))
                f.n_passed++;
            else
                f.n_failed++;
        }
        fy_document_destroy(doc);
    }
    carta_yaml_stream_close(stream);
    free(f.names);
    if (report)
        fprintf(report, "%s: %d passed, %d failed\n", path, f.n_passed, f.n_failed);
    *n_passed = f.n_passed;
    *n_failed = f.n_failed;
    return st;
}
