/* expect.c: the shared checks of scenario expectations. */
#include "expect.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "yaml.h"

enum { EXPECT_CARDS_MAX = 256 };

carta_status carta_expect_failv(carta_error *err, const char *file, struct fy_node *node,
                                const char *fmt, va_list ap)
{
    char msg[600];
    vsnprintf(msg, sizeof msg, fmt, ap);
    return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d: %s", file, carta_yaml_line(node), msg);
}

static carta_status mismatch(carta_error *err, const char *file, struct fy_node *node,
                             const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static carta_status mismatch(carta_error *err, const char *file, struct fy_node *node,
                             const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carta_status st = carta_expect_failv(err, file, node, fmt, ap);
    va_end(ap);
    return st;
}

/* Writes "[A, B, C]" for n card ids into buf. */
static void names(const carta_game *game, const carta_rules *rules, const uint16_t *cards, int n,
                  char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "[");
    for (int i = 0; i < n && len < cap; i++) {
        const char *name = game->card_name(rules, cards[i]);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", name ? name : "?");
    }
    if (len < cap)
        snprintf(buf + len, cap - len, "]");
}

static bool same_multiset(const uint16_t *want, const uint16_t *have, int n)
{
    bool used[EXPECT_CARDS_MAX] = {0};
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < n && (used[j] || have[j] != want[i]))
            j++;
        if (j == n)
            return false;
        used[j] = true;
    }
    return true;
}

carta_status carta_expect_cards(const carta_game *game, const carta_rules *rules,
                                struct fy_node *seq, const char *what, const uint16_t *have,
                                int n, bool ordered, const char *file, carta_error *err)
{
    uint16_t want[EXPECT_CARDS_MAX];
    if (!seq || !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of card names", what);
    int nw = fy_node_sequence_item_count(seq);
    if (nw > EXPECT_CARDS_MAX || n > EXPECT_CARDS_MAX)
        return carta_yaml_error(err, file, seq, "'%s' lists too many cards", what);
    for (int i = 0; i < nw; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[CARTA_NAME_MAX];
        if (!carta_yaml_scalar(item, name, sizeof name))
            return carta_yaml_error(err, file, item, "'%s' needs card names", what);
        int id = game->card_id(rules, name);
        if (id < 0)
            return carta_yaml_error(err, file, item, "unknown card '%s'", name);
        want[i] = (uint16_t)id;
    }
    bool same = nw == n && (ordered ? memcmp(want, have, (size_t)n * sizeof *have) == 0
                                    : same_multiset(want, have, n));
    if (same)
        return CARTA_OK;
    char a[400], b[400];
    names(game, rules, want, nw, a, sizeof a);
    names(game, rules, have, n, b, sizeof b);
    return mismatch(err, file, seq, "%s: expected %s, found %s", what, a, b);
}

carta_status carta_expect_int(struct fy_node *node, const char *what, int have, const char *file,
                              carta_error *err)
{
    char text[32], *end;
    if (!carta_yaml_scalar(node, text, sizeof text) || !text[0])
        return carta_yaml_error(err, file, node, "'%s' needs a whole number", what);
    long want = strtol(text, &end, 10);
    if (*end)
        return carta_yaml_error(err, file, node, "'%s' needs a whole number", what);
    if (want == have)
        return CARTA_OK;
    return mismatch(err, file, node, "%s: expected %ld, found %d", what, want, have);
}

carta_status carta_expect_bool(struct fy_node *node, const char *what, bool have,
                               const char *file, carta_error *err)
{
    char text[8];
    bool want;
    if (!carta_yaml_scalar(node, text, sizeof text))
        text[0] = '\0';
    if (!strcasecmp(text, "true") || !strcasecmp(text, "yes"))
        want = true;
    else if (!strcasecmp(text, "false") || !strcasecmp(text, "no"))
        want = false;
    else
        return carta_yaml_error(err, file, node, "'%s' needs true or false", what);
    if (want == have)
        return CARTA_OK;
    return mismatch(err, file, node, "%s: expected %s, found %s", what, want ? "true" : "false",
                    have ? "true" : "false");
}
