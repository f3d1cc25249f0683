/* scenario.c: Leaders positions and expectations for scenario files (docs/scenarios.md,
 * "Leaders positions and expectations"). */
#include "games/leaders/leaders.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/game_yaml.h"
#include "core/yaml.h"

static const char *const scen_dirs[] = {"north", "east", "south", "west", NULL};

/* ---- small readers ---- */

/* The id of a scalar name; type_mask (bits of leaders_type) limits what it may be, 0 = any. */
static carta_status scen_entry(const carta_rules *rules, struct fy_node *node, const char *what,
                               unsigned type_mask, const char *kind, int *out, const char *file,
                               carta_error *err)
{
    char name[CARTA_NAME_MAX];
    if (!node || !carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, file, node, "%s needs a name", what);
    int id = carta_catalog_find(rules->catalog, name);
    const leaders_def *d = leaders_def_of(rules, id);
    if (!d)
        return carta_yaml_error(err, file, node, "unknown %s '%s' in %s", kind, name, what);
    if (type_mask && !(type_mask >> d->type & 1))
        return carta_yaml_error(err, file, node, "'%s' is a %s, not a %s (in %s)", d->name,
                                leaders_type_name(d->type), kind, what);
    *out = id;
    return CARTA_OK;
}

#define SCEN_CARDS (1u << LEADERS_T_ATTACK | 1u << LEADERS_T_DEFENSE | 1u << LEADERS_T_SPELL | \
                    1u << LEADERS_T_EVENT | 1u << LEADERS_T_REACTION)
#define SCEN_CHARS (1u << LEADERS_T_LEADER | 1u << LEADERS_T_UNIT)

/* A cell name: a column letter A..E and a row 1..6 ("C2"), any case. -1 if not one. */
static int scen_parse_cell(const char *s)
{
    if (!s || strlen(s) != 2)
        return -1;
    int col = (s[0] | 0x20) - 'a', row = s[1] - '1';
    if (col < 0 || col >= LEADERS_COLS || row < 0 || row >= LEADERS_ROWS)
        return -1;
    return leaders_cell(col, row);
}

static carta_status scen_cell(struct fy_node *node, const char *what, int *out, const char *file,
                              carta_error *err)
{
    char text[16];
    int cell = node && carta_yaml_scalar(node, text, sizeof text) ? scen_parse_cell(text) : -1;
    if (cell < 0)
        return carta_yaml_error(err, file, node, "%s needs a cell, A1..E6", what);
    *out = cell;
    return CARTA_OK;
}

static carta_status scen_dir(struct fy_node *node, const char *what, int *out, const char *file,
                             carta_error *err)
{
    char text[16];
    if (node && carta_yaml_scalar(node, text, sizeof text))
        for (int d = 0; scen_dirs[d]; d++)
            if (strcasecmp(text, scen_dirs[d]) == 0) {
                *out = d;
                return CARTA_OK;
            }
    return carta_yaml_error(err, file, node, "%s needs a direction: north, east, south or west",
                            what);
}

/* Reads a list of names (of the types in mask) into ids; returns the count or -1 on error. */
static int scen_list(const carta_rules *rules, struct fy_node *seq, const char *what,
                     unsigned mask, const char *kind, uint16_t *ids, int cap, const char *file,
                     carta_error *err)
{
    if (!seq)
        return 0;
    if (!fy_node_is_sequence(seq)) {
        carta_yaml_error(err, file, seq, "'%s' needs a list of names", what);
        return -1;
    }
    int n = fy_node_sequence_item_count(seq);
    if (n > cap) {
        carta_yaml_error(err, file, seq, "'%s' holds at most %d entries, found %d", what, cap, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int id = -1;
        if (scen_entry(rules, fy_node_sequence_get_by_index(seq, i), what, mask, kind, &id, file,
                       err))
            return -1;
        ids[i] = (uint16_t)id;
    }
    return n;
}

/* Reads a zone of cards; top_last stores the first name last (decks: the top is listed first). */
static carta_status scen_zone(const carta_rules *rules, struct fy_node *seq, const char *what,
                              leaders_zone *z, bool top_last, const char *file, carta_error *err)
{
    uint16_t ids[LEADERS_ZONE_MAX];
    int n = scen_list(rules, seq, what, SCEN_CARDS, "card", ids, LEADERS_ZONE_MAX, file, err);
    if (n < 0)
        return CARTA_ERR_INPUT;
    for (int i = 0; i < n; i++)
        z->cards[top_last ? n - 1 - i : i] = ids[i];
    z->n = (uint8_t)n;
    return CARTA_OK;
}

/* ---- position: the board ---- */

/* One Character of the board list: {at, unit | leader, owner, facing, health, exhausted, acts,
 * redirected}. */
static carta_status scen_board_entry(const carta_rules *rules, leaders_state *st,
                                     struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {"at",   "unit",      "owner", "facing",     "health",
                                       "acts", "exhausted", "acted", "redirected", NULL};
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a board entry is a map {at: C3, unit: Name, "
                                "owner: 0, ...}");
    if (carta_yaml_check_keys(map, keys, "a board entry", file, err))
        return CARTA_ERR_INPUT;
    int cell, kind, owner, dir, health, acts;
    bool exhausted, acted, redirected;
    if (scen_cell(carta_yaml_get(map, "at"), "'at'", &cell, file, err) ||
        scen_entry(rules, carta_yaml_get(map, "unit"), "'unit'", 1u << LEADERS_T_UNIT, "Unit",
                   &kind, file, err) ||
        carta_yaml_int(map, "owner", 0, true, 0, LEADERS_SEATS - 1, &owner, file, err))
        return CARTA_ERR_INPUT;
    const leaders_def *d = leaders_def_of(rules, kind);
    dir = owner == 0 ? LEADERS_NORTH : LEADERS_SOUTH;
    struct fy_node *facing = carta_yaml_get(map, "facing");
    if ((facing && scen_dir(facing, "'facing'", &dir, file, err)) ||
        carta_yaml_int(map, "health", d->health, false, 1, 99, &health, file, err) ||
        carta_yaml_bool(map, "exhausted", false, &exhausted, file, err) ||
        carta_yaml_int(map, "acts", exhausted ? 0 : d->actions, false, 0, 9, &acts, file, err) ||
        carta_yaml_bool(map, "acted", exhausted || acts < d->actions, &acted, file, err) ||
        carta_yaml_bool(map, "redirected", false, &redirected, file, err))
        return CARTA_ERR_INPUT;
    if (!leaders_state_place(rules, st, cell, kind, owner, dir))
        return carta_yaml_error(err, file, map, "cell %c%d is already taken",
                                'A' + leaders_col(cell), leaders_row(cell) + 1);
    leaders_char *c = &st->board[cell];
    c->health = (uint8_t)health;
    c->acts = (uint8_t)acts;
    c->flags |= (uint8_t)((acts == 0 ? LEADERS_C_EXHAUSTED : 0) | (acted ? LEADERS_C_ACTED : 0) |
                          (redirected ? LEADERS_C_REDIRECTED : 0));
    return CARTA_OK;
}

static carta_status scen_board(const carta_rules *rules, leaders_state *st, struct fy_node *seq,
                               const char *file, carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'board' needs a list of Units");
    int n = fy_node_sequence_item_count(seq);
    for (int i = 0; i < n; i++)
        if (scen_board_entry(rules, st, fy_node_sequence_get_by_index(seq, i), file, err))
            return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* ---- position: a seat ---- */

/* The seat's Leader on the board: leader_at (default C1 / C6), leader_health, leader_facing,
 * leader_exhausted. */
static carta_status scen_place_leader(const carta_rules *rules, leaders_state *st, int seat,
                                      struct fy_node *map, const char *file, carta_error *err)
{
    leaders_seat *s = &st->seat[seat];
    const leaders_def *d = leaders_def_of(rules, s->leader);
    int cell = seat == 0 ? leaders_cell(2, 0) : leaders_cell(2, 5);
    int dir = seat == 0 ? LEADERS_NORTH : LEADERS_SOUTH, health;
    bool exhausted;
    struct fy_node *at = carta_yaml_get(map, "leader_at"), *facing;
    facing = carta_yaml_get(map, "leader_facing");
    if ((at && scen_cell(at, "'leader_at'", &cell, file, err)) ||
        (facing && scen_dir(facing, "'leader_facing'", &dir, file, err)) ||
        carta_yaml_int(map, "leader_health", d->health, false, 1, 99, &health, file, err) ||
        carta_yaml_bool(map, "leader_exhausted", false, &exhausted, file, err))
        return CARTA_ERR_INPUT;
    if (!leaders_state_place(rules, st, cell, s->leader, seat, dir))
        return carta_yaml_error(err, file, at ? at : map, "cell %c%d of the Leader is already "
                                "taken", 'A' + leaders_col(cell), leaders_row(cell) + 1);
    st->board[cell].health = (uint8_t)health;
    if (exhausted) {
        st->board[cell].acts = 0;
        st->board[cell].flags |= LEADERS_C_EXHAUSTED | LEADERS_C_ACTED;
    }
    return CARTA_OK;
}

/* The Barracks: given, or the Domain's roster minus the seat's Units on the board and in the
 * Graveyard (they came from it). */
static carta_status scen_barracks(const carta_rules *rules, leaders_state *st, int seat,
                                  struct fy_node *map, const char *file, carta_error *err)
{
    leaders_seat *s = &st->seat[seat];
    uint16_t ids[LEADERS_BARRACKS_MAX];
    int n = scen_list(rules, carta_yaml_get(map, "graveyard"), "graveyard", 1u << LEADERS_T_UNIT,
                      "Unit", ids, LEADERS_BARRACKS_MAX, file, err);
    if (n < 0)
        return CARTA_ERR_INPUT;
    memcpy(s->graveyard, ids, sizeof ids[0] * (size_t)n);
    s->n_graveyard = (uint8_t)n;
    struct fy_node *given = carta_yaml_get(map, "barracks");
    if (given) {
        n = scen_list(rules, given, "barracks", 1u << LEADERS_T_UNIT, "Unit", ids,
                      LEADERS_BARRACKS_MAX, file, err);
        if (n < 0)
            return CARTA_ERR_INPUT;
        memcpy(s->barracks, ids, sizeof ids[0] * (size_t)n);
        s->n_barracks = (uint8_t)n;
        return CARTA_OK;
    }
    const leaders_def *dom = leaders_def_of(rules, s->domain);
    bool used[LEADERS_ROSTER_MAX] = {false};
    uint16_t gone[LEADERS_CELLS + LEADERS_BARRACKS_MAX];
    int n_gone = 0;
    for (int c = 0; c < LEADERS_CELLS; c++)
        if (st->board[c].kind != LEADERS_NONE && st->board[c].owner == seat &&
            !(st->board[c].flags & LEADERS_C_LEADER))
            gone[n_gone++] = st->board[c].kind;
    for (int i = 0; i < s->n_graveyard; i++)
        gone[n_gone++] = s->graveyard[i];
    for (int g = 0; g < n_gone; g++)
        for (int i = 0; i < dom->n_roster; i++)
            if (!used[i] && dom->roster[i] == gone[g]) {
                used[i] = true;
                break;
            }
    s->n_barracks = 0;
    for (int i = 0; i < dom->n_roster; i++)
        if (!used[i])
            s->barracks[s->n_barracks++] = dom->roster[i];
    return CARTA_OK;
}

/* The deck list (public, what determinize draws from): every card the seat owns, wherever. */
static carta_status scen_deck_list(leaders_state *st, int seat, struct fy_node *where,
                                   const char *file, carta_error *err)
{
    leaders_seat *s = &st->seat[seat];
    const leaders_zone *zones[3] = {&s->hand, &s->deck, &s->discard};
    s->deck_list.n = 0;
    for (int z = 0; z < 3; z++)
        for (int i = 0; i < zones[z]->n; i++) {
            if (s->deck_list.n >= LEADERS_ZONE_MAX)
                return carta_yaml_error(err, file, where, "a player owns at most %d cards in all",
                                        LEADERS_ZONE_MAX);
            s->deck_list.cards[s->deck_list.n++] = zones[z]->cards[i];
        }
    for (int i = 0; i < st->n_events; i++) {
        if (((st->events[i] & LEADERS_EVENT_SEAT1) != 0) != (seat == 1))
            continue;
        if (s->deck_list.n >= LEADERS_ZONE_MAX)
            return carta_yaml_error(err, file, where, "a player owns at most %d cards in all",
                                    LEADERS_ZONE_MAX);
        s->deck_list.cards[s->deck_list.n++] = (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1);
    }
    return CARTA_OK;
}

/* A player map, part one: Leader, Domain, zones and counters (the board comes after). */
static carta_status scen_seat(const carta_rules *rules, leaders_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {
        "leader",       "domain",        "hand",         "deck",      "discard",
        "barracks",     "graveyard",     "cards_played", "summons",   "summon_bonus",
        "leader_at",    "leader_health", "leader_facing", "leader_exhausted", NULL};
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a player needs a map (leader, domain, hand, ...)");
    if (carta_yaml_check_keys(map, keys, "a player", file, err))
        return CARTA_ERR_INPUT;
    leaders_seat *s = &st->seat[seat];
    int leader, domain, played, summons, bonus;
    if (scen_entry(rules, carta_yaml_get(map, "leader"), "'leader'", 1u << LEADERS_T_LEADER,
                   "Leader", &leader, file, err) ||
        scen_entry(rules, carta_yaml_get(map, "domain"), "'domain'", 1u << LEADERS_T_DOMAIN,
                   "Domain", &domain, file, err) ||
        carta_yaml_int(map, "cards_played", 0, false, 0, 99, &played, file, err) ||
        carta_yaml_int(map, "summons", 0, false, 0, 99, &summons, file, err) ||
        carta_yaml_int(map, "summon_bonus", 0, false, -9, 9, &bonus, file, err))
        return CARTA_ERR_INPUT;
    s->leader = (uint16_t)leader;
    s->domain = (uint16_t)domain;
    s->cards_played = (uint8_t)played;
    s->summons = (uint8_t)summons;
    s->summon_bonus = (int8_t)bonus;
    if (scen_zone(rules, carta_yaml_get(map, "hand"), "hand", &s->hand, false, file, err) ||
        scen_zone(rules, carta_yaml_get(map, "deck"), "deck", &s->deck, true, file, err) ||
        scen_zone(rules, carta_yaml_get(map, "discard"), "discard", &s->discard, false, file,
                  err))
        return CARTA_ERR_INPUT;
    return scen_place_leader(rules, st, seat, map, file, err);
}

/* events: bottom first, the last one active; an entry is a name (played by seat 0) or
 * {card: Name, seat: 1}. */
static carta_status scen_events(const carta_rules *rules, leaders_state *st, struct fy_node *seq,
                                const char *file, carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'events' needs a list of Event cards");
    int n = fy_node_sequence_item_count(seq);
    if (n > LEADERS_EVENTS_MAX)
        return carta_yaml_error(err, file, seq, "at most %d events", LEADERS_EVENTS_MAX);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i), *name = item;
        int id, seat = 0;
        if (fy_node_is_mapping(item)) {
            static const char *const keys[] = {"card", "seat", NULL};
            if (carta_yaml_check_keys(item, keys, "an event", file, err) ||
                carta_yaml_int(item, "seat", 0, false, 0, LEADERS_SEATS - 1, &seat, file, err))
                return CARTA_ERR_INPUT;
            name = carta_yaml_get(item, "card");
        }
        if (scen_entry(rules, name, "events", 1u << LEADERS_T_EVENT, "Event", &id, file, err))
            return CARTA_ERR_INPUT;
        st->events[st->n_events++] = (uint16_t)(id | (seat ? LEADERS_EVENT_SEAT1 : 0));
    }
    return CARTA_OK;
}

static carta_status scen_turn(leaders_state *st, struct fy_node *map, const char *file,
                              carta_error *err)
{
    int active, first, turn;
    char seed_text[32];
    if (carta_yaml_str(map, "seed", "1", seed_text, sizeof seed_text, file, err) ||
        carta_yaml_int(map, "active", 0, false, 0, LEADERS_SEATS - 1, &active, file, err) ||
        carta_yaml_int(map, "first_player", active, false, 0, LEADERS_SEATS - 1, &first, file,
                       err) ||
        carta_yaml_int(map, "turn", 3, false, 1, LEADERS_TURN_LIMIT, &turn, file, err))
        return CARTA_ERR_INPUT;
    char *end;
    unsigned long long seed = strtoull(seed_text, &end, 10);
    if (!seed_text[0] || *end)
        return carta_yaml_error(err, file, carta_yaml_get(map, "seed"),
                                "'seed' needs a whole number");
    carta_rng_seed(&st->rng, seed);
    st->active = (int8_t)active;
    st->first = (int8_t)first;
    st->turn = (uint16_t)turn;
    return CARTA_OK;
}

carta_status leaders_scenario_position(const carta_rules *rules, void *state,
                                       struct fy_node *position, const char *file,
                                       carta_error *err)
{
    static const char *const keys[] = {"seed", "active", "first_player", "turn", "players",
                                       "board", "events", NULL};
    leaders_state *st = state;
    memset(st, 0, sizeof *st);
    st->version = LEADERS_STATE_VERSION;
    leaders_zones_seen(st);
    st->phase = LEADERS_PHASE_MAIN;
    st->winner = -1;
    st->chain = -1;
    st->facedown = LEADERS_NONE;
    for (int c = 0; c < LEADERS_CELLS; c++)
        st->board[c].kind = LEADERS_NONE;
    if (!fy_node_is_mapping(position))
        return carta_yaml_error(err, file, position, "a leaders position is a map");
    if (carta_yaml_check_keys(position, keys, "a leaders position", file, err) ||
        scen_turn(st, position, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *players = carta_yaml_get(position, "players");
    if (!players || !fy_node_is_sequence(players) ||
        fy_node_sequence_item_count(players) != LEADERS_SEATS)
        return carta_yaml_error(err, file, players ? players : position,
                                "a leaders position needs 'players': a list of %d players",
                                LEADERS_SEATS);
    for (int seat = 0; seat < LEADERS_SEATS; seat++)
        if (scen_seat(rules, st, seat, fy_node_sequence_get_by_index(players, seat), file, err))
            return CARTA_ERR_INPUT;
    if (scen_board(rules, st, carta_yaml_get(position, "board"), file, err) ||
        scen_events(rules, st, carta_yaml_get(position, "events"), file, err))
        return CARTA_ERR_INPUT;
    for (int seat = 0; seat < LEADERS_SEATS; seat++) {
        struct fy_node *map = fy_node_sequence_get_by_index(players, seat);
        if (scen_barracks(rules, st, seat, map, file, err) ||
            scen_deck_list(st, seat, map, file, err))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

/* ---- the YAML face ---- */

static carta_status leaders_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                      carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, leaders_compile_card, rules, err);
    if (st != CARTA_OK) { /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
        rules->n_refs = 0;
        return st;
    }
    return leaders_link(rules, err);
}

#define SCEN_SEAT(key, path, flags) {key, "seats.{player}." path, flags, NULL}
#define SCEN_TOP(key, path, flags) {key, path, flags, NULL}
#define SCEN_CELL(key, path) {key, "board.cells.{cell}." path, 0, NULL}

/* The expectation keys of docs/scenarios.md as paths into the view (docs/view.md). */
static const carta_expect_key scen_keys[] = {
    SCEN_SEAT("hand", "zones.hand", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("deck", "zones.deck", CARTA_EXPECT_TOP_FIRST),
    SCEN_SEAT("discard", "zones.discard", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("barracks", "barracks", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("graveyard", "graveyard", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("hand_count", "zones.hand.count", 0),
    SCEN_SEAT("deck_count", "zones.deck.count", 0),
    SCEN_SEAT("discard_count", "zones.discard.count", 0),
    SCEN_SEAT("barracks_count", "barracks", CARTA_EXPECT_COUNT),
    SCEN_SEAT("cards_played", "counters.cards_played", 0),
    SCEN_SEAT("summons", "counters.summons", 0),
    SCEN_SEAT("summons_left", "counters.summons_left", 0),
    SCEN_SEAT("leader_health", "leader_health", 0),
    SCEN_SEAT("leader_at", "leader_at", 0),
    SCEN_SEAT("units", "units", 0),
    SCEN_TOP("active", "active", 0),
    SCEN_TOP("first_player", "first", 0),
    SCEN_TOP("turn", "turn", 0),
    SCEN_TOP("over", "over", 0),
    SCEN_TOP("draw", "draw", 0),
    SCEN_TOP("pending", "pending", 0),
    SCEN_TOP("chain", "chain", 0),
    SCEN_TOP("facedown", "board.facedown", 0),
    SCEN_TOP("event", "board.events.-1", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("events", "board.events", 0),
    SCEN_TOP("empty", "board.cells.{each}", CARTA_EXPECT_EMPTY),
    SCEN_TOP("cell", NULL, CARTA_EXPECT_PARAM),
    {"card", "board.cells.{cell}.unit", CARTA_EXPECT_NONE_IF_ABSENT, NULL},
    SCEN_CELL("owner", "owner"),
    SCEN_CELL("facing", "facing"),
    SCEN_CELL("health", "health"),
    SCEN_CELL("acts", "actions"),
    SCEN_CELL("exhausted", "exhausted"),
    SCEN_CELL("redirected", "redirected"),
    SCEN_CELL("leader", "leader"),
    {NULL, NULL, 0, NULL},
};

static const carta_expect_table scen_expect = {
    .what = "a leaders expectation",
    .seat_key = "player",
    .keys = scen_keys,
};

const carta_game_yaml carta_game_leaders_yaml = {&carta_game_leaders, leaders_add_cards,
                                                 leaders_scenario_position, &scen_expect};
