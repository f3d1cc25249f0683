/* scenario.c: Leaders' YAML face: scenario positions, and the expectation keys of
 * docs/scenarios.md as paths into its view (checked by core/expect.c). */
#include "games/leaders/leaders.h"

#include <stdio.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/position.h"

/* ---- small readers ---- */

#define SCEN_CARDS (1u << LEADERS_T_ATTACK | 1u << LEADERS_T_DEFENSE | 1u << LEADERS_T_SPELL | \
                    1u << LEADERS_T_EVENT | 1u << LEADERS_T_REACTION)
#define SCEN_UNIT (1u << LEADERS_T_UNIT)

static int scen_type_of(const carta_rules *rules, int id)
{
    const leaders_def *d = leaders_def_of(rules, id);
    return d ? d->type : -1;
}

static const char *const scen_type_names[] = {"Leader", "Domain",  "Unit",  "Attack card",
                                              "Defense card", "Spell", "Event", "Reaction"};
static const carta_pos_types scen_types = {&carta_game_leaders, scen_type_of, scen_type_names};

/* A cell, A1..E6 (column A..E, row 1..6), any case. */
static carta_status scen_cell(struct fy_node *node, const char *what, int *out, const char *file,
                              carta_error *err)
{
    char s[16] = "";
    int col = -1, row = -1;
    if (node && carta_yaml_scalar(node, s, sizeof s) && strlen(s) == 2) {
        col = (s[0] | 0x20) - 'a';
        row = s[1] - '1';
    }
    if (col < 0 || col >= LEADERS_COLS || row < 0 || row >= LEADERS_ROWS)
        return carta_yaml_error(err, file, node, "%s needs a cell, A1..E6", what);
    *out = leaders_cell(col, row);
    return CARTA_OK;
}

static const char *const scen_dirs[] = {"north", "east", "south", "west", NULL};

/* ---- position: the board ---- */

/* One Character of the board list: {at, unit, owner, facing, health, exhausted, acts, acted,
 * redirected}; a Leader is placed from its player's map (leader_at, leader_health, ...). */
static carta_status scen_character(const carta_rules *rules, leaders_state *st,
                                   struct fy_node *map, int kind, int owner, const char *pre,
                                   const char *file, carta_error *err)
{
    const leaders_def *d = leaders_def_of(rules, kind);
    char at_key[24], health_key[24], facing_key[24], exhausted_key[24];
    snprintf(at_key, sizeof at_key, "%sat", pre);
    snprintf(health_key, sizeof health_key, "%shealth", pre);
    snprintf(facing_key, sizeof facing_key, "%sfacing", pre);
    snprintf(exhausted_key, sizeof exhausted_key, "%sexhausted", pre);
    int cell = leaders_cell(2, owner == 0 ? 0 : 5), dir = owner == 0 ? 0 : 2, health, acts;
    bool exhausted, acted, redirected;
    struct fy_node *at = carta_yaml_get(map, at_key);
    if ((at || !pre[0]) && scen_cell(at, at_key, &cell, file, err))
        return CARTA_ERR_INPUT;
    if (carta_pos_word(map, facing_key, scen_dirs[dir], scen_dirs, &dir, file, err) ||
        carta_yaml_int(map, health_key, d->health, false, 1, 99, &health, file, err) ||
        carta_yaml_bool(map, exhausted_key, false, &exhausted, file, err) ||
        carta_yaml_int(map, "acts", exhausted ? 0 : d->actions, false, 0, 9, &acts, file, err) ||
        carta_yaml_bool(map, "acted", exhausted || acts < d->actions, &acted, file, err) ||
        carta_yaml_bool(map, "redirected", false, &redirected, file, err))
        return CARTA_ERR_INPUT;
    if (!leaders_state_place(rules, st, cell, kind, owner, dir))
        return carta_yaml_error(err, file, at ? at : map, "cell %c%d is already taken",
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
    static const char *const keys[] = {"at",   "unit",      "owner", "facing",     "health",
                                       "acts", "exhausted", "acted", "redirected", NULL};
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'board' needs a list of Units");
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *map = fy_node_sequence_get_by_index(seq, i);
        int kind, owner;
        if (!fy_node_is_mapping(map))
            return carta_yaml_error(err, file, map,
                                    "a board entry is a map {at: C3, unit: Name, "
                                    "owner: 0, ...}");
        if (carta_yaml_check_keys(map, keys, "a board entry", file, err) ||
            carta_pos_card(&scen_types, rules, carta_yaml_get(map, "unit"), "'unit'", SCEN_UNIT,
                           &kind, file, err) ||
            carta_yaml_int(map, "owner", 0, true, 0, LEADERS_SEATS - 1, &owner, file, err) ||
            scen_character(rules, st, map, kind, owner, "", file, err))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

/* ---- position: a seat ---- */

/* The Barracks: given, or the Domain's roster minus the seat's Units on the board and in the
 * Graveyard (they came from it). */
static carta_status scen_barracks(const carta_rules *rules, leaders_state *st, int seat,
                                  struct fy_node *map, const char *file, carta_error *err)
{
    leaders_seat *s = &st->seat[seat];
    if (carta_pos_cards(&scen_types, rules, map, "graveyard", SCEN_UNIT, s->graveyard,
                        LEADERS_BARRACKS_MAX, &s->n_graveyard, false, file, err))
        return CARTA_ERR_INPUT;
    if (carta_yaml_get(map, "barracks"))
        return carta_pos_cards(&scen_types, rules, map, "barracks", SCEN_UNIT, s->barracks,
                               LEADERS_BARRACKS_MAX, &s->n_barracks, false, file, err);
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

/* The deck list (public, what determinize draws from): hand, deck, discard pile and the Events
 * the seat played. */
static carta_status scen_deck_list(leaders_state *st, int seat, struct fy_node *where,
                                   const char *file, carta_error *err)
{
    leaders_seat *s = &st->seat[seat];
    const leaders_zone *zones[3] = {&s->hand, &s->deck, &s->discard};
    uint16_t all[LEADERS_ZONE_MAX * 3 + LEADERS_EVENTS_MAX];
    int n = 0;
    for (int z = 0; z < 3; z++)
        for (int i = 0; i < zones[z]->n; i++)
            all[n++] = zones[z]->cards[i];
    for (int i = 0; i < st->n_events; i++)
        if (((st->events[i] & LEADERS_EVENT_SEAT1) != 0) == (seat == 1))
            all[n++] = (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1);
    if (n > LEADERS_ZONE_MAX)
        return carta_yaml_error(err, file, where, "a player owns at most %d cards in all",
                                LEADERS_ZONE_MAX);
    memcpy(s->deck_list.cards, all, sizeof all[0] * (size_t)n);
    s->deck_list.n = (uint8_t)n;
    return CARTA_OK;
}

static const carta_pos_field scen_seat_fields[] = {
    CARTA_POS_INT("cards_played", leaders_seat, cards_played, 0, 99),
    CARTA_POS_INT("summons", leaders_seat, summons, 0, 99),
    CARTA_POS_INT("summon_bonus", leaders_seat, summon_bonus, -9, 9),
};

/* A player map, part one: Leader, Domain, zones, counters and the Leader on the board. */
static carta_status scen_seat(const carta_rules *rules, leaders_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const others[] = {
        "leader",    "domain",    "hand",          "deck",          "discard",          "barracks",
        "graveyard", "leader_at", "leader_health", "leader_facing", "leader_exhausted", NULL};
    leaders_seat *s = &st->seat[seat];
    int leader, domain;
    if (carta_pos_fields(map, scen_seat_fields, 3, others, "a player", s, file, err) ||
        carta_pos_card(&scen_types, rules, carta_yaml_get(map, "leader"), "'leader'",
                       1u << LEADERS_T_LEADER, &leader, file, err) ||
        carta_pos_card(&scen_types, rules, carta_yaml_get(map, "domain"), "'domain'",
                       1u << LEADERS_T_DOMAIN, &domain, file, err))
        return CARTA_ERR_INPUT;
    s->leader = (uint16_t)leader;
    s->domain = (uint16_t)domain;
    if (carta_pos_cards(&scen_types, rules, map, "hand", SCEN_CARDS, s->hand.cards,
                        LEADERS_ZONE_MAX, &s->hand.n, false, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "deck", SCEN_CARDS, s->deck.cards,
                        LEADERS_ZONE_MAX, &s->deck.n, true, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "discard", SCEN_CARDS, s->discard.cards,
                        LEADERS_ZONE_MAX, &s->discard.n, false, file, err))
        return CARTA_ERR_INPUT;
    return scen_character(rules, st, map, leader, seat, "leader_", file, err);
}

/* events: bottom first, the last one active; an entry is a name (played by seat 0) or
 * {card: Name, seat: 1}. */
static carta_status scen_events(const carta_rules *rules, leaders_state *st, struct fy_node *seq,
                                const char *file, carta_error *err)
{
    static const char *const keys[] = {"card", "seat", NULL};
    int n = seq && fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : 0;
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'events' needs a list of Event cards");
    if (n > LEADERS_EVENTS_MAX)
        return carta_yaml_error(err, file, seq, "at most %d events", LEADERS_EVENTS_MAX);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        bool map = fy_node_is_mapping(item);
        int id, seat = 0;
        if (map && (carta_yaml_check_keys(item, keys, "an event", file, err) ||
                    carta_yaml_int(item, "seat", 0, false, 0, LEADERS_SEATS - 1, &seat, file,
                                   err)))
            return CARTA_ERR_INPUT;
        if (carta_pos_card(&scen_types, rules, map ? carta_yaml_get(item, "card") : item, "events",
                       1u << LEADERS_T_EVENT, &id, file, err))
            return CARTA_ERR_INPUT;
        st->events[st->n_events++] = (uint16_t)(id | (seat ? LEADERS_EVENT_SEAT1 : 0));
    }
    return CARTA_OK;
}

static const carta_pos_field scen_turn_fields[] = {
    CARTA_POS_INT("active", leaders_state, active, 0, LEADERS_SEATS - 1),
    CARTA_POS_INT("first_player", leaders_state, first, 0, LEADERS_SEATS - 1),
    CARTA_POS_INT("turn", leaders_state, turn, 1, LEADERS_TURN_LIMIT),
};

carta_status leaders_scenario_position(const carta_rules *rules, void *state,
                                       struct fy_node *position, const char *file,
                                       carta_error *err)
{
    static const char *const others[] = {"seed", "players", "board", "events", NULL};
    leaders_state *st = state;
    uint64_t seed;
    memset(st, 0, sizeof *st);
    st->version = LEADERS_STATE_VERSION;
    leaders_zones_seen(st);
    st->phase = LEADERS_PHASE_MAIN;
    st->winner = -1;
    st->chain = -1;
    st->facedown = LEADERS_NONE;
    st->turn = 3;
    for (int c = 0; c < LEADERS_CELLS; c++)
        st->board[c].kind = LEADERS_NONE;
    if (carta_pos_fields(position, scen_turn_fields, 3, others, "a leaders position", st, file,
                         err) ||
        carta_pos_u64(position, "seed", 1, &seed, file, err))
        return CARTA_ERR_INPUT;
    if (!carta_yaml_get(position, "first_player"))
        st->first = st->active;
    carta_rng_seed(&st->rng, seed);
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

/* ---- expectations ---- */

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
    SCEN_SEAT("hand_count", "zones.hand.count", 0), SCEN_SEAT("deck_count", "zones.deck.count", 0),
    SCEN_SEAT("discard_count", "zones.discard.count", 0),
    SCEN_SEAT("barracks_count", "barracks", CARTA_EXPECT_COUNT),
    SCEN_SEAT("cards_played", "counters.cards_played", 0),
    SCEN_SEAT("summons", "counters.summons", 0),
    SCEN_SEAT("summons_left", "counters.summons_left", 0),
    SCEN_SEAT("leader_health", "leader_health", 0), SCEN_SEAT("leader_at", "leader_at", 0),
    SCEN_SEAT("units", "units", 0), SCEN_TOP("active", "active", 0),
    SCEN_TOP("first_player", "first", 0), SCEN_TOP("turn", "turn", 0),
    SCEN_TOP("over", "over", 0), SCEN_TOP("draw", "draw", 0), SCEN_TOP("pending", "pending", 0),
    SCEN_TOP("chain", "chain", 0), SCEN_TOP("facedown", "board.facedown", 0),
    SCEN_TOP("event", "board.events.-1", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("events", "board.events", 0),
    SCEN_TOP("empty", "board.cells.{each}", CARTA_EXPECT_EMPTY),
    SCEN_TOP("cell", NULL, CARTA_EXPECT_PARAM),
    SCEN_TOP("card", "board.cells.{cell}.unit", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_CELL("owner", "owner"), SCEN_CELL("facing", "facing"), SCEN_CELL("health", "health"),
    SCEN_CELL("acts", "actions"), SCEN_CELL("exhausted", "exhausted"),
    SCEN_CELL("redirected", "redirected"), SCEN_CELL("leader", "leader"),
    SCEN_TOP(NULL, NULL, 0),
};

const carta_expect_table leaders_expect_table = {
    .what = "a leaders expectation", .seat_key = "player", .keys = scen_keys};
