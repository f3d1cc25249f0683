/* scenario.c: Æmber's YAML face: scenario positions, and the expectation keys of
 * docs/scenarios.md as paths into its view (checked by core/expect.c). */
#include "games/aember/aember.h"

#include <stdio.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/position.h"

/* ---- cards ---- */

static int scen_type_of(const carta_rules *rules, int id)
{
    const aember_card_def *def = aember_def(rules, id);
    return def ? def->type : -1;
}

static const char *const scen_type_names[] = {"action", "artifact", "creature", "upgrade"};
static const carta_pos_types scen_types = {&carta_game_aember, scen_type_of, scen_type_names};

/* ---- position: cards in play ---- */

#define SCEN_CARD_INT(key, field, lo, hi) CARTA_POS_INT(key, aember_card_in_play, field, lo, hi)
static const carta_pos_field scen_card_fields[] = {
    CARTA_POS_FLAG("exhausted", aember_card_in_play, flags, AEMBER_F_EXHAUSTED),
    CARTA_POS_FLAG("stunned", aember_card_in_play, flags, AEMBER_F_STUNNED),
    CARTA_POS_FLAG("attacked", aember_card_in_play, flags, AEMBER_F_ATTACKED),
    SCEN_CARD_INT("damage", damage, 0, 255),
    SCEN_CARD_INT("power", power_counters, 0, 255),
    SCEN_CARD_INT("power_counters", power_counters, 0, 255),
    SCEN_CARD_INT("captured", aember, 0, 255),
    SCEN_CARD_INT("armor_used", armor_used, 0, 255),
    SCEN_CARD_INT("power_turn", power_turn, -99, 99),
};

/* The state of a card in play written as a map ({card: Name, damage: 2, ...}); an artifact takes
 * only `exhausted`. */
static carta_status scen_in_play_map(const carta_rules *rules, struct fy_node *map, int seat,
                                     bool creature, aember_card_in_play *c, const char *file,
                                     carta_error *err)
{
    static const char *const others[] = {"upgrades", "card", NULL};
    int n = creature ? (int)(sizeof scen_card_fields / sizeof scen_card_fields[0]) : 1;
    if (carta_pos_fields(map, scen_card_fields, n, creature ? others : others + 1,
                         creature ? "a creature in play" : "an artifact in play", c, file, err))
        return CARTA_ERR_INPUT;
    uint16_t ids[AEMBER_UPGRADE_MAX];
    uint8_t n_ids = 0;
    if (carta_pos_cards(&scen_types, rules, map, "upgrades", 1u << AEMBER_UPGRADE, ids,
                        AEMBER_UPGRADE_MAX, &n_ids, false, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < n_ids; i++)
        c->upgrades[c->n_upgrades++] = (uint16_t)(ids[i] | (seat ? AEMBER_UPGRADE_OWNER : 0));
    return CARTA_OK;
}

/* Places each card of a battleline or artifacts list, left to right. */
static carta_status scen_place_row(const carta_rules *rules, aember_state *st, int seat,
                                   struct fy_node *seq, bool creature, const char *file,
                                   carta_error *err)
{
    const char *what = creature ? "battleline" : "artifacts";
    const int type = creature ? AEMBER_CREATURE : AEMBER_ARTIFACT;
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of cards", what);
    int n = fy_node_sequence_item_count(seq);
    int cap = creature ? AEMBER_LINE_MAX : AEMBER_ARTIFACT_MAX;
    if (n > cap)
        return carta_yaml_error(err, file, seq, "'%s' holds at most %d cards", what, cap);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        struct fy_node *name = fy_node_is_mapping(item) ? carta_yaml_get(item, "card") : item;
        int id = -1;
        if (!name)
            return carta_yaml_error(err, file, item, "a card in play needs 'card: <name>'");
        if (carta_pos_card(&scen_types, rules, name, what, 1u << type, &id, file, err))
            return CARTA_ERR_INPUT;
        aember_card_in_play *c =
            aember_state_place(rules, st, seat, (uint16_t)id, AEMBER_FLANK_RIGHT, 0);
        if (!c)
            return carta_yaml_error(err, file, item, "no room for '%s' in %s",
                                    aember_def(rules, id)->name, what);
        if (fy_node_is_mapping(item) &&
            scen_in_play_map(rules, item, seat, creature, c, file, err))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

/* ---- position: a seat ---- */

/* The deck list is every card the seat owns, wherever it is, sorted by id. */
static carta_status scen_deck_list(aember_seat *s, struct fy_node *where, const char *file,
                                   carta_error *err)
{
    const aember_zone *zones[] = {&s->hand, &s->deck, &s->discard, &s->archives, &s->purged};
    uint16_t all[AEMBER_DECK_MAX * 8];
    int n = 0;
    for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++)
        for (int i = 0; i < zones[z]->n; i++)
            all[n++] = zones[z]->cards[i];
    for (int i = 0; i < s->n_line; i++) {
        all[n++] = s->line[i].card;
        for (int u = 0; u < s->line[i].n_upgrades; u++)
            all[n++] = s->line[i].upgrades[u] & ~AEMBER_UPGRADE_OWNER;
    }
    for (int i = 0; i < s->n_artifacts; i++)
        all[n++] = s->artifacts[i].card;
    if (n > AEMBER_DECK_MAX)
        return carta_yaml_error(err, file, where, "a player owns at most %d cards in all",
                                AEMBER_DECK_MAX);
    memcpy(s->deck_list, all, sizeof all[0] * (size_t)n);
    s->n_deck_list = (uint8_t)n;
    carta_pos_sort(s->deck_list, n);
    return CARTA_OK;
}

/* A seat's houses: given, or those of the cards it owns in order of first sight. */
static carta_status scen_houses(const carta_rules *rules, aember_seat *s, struct fy_node *map,
                                const char *file, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, "houses");
    int n = seq && fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : 0;
    if (seq && (n < 1 || n > AEMBER_HOUSE_MAX))
        return carta_yaml_error(err, file, seq, "'houses' needs a list of 1..%d house names",
                                AEMBER_HOUSE_MAX);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[AEMBER_WORD_MAX] = "";
        int h = carta_yaml_scalar(item, name, sizeof name) ? aember_house_id(rules, name) : -1;
        if (h < 0)
            return carta_yaml_error(err, file, item, "unknown house '%s' (no card of the set "
                                    "or the scenario has it)", name);
        s->houses[s->n_houses++] = (uint8_t)h;
    }
    for (int i = 0; !seq && i < s->n_deck_list; i++) {
        int h = aember_def(rules, s->deck_list[i])->house, k = 0;
        while (k < s->n_houses && s->houses[k] != h)
            k++;
        if (k < s->n_houses)
            continue;
        if (s->n_houses >= AEMBER_HOUSE_MAX)
            return carta_yaml_error(err, file, map, "this player's cards have more than %d "
                                    "houses: say which are its houses with 'houses'",
                                    AEMBER_HOUSE_MAX);
        s->houses[s->n_houses++] = (uint8_t)h;
    }
    return CARTA_OK;
}

static const carta_pos_field scen_seat_fields[] = {
    CARTA_POS_INT("aember", aember_seat, aember, 0, 255),
    CARTA_POS_INT("keys", aember_seat, keys, 0, AEMBER_KEYS_TO_WIN),
    CARTA_POS_INT("chains", aember_seat, chains, 0, 255),
    CARTA_POS_INT("key_cost", aember_seat, key_cost_turn, -99, 99),
    CARTA_POS_INT("key_cost_next", aember_seat, key_cost_next, -99, 99),
    CARTA_POS_FLAG("mulliganed", aember_seat, mulliganed, 1),
};

static carta_status scen_seat(const carta_rules *rules, aember_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const zones[] = {"hand", "deck", "discard", "archives", "purged", NULL};
    static const char *const others[] = {"houses",  "hand",   "deck",       "discard",  "archives",
                                         "purged", "battleline", "artifacts", NULL};
    aember_seat *s = &st->seat[seat];
    aember_zone *zone_of[] = {&s->hand, &s->deck, &s->discard, &s->archives, &s->purged};
    s->mulliganed = 1;
    if (carta_pos_fields(map, scen_seat_fields, 6, others, "a player", s, file, err))
        return CARTA_ERR_INPUT;
    for (int z = 0; zones[z]; z++)
        if (carta_pos_cards(&scen_types, rules, map, zones[z], 0, zone_of[z]->cards,
                            AEMBER_DECK_MAX, &zone_of[z]->n, z == 1, file, err))
            return CARTA_ERR_INPUT;
    if (scen_place_row(rules, st, seat, carta_yaml_get(map, "battleline"), true, file, err) ||
        scen_place_row(rules, st, seat, carta_yaml_get(map, "artifacts"), false, file, err) ||
        scen_deck_list(s, map, file, err))
        return CARTA_ERR_INPUT;
    return scen_houses(rules, s, map, file, err);
}

/* ---- position: the turn ---- */

/* six: {Card Name: times played or used this turn} (the rule of six). */
static carta_status scen_six(const carta_rules *rules, aember_state *st, struct fy_node *map,
                             const char *file, carta_error *err)
{
    if (!map)
        return CARTA_OK;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "'six' needs a map of card name: count");
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(map, &it))) {
        int id = -1;
        char text[16], *end;
        if (carta_pos_card(&scen_types, rules, fy_node_pair_key(pair), "six", 0, &id, file, err))
            return CARTA_ERR_INPUT;
        struct fy_node *v = fy_node_pair_value(pair);
        long n = carta_yaml_scalar(v, text, sizeof text) ? strtol(text, &end, 10) : -1;
        if (n < 0 || n > 6 || !text[0] || *end)
            return carta_yaml_error(err, file, v, "a rule-of-six count is 0..6");
        if (st->n_six >= AEMBER_SIX_MAX)
            return carta_yaml_error(err, file, v, "at most %d titles in 'six'", AEMBER_SIX_MAX);
        st->six[st->n_six].card = (uint16_t)id;
        st->six[st->n_six++].count = (uint8_t)n;
    }
    return CARTA_OK;
}

static const carta_pos_field scen_turn_fields[] = {
    CARTA_POS_INT("active", aember_state, active, 0, AEMBER_SEATS - 1),
    CARTA_POS_INT("first_player", aember_state, first, 0, AEMBER_SEATS - 1),
    CARTA_POS_INT("turn", aember_state, turn, 0, AEMBER_TURN_LIMIT),
    CARTA_POS_INT("cards_played", aember_state, cards_played, 0, 255),
    CARTA_POS_INT("base_key_cost", aember_state, key_cost, 1, 30), /* option key_cost */
    CARTA_POS_INT("hand_size", aember_state, hand_size, 1, 12),    /* option hand_size */
};

/* The turn: its numbers, step, active house, the rule of six, the PRNG. */
static carta_status scen_turn(const carta_rules *rules, aember_state *st, struct fy_node *map,
                              const char *file, carta_error *err)
{
    static const char *const steps[] = {"mulligan", "house", "archives", "main", NULL};
    static const char *const others[] = {"seed", "step",  "house", "players",
                                         "six",  "first_turn", NULL};
    int step;
    uint64_t seed;
    bool first_turn;
    st->turn = 3;
    if (carta_pos_fields(map, scen_turn_fields, 6, others, "an aember position", st, file, err) ||
        carta_pos_word(map, "step", "main", steps, &step, file, err) ||
        carta_pos_u64(map, "seed", 1, &seed, file, err) ||
        carta_yaml_bool(map, "first_turn", st->turn == 1 && st->active == st->first, &first_turn,
                        file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&st->rng, seed);
    st->phase = (uint8_t)step; /* the steps are the first phases, in order */
    st->first_turn = first_turn;
    st->mulligan_seat = st->active;
    struct fy_node *house = carta_yaml_get(map, "house");
    char name[AEMBER_WORD_MAX] = "";
    int h = house && carta_yaml_scalar(house, name, sizeof name) ? aember_house_id(rules, name)
                                                                : -1;
    if (house && h < 0)
        return carta_yaml_error(err, file, house, "unknown house '%s'", name);
    if (!house && (st->phase == AEMBER_PHASE_MAIN || st->phase == AEMBER_PHASE_ARCHIVES))
        return carta_yaml_error(err, file, map, "the %s step needs the active 'house'",
                                steps[st->phase]);
    if (house)
        st->active_house = (uint8_t)h;
    return scen_six(rules, st, carta_yaml_get(map, "six"), file, err);
}

carta_status aember_scenario_position(const carta_rules *rules, void *state,
                                      struct fy_node *position, const char *file,
                                      carta_error *err)
{
    aember_state *st = state;
    aember_state_blank(st);
    st->next_uid = 1;
    if (scen_turn(rules, st, position, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *players = carta_yaml_get(position, "players");
    if (!players || !fy_node_is_sequence(players) ||
        fy_node_sequence_item_count(players) != AEMBER_SEATS)
        return carta_yaml_error(err, file, players ? players : position,
                                "an aember position needs 'players': a list of %d players",
                                AEMBER_SEATS);
    for (int seat = 0; seat < AEMBER_SEATS; seat++)
        if (scen_seat(rules, st, seat, fy_node_sequence_get_by_index(players, seat), file, err))
            return CARTA_ERR_INPUT;
    if (st->phase == AEMBER_PHASE_MULLIGAN)
        st->seat[st->active].mulliganed = 0;
    if (st->phase != AEMBER_PHASE_MULLIGAN && st->seat[st->active].n_houses == 0)
        return carta_yaml_error(err, file, position, "the active player has no house: give its "
                                "'houses' or some cards");
    return CARTA_OK;
}

/* ---- expectations ---- */

#define SCEN_KEY(key, path, flags) {key, path, flags, NULL}
#define SCEN_COUNTER(key) SCEN_KEY(key, "seats.{player}.counters." key, 0)
#define SCEN_ZONE(key, flags)                                                                      \
    SCEN_KEY(key, "seats.{player}.zones." key, flags),                                             \
        SCEN_KEY(key "_count", "seats.{player}.zones." key ".count", 0)
#define SCEN_CARD(key, field, flags) SCEN_KEY(key, "{card}." field, flags)

/* The expectation keys of docs/scenarios.md as paths into the view (docs/view.md). */
static const carta_expect_key scen_keys[] = {
    SCEN_COUNTER("aember"), SCEN_COUNTER("keys"), SCEN_COUNTER("chains"), SCEN_COUNTER("key_cost"),
    SCEN_ZONE("hand", CARTA_EXPECT_ANY_ORDER), SCEN_ZONE("deck", CARTA_EXPECT_TOP_FIRST),
    SCEN_ZONE("discard", CARTA_EXPECT_ANY_ORDER), SCEN_ZONE("archives", CARTA_EXPECT_ANY_ORDER),
    SCEN_ZONE("purged", CARTA_EXPECT_ANY_ORDER),
    SCEN_KEY("battleline", "seats.{player}.line", 0),
    SCEN_KEY("artifacts", "seats.{player}.artifacts", 0),
    SCEN_KEY("active", "active", 0), SCEN_KEY("active_house", "house", 0),
    SCEN_KEY("turn", "turn", 0), SCEN_KEY("step", "phase", 0),
    SCEN_CARD("damage", "damage", 0), SCEN_CARD("exhausted", "exhausted", 0),
    SCEN_CARD("stunned", "stunned", 0), SCEN_CARD("power", "power", 0),
    SCEN_CARD("power_counters", "power_counters", 0), SCEN_CARD("captured", "aember", 0),
    SCEN_CARD("armor", "armor", 0), SCEN_CARD("upgrades", "upgrades", CARTA_EXPECT_ANY_ORDER),
    SCEN_KEY("position", "{card}", CARTA_EXPECT_INDEX),
    SCEN_KEY(NULL, NULL, 0),
};

static const char *const scen_in_play[] = {"seats.{player}.line", "seats.{player}.artifacts",
                                           NULL};

const carta_expect_table aember_expect_table = {
    .what = "an aember expectation", .seat_key = "player", .find_key = "card",
    .copy_key = "copy", .find_in = scen_in_play, .keys = scen_keys};
