/* action_parse.c: action texts: matching what a player typed, describing a move to a viewer. */
#include "game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "status.h"

/* Lower-cases s into out, collapsing runs of white space and trimming both ends. */
static void normalize(const char *s, char *out, size_t cap)
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

/* The normalized text of action in state into text (256 bytes). */
static void action_text(const carta_game *game, const carta_rules *rules, const void *state,
                        carta_action action, char *text)
{
    char raw[256];
    game->describe_action(rules, state, action, raw, sizeof raw);
    normalize(raw, text, 256);
}

/* Bytes of the whole words a and b start with alike ("summon pikeman at" of "summon pikeman at
 * c2" and "summon pikeman at c3"), without the space after them. */
static size_t shared_words(const char *a, const char *b)
{
    size_t k = 0;
    while (a[k] && a[k] == b[k])
        k++;
    int word_ends = (a[k] == ' ' || !a[k]) && (b[k] == ' ' || !b[k]);
    while (!word_ends && k > 0 && a[k - 1] != ' ')
        k--; /* back to the start of the word they differ in */
    while (k > 0 && a[k - 1] == ' ')
        k--;
    return k;
}

/* Bytes of the words every one of the n legal texts starts with; 0 if they share none. */
static size_t common_words(const carta_game *game, const carta_rules *rules, const void *state,
                           const carta_action *legal, int n)
{
    char first[256], text[256];
    action_text(game, rules, state, legal[0], first);
    size_t common = strlen(first);
    for (int i = 1; i < n && common; i++) {
        action_text(game, rules, state, legal[i], text);
        size_t k = shared_words(first, text);
        common = k < common ? k : common;
    }
    return common;
}

/* Whether text ends with want as whole words ("... at c2 facing north" and "facing north"). */
static int ends_with_words(const char *text, const char *want)
{
    size_t t = strlen(text), w = strlen(want);
    return w <= t && strcmp(text + t - w, want) == 0 && (w == t || text[t - w - 1] == ' ');
}

/* The rest of a decision typed on its own: when every legal text starts with the same words
 * (the steps already taken: "summon pikeman at"), want may be the end of one ("c2", "facing
 * north"), or else the start of what follows those words ("nor"). Writes the unique match and
 * returns 1; 0 if there is none; -1 (err set) if several fit. */
static int parse_rest(const carta_game *game, const carta_rules *rules, const void *state,
                      const carta_action *legal, int n, const char *want, const char *typed,
                      carta_action *out, carta_error *err)
{
    size_t common = common_words(game, rules, state, legal, n), want_len = strlen(want);
    if (common == 0)
        return 0;
    int hit[2][2], hits[2] = {0, 0}; /* [0]: ends with want; [1]: what follows starts so */
    for (int i = 0; i < n; i++) {
        char text[256];
        action_text(game, rules, state, legal[i], text);
        const char *rest = text + common + (text[common] == ' ');
        int kind = ends_with_words(text, want) ? 0 : strncmp(rest, want, want_len) == 0 ? 1 : -1;
        if (kind >= 0 && hits[kind] < 2)
            hit[kind][hits[kind]] = i;
        if (kind >= 0)
            hits[kind]++;
    }
    int kind = hits[0] ? 0 : 1;
    if (hits[kind] == 0)
        return 0;
    if (hits[kind] == 1) {
        *out = legal[hit[kind][0]];
        return 1;
    }
    char a[128], b[128];
    game->describe_action(rules, state, legal[hit[kind][0]], a, sizeof a);
    game->describe_action(rules, state, legal[hit[kind][1]], b, sizeof b);
    carta_error_set(err, CARTA_ERR_INPUT, "'%s' is ambiguous: it could be '%s' or '%s'%s", typed,
                    a, b, hits[kind] > 2 ? " or others" : "");
    return -1;
}

carta_status carta_action_parse(const carta_game *game, const carta_rules *rules,
                                const void *state, const char *typed, carta_action *out,
                                carta_error *err)
{
    static _Thread_local carta_action legal[CARTA_MAX_ACTIONS];
    int n = game->legal_actions(rules, state, legal);
    char want[256], text[256];
    normalize(typed, want, sizeof want);
    if (!want[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "empty command: type an action or its number");
    if (n == 0)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "the game is over: no action is legal");

    char *end;
    long index = strtol(want, &end, 10);
    if (*end == '\0') {
        if (index < 1 || index > n)
            return carta_error_set(err, CARTA_ERR_ILLEGAL,
                                   "no action number %ld: choose 1 to %d", index, n);
        *out = legal[index - 1];
        return CARTA_OK;
    }

    int prefix_hits = 0, first_hit = -1, second_hit = -1;
    size_t want_len = strlen(want);
    for (int i = 0; i < n; i++) {
        char raw[256];
        game->describe_action(rules, state, legal[i], raw, sizeof raw);
        normalize(raw, text, sizeof text);
        if (strcmp(text, want) == 0) {
            *out = legal[i];
            return CARTA_OK;
        }
        if (strncmp(text, want, want_len) == 0) {
            if (prefix_hits == 0)
                first_hit = i;
            else if (prefix_hits == 1)
                second_hit = i;
            prefix_hits++;
        }
    }
    if (prefix_hits == 1) {
        *out = legal[first_hit];
        return CARTA_OK;
    }
    if (prefix_hits == 0) {
        int rest = parse_rest(game, rules, state, legal, n, want, typed, out, err);
        if (rest)
            return rest > 0 ? CARTA_OK : CARTA_ERR_INPUT;
    }
    if (prefix_hits > 1) {
        char a[128], b[128];
        game->describe_action(rules, state, legal[first_hit], a, sizeof a);
        game->describe_action(rules, state, legal[second_hit], b, sizeof b);
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "'%s' is ambiguous: it could be '%s' or '%s'%s", typed, a, b,
                               prefix_hits > 2 ? " or others" : "");
    }
    return carta_error_set(err, CARTA_ERR_ILLEGAL,
                           "'%s' is not a legal action now (type 'actions' to list them)", typed);
}

void carta_describe_move(const carta_game *game, const carta_rules *rules, const void *state,
                         carta_action action, int viewer, void *scratch, char *buf, size_t cap)
{
    if (game->describe_move) {
        game->describe_move(rules, state, action, viewer, buf, cap);
        return;
    }
    game->observe(rules, state, viewer, scratch);
    game->describe_action(rules, scratch, action, buf, cap);
}

/* The legal action whose normalized text is the longest proper word-prefix of want, or -1. */
static int longest_prefix(const carta_game *game, const carta_rules *rules, const void *view,
                          const carta_action *legal, int n, const char *want)
{
    int best = -1;
    size_t best_len = 0, want_len = strlen(want);
    for (int i = 0; i < n; i++) {
        char raw[256], text[256];
        game->describe_action(rules, view, legal[i], raw, sizeof raw);
        normalize(raw, text, sizeof text);
        size_t len = strlen(text);
        if (len > best_len && len < want_len && want[len] == ' ' &&
            strncmp(text, want, len) == 0) {
            best = i;
            best_len = len;
        }
    }
    return best;
}

/* Takes the chain's next step: the action and the text seat sees for it in view. */
static void chain_take(const carta_game *game, const carta_rules *rules, const void *view,
                       carta_action action, carta_chain *out)
{
    out->action[out->n] = action;
    game->describe_action(rules, view, action, out->text[out->n], CARTA_CHAIN_TEXT);
    out->n++;
}

carta_status carta_action_parse_chain(const carta_game *game, const carta_rules *rules,
                                      const void *state, int seat, const char *typed,
                                      void *scratch, carta_chain *out, carta_error *err)
{
    static _Thread_local carta_action legal[CARTA_MAX_ACTIONS];
    unsigned char *copy = scratch, *view = copy + game->state_size;
    char want[256];
    normalize(typed, want, sizeof want);
    const char *rest = want; /* what the steps taken so far have not matched */
    memcpy(copy, state, game->state_size);
    /* a fixed seed: the guess depends only on what seat sees */
    game->determinize(rules, copy, seat, 0x7e9ed);
    out->n = 0;
    for (;;) {
        carta_action a;
        game->observe(rules, copy, seat, view);
        carta_error first = {0}, ignored = {0};
        /* the step's text may repeat the earlier steps' ("summon X", "summon X at C2") or not
         * ("play X", then "target Y") */
        if (carta_action_parse(game, rules, view, want, &a, &first) == CARTA_OK ||
            (rest != want && carta_action_parse(game, rules, view, rest, &a, &ignored) == CARTA_OK)) {
            chain_take(game, rules, view, a, out);
            return CARTA_OK;
        }
        int n = game->legal_actions(rules, view, legal);
        const char *from = want;
        int i = out->n + 1 < CARTA_CHAIN_MAX ? longest_prefix(game, rules, view, legal, n, want) : -1;
        if (i < 0 && rest != want && out->n + 1 < CARTA_CHAIN_MAX) {
            from = rest;
            i = longest_prefix(game, rules, view, legal, n, rest);
        }
        if (i >= 0) {
            char raw[256], text[256];
            game->describe_action(rules, view, legal[i], raw, sizeof raw);
            normalize(raw, text, sizeof text);
            rest = from + strlen(text) + 1;
            chain_take(game, rules, view, legal[i], out);
        }
        if (i < 0 || game->apply(rules, copy, legal[i], NULL) != CARTA_OK ||
            game->to_act(rules, copy) != seat) {
            out->n = 0;
            return carta_error_set(err, first.status, "%s", first.msg);
        }
    }
}

int carta_chain_step_holds(const carta_game *game, const carta_rules *rules, const void *state,
                           int seat, const carta_chain *chain, int i, void *scratch)
{
    static _Thread_local carta_action legal[CARTA_MAX_ACTIONS];
    if (i == 0)
        return 1;
    if (i >= chain->n || game->to_act(rules, state) != seat)
        return 0;
    game->observe(rules, state, seat, scratch);
    int n = game->legal_actions(rules, scratch, legal), found = 0;
    for (int k = 0; k < n && !found; k++)
        found = legal[k] == chain->action[i];
    char text[CARTA_CHAIN_TEXT];
    if (!found)
        return 0;
    game->describe_action(rules, scratch, chain->action[i], text, sizeof text);
    return strcmp(text, chain->text[i]) == 0;
}
