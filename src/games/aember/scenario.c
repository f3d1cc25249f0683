/* scenario.c: Æmber positions and expectations for scenario files (docs/scenarios.md). */
#include "games/aember/aember.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/expect.h"
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

/* ---- expectations ---- */

/* One expectation map being checked. */
typedef struct scen_expect {
    const carta_rules *rules;
    const aember_state *st;
    struct fy_node *map; /* the expectation */
    const char *file;
    carta_error *err;
    int seat;        /* the player zone and counter keys refer to */
    bool seat_given; /* 'player' was written: 'card' looks only at that player's cards */
} scen_expect;

/* Reports a failed check: "file:line: <key>: expected ..., found ...". */
static carta_status scen_mismatch(scen_expect *x, struct fy_node *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static carta_status scen_mismatch(scen_expect *x, struct fy_node *node, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carta_status st = carta_expect_failv(x->err, x->file, node, fmt, ap);
    va_end(ap);
    return st;
}

static const char *scen_name(const scen_expect *x, int card)
{
    const aember_card_def *def = aember_def(x->rules, card);
    return def ? def->name : "?";
}

/* Compares a list of card names with n card ids, in order or as multisets. */
static carta_status scen_cards_match(scen_expect *x, struct fy_node *seq, const char *key,
                                     const uint16_t *have, int n, bool ordered)
{
    char what[160];
    snprintf(what, sizeof what, "player %d %s", x->seat, key);
    return carta_expect_cards(&carta_game_aember, x->rules, seq, what, have, n, ordered, x->file,
                              x->err);
}

/* An integer expectation. */
static carta_status scen_int_is(scen_expect *x, struct fy_node *node, const char *key, int have,
                                const char *who)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s", who, key);
    return carta_expect_int(node, what, have, x->file, x->err);
}

/* A boolean expectation. */
static carta_status scen_bool_is(scen_expect *x, struct fy_node *node, const char *key, bool have,
                                 const char *who)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s", who, key);
    return carta_expect_bool(node, what, have, x->file, x->err);
}

/* The zone of the seat named by a zone key ("hand", "discard", ...), or NULL. */
static const aember_zone *scen_zone_of(const aember_seat *s, const char *key)
{
    if (!strncmp(key, "hand", 4))
        return &s->hand;
    if (!strncmp(key, "deck", 4))
        return &s->deck;
    if (!strncmp(key, "discard", 7))
        return &s->discard;
    if (!strncmp(key, "archives", 8))
        return &s->archives;
    if (!strncmp(key, "purged", 6))
        return &s->purged;
    return NULL;
}

/* hand, deck (top first, ordered), discard, archives, purged, and their *_count. */
static carta_status scen_expect_zone(scen_expect *x, const char *key, struct fy_node *v)
{
    const aember_zone *z = scen_zone_of(&x->st->seat[x->seat], key);
    char who[16];
    snprintf(who, sizeof who, "player %d", x->seat);
    if (strstr(key, "_count"))
        return scen_int_is(x, v, key, z->n, who);
    if (strcmp(key, "deck") != 0)
        return scen_cards_match(x, v, key, z->cards, z->n, false);
    uint16_t top_first[AEMBER_DECK_MAX];
    for (int i = 0; i < z->n; i++)
        top_first[i] = z->cards[z->n - 1 - i];
    return scen_cards_match(x, v, key, top_first, z->n, true);
}

static carta_status scen_expect_row(scen_expect *x, const char *key, struct fy_node *v)
{
    const aember_seat *s = &x->st->seat[x->seat];
    bool line = strcmp(key, "battleline") == 0;
    int n = line ? s->n_line : s->n_artifacts;
    uint16_t cards[AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX];
    for (int i = 0; i < n; i++)
        cards[i] = line ? s->line[i].card : s->artifacts[i].card;
    return scen_cards_match(x, v, key, cards, n, true);
}

static const char *const scen_phase_names[] = {"mulligan", "house", "archives", "main", "over"};

/* Game-wide facts: active, active_house, turn, step. */
static carta_status scen_expect_game(scen_expect *x, const char *key, struct fy_node *v)
{
    const aember_state *st = x->st;
    if (!strcmp(key, "active"))
        return scen_int_is(x, v, key, st->active, "game");
    if (!strcmp(key, "turn"))
        return scen_int_is(x, v, key, st->turn, "game");
    char want[AEMBER_WORD_MAX];
    if (!carta_yaml_scalar(v, want, sizeof want))
        return carta_yaml_error(x->err, x->file, v, "'%s' needs a name", key);
    const char *have;
    if (!strcmp(key, "step"))
        have = st->phase <= AEMBER_PHASE_OVER ? scen_phase_names[st->phase] : "?";
    else
        have = aember_house_name(x->rules, st->active_house);
    if (have && !strcmp(want, have))
        return CARTA_OK;
    return scen_mismatch(x, v, "%s: expected %s, found %s", key, want, have ? have : "?");
}

/* Finds the card named by 'card' in play (battle line, then artifacts; player 0 first); 'copy: N'
 * picks its Nth copy in that order. */
static carta_status scen_find_in_play(scen_expect *x, struct fy_node *v, int *seat, int *index,
                                      bool *artifact)
{
    int id = -1, copy = 1;
    if (scen_card(x->rules, v, "card", &id, x->file, x->err) ||
        carta_yaml_int(x->map, "copy", 1, false, 1, 99, &copy, x->file, x->err))
        return CARTA_ERR_INPUT;
    for (int s = 0; s < AEMBER_SEATS; s++) {
        if (x->seat_given && s != x->seat)
            continue;
        const aember_seat *p = &x->st->seat[s];
        for (int i = 0; i < p->n_line + p->n_artifacts; i++) {
            bool art = i >= p->n_line;
            const aember_card_in_play *c = art ? &p->artifacts[i - p->n_line] : &p->line[i];
            if (c->card != id || --copy > 0)
                continue;
            *seat = s;
            *index = art ? i - p->n_line : i;
            *artifact = art;
            return CARTA_OK;
        }
    }
    int wanted = 1;
    carta_yaml_int(x->map, "copy", 1, false, 1, 99, &wanted, x->file, x->err);
    return scen_mismatch(x, v, "card: expected '%s'%s in play%s, found %s", scen_name(x, id),
                         wanted > 1 ? " (that copy)" : "", x->seat_given ? " for that player" : "",
                         wanted > 1 ? "fewer copies" : "it is not");
}

static carta_status scen_expect_upgrades(scen_expect *x, struct fy_node *v,
                                         const aember_card_in_play *c)
{
    uint16_t ids[AEMBER_UPGRADE_MAX];
    for (int i = 0; i < c->n_upgrades; i++)
        ids[i] = c->upgrades[i] & (uint16_t)~AEMBER_UPGRADE_OWNER;
    return scen_cards_match(x, v, "upgrades", ids, c->n_upgrades, false);
}

/* One per-card check on the card in play at (seat, index). */
static carta_status scen_expect_card_key(scen_expect *x, const char *key, struct fy_node *v,
                                         int seat, int index, bool artifact, const char *who)
{
    const aember_seat *p = &x->st->seat[seat];
    const aember_card_in_play *c = artifact ? &p->artifacts[index] : &p->line[index];
    if (!strcmp(key, "exhausted"))
        return scen_bool_is(x, v, key, c->flags & AEMBER_F_EXHAUSTED, who);
    if (artifact)
        return carta_yaml_error(x->err, x->file, v, "'%s' is a check on creatures, and '%s' is "
                                "an artifact", key, scen_name(x, c->card));
    if (!strcmp(key, "stunned"))
        return scen_bool_is(x, v, key, c->flags & AEMBER_F_STUNNED, who);
    if (!strcmp(key, "damage"))
        return scen_int_is(x, v, key, c->damage, who);
    if (!strcmp(key, "captured"))
        return scen_int_is(x, v, key, c->aember, who);
    if (!strcmp(key, "power_counters"))
        return scen_int_is(x, v, key, c->power_counters, who);
    if (!strcmp(key, "power"))
        return scen_int_is(x, v, key, aember_power(x->rules, x->st, seat, index), who);
    if (!strcmp(key, "armor"))
        return scen_int_is(x, v, key, aember_armor(x->rules, x->st, seat, index), who);
    if (!strcmp(key, "position"))
        return scen_int_is(x, v, key, index, who);
    return scen_expect_upgrades(x, v, c);
}

static const char *const scen_card_keys[] = {"damage",  "exhausted", "stunned",
                                             "power",   "power_counters", "captured",
                                             "armor",   "upgrades",  "position", NULL};

static bool scen_is_card_key(const char *key)
{
    for (int i = 0; scen_card_keys[i]; i++)
        if (!strcmp(key, scen_card_keys[i]))
            return true;
    return false;
}

/* Every per-card key of map, against the card named by 'card'. */
static carta_status scen_expect_card(scen_expect *x, struct fy_node *map)
{
    struct fy_node *card = carta_yaml_get(map, "card");
    void *it = NULL;
    struct fy_node_pair *pair;
    int seat = 0, index = 0;
    bool artifact = false, found = false;
    while ((pair = fy_node_mapping_iterate(map, &it))) {
        char key[32];
        carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
        if (!scen_is_card_key(key))
            continue;
        struct fy_node *v = fy_node_pair_value(pair);
        if (!card)
            return carta_yaml_error(x->err, x->file, v, "'%s' checks a card: name it with "
                                    "'card'", key);
        if (!found && scen_find_in_play(x, card, &seat, &index, &artifact))
            return CARTA_ERR_INPUT;
        found = true;
        char who[CARTA_NAME_MAX + 4];
        const aember_seat *p = &x->st->seat[seat];
        snprintf(who, sizeof who, "'%s'",
                 scen_name(x, artifact ? p->artifacts[index].card : p->line[index].card));
        if (scen_expect_card_key(x, key, v, seat, index, artifact, who))
            return CARTA_ERR_INPUT;
    }
    if (card && !found) /* 'card' alone: the card is in play */
        return scen_find_in_play(x, card, &seat, &index, &artifact);
    return CARTA_OK;
}

/* A player counter: aember, keys, chains, key_cost. */
static carta_status scen_expect_counter(scen_expect *x, const char *key, struct fy_node *v)
{
    const aember_seat *s = &x->st->seat[x->seat];
    char who[16];
    snprintf(who, sizeof who, "player %d", x->seat);
    if (!strcmp(key, "aember"))
        return scen_int_is(x, v, key, s->aember, who);
    if (!strcmp(key, "keys"))
        return scen_int_is(x, v, key, s->keys, who);
    if (!strcmp(key, "chains"))
        return scen_int_is(x, v, key, s->chains, who);
    return scen_int_is(x, v, key, aember_key_cost(x->rules, x->st, x->seat), who);
}

static carta_status scen_expect_key(scen_expect *x, const char *key, struct fy_node *v)
{
    if (!strcmp(key, "player") || !strcmp(key, "card") || !strcmp(key, "copy") ||
        scen_is_card_key(key))
        return CARTA_OK; /* read first / checked with the card */
    if (!strcmp(key, "battleline") || !strcmp(key, "artifacts"))
        return scen_expect_row(x, key, v);
    if (scen_zone_of(&x->st->seat[0], key))
        return scen_expect_zone(x, key, v);
    if (!strcmp(key, "active") || !strcmp(key, "active_house") || !strcmp(key, "turn") ||
        !strcmp(key, "step"))
        return scen_expect_game(x, key, v);
    return scen_expect_counter(x, key, v);
}

carta_status aember_scenario_expect(const carta_rules *rules, const void *state,
                                    struct fy_node *expectation, const char *file,
                                    carta_error *err)
{
    static const char *const keys[] = {
        "player",         "aember",        "keys",         "chains",       "key_cost",
        "hand",           "hand_count",    "deck",         "deck_count",   "discard",
        "discard_count",  "archives",      "archives_count", "purged",     "purged_count",
        "battleline",     "artifacts",     "active",       "active_house", "turn",
        "step",           "card",          "damage",       "exhausted",    "stunned",
        "power",          "power_counters", "captured",    "armor",        "upgrades",
        "position",       "copy",          NULL};
    scen_expect x = {.rules = rules, .st = state, .map = expectation, .file = file, .err = err};
    if (carta_yaml_check_keys(expectation, keys, "an aember expectation", file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *player = carta_yaml_get(expectation, "player");
    if (player) {
        int seat;
        if (carta_yaml_int(expectation, "player", 0, false, 0, AEMBER_SEATS - 1, &seat, file,
                           err))
            return CARTA_ERR_INPUT;
        x.seat = seat;
        x.seat_given = true;
    }
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(expectation, &it))) {
        char key[32];
        carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
        if (scen_expect_key(&x, key, fy_node_pair_value(pair)))
            return CARTA_ERR_INPUT;
    }
    return scen_expect_card(&x, expectation);
}
