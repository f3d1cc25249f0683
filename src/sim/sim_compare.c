/* sim_compare.c: an experiment (`carta sim --variant FILE`: changed cards, rules options): the same games (seeds,
 * seats, decks) played with the rules as they are and with the variant, compared game by game.
 * A paired difference is far tighter than two separate runs: most games end the same way, and
 * only the games the change turned count. */
#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/options.h"

/* The mean of y - x over n paired games, its 95% interval (normal, from the differences' spread),
 * and how many games would make an interval this wide exclude 0 (0: it already does, or no game
 * differed). */
typedef struct sim_paired {
    double base, variant, diff, lo, hi;
    long needed;
    int changed; /* games whose value differs */
} sim_paired;

static sim_paired compare_paired(const double *x, const double *y, int n)
{
    sim_paired p = {0};
    if (n <= 0)
        return p;
    double sx = 0, sy = 0;
    for (int i = 0; i < n; i++) {
        sx += x[i];
        sy += y[i];
    }
    p.base = sx / n;
    p.variant = sy / n;
    p.diff = p.variant - p.base;
    double ss = 0;
    for (int i = 0; i < n; i++) {
        ss += (y[i] - x[i] - p.diff) * (y[i] - x[i] - p.diff);
        p.changed += y[i] != x[i];
    }
    double sd = n > 1 ? sqrt(ss / (n - 1)) : 0, half = 1.959964 * sd / sqrt(n);
    p.lo = p.diff - half;
    p.hi = p.diff + half;
    int clear = p.lo > 0 || p.hi < 0;
    if (!clear && sd > 0 && p.diff != 0)
        p.needed = (long)ceil(pow(1.959964 * sd / fabs(p.diff), 2));
    return p;
}

static int compare_won(const sim_game *g, int player)
{
    return g->finished && g->winner_player >= 0 && ((g->won >> player) & 1);
}

/* Player p's wins, game by game, in base and variant (x, y: n_games each). */
static sim_paired compare_player(const sim_results *base, const sim_results *variant, int p,
                                 double *x, double *y)
{
    int n = base->s->n_games;
    for (int i = 0; i < n; i++) {
        x[i] = compare_won(&base->games[i], p);
        y[i] = compare_won(&variant->games[i], p);
    }
    return compare_paired(x, y, n);
}

static sim_paired compare_length(const sim_results *base, const sim_results *variant, double *x,
                                 double *y)
{
    int n = base->s->n_games;
    for (int i = 0; i < n; i++) {
        x[i] = base->games[i].actions;
        y[i] = variant->games[i].actions;
    }
    return compare_paired(x, y, n);
}

static json_t *compare_paired_json(const sim_paired *p)
{
    int clear = p->lo > 0 || p->hi < 0;
    return json_pack("{s:f, s:f, s:f, s:f, s:f, s:i, s:b, s:o}", "base", p->base, "variant",
                     p->variant, "diff", p->diff, "ci_low", p->lo, "ci_high", p->hi,
                     "games_changed", p->changed, "distinguishable", clear, "games_needed",
                     p->needed ? json_integer(p->needed) : json_null());
}

/* A card's play rate (games played / games in a deck) and its change, with a 95% interval
 * (two independent proportions: the plays are not paired game by game). */
typedef struct compare_card {
    int card;
    double base, variant, diff, lo, hi;
    int changed; /* named in the variant file */
} compare_card;

static double compare_play_rate(const sim_card_counts *c, int *n)
{
    *n = c->in_deck ? c->in_deck : c->played;
    return *n ? (double)c->played / *n : 0;
}

static int compare_by_change(const void *a, const void *b)
{
    const compare_card *x = a, *y = b;
    if (x->changed != y->changed)
        return y->changed - x->changed;
    double dx = fabs(x->diff), dy = fabs(y->diff);
    return dx < dy ? 1 : dx > dy ? -1 : x->card - y->card;
}

/* The cards of both summaries (matched by id: a variant keeps ids), those the variant names
 * first, then by how much their play rate moved; at most max. */
static int compare_cards(const sim_settings *s, const sim_summary *a, const sim_summary *b,
                         const carta_variant_change *change, compare_card *out, int max)
{
    int n = 0;
    for (int i = 0; i < b->n_cards && n < max; i++) {
        const sim_card_stat *vb = &b->cards[i], *va = NULL;
        for (int k = 0; k < a->n_cards && !va; k++)
            if (a->cards[k].card == vb->card)
                va = &a->cards[k];
        int na = 0, nb = 0;
        compare_card c = {.card = vb->card};
        c.base = va ? compare_play_rate(&va->all, &na) : 0;
        c.variant = compare_play_rate(&vb->all, &nb);
        c.diff = c.variant - c.base;
        double var = (na ? c.base * (1 - c.base) / na : 0) +
                     (nb ? c.variant * (1 - c.variant) / nb : 0);
        c.lo = c.diff - 1.959964 * sqrt(var);
        c.hi = c.diff + 1.959964 * sqrt(var);
        const char *name = s->g->card_name(s->r, vb->card);
        for (int k = 0; name && k < change->n_replaced && k < CARTA_VARIANT_NAMES; k++)
            c.changed |= !strcasecmp(change->replaced[k], name);
        for (int k = 0; name && k < change->n_added && k < CARTA_VARIANT_NAMES; k++)
            c.changed |= !strcasecmp(change->added[k], name);
        out[n++] = c;
    }
    qsort(out, (size_t)n, sizeof *out, compare_by_change);
    return n;
}

json_t *sim_compare_json(const sim_settings *s, const sim_results *base,
                         const sim_results *variant, const sim_summary *base_sum,
                         const sim_summary *variant_sum, const char *file,
                         const carta_variant_change *change)
{
    int n = s->n_games;
    double *x = malloc((size_t)(n ? n : 1) * sizeof *x);
    double *y = malloc((size_t)(n ? n : 1) * sizeof *y);
    compare_card *cards = calloc(SIM_COMPARE_CARDS, sizeof *cards);
    if (!x || !y || !cards) {
        free(x);
        free(y);
        free(cards);
        return NULL;
    }
    json_t *players = json_array(), *replaced = json_array(), *added = json_array();
    for (int p = 0; p < s->n_players; p++) {
        sim_paired w = compare_player(base, variant, p, x, y);
        json_t *o = json_pack("{s:i, s:s}", "player", p + 1, "ai", s->ai_spec[p]);
        json_object_update_new(o, compare_paired_json(&w));
        json_array_append_new(players, o);
    }
    sim_paired len = compare_length(base, variant, x, y);
    for (int k = 0; k < change->n_replaced && k < CARTA_VARIANT_NAMES; k++)
        json_array_append_new(replaced, json_string(change->replaced[k]));
    for (int k = 0; k < change->n_added && k < CARTA_VARIANT_NAMES; k++)
        json_array_append_new(added, json_string(change->added[k]));
    json_t *card_list = json_array();
    int n_cards = base_sum->has_cards
                      ? compare_cards(s, base_sum, variant_sum, change, cards, SIM_COMPARE_CARDS)
                      : 0;
    for (int i = 0; i < n_cards && i < 20; i++) {
        const char *name = s->g->card_name(s->r, cards[i].card);
        json_array_append_new(
            card_list, json_pack("{s:s, s:b, s:f, s:f, s:f, s:f, s:f}", "card", name ? name : "?",
                                 "changed", cards[i].changed, "base_play_rate", cards[i].base,
                                 "variant_play_rate", cards[i].variant, "diff", cards[i].diff,
                                 "ci_low", cards[i].lo, "ci_high", cards[i].hi));
    }
    free(x);
    free(y);
    free(cards);
    json_t *options = json_object();
    for (int k = 0; k < change->n_options; k++) {
        carta_config before = {.n_options = s->n_options};
        memcpy(before.options, s->options, sizeof before.options);
        json_object_set_new(options, change->options[k].key,
                            json_pack("{s:i, s:i}", "from",
                                      carta_option_value(s->g, &before, change->options[k].key),
                                      "to", change->options[k].value));
    }
    return json_pack("{s:{s:s, s:o, s:o, s:o}, s:i, s:o, s:o, s:o}", "variant", "file", file,
                     "replaced", replaced, "added", added, "options", options, "games", n,
                     "players", players,
                     "length_actions", compare_paired_json(&len), "cards", card_list);
}

/* "+6.5 points [+1.2, +11.8]" for a rate's difference. */
static void compare_points(FILE *out, json_t *o)
{
    fprintf(out, "%+.1f points [%+.1f, %+.1f]",
            100 * json_real_value(json_object_get(o, "diff")),
            100 * json_real_value(json_object_get(o, "ci_low")),
            100 * json_real_value(json_object_get(o, "ci_high")));
}

/* How many games it changed, whether the difference stands out of the noise, and if not, about
 * how many games would tell a difference this size. */
static void compare_verdict(FILE *out, json_t *o, int games, const char *what)
{
    long long changed = json_integer_value(json_object_get(o, "games_changed"));
    long long needed = json_integer_value(json_object_get(o, "games_needed"));
    if (!changed) {
        fprintf(out, "; no game %s\n", what);
        return;
    }
    fprintf(out, "; %lld of %d games %s", changed, games, what);
    if (json_is_true(json_object_get(o, "distinguishable")))
        fprintf(out, ": distinguishable from noise\n");
    else if (needed > 0)
        fprintf(out, ": not distinguishable from noise; about %lld games would tell a "
                     "difference this size\n", needed);
    else
        fprintf(out, ", as many each way: no difference\n");
}

void sim_compare_text(FILE *out, json_t *cmp)
{
    json_t *v = json_object_get(cmp, "variant");
    int games = (int)json_integer_value(json_object_get(cmp, "games"));
    fprintf(out, "\nexperiment: %s, the same %d games (seeds, seats, decks) played without and "
                 "with it\n",
            json_string_value(json_object_get(v, "file")), games);
    const char *key;
    json_t *o;
    json_object_foreach(json_object_get(v, "options"), key, o)
        fprintf(out, "  option %s: %lld -> %lld\n", key,
                json_integer_value(json_object_get(o, "from")),
                json_integer_value(json_object_get(o, "to")));
    const char *heads[] = {"replaced", "added"};
    for (int h = 0; h < 2; h++) {
        json_t *names = json_object_get(v, heads[h]);
        if (!json_array_size(names))
            continue;
        fprintf(out, "  %s:", heads[h]);
        for (size_t i = 0; i < json_array_size(names); i++)
            fprintf(out, "%s %s", i ? "," : "", json_string_value(json_array_get(names, i)));
        fputc('\n', out);
    }
    json_t *players = json_object_get(cmp, "players");
    for (size_t i = 0; i < json_array_size(players); i++) {
        json_t *p = json_array_get(players, i);
        fprintf(out, "player %lld (%s) wins %.1f%% -> %.1f%%: ",
                (long long)json_integer_value(json_object_get(p, "player")),
                json_string_value(json_object_get(p, "ai")),
                100 * json_real_value(json_object_get(p, "base")),
                100 * json_real_value(json_object_get(p, "variant")));
        compare_points(out, p);
        compare_verdict(out, p, games, "ended differently for this player");
    }
    json_t *len = json_object_get(cmp, "length_actions");
    fprintf(out, "game length %.1f -> %.1f actions: %+.1f [%+.1f, %+.1f]",
            json_real_value(json_object_get(len, "base")),
            json_real_value(json_object_get(len, "variant")),
            json_real_value(json_object_get(len, "diff")),
            json_real_value(json_object_get(len, "ci_low")),
            json_real_value(json_object_get(len, "ci_high")));
    compare_verdict(out, len, games, "lasted differently");
    json_t *cards = json_object_get(cmp, "cards");
    if (json_array_size(cards))
        fprintf(out, "play rates (games a card was played of those its deck held it; the cards "
                     "changed first, then those that moved most):\n");
    for (size_t i = 0; i < json_array_size(cards) && i < 10; i++) {
        json_t *c = json_array_get(cards, i);
        fprintf(out, "  %-28.28s%s %5.1f%% -> %5.1f%%: ",
                json_string_value(json_object_get(c, "card")),
                json_is_true(json_object_get(c, "changed")) ? "*" : " ",
                100 * json_real_value(json_object_get(c, "base_play_rate")),
                100 * json_real_value(json_object_get(c, "variant_play_rate")));
        compare_points(out, c);
        fputc('\n', out);
    }
}
