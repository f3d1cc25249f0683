/* scenario.c: Leaders positions and expectations for scenario files (docs/scenarios.md,
 * "Leaders positions and expectations"). */
#include "games/leaders/leaders.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/expect.h"
#include "core/yaml.h"

static const char *const scen_dirs[] = {"north", "east", "south", "west", NULL};

/* ---- small readers ---- */

static const char *scen_name_of(const carta_rules *rules, int id)
{
    const leaders_def *d = leaders_def_of(rules, id);
    return id == LEADERS_UNKNOWN ? "?" : d ? d->name : "none";
}

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

/* ---- expectations ---- */

/* One expectation map being checked. */
typedef struct scen_expect {
    const carta_rules *rules;
    const leaders_state *st;
    const char *file;
    carta_error *err;
    int seat; /* the player the player keys refer to */
    int cell; /* the cell the cell keys refer to, or -1 */
} scen_expect;

static carta_status scen_mismatch(scen_expect *x, struct fy_node *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reports a failed check: "file:line: <what>: expected ..., found ...". */
static carta_status scen_mismatch(scen_expect *x, struct fy_node *node, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carta_status st = carta_expect_failv(x->err, x->file, node, fmt, ap);
    va_end(ap);
    return st;
}

/* Compares a list of names with n ids, in order or as multisets ("player N <key>: ..."). */
static carta_status scen_ids_match(scen_expect *x, struct fy_node *seq, const char *key,
                                   const uint16_t *have, int n, bool ordered)
{
    char what[160];
    snprintf(what, sizeof what, "player %d %s", x->seat, key);
    return carta_expect_cards(&carta_game_leaders, x->rules, seq, what, have, n, ordered, x->file,
                              x->err);
}

/* An integer expectation ("<who> <key>: ..."). */
static carta_status scen_int_is(scen_expect *x, struct fy_node *node, const char *key, int have,
                                const char *who)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s", who, key);
    return carta_expect_int(node, what, have, x->file, x->err);
}

/* A boolean expectation ("<who> <key>: ..."). */
static carta_status scen_bool_is(scen_expect *x, struct fy_node *node, const char *key, bool have,
                                 const char *who)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s", who, key);
    return carta_expect_bool(node, what, have, x->file, x->err);
}

/* A name expectation (or "none"): have is an id, LEADERS_NONE or LEADERS_UNKNOWN. */
static carta_status scen_name_is(scen_expect *x, struct fy_node *node, const char *key, int have,
                                 const char *who)
{
    char text[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(node, text, sizeof text) || !text[0])
        return carta_yaml_error(x->err, x->file, node, "'%s' needs a name or none", key);
    int want = LEADERS_NONE;
    if (strcasecmp(text, "none") != 0 &&
        scen_entry(x->rules, node, key, 0, "name", &want, x->file, x->err))
        return CARTA_ERR_INPUT;
    if (want == have)
        return CARTA_OK;
    return scen_mismatch(x, node, "%s %s: expected %s, found %s", who, key,
                         scen_name_of(x->rules, want), scen_name_of(x->rules, have));
}

static void scen_cell_text(int cell, char *buf, size_t cap)
{
    if (cell < 0 || cell >= LEADERS_CELLS)
        snprintf(buf, cap, "none");
    else
        snprintf(buf, cap, "%c%d", 'A' + leaders_col(cell), leaders_row(cell) + 1);
}

/* A cell expectation (or "none"). */
static carta_status scen_cell_is(scen_expect *x, struct fy_node *node, const char *key, int have,
                                 const char *who)
{
    char text[16], a[16], b[16];
    int want = -1;
    if (!carta_yaml_scalar(node, text, sizeof text))
        return carta_yaml_error(x->err, x->file, node, "'%s' needs a cell or none", key);
    if (strcasecmp(text, "none") != 0 && scen_cell(node, key, &want, x->file, x->err))
        return CARTA_ERR_INPUT;
    if (want == have)
        return CARTA_OK;
    scen_cell_text(want, a, sizeof a);
    scen_cell_text(have, b, sizeof b);
    return scen_mismatch(x, node, "%s %s: expected %s, found %s", who, key, a, b);
}

/* Keys about one player (player: N, default 0). */
static carta_status scen_expect_player(scen_expect *x, const char *key, struct fy_node *v,
                                       bool *handled)
{
    const leaders_seat *s = &x->st->seat[x->seat];
    char who[16];
    snprintf(who, sizeof who, "player %d", x->seat);
    *handled = true;
    int lc = leaders_leader_cell(x->st, x->seat);
    uint16_t deck_top_first[LEADERS_ZONE_MAX];
    for (int i = 0; i < s->deck.n; i++)
        deck_top_first[i] = s->deck.cards[s->deck.n - 1 - i];
    if (!strcmp(key, "hand"))
        return scen_ids_match(x, v, key, s->hand.cards, s->hand.n, false);
    if (!strcmp(key, "discard"))
        return scen_ids_match(x, v, key, s->discard.cards, s->discard.n, false);
    if (!strcmp(key, "deck"))
        return scen_ids_match(x, v, key, deck_top_first, s->deck.n, true);
    if (!strcmp(key, "barracks"))
        return scen_ids_match(x, v, key, s->barracks, s->n_barracks, false);
    if (!strcmp(key, "graveyard"))
        return scen_ids_match(x, v, key, s->graveyard, s->n_graveyard, false);
    if (!strcmp(key, "hand_count"))
        return scen_int_is(x, v, key, s->hand.n, who);
    if (!strcmp(key, "deck_count"))
        return scen_int_is(x, v, key, s->deck.n, who);
    if (!strcmp(key, "discard_count"))
        return scen_int_is(x, v, key, s->discard.n, who);
    if (!strcmp(key, "barracks_count"))
        return scen_int_is(x, v, key, s->n_barracks, who);
    if (!strcmp(key, "cards_played"))
        return scen_int_is(x, v, key, s->cards_played, who);
    if (!strcmp(key, "summons"))
        return scen_int_is(x, v, key, s->summons, who);
    if (!strcmp(key, "summons_left"))
        return scen_int_is(x, v, key, leaders_summons_left(x->rules, x->st, x->seat), who);
    if (!strcmp(key, "leader_health"))
        return scen_int_is(x, v, key, lc >= 0 ? x->st->board[lc].health : 0, who);
    if (!strcmp(key, "leader_at"))
        return scen_cell_is(x, v, key, lc, who);
    if (!strcmp(key, "units")) {
        int n = 0;
        for (int c = 0; c < LEADERS_CELLS; c++)
            n += x->st->board[c].kind != LEADERS_NONE && x->st->board[c].owner == x->seat &&
                 !(x->st->board[c].flags & LEADERS_C_LEADER);
        return scen_int_is(x, v, key, n, who);
    }
    *handled = false;
    return CARTA_OK;
}

/* Keys about the game as a whole. */
static carta_status scen_expect_game(scen_expect *x, const char *key, struct fy_node *v,
                                     bool *handled)
{
    const leaders_state *st = x->st;
    *handled = true;
    if (!strcmp(key, "active"))
        return scen_int_is(x, v, key, st->active, "the game's");
    if (!strcmp(key, "first_player"))
        return scen_int_is(x, v, key, st->first, "the game's");
    if (!strcmp(key, "turn"))
        return scen_int_is(x, v, key, st->turn, "the game's");
    if (!strcmp(key, "over"))
        return scen_bool_is(x, v, key, st->phase == LEADERS_PHASE_OVER, "the game");
    if (!strcmp(key, "draw"))
        return scen_bool_is(x, v, key, st->draw != 0, "the game");
    if (!strcmp(key, "pending"))
        return scen_int_is(x, v, key, st->pending.n, "the game's");
    if (!strcmp(key, "chain"))
        return scen_cell_is(x, v, key, st->chain, "the game's");
    if (!strcmp(key, "facedown"))
        return scen_name_is(x, v, key, st->facedown, "the face-down attack card:");
    if (!strcmp(key, "event"))
        return scen_name_is(x, v, key,
                            st->n_events ? st->events[st->n_events - 1] & ~LEADERS_EVENT_SEAT1
                                         : LEADERS_NONE,
                            "the active event:");
    if (!strcmp(key, "events")) {
        uint16_t ids[LEADERS_EVENTS_MAX];
        for (int i = 0; i < st->n_events; i++)
            ids[i] = (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1);
        return scen_ids_match(x, v, key, ids, st->n_events, true);
    }
    if (!strcmp(key, "empty")) {
        if (!fy_node_is_sequence(v))
            return carta_yaml_error(x->err, x->file, v, "'empty' needs a list of cells");
        for (int i = 0; i < fy_node_sequence_item_count(v); i++) {
            struct fy_node *item = fy_node_sequence_get_by_index(v, i);
            int c;
            if (scen_cell(item, "'empty'", &c, x->file, x->err))
                return CARTA_ERR_INPUT;
            if (st->board[c].kind != LEADERS_NONE)
                return scen_mismatch(x, item, "cell %c%d: expected empty, found %s of player %d",
                                     'A' + leaders_col(c), leaders_row(c) + 1,
                                     scen_name_of(x->rules, st->board[c].kind),
                                     st->board[c].owner);
        }
        return CARTA_OK;
    }
    *handled = false;
    return CARTA_OK;
}

/* Keys about the Character on the cell named by 'cell'. */
static carta_status scen_expect_cell(scen_expect *x, const char *key, struct fy_node *v,
                                     bool *handled)
{
    static const char *const cell_keys[] = {"card", "owner", "facing", "health", "acts",
                                            "exhausted", "redirected", "leader", NULL};
    *handled = false;
    for (int i = 0; cell_keys[i]; i++)
        *handled |= !strcmp(key, cell_keys[i]);
    if (!*handled)
        return CARTA_OK;
    if (x->cell < 0)
        return carta_yaml_error(x->err, x->file, v, "'%s' needs 'cell: <A1..E6>' in the same "
                                "expectation", key);
    const leaders_char *c = &x->st->board[x->cell];
    char who[32];
    snprintf(who, sizeof who, "cell %c%d", 'A' + leaders_col(x->cell), leaders_row(x->cell) + 1);
    if (!strcmp(key, "card"))
        return scen_name_is(x, v, key, c->kind, who);
    if (c->kind == LEADERS_NONE)
        return scen_mismatch(x, v, "%s: expected a Character, found an empty cell", who);
    if (!strcmp(key, "owner"))
        return scen_int_is(x, v, key, c->owner, who);
    if (!strcmp(key, "health"))
        return scen_int_is(x, v, key, c->health, who);
    if (!strcmp(key, "acts"))
        return scen_int_is(x, v, key, c->acts, who);
    if (!strcmp(key, "exhausted"))
        return scen_bool_is(x, v, key, (c->flags & LEADERS_C_EXHAUSTED) != 0, who);
    if (!strcmp(key, "redirected"))
        return scen_bool_is(x, v, key, (c->flags & LEADERS_C_REDIRECTED) != 0, who);
    if (!strcmp(key, "leader"))
        return scen_bool_is(x, v, key, (c->flags & LEADERS_C_LEADER) != 0, who);
    int dir = 0;
    if (scen_dir(v, "'facing'", &dir, x->file, x->err))
        return CARTA_ERR_INPUT;
    if (dir == c->dir)
        return CARTA_OK;
    return scen_mismatch(x, v, "%s facing: expected %s, found %s", who, scen_dirs[dir],
                         scen_dirs[c->dir & 3]);
}

carta_status leaders_scenario_expect(const carta_rules *rules, const void *state,
                                     struct fy_node *expectation, const char *file,
                                     carta_error *err)
{
    static const char *const keys[] = {
        "player",        "hand",         "hand_count",    "deck",       "deck_count",
        "discard",       "discard_count", "barracks",     "barracks_count", "graveyard",
        "cards_played",  "summons",      "summons_left",  "leader_health", "leader_at",
        "units",         "active",       "first_player",  "turn",       "over",
        "draw",          "pending",      "chain",         "facedown",   "event",
        "events",        "empty",        "cell",          "card",       "owner",
        "facing",        "health",       "acts",          "exhausted",  "redirected",
        "leader",        NULL};
    scen_expect x = {.rules = rules, .st = state, .file = file, .err = err, .seat = 0,
                     .cell = -1};
    if (!fy_node_is_mapping(expectation))
        return carta_yaml_error(err, file, expectation, "a leaders expectation is a map");
    if (carta_yaml_check_keys(expectation, keys, "a leaders expectation", file, err) ||
        carta_yaml_int(expectation, "player", 0, false, 0, LEADERS_SEATS - 1, &x.seat, file,
                       err))
        return CARTA_ERR_INPUT;
    struct fy_node *cell = carta_yaml_get(expectation, "cell");
    if (cell && scen_cell(cell, "'cell'", &x.cell, file, err))
        return CARTA_ERR_INPUT;
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(expectation, &it))) {
        char key[32];
        struct fy_node *v = fy_node_pair_value(pair);
        carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
        if (!strcmp(key, "player") || !strcmp(key, "cell"))
            continue;
        bool handled = false;
        if (scen_expect_player(&x, key, v, &handled) || (!handled &&
            (scen_expect_game(&x, key, v, &handled) ||
             (!handled && scen_expect_cell(&x, key, v, &handled)))))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}
