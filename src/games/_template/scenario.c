/* scenario.c: High Tide's YAML face (core/game_yaml.h): inline cards, scenario positions, and its
 * expectation keys as paths into its view (checked by core/expect.c). docs/scenarios.md, "High
 * Tide positions and expectations", documents both. */
#include "games/_template/tide.h"

#include <stdio.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/options.h"
#include "core/position.h"

extern const carta_game carta_game_template;

/* ---- inline cards ---- */

static carta_status scen_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                   carta_error *err)
{
    return carta_catalog_load_node(r->catalog, cards, file, tide_compile, r, err);
}

/* ---- position ---- */

static int scen_type_of(const carta_rules *r, int id)
{
    return id >= 0 && id < carta_catalog_count(r->catalog) ? 0 : -1;
}

static const char *const scen_type_names[] = {"card"};
static const carta_pos_types scen_types = {&carta_game_template, scen_type_of, scen_type_names};

static const carta_pos_field scen_fields[] = {
    CARTA_POS_INT("active", tide_state, active, 0, TIDE_SEATS - 1),
    CARTA_POS_INT("turn", tide_state, turn, 1, TIDE_TURN_LIMIT),
    CARTA_POS_INT("points_to_win", tide_state, target, 5, 60),
};

/* A player map: score, hand, deck (top first), discard pile. */
static carta_status scen_seat(const carta_rules *r, tide_state *st, int p, struct fy_node *map,
                              const char *file, carta_error *err)
{
    static const char *const keys[] = {"score", "hand", "deck", "discard", NULL};
    tide_seat *s = &st->seat[p];
    int score = 0;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a player is a map {score, hand, deck, discard}");
    if (carta_yaml_check_keys(map, keys, "a player", file, err) ||
        carta_yaml_int(map, "score", 0, false, 0, 255, &score, file, err) ||
        carta_pos_cards(&scen_types, r, map, "hand", 0, s->hand.cards, TIDE_DECK_MAX, &s->hand.n,
                        false, file, err) ||
        carta_pos_cards(&scen_types, r, map, "deck", 0, s->deck.cards, TIDE_DECK_MAX, &s->deck.n,
                        true, file, err) ||
        carta_pos_cards(&scen_types, r, map, "discard", 0, s->discard.cards, TIDE_DECK_MAX,
                        &s->discard.n, false, file, err))
        return CARTA_ERR_INPUT;
    s->score = (uint8_t)score;
    return CARTA_OK;
}

/* The tide, bottom first: the leader's card (a name, or {card, owner: <active>}), then the
 * answers, each {card: Name, owner: seat}, every one stronger than the one before. */
static carta_status scen_tide(const carta_rules *r, tide_state *st, struct fy_node *seq,
                              const char *file, carta_error *err)
{
    static const char *const keys[] = {"card", "owner", NULL};
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'tide' needs a list of cards, the lead first");
    int n = seq ? fy_node_sequence_item_count(seq) : 0;
    if (n > TIDE_SEATS * TIDE_DECK_MAX)
        return carta_yaml_error(err, file, seq, "the tide holds at most %d cards",
                                TIDE_SEATS * TIDE_DECK_MAX);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        bool map = fy_node_is_mapping(item);
        int card, owner = st->active;
        if (map && (carta_yaml_check_keys(item, keys, "a tide card", file, err) ||
                    carta_yaml_int(item, "owner", st->active, i > 0, 0, st->n_seats - 1, &owner,
                                   file, err)))
            return CARTA_ERR_INPUT;
        if (!map && i > 0)
            return carta_yaml_error(err, file, item, "an answer on the tide is {card: Name, "
                                    "owner: seat}");
        if (carta_pos_card(&scen_types, r, map ? carta_yaml_get(item, "card") : item, "the tide",
                           0, &card, file, err))
            return CARTA_ERR_INPUT;
        if ((i == 0) != (owner == st->active))
            return carta_yaml_error(err, file, item, i == 0 ? "the lead is the active seat's (%d)"
                                                            : "the leader (seat %d) does not "
                                                              "answer", st->active);
        if (i > 0 && tide_power(r, (uint16_t)card) <= tide_power(r, st->tide[i - 1].card))
            return carta_yaml_error(err, file, item, "an answer must be stronger than the card "
                                    "before it");
        st->tide[st->n_tide++] = (tide_played){.card = (uint16_t)card, .owner = (uint8_t)owner};
    }
    return CARTA_OK;
}

/* The answer window over the tide: asked is the seat to answer now (default: the next one after
 * the last card's owner); every seat asked before it since the last card has passed. */
static carta_status scen_window(tide_state *st, struct fy_node *pos, const char *file,
                                carta_error *err)
{
    struct fy_node *node = carta_yaml_get(pos, "asked");
    if (!st->n_tide) {
        if (node)
            return carta_yaml_error(err, file, node, "'asked' needs cards on the tide");
        carta_window_close(&st->window);
        return CARTA_OK;
    }
    st->phase = TIDE_PHASE_ANSWER;
    carta_window_open(&st->window, (st->active + 1) % st->n_seats, st->n_seats,
                      CARTA_SEAT_BIT(st->active));
    int last = st->tide[st->n_tide - 1].owner;
    int first = carta_window_next_seat(&st->window, last), asked = first;
    if (carta_yaml_int(pos, "asked", first, false, 0, st->n_seats - 1, &asked, file, err))
        return CARTA_ERR_INPUT;
    if (asked == st->active)
        return carta_yaml_error(err, file, node, "the leader (seat %d) is not asked to answer",
                                st->active);
    st->window.passed = 0;
    for (int s = first; s != asked; s = carta_window_next_seat(&st->window, s))
        st->window.passed |= CARTA_SEAT_BIT(s);
    st->window.seat = (int8_t)asked;
    return CARTA_OK;
}

/* Each seat's deck list (public): every card it owns, wherever it is. */
static carta_status scen_deck_lists(tide_state *st, struct fy_node *pos, const char *file,
                                    carta_error *err)
{
    for (int p = 0; p < st->n_seats; p++) {
        tide_seat *s = &st->seat[p];
        const tide_zone *zones[3] = {&s->hand, &s->deck, &s->discard};
        int n = 0;
        for (int i = 0; i < st->n_tide; i++)
            n += st->tide[i].owner == p;
        for (int z = 0; z < 3; z++)
            n += zones[z]->n;
        if (n > TIDE_DECK_MAX)
            return carta_yaml_error(err, file, pos, "player %d owns %d cards; a deck has at most "
                                    "%d", p, n, TIDE_DECK_MAX);
        for (int z = 0; z < 3; z++)
            for (int i = 0; i < zones[z]->n; i++)
                carta_zone_push(CARTA_ZONE_REF(&s->deck_list), zones[z]->cards[i], 0);
        for (int i = 0; i < st->n_tide; i++)
            if (st->tide[i].owner == p)
                carta_zone_push(CARTA_ZONE_REF(&s->deck_list), st->tide[i].card, 0);
        carta_pos_sort(s->deck_list.cards, s->deck_list.n);
    }
    return CARTA_OK;
}

static carta_status scen_position(const carta_rules *r, void *state, struct fy_node *pos,
                                  const char *file, carta_error *err)
{
    static const char *const others[] = {"seed", "players", "tide", "asked", NULL};
    tide_state *st = state;
    const carta_config standard = {0}; /* the options' standard values */
    uint64_t seed;
    memset(st, 0, sizeof *st);
    st->turn = 1;
    st->target = (uint8_t)carta_option_value(&carta_game_template, &standard, "points_to_win");
    if (carta_pos_fields(pos, scen_fields, 3, others, "a template position", st, file, err) ||
        carta_pos_u64(pos, "seed", 1, &seed, file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&st->rng, seed);
    struct fy_node *players = carta_yaml_get(pos, "players");
    int n = players && fy_node_is_sequence(players) ? fy_node_sequence_item_count(players) : 0;
    if (n < 2 || n > TIDE_SEATS)
        return carta_yaml_error(err, file, players ? players : pos,
                                "a template position needs 'players': a list of 2 to %d players",
                                TIDE_SEATS);
    st->n_seats = (uint8_t)n;
    if (st->active >= n)
        return carta_yaml_error(err, file, carta_yaml_get(pos, "active"),
                                "'active' is seat %d of %d players", st->active, n);
    for (int p = 0; p < n; p++)
        if (scen_seat(r, st, p, fy_node_sequence_get_by_index(players, p), file, err))
            return CARTA_ERR_INPUT;
    if (scen_tide(r, st, carta_yaml_get(pos, "tide"), file, err) ||
        scen_window(st, pos, file, err) || scen_deck_lists(st, pos, file, err))
        return CARTA_ERR_INPUT;
    tide_zones_seen(st);
    /* The rulebook's ends hold in a position as after any action (its events are no action's). */
    for (int p = 0; p < n && st->phase != TIDE_PHASE_OVER; p++)
        if (st->seat[p].score >= st->target)
            tide_end(st, TIDE_W_TARGET_REACHED);
    if (st->phase == TIDE_PHASE_LEAD && !st->seat[st->active].hand.n)
        tide_end(st, TIDE_W_NO_CARD_TO_LEAD);
    carta_events_clear(&st->events);
    return CARTA_OK;
}

/* ---- expectations ---- */

#define SCEN_SEAT(key, path, flags) {key, "seats.{player}." path, flags, NULL}
#define SCEN_TOP(key, path, flags) {key, path, flags, NULL}

/* The expectation keys of docs/scenarios.md as paths into the view (view.c). */
static const carta_expect_key scen_keys[] = {
    SCEN_SEAT("score", "counters.score", 0),
    SCEN_SEAT("hand", "zones.hand", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("deck", "zones.deck", CARTA_EXPECT_TOP_FIRST),
    SCEN_SEAT("discard", "zones.discard", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("hand_count", "zones.hand.count", 0),
    SCEN_SEAT("deck_count", "zones.deck.count", 0),
    SCEN_SEAT("discard_count", "zones.discard.count", 0),
    SCEN_TOP("scores", "seats.*.counters.score", 0),
    SCEN_TOP("hands", "seats.*.zones.hand.count", 0),
    SCEN_TOP("decks", "seats.*.zones.deck.count", 0),
    SCEN_TOP("tide", "board.tide.*.card", 0),
    SCEN_TOP("tide_owners", "board.tide.*.owner", 0),
    SCEN_TOP("tide_count", "board.tide", CARTA_EXPECT_COUNT),
    SCEN_TOP("top", "board.tide.-1.card", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("active", "active", 0),
    SCEN_TOP("turn", "turn", 0),
    SCEN_TOP("phase", "phase", 0),
    SCEN_TOP("over", "over", 0),
    SCEN_TOP("end", "end", 0),
    SCEN_TOP("points_to_win", "points_to_win", 0),
    SCEN_TOP(NULL, NULL, 0),
};

static const carta_expect_table scen_expect = {
    .what = "a template expectation", .seat_key = "player", .keys = scen_keys};

const carta_game_yaml carta_game_template_yaml = {&carta_game_template, scen_add_cards,
                                                  scen_position, &scen_expect};
