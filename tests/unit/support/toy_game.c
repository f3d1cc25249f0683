/* toy_game.c: "Toy duel", a tiny hidden-hand card game behind the full carta_game contract. */
#include "toy_game.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "core/game_yaml.h"
#include "core/view.h"
#include "core/yaml.h"

struct carta_rules {
    carta_catalog *cat;
    int8_t power[CARTA_CATALOG_MAX];
};

typedef carta_toy_state toy_state;

static const char toy_builtin_cards[] =
    "set: toy\n"
    "cards:\n"
    "  - {name: Spark, power: 1}\n"
    "  - {name: Ember, power: 2}\n"
    "  - {name: Torch, power: 3}\n"
    "  - {name: Blaze, power: 4}\n"
    "  - {name: Flare, power: 5}\n"
    "  - {name: Nova, power: 7}\n";

/* ---- rules ---- */

static carta_status toy_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                                carta_error *err)
{
    carta_rules *r = ctx;
    static const char *const keys[] = {"name", "power", "text", NULL};
    if (carta_yaml_check_keys(card, keys, "a toy card", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int power = 0;
    if (carta_yaml_int(card, "power", 0, true, 0, 9, &power, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    r->power[card_id] = (int8_t)power;
    return CARTA_OK;
}

static void toy_close(carta_rules *r)
{
    if (!r)
        return;
    carta_catalog_free(r->cat);
    free(r);
}

static carta_rules *toy_open(const char *data_dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (r)
        r->cat = carta_catalog_new();
    if (!r || !r->cat) {
        toy_close(r);
        carta_error_set(err, CARTA_ERR_NOMEM, "toy: out of memory");
        return NULL;
    }
    carta_status st;
    if (data_dir) {
        st = carta_catalog_load_dir(r->cat, data_dir, toy_compile, r, err);
    } else {
        struct fy_document *doc = carta_yaml_load_string(
            toy_builtin_cards, sizeof toy_builtin_cards - 1, "toy-builtin", err);
        st = doc ? carta_catalog_load_node(r->cat,
                                           carta_yaml_get(fy_document_root(doc), "cards"),
                                           "toy-builtin", toy_compile, r, err)
                 : CARTA_ERR_INPUT;
        if (doc)
            fy_document_destroy(doc);
    }
    if (st != CARTA_OK) {
        toy_close(r);
        return NULL;
    }
    return r;
}

static carta_status toy_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                  carta_error *err)
{
    return carta_catalog_load_node(r->cat, cards, file, toy_compile, r, err);
}

static uint64_t toy_card_digest(const carta_rules *r) { return carta_catalog_digest(r->cat); }

static const char *toy_card_name(const carta_rules *r, int id)
{
    return carta_catalog_name(r->cat, id);
}

static int toy_card_id(const carta_rules *r, const char *name)
{
    return carta_catalog_find(r->cat, name);
}

/* ---- decks ---- */

static carta_status toy_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                                     carta_deck *out, carta_error *err)
{
    memset(out, 0, sizeof *out);
    int n_cards = carta_catalog_count(r->cat);
    if (strcmp(spec, "random") == 0) {
        if (n_cards == 0)
            return carta_error_set(err, CARTA_ERR_INPUT, "toy: no cards to build a deck from");
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        snprintf(out->name, sizeof out->name, "random-%llu", (unsigned long long)seed);
        out->n_cards = 10;
        for (int i = 0; i < out->n_cards; i++)
            out->cards[i] = (uint16_t)carta_rng_below(&rng, (uint32_t)n_cards);
        return CARTA_OK;
    }
    snprintf(out->name, sizeof out->name, "%s", spec);
    const char *p = spec;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[CARTA_NAME_MAX];
        while (len && isspace((unsigned char)*p))
            p++, len--;
        while (len && isspace((unsigned char)p[len - 1]))
            len--;
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, p, len);
        name[len] = '\0';
        int id = carta_catalog_find(r->cat, name);
        if (id < 0)
            return carta_error_set(err, CARTA_ERR_UNKNOWN, "toy deck '%s': unknown card '%s'",
                                   spec, name);
        if (out->n_cards >= TOY_DECK_MAX)
            return carta_error_set(err, CARTA_ERR_INPUT, "toy deck '%s': more than %d cards",
                                   spec, TOY_DECK_MAX);
        out->cards[out->n_cards++] = (uint16_t)id;
        p += (comma ? (size_t)(comma - p) + 1 : strlen(p));
    }
    return CARTA_OK;
}

static carta_status toy_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err)
{
    if (deck->n_cards < TOY_START_HAND || deck->n_cards > TOY_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "toy deck '%s': needs %d..%d cards, has %d",
                               deck->name, TOY_START_HAND, TOY_DECK_MAX, deck->n_cards);
    for (int i = 0; i < deck->n_cards; i++)
        if (deck->cards[i] >= carta_catalog_count(r->cat))
            return carta_error_set(err, CARTA_ERR_INPUT, "toy deck '%s': card id %d unknown",
                                   deck->name, deck->cards[i]);
    return CARTA_OK;
}

/* ---- play ---- */

static void toy_draw(toy_state *s, int seat)
{
    if (s->n_deck[seat] > 0 && s->n_hand[seat] < TOY_HAND_MAX)
        s->hand[seat][s->n_hand[seat]++] = s->deck[seat][--s->n_deck[seat]];
}

static carta_status toy_setup(const carta_rules *r, void *state, const carta_config *config,
                              carta_error *err)
{
    toy_state *s = state;
    memset(s, 0, sizeof *s);
    if (config->n_seats != 2)
        return carta_error_set(err, CARTA_ERR_INPUT, "toy: needs exactly 2 seats, not %d",
                               config->n_seats);
    for (int seat = 0; seat < 2; seat++)
        if (toy_deck_check(r, &config->decks[seat], err) != CARTA_OK)
            return CARTA_ERR_INPUT;
    carta_rng_seed(&s->rng, config->seed);
    for (int seat = 0; seat < 2; seat++) {
        const carta_deck *d = &config->decks[seat];
        s->n_list[seat] = s->n_deck[seat] = (int16_t)d->n_cards;
        memcpy(s->list[seat], d->cards, (size_t)d->n_cards * sizeof d->cards[0]);
        memcpy(s->deck[seat], d->cards, (size_t)d->n_cards * sizeof d->cards[0]);
        carta_rng_shuffle(&s->rng, s->deck[seat], d->n_cards, sizeof s->deck[seat][0]);
        for (int i = 0; i < TOY_START_HAND; i++)
            toy_draw(s, seat);
    }
    s->active = 0;
    s->turn = 1;
    return CARTA_OK;
}

static int toy_to_act(const carta_rules *r, const void *state)
{
    (void)r;
    return ((const toy_state *)state)->active;
}

static int toy_legal_actions(const carta_rules *r, const void *state, carta_action *out)
{
    (void)r;
    const toy_state *s = state;
    if (s->active == CARTA_NO_SEAT)
        return 0;
    int n = 0, seat = s->active;
    for (int i = 0; i < s->n_hand[seat]; i++) {
        uint16_t card = s->hand[seat][i];
        int seen = card == TOY_UNKNOWN;
        for (int j = 0; j < n && !seen; j++)
            seen = out[j] == card;
        if (!seen)
            out[n++] = card;
    }
    return n;
}

static int toy_hand_index(const toy_state *s, int seat, carta_action card)
{
    for (int i = 0; i < s->n_hand[seat]; i++)
        if (s->hand[seat][i] == card)
            return i;
    return -1;
}

static void toy_check_over(toy_state *s)
{
    if (s->score[0] >= TOY_TARGET || s->score[1] >= TOY_TARGET ||
        (s->n_hand[0] == 0 && s->n_hand[1] == 0))
        s->active = CARTA_NO_SEAT;
    else if (s->n_hand[s->active] == 0) /* nothing to play: the other seat goes on */
        s->active = (int16_t)(1 - s->active);
}

static carta_status toy_apply(const carta_rules *r, void *state, carta_action action,
                              carta_error *err)
{
    toy_state *s = state;
    if (s->active == CARTA_NO_SEAT)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "toy: the game is over");
    int seat = s->active;
    int i = action == TOY_UNKNOWN ? -1 : toy_hand_index(s, seat, action);
    if (i < 0)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "toy: card %u is not in seat %d's hand",
                               (unsigned)action, seat);
    s->hand[seat][i] = s->hand[seat][--s->n_hand[seat]];
    s->played[seat][s->n_played[seat]++] = (uint16_t)action;
    s->score[seat] = (int16_t)(s->score[seat] + r->power[action]);
    toy_draw(s, seat);
    s->active = (int16_t)(1 - seat);
    s->turn++;
    toy_check_over(s);
    return CARTA_OK;
}

static int toy_winner(const carta_rules *r, const void *state)
{
    (void)r;
    const toy_state *s = state;
    if (s->active != CARTA_NO_SEAT || s->score[0] == s->score[1])
        return CARTA_NO_SEAT;
    return s->score[0] > s->score[1] ? 0 : 1;
}

static void toy_returns(const carta_rules *r, const void *state, double *out)
{
    const toy_state *s = state;
    out[0] = out[1] = 0.0;
    if (s->active != CARTA_NO_SEAT)
        return;
    int w = toy_winner(r, state);
    if (w == CARTA_NO_SEAT)
        out[0] = out[1] = 0.5;
    else
        out[w] = 1.0;
}

/* ---- hidden information ---- */

static void toy_observe(const carta_rules *r, const void *state, int seat, void *out)
{
    (void)r;
    toy_state *o = out;
    memcpy(o, state, sizeof *o);
    memset(&o->rng, 0, sizeof o->rng);
    for (int p = 0; p < 2; p++) {
        for (int i = 0; i < o->n_deck[p]; i++)
            o->deck[p][i] = TOY_UNKNOWN;
        if (p != seat)
            for (int i = 0; i < o->n_hand[p]; i++)
                o->hand[p][i] = TOY_UNKNOWN;
    }
}

/* Removes one copy of each known card of take[0..n) from pool; returns the pool's new size. */
static int toy_pool_remove(uint16_t *pool, int n_pool, const uint16_t *take, int n)
{
    for (int i = 0; i < n; i++) {
        if (take[i] == TOY_UNKNOWN)
            continue;
        for (int j = 0; j < n_pool; j++)
            if (pool[j] == take[i]) {
                pool[j] = pool[--n_pool];
                break;
            }
    }
    return n_pool;
}

static void toy_determinize(const carta_rules *r, void *state, int seat, uint64_t seed)
{
    (void)r;
    toy_state *s = state;
    carta_rng_seed(&s->rng, seed);
    for (int p = 0; p < 2; p++) {
        uint16_t pool[TOY_DECK_MAX];
        int n = s->n_list[p];
        memcpy(pool, s->list[p], (size_t)n * sizeof pool[0]);
        n = toy_pool_remove(pool, n, s->played[p], s->n_played[p]);
        if (p == seat)
            n = toy_pool_remove(pool, n, s->hand[p], s->n_hand[p]);
        carta_rng_shuffle(&s->rng, pool, n, sizeof pool[0]);
        int k = 0;
        if (p != seat)
            for (int i = 0; i < s->n_hand[p] && k < n; i++)
                s->hand[p][i] = pool[k++];
        for (int i = 0; i < s->n_deck[p] && k < n; i++)
            s->deck[p][i] = pool[k++];
    }
}

static double toy_evaluate(const carta_rules *r, const void *state, int seat)
{
    (void)r;
    const toy_state *s = state;
    double d = (double)(s->score[seat] - s->score[1 - seat]) / TOY_TARGET;
    return d > 1 ? 1 : d < -1 ? -1 : d;
}

/* ---- text ---- */

static void toy_describe_action(const carta_rules *r, const void *state, carta_action action,
                                char *buf, size_t cap)
{
    (void)state;
    const char *name = carta_catalog_name(r->cat, (int)action);
    snprintf(buf, cap, "play %s", name ? name : "?");
}

static void toy_render(const carta_rules *r, const void *state, int seat, carta_text *out)
{
    const toy_state *s = state;
    for (int p = 0; p < 2; p++) {
        carta_text_printf(out, "seat %d%s: score %d, deck %d, hand:", p, p == seat ? " (you)" : "",
                          s->score[p], s->n_deck[p]);
        for (int i = 0; i < s->n_hand[p]; i++) {
            const char *name = carta_catalog_name(r->cat, s->hand[p][i]);
            carta_text_printf(out, " %s", name ? name : "?");
        }
        carta_text_printf(out, "\n");
    }
}

static void toy_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap)
{
    (void)r;
    const toy_state *s = state;
    if (s->active == CARTA_NO_SEAT)
        snprintf(buf, cap, "turn %d, game over", s->turn);
    else
        snprintf(buf, cap, "turn %d, seat %d to play", s->turn, s->active);
}

/* ---- scenarios ---- */

/* Reads key of map as [[names], [names]] into cards/counts. */
static carta_status toy_read_piles(const carta_rules *r, struct fy_node *map, const char *key,
                                   uint16_t cards[2][TOY_DECK_MAX], int16_t count[2], int cap,
                                   const char *file, carta_error *err)
{
    struct fy_node *v = carta_yaml_get(map, key);
    count[0] = count[1] = 0;
    memset(cards, 0, 2 * TOY_DECK_MAX * sizeof cards[0][0]);
    if (!v)
        return CARTA_OK;
    if (!fy_node_is_sequence(v) || fy_node_sequence_item_count(v) != 2)
        return carta_yaml_error(err, file, v, "'%s' must be two lists of card names", key);
    for (int p = 0; p < 2; p++) {
        struct fy_node *pile = fy_node_sequence_get_by_index(v, p);
        if (!fy_node_is_sequence(pile))
            return carta_yaml_error(err, file, pile, "'%s' must be two lists of card names", key);
        void *it = NULL;
        struct fy_node *item;
        while ((item = fy_node_sequence_iterate(pile, &it))) {
            char name[CARTA_NAME_MAX];
            int id = carta_yaml_scalar(item, name, sizeof name) ? carta_catalog_find(r->cat, name)
                                                                 : -1;
            if (id < 0)
                return carta_yaml_error(err, file, item, "unknown card in '%s'", key);
            if (count[p] >= cap)
                return carta_yaml_error(err, file, item, "too many cards in '%s'", key);
            cards[p][count[p]++] = (uint16_t)id;
        }
    }
    return CARTA_OK;
}

static carta_status toy_read_pair(struct fy_node *map, const char *key, int out[2],
                                  const char *file, carta_error *err)
{
    struct fy_node *v = carta_yaml_get(map, key);
    char text[32];
    if (!fy_node_is_sequence(v) || fy_node_sequence_item_count(v) != 2)
        return carta_yaml_error(err, file, v, "'%s' must be a list of two numbers", key);
    for (int p = 0; p < 2; p++) {
        char *end;
        if (!carta_yaml_scalar(fy_node_sequence_get_by_index(v, p), text, sizeof text))
            return carta_yaml_error(err, file, v, "'%s' must be a list of two numbers", key);
        out[p] = (int)strtol(text, &end, 10);
        if (*end || !text[0])
            return carta_yaml_error(err, file, v, "'%s' must be a list of two numbers", key);
    }
    return CARTA_OK;
}

static carta_status toy_scenario_position(const carta_rules *r, void *state,
                                          struct fy_node *pos, const char *file, carta_error *err)
{
    static const char *const keys[] = {"seed", "active", "turn", "scores", "hands", "decks", NULL};
    toy_state *s = state;
    memset(s, 0, sizeof *s);
    if (carta_yaml_check_keys(pos, keys, "a toy position", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int seed = 0, active = 0, turn = 1, scores[2] = {0, 0};
    uint16_t piles[2][TOY_DECK_MAX];
    int16_t n_piles[2];
    if (carta_yaml_int(pos, "seed", 0, false, 0, 1 << 30, &seed, file, err) ||
        carta_yaml_int(pos, "active", 0, false, 0, 1, &active, file, err) ||
        carta_yaml_int(pos, "turn", 1, false, 1, 10000, &turn, file, err) ||
        (carta_yaml_get(pos, "scores") && toy_read_pair(pos, "scores", scores, file, err)) ||
        toy_read_piles(r, pos, "hands", piles, n_piles, TOY_HAND_MAX, file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&s->rng, (uint64_t)seed);
    s->active = (int16_t)active;
    s->turn = (int16_t)turn;
    for (int p = 0; p < 2; p++) {
        s->score[p] = (int16_t)scores[p];
        s->n_hand[p] = n_piles[p];
        memcpy(s->hand[p], piles[p], sizeof s->hand[p]);
    }
    if (toy_read_piles(r, pos, "decks", piles, n_piles, TOY_DECK_MAX, file, err))
        return CARTA_ERR_INPUT;
    for (int p = 0; p < 2; p++) {
        s->n_deck[p] = n_piles[p];
        for (int i = 0; i < n_piles[p]; i++) /* the first listed is drawn first */
            s->deck[p][n_piles[p] - 1 - i] = piles[p][i];
        s->n_list[p] = (int16_t)(s->n_hand[p] + s->n_deck[p]);
        memcpy(s->list[p], s->hand[p], (size_t)s->n_hand[p] * sizeof s->hand[p][0]);
        memcpy(s->list[p] + s->n_hand[p], s->deck[p], (size_t)s->n_deck[p] * sizeof s->deck[p][0]);
    }
    toy_check_over(s);
    return CARTA_OK;
}

/* The toy's view (docs/view.md's common keys, in small): turn, active, and per seat its score,
 * hand, deck and played pile. Not in carta_toy_game (the play tests read a viewless toy): the
 * scenario tests put it in a copy. */
void carta_toy_view(const carta_rules *r, const void *obs, int seat, carta_view *v)
{
    const toy_state *s = obs;
    (void)r, (void)seat;
    carta_view_str(v, "game", "toy");
    carta_view_int(v, "turn", s->turn);
    carta_view_int(v, "active", s->active);
    carta_view_list(v, "seats");
    for (int p = 0; p < 2; p++) {
        carta_view_map(v, NULL);
        carta_view_int(v, "seat", p);
        carta_view_int(v, "score", s->score[p]);
        carta_view_zone(v, "hand", s->hand[p], s->n_hand[p], TOY_UNKNOWN);
        carta_view_zone(v, "deck", s->deck[p], s->n_deck[p], TOY_UNKNOWN);
        carta_view_zone(v, "played", s->played[p], s->n_played[p], TOY_UNKNOWN);
        carta_view_end(v);
    }
    carta_view_end(v);
}

/* The toy's expectation keys: a pair, one number per seat, read across the seats. */
static const carta_expect_key toy_expect_keys[] = {
    {"score", "seats.*.score", 0, NULL},
    {"hand", "seats.*.hand.count", 0, NULL},
    {"deck", "seats.*.deck.count", 0, NULL},
    {"active", "active", 0, NULL},
    {NULL, NULL, 0, NULL},
};

const carta_expect_table carta_toy_expect = {.what = "a toy expectation",
                                             .keys = toy_expect_keys};

carta_status carta_toy_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                 carta_error *err)
{
    return toy_add_cards(r, cards, file, err);
}

carta_status carta_toy_position(const carta_rules *r, void *state, struct fy_node *pos,
                                const char *file, carta_error *err)
{
    return toy_scenario_position(r, state, pos, file, err);
}

const carta_game carta_toy_game = {
    .id = "toy",
    .name = "Toy duel (test game)",
    .rules_version = "1",
    .min_seats = 2,
    .max_seats = 2,
    .state_size = sizeof(toy_state),
    .open = toy_open,
    .close = toy_close,
    .card_digest = toy_card_digest,
    .card_name = toy_card_name,
    .card_id = toy_card_id,
    .deck_resolve = toy_deck_resolve,
    .deck_check = toy_deck_check,
    .setup = toy_setup,
    .to_act = toy_to_act,
    .legal_actions = toy_legal_actions,
    .apply = toy_apply,
    .returns = toy_returns,
    .observe = toy_observe,
    .determinize = toy_determinize,
    .evaluate = toy_evaluate,
    .describe_action = toy_describe_action,
    .render = toy_render,
    .describe_state = toy_describe_state,
};
