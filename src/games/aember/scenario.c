/* scenario.c: Æmber positions and expectations for scenario files (docs/scenarios.md). */
#include "games/aember/aember.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/yaml.h"

/* ---- small readers ---- */

/* The card id of a scalar card name (any card of the set or the scenario's inline cards). */
static carta_status scen_card(const carta_rules *rules, struct fy_node *node, const char *what,
                              int *out, const char *file, carta_error *err)
{
    char name[CARTA_NAME_MAX];
    if (!node || !carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, file, node, "%s needs a card name", what);
    int id = carta_catalog_find(rules->catalog, name);
    if (id < 0 || !aember_def(rules, id))
        return carta_yaml_error(err, file, node, "unknown card '%s' in %s", name, what);
    *out = id;
    return CARTA_OK;
}

/* A card that must be of one type ("battleline" needs creatures, ...). */
static carta_status scen_card_typed(const carta_rules *rules, struct fy_node *node,
                                    const char *what, int type, const char *type_name, int *out,
                                    const char *file, carta_error *err)
{
    if (scen_card(rules, node, what, out, file, err))
        return CARTA_ERR_INPUT;
    if (aember_def(rules, *out)->type != type)
        return carta_yaml_error(err, file, node, "%s holds only %s cards; '%s' is not one", what,
                                type_name, aember_def(rules, *out)->name);
    return CARTA_OK;
}

/* Reads a sequence of card names into a zone; top_last stores the first name last (decks). */
static carta_status scen_zone(const carta_rules *rules, struct fy_node *seq, const char *what,
                              aember_zone *z, bool top_last, const char *file, carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of card names", what);
    int n = fy_node_sequence_item_count(seq);
    if (n > AEMBER_DECK_MAX)
        return carta_yaml_error(err, file, seq, "'%s' holds at most %d cards, found %d", what,
                                AEMBER_DECK_MAX, n);
    for (int i = 0; i < n; i++) {
        int id = -1;
        if (scen_card(rules, fy_node_sequence_get_by_index(seq, i), what, &id, file, err))
            return CARTA_ERR_INPUT;
        z->cards[top_last ? n - 1 - i : i] = (uint16_t)id;
    }
    z->n = (uint8_t)n;
    return CARTA_OK;
}

/* ---- position: cards in play ---- */

static carta_status scen_upgrades(const carta_rules *rules, struct fy_node *seq, int seat,
                                  aember_card_in_play *c, const char *file, carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'upgrades' needs a list of upgrade names");
    int n = fy_node_sequence_item_count(seq);
    if (n > AEMBER_UPGRADE_MAX)
        return carta_yaml_error(err, file, seq, "a creature holds at most %d upgrades",
                                AEMBER_UPGRADE_MAX);
    for (int i = 0; i < n; i++) {
        int id = -1;
        if (scen_card_typed(rules, fy_node_sequence_get_by_index(seq, i), "upgrades",
                            AEMBER_UPGRADE, "upgrade", &id, file, err))
            return CARTA_ERR_INPUT;
        c->upgrades[c->n_upgrades++] = (uint16_t)(id | (seat ? AEMBER_UPGRADE_OWNER : 0));
    }
    return CARTA_OK;
}

/* The optional state of a card in play written as a map ({card: Name, damage: 2, ...}). */
static carta_status scen_in_play_map(const carta_rules *rules, struct fy_node *map, int seat,
                                     bool creature, aember_card_in_play *c, const char *file,
                                     carta_error *err)
{
    static const char *const creature_keys[] = {
        "card",     "damage",   "exhausted",  "stunned", "power", "power_counters",
        "captured", "upgrades", "armor_used", "attacked", "power_turn", NULL};
    static const char *const artifact_keys[] = {"card", "exhausted", NULL};
    if (carta_yaml_check_keys(map, creature ? creature_keys : artifact_keys,
                              creature ? "a creature in play" : "an artifact in play", file, err))
        return CARTA_ERR_INPUT;
    bool exhausted = false, stunned = false, attacked = false;
    int damage = 0, counters = 0, captured = 0, armor_used = 0, power_turn = 0;
    if (carta_yaml_bool(map, "exhausted", false, &exhausted, file, err))
        return CARTA_ERR_INPUT;
    if (exhausted)
        c->flags |= AEMBER_F_EXHAUSTED;
    if (!creature)
        return CARTA_OK;
    if (carta_yaml_bool(map, "stunned", false, &stunned, file, err) ||
        carta_yaml_bool(map, "attacked", false, &attacked, file, err) ||
        carta_yaml_int(map, "damage", 0, false, 0, 255, &damage, file, err) ||
        carta_yaml_int(map, "power", 0, false, 0, 255, &counters, file, err) ||
        carta_yaml_int(map, "power_counters", counters, false, 0, 255, &counters, file, err) ||
        carta_yaml_int(map, "captured", 0, false, 0, 255, &captured, file, err) ||
        carta_yaml_int(map, "armor_used", 0, false, 0, 255, &armor_used, file, err) ||
        carta_yaml_int(map, "power_turn", 0, false, -99, 99, &power_turn, file, err))
        return CARTA_ERR_INPUT;
    c->flags |= (uint8_t)((stunned ? AEMBER_F_STUNNED : 0) | (attacked ? AEMBER_F_ATTACKED : 0));
    c->damage = (uint8_t)damage;
    c->power_counters = (uint8_t)counters;
    c->aember = (uint8_t)captured;
    c->armor_used = (uint8_t)armor_used;
    c->power_turn = (int8_t)power_turn;
    return scen_upgrades(rules, carta_yaml_get(map, "upgrades"), seat, c, file, err);
}

/* Places each card of a battleline or artifacts list, left to right. */
static carta_status scen_place_row(const carta_rules *rules, aember_state *st, int seat,
                                   struct fy_node *seq, bool creature, const char *file,
                                   carta_error *err)
{
    const char *what = creature ? "battleline" : "artifacts";
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
        if (!name)
            return carta_yaml_error(err, file, item, "a card in play needs 'card: <name>'");
        int id = -1;
        if (scen_card_typed(rules, name, what, creature ? AEMBER_CREATURE : AEMBER_ARTIFACT,
                            creature ? "creature" : "artifact", &id, file, err))
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

/* Adds a card id to the seat's public deck list (every card the seat owns). */
static carta_status scen_list_add(aember_seat *s, uint16_t card, struct fy_node *where,
                                  const char *file, carta_error *err)
{
    if (s->n_deck_list >= AEMBER_DECK_MAX)
        return carta_yaml_error(err, file, where, "a player owns at most %d cards in all",
                                AEMBER_DECK_MAX);
    s->deck_list[s->n_deck_list++] = card;
    return CARTA_OK;
}

/* The deck list is every card the seat owns, wherever it is, sorted by id. */
static carta_status scen_deck_list(aember_seat *s, struct fy_node *where,
                                   const char *file, carta_error *err)
{
    const aember_zone *zones[] = {&s->hand, &s->deck, &s->discard, &s->archives, &s->purged};
    for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++)
        for (int i = 0; i < zones[z]->n; i++)
            if (scen_list_add(s, zones[z]->cards[i], where, file, err))
                return CARTA_ERR_INPUT;
    for (int i = 0; i < s->n_line; i++) {
        if (scen_list_add(s, s->line[i].card, where, file, err))
            return CARTA_ERR_INPUT;
        for (int u = 0; u < s->line[i].n_upgrades; u++)
            if (scen_list_add(s, s->line[i].upgrades[u] & ~AEMBER_UPGRADE_OWNER, where, file,
                              err))
                return CARTA_ERR_INPUT;
    }
    for (int i = 0; i < s->n_artifacts; i++)
        if (scen_list_add(s, s->artifacts[i].card, where, file, err))
            return CARTA_ERR_INPUT;
    for (int i = 1; i < s->n_deck_list; i++) /* insertion sort: small lists */
        for (int j = i; j > 0 && s->deck_list[j - 1] > s->deck_list[j]; j--) {
            uint16_t t = s->deck_list[j];
            s->deck_list[j] = s->deck_list[j - 1];
            s->deck_list[j - 1] = t;
        }
    return CARTA_OK;
}

static carta_status scen_houses_given(const carta_rules *rules, aember_seat *s,
                                      struct fy_node *seq, const char *file, carta_error *err)
{
    if (!fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AEMBER_HOUSE_MAX)
        return carta_yaml_error(err, file, seq, "'houses' needs a list of 1..%d house names",
                                AEMBER_HOUSE_MAX);
    int n = fy_node_sequence_item_count(seq);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[AEMBER_WORD_MAX];
        int h = carta_yaml_scalar(item, name, sizeof name) ? aember_house_id(rules, name) : -1;
        if (h < 0)
            return carta_yaml_error(err, file, item, "unknown house '%s' (no card of the set "
                                    "or the scenario has it)", name);
        s->houses[s->n_houses++] = (uint8_t)h;
    }
    return CARTA_OK;
}

/* Without 'houses', a seat's houses are those of the cards it owns, in order of first sight. */
static carta_status scen_houses_derived(const carta_rules *rules, aember_seat *s,
                                        struct fy_node *where, const char *file,
                                        carta_error *err)
{
    for (int i = 0; i < s->n_deck_list; i++) {
        int h = aember_def(rules, s->deck_list[i])->house;
        bool seen = false;
        for (int k = 0; k < s->n_houses; k++)
            seen |= s->houses[k] == h;
        if (seen)
            continue;
        if (s->n_houses >= AEMBER_HOUSE_MAX)
            return carta_yaml_error(err, file, where, "this player's cards have more than %d "
                                    "houses: say which are its houses with 'houses'",
                                    AEMBER_HOUSE_MAX);
        s->houses[s->n_houses++] = (uint8_t)h;
    }
    return CARTA_OK;
}

static carta_status scen_seat(const carta_rules *rules, aember_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {
        "houses",  "aember",   "keys",   "chains",     "hand",          "deck",
        "discard", "archives", "purged", "battleline", "artifacts",     "key_cost",
        "key_cost_next", "mulliganed", NULL};
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a player needs a map (aember, hand, ...)");
    if (carta_yaml_check_keys(map, keys, "a player", file, err))
        return CARTA_ERR_INPUT;
    aember_seat *s = &st->seat[seat];
    int aember = 0, keys_ = 0, chains = 0, cost = 0, cost_next = 0;
    bool mulliganed = true;
    if (carta_yaml_int(map, "aember", 0, false, 0, 255, &aember, file, err) ||
        carta_yaml_int(map, "keys", 0, false, 0, AEMBER_KEYS_TO_WIN, &keys_, file, err) ||
        carta_yaml_int(map, "chains", 0, false, 0, 255, &chains, file, err) ||
        carta_yaml_int(map, "key_cost", 0, false, -99, 99, &cost, file, err) ||
        carta_yaml_int(map, "key_cost_next", 0, false, -99, 99, &cost_next, file, err) ||
        carta_yaml_bool(map, "mulliganed", true, &mulliganed, file, err))
        return CARTA_ERR_INPUT;
    s->aember = (uint8_t)aember;
    s->keys = (uint8_t)keys_;
    s->chains = (uint8_t)chains;
    s->key_cost_turn = (int8_t)cost;
    s->key_cost_next = (int8_t)cost_next;
    s->mulliganed = mulliganed;
    if (scen_zone(rules, carta_yaml_get(map, "hand"), "hand", &s->hand, false, file, err) ||
        scen_zone(rules, carta_yaml_get(map, "deck"), "deck", &s->deck, true, file, err) ||
        scen_zone(rules, carta_yaml_get(map, "discard"), "discard", &s->discard, false, file,
                  err) ||
        scen_zone(rules, carta_yaml_get(map, "archives"), "archives", &s->archives, false, file,
                  err) ||
        scen_zone(rules, carta_yaml_get(map, "purged"), "purged", &s->purged, false, file, err))
        return CARTA_ERR_INPUT;
    if (scen_place_row(rules, st, seat, carta_yaml_get(map, "battleline"), true, file, err) ||
        scen_place_row(rules, st, seat, carta_yaml_get(map, "artifacts"), false, file, err))
        return CARTA_ERR_INPUT;
    if (scen_deck_list(s, map, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *houses = carta_yaml_get(map, "houses");
    return houses ? scen_houses_given(rules, s, houses, file, err)
                  : scen_houses_derived(rules, s, map, file, err);
}

/* ---- position: the turn ---- */

static const char *const scen_steps[] = {"mulligan", "house", "archives", "main", NULL};

static carta_status scen_step_phase(struct fy_node *map, uint8_t *phase, const char *file,
                                    carta_error *err)
{
    char step[16];
    if (carta_yaml_str(map, "step", "main", step, sizeof step, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; scen_steps[i]; i++)
        if (strcmp(step, scen_steps[i]) == 0) {
            static const uint8_t phases[] = {AEMBER_PHASE_MULLIGAN, AEMBER_PHASE_HOUSE,
                                             AEMBER_PHASE_ARCHIVES, AEMBER_PHASE_MAIN};
            *phase = phases[i];
            return CARTA_OK;
        }
    return carta_yaml_error(err, file, carta_yaml_get(map, "step"),
                            "unknown step '%s' (expected mulligan, house, archives, main)", step);
}

/* The active house: given, or needed from the archives step on. */
static carta_status scen_active_house(const carta_rules *rules, aember_state *st,
                                      struct fy_node *map, const char *file, carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, "house");
    if (!node) {
        if (st->phase == AEMBER_PHASE_MAIN || st->phase == AEMBER_PHASE_ARCHIVES)
            return carta_yaml_error(err, file, map, "the %s step needs the active 'house'",
                                    st->phase == AEMBER_PHASE_MAIN ? "main" : "archives");
        return CARTA_OK;
    }
    char name[AEMBER_WORD_MAX];
    int h = carta_yaml_scalar(node, name, sizeof name) ? aember_house_id(rules, name) : -1;
    if (h < 0)
        return carta_yaml_error(err, file, node, "unknown house '%s'", name);
    st->active_house = (uint8_t)h;
    return CARTA_OK;
}

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
        if (scen_card(rules, fy_node_pair_key(pair), "six", &id, file, err))
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

static carta_status scen_turn(const carta_rules *rules, aember_state *st, struct fy_node *map,
                              const char *file, carta_error *err)
{
    int active = 0, first = 0, turn = 3, played = 0;
    char seed_text[32] = "1";
    bool first_turn = false;
    if (carta_yaml_str(map, "seed", "1", seed_text, sizeof seed_text, file, err) ||
        carta_yaml_int(map, "active", 0, false, 0, AEMBER_SEATS - 1, &active, file, err) ||
        carta_yaml_int(map, "first_player", 0, false, 0, AEMBER_SEATS - 1, &first, file, err) ||
        carta_yaml_int(map, "turn", 3, false, 0, AEMBER_TURN_LIMIT, &turn, file, err) ||
        carta_yaml_int(map, "cards_played", 0, false, 0, 255, &played, file, err) ||
        scen_step_phase(map, &st->phase, file, err))
        return CARTA_ERR_INPUT;
    char *end;
    unsigned long long seed = strtoull(seed_text, &end, 10);
    if (!seed_text[0] || *end)
        return carta_yaml_error(err, file, carta_yaml_get(map, "seed"),
                                "'seed' needs a whole number");
    if (carta_yaml_bool(map, "first_turn", turn == 1 && active == first, &first_turn, file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&st->rng, seed);
    st->active = (int8_t)active;
    st->first = (int8_t)first;
    st->turn = (uint16_t)turn;
    st->first_turn = first_turn;
    st->cards_played = (uint8_t)played;
    st->mulligan_seat = (int8_t)active;
    if (scen_active_house(rules, st, map, file, err))
        return CARTA_ERR_INPUT;
    return scen_six(rules, st, carta_yaml_get(map, "six"), file, err);
}

carta_status aember_scenario_position(const carta_rules *rules, void *state,
                                      struct fy_node *position, const char *file,
                                      carta_error *err)
{
    static const char *const keys[] = {"seed",  "active",       "first_player", "turn",
                                       "step",  "house",        "players",      "six",
                                       "cards_played", "first_turn", NULL};
    aember_state *st = state;
    memset(st, 0, sizeof *st);
    st->version = AEMBER_STATE_VERSION;
    st->winner = -1;
    st->next_uid = 1;
    aember_zones_seen(st);
    if (carta_yaml_check_keys(position, keys, "an aember position", file, err))
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
    if (scen_turn(rules, st, position, file, err))
        return CARTA_ERR_INPUT;
    if (st->phase == AEMBER_PHASE_MULLIGAN)
        st->seat[st->active].mulliganed = 0;
    if (st->phase != AEMBER_PHASE_MULLIGAN && st->seat[st->active].n_houses == 0)
        return carta_yaml_error(err, file, position, "the active player has no house: give its "
                                "'houses' or some cards");
    return CARTA_OK;
}

/* ---- the YAML face ---- */

static carta_status aember_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                     carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, aember_compile_card, rules, err);
    if (st != CARTA_OK) /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
    return st;
}

/* The expectation keys of docs/scenarios.md as paths into the view (docs/view.md). */
static const carta_expect_key scen_keys[] = {
    {"aember", "seats.{player}.counters.aember", 0, NULL},
    {"keys", "seats.{player}.counters.keys", 0, NULL},
    {"chains", "seats.{player}.counters.chains", 0, NULL},
    {"key_cost", "seats.{player}.counters.key_cost", 0, NULL},
    {"hand", "seats.{player}.zones.hand", CARTA_EXPECT_ANY_ORDER, NULL},
    {"hand_count", "seats.{player}.zones.hand.count", 0, NULL},
    {"deck", "seats.{player}.zones.deck", CARTA_EXPECT_TOP_FIRST, NULL},
    {"deck_count", "seats.{player}.zones.deck.count", 0, NULL},
    {"discard", "seats.{player}.zones.discard", CARTA_EXPECT_ANY_ORDER, NULL},
    {"discard_count", "seats.{player}.zones.discard.count", 0, NULL},
    {"archives", "seats.{player}.zones.archives", CARTA_EXPECT_ANY_ORDER, NULL},
    {"archives_count", "seats.{player}.zones.archives.count", 0, NULL},
    {"purged", "seats.{player}.zones.purged", CARTA_EXPECT_ANY_ORDER, NULL},
    {"purged_count", "seats.{player}.zones.purged.count", 0, NULL},
    {"battleline", "seats.{player}.line", 0, NULL},
    {"artifacts", "seats.{player}.artifacts", 0, NULL},
    {"active", "active", 0, NULL},
    {"active_house", "house", 0, NULL},
    {"turn", "turn", 0, NULL},
    {"step", "phase", 0, NULL},
    {"damage", "{card}.damage", 0, NULL},
    {"exhausted", "{card}.exhausted", 0, NULL},
    {"stunned", "{card}.stunned", 0, NULL},
    {"power", "{card}.power", 0, NULL},
    {"power_counters", "{card}.power_counters", 0, NULL},
    {"captured", "{card}.aember", 0, NULL},
    {"armor", "{card}.armor", 0, NULL},
    {"upgrades", "{card}.upgrades", CARTA_EXPECT_ANY_ORDER, NULL},
    {"position", "{card}", CARTA_EXPECT_INDEX, NULL},
    {NULL, NULL, 0, NULL},
};

static const char *const scen_in_play[] = {"seats.{player}.line", "seats.{player}.artifacts",
                                           NULL};

static const carta_expect_table scen_expect = {
    .what = "an aember expectation",
    .seat_key = "player",
    .find_key = "card",
    .copy_key = "copy",
    .find_in = scen_in_play,
    .keys = scen_keys,
};

const carta_game_yaml carta_game_aember_yaml = {&carta_game_aember, aember_add_cards,
                                                aember_scenario_position, &scen_expect};
