/* scenario.c: Arkhtide's YAML face: scenario positions, and the expectation keys
 * of docs/scenarios.md as paths into its view (checked by core/expect.c). */
#include "games/arkhtide/arkhtide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/position.h"

/* ---- cards ---- */

#define SCEN_MAIN ((1u << ARK_UNIT) | (1u << ARK_FEAT) | (1u << ARK_BINDING))

static int scen_type_of(const carta_rules *rules, int id)
{
    const ark_card_def *def = ark_def(rules, id);
    return def ? def->type : -1;
}

static const char *const scen_type_names[] = {"seeker", "unit",  "feat",
                                              "binding", "realm", "status"};
static const carta_pos_types scen_types = {&carta_game_arkhtide, scen_type_of, scen_type_names};

/* A location: "safe", "neutral", a Realm slot number, or the name of a Realm in play. */
static carta_status scen_loc(const carta_rules *rules, const ark_state *st, struct fy_node *node,
                             int *loc, const char *file, carta_error *err)
{
    char text[CARTA_NAME_MAX] = "";
    int slot = -1;
    carta_yaml_scalar(node, text, sizeof text);
    if (!strcmp(text, "safe")) {
        *loc = ARK_LOC_SAFE;
        return CARTA_OK;
    }
    if (!strcmp(text, "neutral")) {
        slot = ARK_NEUTRAL_SLOT;
    } else if (text[0] >= '0' && text[0] <= '9') {
        char *end;
        long v = strtol(text, &end, 10);
        slot = *end || v >= ARK_REALMS ? -2 : (int)v;
    } else {
        int id = text[0] ? carta_catalog_find(rules->catalog, text) : -1;
        for (int s = 0; s < ARK_REALMS && id >= 0; s++) {
            if (st->realms[s].card != (uint16_t)id)
                continue;
            if (slot >= 0)
                return carta_yaml_error(err, file, node, "two Realms in play are named '%s': "
                                        "give the slot number", text);
            slot = s;
        }
    }
    if (slot < 0 || st->realms[slot].card == ARK_NO_CARD)
        return carta_yaml_error(err, file, node, "no Realm '%s' in play (expected safe, neutral, "
                                "a Realm slot or a Realm's name)", text);
    *loc = slot;
    return CARTA_OK;
}

/* ---- position: pieces ---- */

/* bindings: [Name, {card: Name, by: seat}], statuses: [Name]. */
static carta_status scen_attach(const carta_rules *rules, struct fy_node *seq, const char *what,
                                int type, int seat, ark_piece *p, const char *file,
                                carta_error *err)
{
    static const char *const keys[] = {"card", "by", NULL};
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of cards", what);
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        bool map = fy_node_is_mapping(item);
        int by = seat, id;
        if (map && (carta_yaml_check_keys(item, keys, "an attached card", file, err) ||
                    carta_yaml_int(item, "by", seat, false, 0, ARK_SEATS - 1, &by, file, err)))
            return CARTA_ERR_INPUT;
        if (carta_pos_card(&scen_types, rules, map ? carta_yaml_get(item, "card") : item, what,
                           1u << type, &id, file, err))
            return CARTA_ERR_INPUT;
        if (p->n_attach >= ARK_ATTACH_MAX)
            return carta_yaml_error(err, file, item, "a card holds at most %d attached cards",
                                    ARK_ATTACH_MAX);
        p->attach[p->n_attach++] = ARK_ATTACH(id, by);
    }
    return CARTA_OK;
}

static const carta_pos_field scen_piece_fields[] = {
    CARTA_POS_FLAG("exhausted", ark_piece, flags, ARK_P_EXHAUSTED),
    CARTA_POS_FLAG("moved", ark_piece, flags, ARK_P_MOVED),
    CARTA_POS_FLAG("oath_used", ark_piece, flags, ARK_P_OATH_USED),
    CARTA_POS_FLAG("prep_safe", ark_piece, flags, ARK_P_PREP_SAFE),
    CARTA_POS_INT("wounds", ark_piece, wounds, 0, 255),
    CARTA_POS_INT("block", ark_piece, block, 0, 255),
    CARTA_POS_INT("soul", ark_piece, soul_mod, -99, 99),
    CARTA_POS_INT("melee", ark_piece, melee_mod, -99, 99),
    CARTA_POS_INT("ranged", ark_piece, ranged_mod, -99, 99),
    CARTA_POS_INT("health", ark_piece, health_mod, -99, 99),
};

/* Places a Seeker or Unit (a name, or a map with 'card' and its state). def_loc: where it goes
 * without 'at'. */
static carta_status scen_piece(const carta_rules *rules, ark_state *st, int seat,
                               struct fy_node *item, bool seeker, int def_loc, const char *file,
                               carta_error *err)
{
    static const char *const others[] = {"card",     "at",     "bindings", "statuses",
                                         "locked",   "keywords", NULL};
    static const char *const indices[] = {"0", "1", "2", "3", "4", "5", "6", "7", NULL};
    /* keywords granted until the end of the Round (ARK_KW_* bits 0..5) */
    static const char *const keywords[] = {"lethal",      "evasion",   "stealth",
                                           "cheat_death", "collector", "severed", NULL};
    bool map = fy_node_is_mapping(item);
    struct fy_node *name = map ? carta_yaml_get(item, "card") : item, *at;
    int id, loc = def_loc;
    if (!name)
        return carta_yaml_error(err, file, item, "a card in play needs 'card: <name>'");
    if (carta_pos_card(&scen_types, rules, name, seeker ? "seeker" : "units",
                       1u << (seeker ? ARK_SEEKER : ARK_UNIT), &id, file, err))
        return CARTA_ERR_INPUT;
    if (map && (at = carta_yaml_get(item, "at")) && scen_loc(rules, st, at, &loc, file, err))
        return CARTA_ERR_INPUT;
    int flags = (seeker ? ARK_P_SEEKER : 0) | (ark_def(rules, id)->token ? ARK_P_TOKEN : 0) |
                (st->phase == ARK_PHASE_PREPARATION && loc == ARK_LOC_SAFE ? ARK_P_PREP_SAFE : 0);
    ark_piece *p = ark_place(st, seat, (uint16_t)id, loc, flags);
    if (!p)
        return carta_yaml_error(err, file, item, "no room for '%s': at most %d cards in play",
                                ark_def(rules, id)->name, ARK_PIECE_MAX);
    p->flags = (uint8_t)(p->flags | flags);
    if (!map)
        return CARTA_OK;
    if (carta_pos_fields(item, scen_piece_fields, 10, others, "a card in play", p, file, err) ||
        carta_pos_bits(carta_yaml_get(item, "locked"), "locked", indices, &p->locked, file,
                       err) ||
        carta_pos_bits(carta_yaml_get(item, "keywords"), "keywords", keywords, &p->kw_round,
                       file, err) ||
        scen_attach(rules, carta_yaml_get(item, "bindings"), "bindings", ARK_BINDING, seat, p,
                    file, err))
        return CARTA_ERR_INPUT;
    return scen_attach(rules, carta_yaml_get(item, "statuses"), "statuses", ARK_STATUS, seat, p,
                       file, err);
}

/* ---- position: a seat ---- */

/* The public deck list: every Main Deck and Realm Deck card the seat owns, wherever it is (not
 * Seekers, Tokens, Statuses or the Neutral Realm), sorted. */
static carta_status scen_deck_list(const carta_rules *rules, ark_state *st, int seat,
                                   struct fy_node *where, const char *file, carta_error *err)
{
    ark_seat *s = &st->seat[seat];
    uint16_t cards[ARK_ZONE_MAX * 4 + ARK_PIECE_MAX * (ARK_ATTACH_MAX + 1) + 32];
    int n = 0, kept = 0;
    const ark_zone *zones[] = {&s->hand, &s->deck, &s->chronicle, &s->pool};
    for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++)
        for (int i = 0; i < zones[z]->n; i++)
            cards[n++] = zones[z]->cards[i];
    for (int i = 0; i < s->realm_deck.n; i++)
        cards[n++] = s->realm_deck.cards[i];
    for (int i = 0; i < s->look.n; i++)
        cards[n++] = s->look.cards[i];
    if (s->pick != ARK_NO_CARD)
        cards[n++] = s->pick;
    for (int r = 0; r < ARK_REALMS; r++)
        if (st->realms[r].card != ARK_NO_CARD && st->realms[r].owner == seat)
            cards[n++] = st->realms[r].card;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner == seat)
            cards[n++] = p->card;
        for (int a = 0; a < p->n_attach; a++)
            if (ARK_ATTACH_SEAT(p->attach[a]) == seat)
                cards[n++] = ARK_ATTACH_CARD(p->attach[a]);
    }
    for (int i = 0; i < n; i++) {
        const ark_card_def *def = ark_def(rules, cards[i]);
        if (!def || def->token || def->neutral || def->type == ARK_SEEKER ||
            def->type == ARK_STATUS)
            continue;
        if (kept >= ARK_DECK_LIST_MAX)
            return carta_yaml_error(err, file, where, "a player owns at most %d deck cards in "
                                    "all", ARK_DECK_LIST_MAX);
        s->deck_list[kept++] = cards[i];
    }
    s->n_deck_list = (uint8_t)kept;
    carta_pos_sort(s->deck_list, kept);
    return CARTA_OK;
}

/* A Realm put in a slot: the seat's Realm this Round, or the Neutral Realm. */
static carta_status scen_realm_slot(const carta_rules *rules, ark_state *st, struct fy_node *node,
                                    int slot, int owner, const char *file, carta_error *err)
{
    int id = -1;
    if (carta_pos_card(&scen_types, rules, node, "realm", 1u << ARK_REALM, &id, file, err))
        return CARTA_ERR_INPUT;
    st->realms[slot].card = (uint16_t)id;
    st->realms[slot].owner = (int8_t)owner;
    return CARTA_OK;
}

static const carta_pos_field scen_seat_fields[] = {
    CARTA_POS_INT("willpower", ark_seat, willpower, -99, 99),
    CARTA_POS_INT("quintessence", ark_seat, quintessence, 0, 255),
    CARTA_POS_INT("arkhe_max", ark_seat, arkhe_max, 0, 99),
    CARTA_POS_INT("arkhe", ark_seat, arkhe, 0, 99),
    CARTA_POS_INT("mulligan_left", ark_seat, mulligan_left, 0, ARK_MULLIGAN_MAX),
    CARTA_POS_INT("place", ark_seat, place, 0, ARK_SEATS),
    CARTA_POS_FLAG("prepared", ark_seat, flags, ARK_S_PREPARED),
    CARTA_POS_FLAG("eliminated", ark_seat, flags, ARK_S_ELIMINATED),
    CARTA_POS_FLAG("discarded", ark_seat, flags, ARK_S_DISCARDED),
    CARTA_POS_FLAG("mulliganed", ark_seat, flags, ARK_S_MULLIGANED),
    CARTA_POS_FLAG("picked", ark_seat, flags, ARK_S_PICKED),
};

/* Counters, flags, zones and the Realm of one seat (pieces come later, once Realms exist). */
static carta_status scen_seat(const carta_rules *rules, ark_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const others[] = {"seeker", "hand", "deck",      "realm_deck", "chronicle",
                                         "pool",   "realm", "side",     "pick",       "pick_side",
                                         "look",   "units", NULL};
    static const char *const sides[] = {"a", "b", NULL};
    ark_seat *s = &st->seat[seat];
    bool early = st->phase <= ARK_PHASE_REALM;
    int side = 0, id = -1;
    s->willpower = ARK_WILLPOWER;
    s->arkhe_max = s->arkhe = ARK_ARKHE;
    s->mulligan_left = ARK_MULLIGAN_MAX;
    s->flags = (uint8_t)(early ? 0 : ARK_S_DISCARDED | ARK_S_MULLIGANED | ARK_S_PICKED);
    if (carta_pos_fields(map, scen_seat_fields, 11, others, "a player", s, file, err))
        return CARTA_ERR_INPUT;
    if (!carta_yaml_get(map, "arkhe"))
        s->arkhe = s->arkhe_max;
    struct fy_node *seeker = carta_yaml_get(map, "seeker"), *pick, *realm;
    if (!seeker)
        return carta_yaml_error(err, file, map, "a player needs its 'seeker'");
    if (carta_pos_card(&scen_types, rules,
                       fy_node_is_mapping(seeker) ? carta_yaml_get(seeker, "card") : seeker,
                       "seeker", 1u << ARK_SEEKER, &id, file, err))
        return CARTA_ERR_INPUT;
    s->seeker = (uint16_t)id;
    if (carta_pos_cards(&scen_types, rules, map, "hand", SCEN_MAIN, s->hand.cards, ARK_ZONE_MAX,
                        &s->hand.n, false, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "deck", SCEN_MAIN, s->deck.cards, ARK_ZONE_MAX,
                        &s->deck.n, true, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "chronicle", SCEN_MAIN, s->chronicle.cards,
                        ARK_ZONE_MAX, &s->chronicle.n, false, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "pool", 0, s->pool.cards, ARK_ZONE_MAX, &s->pool.n,
                        false, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "realm_deck", 1u << ARK_REALM, s->realm_deck.cards,
                        ARK_REALM_DECK_MAX, &s->realm_deck.n, true, file, err) ||
        carta_pos_cards(&scen_types, rules, map, "look", 1u << ARK_REALM, s->look.cards, ARK_LOOK,
                        &s->look.n, false, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < s->pool.n; i++)
        s->pool_owner[i] = (uint8_t)(seat + 1);
    if ((pick = carta_yaml_get(map, "pick"))) {
        if (carta_pos_card(&scen_types, rules, pick, "pick", 1u << ARK_REALM, &id, file, err) ||
            carta_pos_word(map, "pick_side", "a", sides, &side, file, err))
            return CARTA_ERR_INPUT;
        s->pick = (uint16_t)id;
        s->pick_side = (uint8_t)side;
    }
    if ((realm = carta_yaml_get(map, "realm"))) {
        if (scen_realm_slot(rules, st, realm, seat, seat, file, err) ||
            carta_pos_word(map, "side", "a", sides, &side, file, err))
            return CARTA_ERR_INPUT;
        st->realms[seat].side = (uint8_t)side;
    }
    return CARTA_OK;
}

/* The Seeker and the Units of a seat, once every Realm is in play. */
static carta_status scen_seat_pieces(const carta_rules *rules, ark_state *st, int seat,
                                     struct fy_node *map, const char *file, carta_error *err)
{
    bool on_board = st->phase >= ARK_PHASE_PREPARATION && st->phase <= ARK_PHASE_HARVEST;
    int own = on_board && st->realms[seat].card != ARK_NO_CARD ? seat : (int)ARK_LOC_SAFE;
    /* the Seeker starts each Round in the Safe Zone and leaves it in Preparation */
    int seeker_loc = st->phase == ARK_PHASE_PREPARATION ? (int)ARK_LOC_SAFE : own;
    if (scen_piece(rules, st, seat, carta_yaml_get(map, "seeker"), true, seeker_loc, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *units = carta_yaml_get(map, "units");
    if (units && !fy_node_is_sequence(units))
        return carta_yaml_error(err, file, units, "'units' needs a list of Units");
    for (int i = 0; units && i < fy_node_sequence_item_count(units); i++)
        if (scen_piece(rules, st, seat, fy_node_sequence_get_by_index(units, i), false, own,
                       file, err))
            return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* ---- position: the Round ---- */

/* The mode (duel for 2 players, desperate for 3 to 5) and the phase. */
static carta_status scen_mode_phase(struct fy_node *map, ark_state *st, const char *file,
                                    carta_error *err)
{
    static const char *const modes[] = {"duel", "desperate", NULL};
    static const char *const phases[] = {"resource", "realm",   "initiative", "preparation",
                                         "combat",   "harvest", "regroup",    NULL};
    int mode, phase, n = st->n_seats;
    if (carta_pos_word(map, "mode", n == 2 ? "duel" : "desperate", modes, &mode, file, err) ||
        carta_pos_word(map, "phase", "combat", phases, &phase, file, err))
        return CARTA_ERR_INPUT;
    if ((mode == ARK_MODE_DUEL) != (n == 2))
        return carta_yaml_error(err, file, carta_yaml_get(map, "mode"),
                                mode == ARK_MODE_DUEL ? "the duel is for 2 players, found %d"
                                                      : "desperate is for 3 to 5 players, found %d",
                                n);
    st->mode = (uint8_t)mode;
    st->phase = (uint8_t)phase;
    return CARTA_OK;
}

/* The Neutral Realm: given by name, 'none', or (duel, from Preparation on) the set's own. */
static carta_status scen_neutral(const carta_rules *rules, ark_state *st, struct fy_node *map,
                                 const char *file, carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, "neutral");
    char text[CARTA_NAME_MAX];
    if (node && carta_yaml_scalar(node, text, sizeof text) && !strcmp(text, "none"))
        return CARTA_OK;
    if (node && st->mode != ARK_MODE_DUEL)
        return carta_yaml_error(err, file, node, "there is no Neutral Realm in desperate");
    if (node)
        return scen_realm_slot(rules, st, node, ARK_NEUTRAL_SLOT, -1, file, err);
    if (st->mode == ARK_MODE_DUEL && st->phase >= ARK_PHASE_PREPARATION &&
        rules->neutral_realm >= 0) {
        st->realms[ARK_NEUTRAL_SLOT].card = (uint16_t)rules->neutral_realm;
        st->realms[ARK_NEUTRAL_SLOT].owner = -1;
    }
    return CARTA_OK;
}

#define SCEN_ROUND_INT(key, field, lo, hi) CARTA_POS_INT(key, ark_state, field, lo, hi)
static const carta_pos_field scen_round_fields[] = {
    SCEN_ROUND_INT("round", round, 1, ARK_ROUND_LIMIT),
    SCEN_ROUND_INT("active", active, 0, ARK_SEATS - 1),
    SCEN_ROUND_INT("first", first, 0, ARK_SEATS - 1),
    SCEN_ROUND_INT("combat_first", combat_first, 0, ARK_SEATS - 1),
    SCEN_ROUND_INT("turn", turn, 0, ARK_TURN_LIMIT),
    CARTA_POS_FLAG("major_used", ark_state, turn_flags, ARK_T_MAJOR),
    CARTA_POS_FLAG("acted", ark_state, turn_flags, ARK_T_ACTED),
};

/* The Round's numbers (read before the seats: the seats need the phase). */
static carta_status scen_round(ark_state *st, struct fy_node *map, const char *file,
                               carta_error *err)
{
    static const char *const others[] = {"mode",    "seed",   "phase", "neutral",
                                         "players", "passes", NULL};
    uint64_t seed;
    st->round = 1;
    if (carta_pos_fields(map, scen_round_fields, 7, others, "an arkhtide position", st, file,
                         err) ||
        carta_pos_u64(map, "seed", 1, &seed, file, err))
        return CARTA_ERR_INPUT;
    if (!carta_yaml_get(map, "combat_first"))
        st->combat_first = st->first;
    if (!carta_yaml_get(map, "acted") && (st->turn_flags & ARK_T_MAJOR))
        st->turn_flags |= ARK_T_ACTED;
    int last = st->n_seats - 1;
    if (st->active > last || st->first > last || st->combat_first > last)
        return carta_yaml_error(err, file, map, "active, first and combat_first are seats 0..%d",
                                last);
    carta_rng_seed(&st->rng, seed);
    return CARTA_OK;
}

/* Combat and Regroup: the Turns open at the active seat, `passes` of the Seekers before it
 * having passed in a row. */
static carta_status scen_turns(ark_state *st, struct fy_node *map, const char *file,
                               carta_error *err)
{
    int passes = 0;
    if (carta_yaml_int(map, "passes", 0, false, 0, ARK_SEATS - 1, &passes, file, err))
        return CARTA_ERR_INPUT;
    if (st->phase != ARK_PHASE_COMBAT && st->phase != ARK_PHASE_REGROUP)
        return CARTA_OK;
    ark_turns_open(st);
    for (int s = st->active, k = 0; k < passes; k++) {
        do
            s = (s + st->n_seats - 1) % st->n_seats;
        while (!ark_alive(st, s));
        st->turns.passed |= (uint8_t)(1u << s);
    }
    return CARTA_OK;
}

carta_status arkhtide_scenario_position(const carta_rules *rules, void *state,
                                        struct fy_node *position, const char *file,
                                        carta_error *err)
{
    ark_state *st = state;
    memset(st, 0, sizeof *st);
    st->version = ARK_STATE_VERSION;
    st->winner = -1;
    st->next_uid = 1;
    for (int r = 0; r < ARK_REALMS; r++) {
        st->realms[r].card = ARK_NO_CARD;
        st->realms[r].owner = -1;
    }
    for (int s = 0; s < ARK_SEATS; s++)
        st->seat[s].pick = ARK_NO_CARD;
    ark_zones_seen(st);
    struct fy_node *players = carta_yaml_get(position, "players");
    int n = players && fy_node_is_sequence(players) ? fy_node_sequence_item_count(players) : 0;
    st->n_seats = (uint8_t)n;
    if (scen_round(st, position, file, err))
        return CARTA_ERR_INPUT;
    if (n < 2 || n > ARK_SEATS)
        return carta_yaml_error(err, file, players ? players : position,
                                "an arkhtide position needs 'players': a list of 2 to %d players",
                                ARK_SEATS);
    if (scen_mode_phase(position, st, file, err))
        return CARTA_ERR_INPUT;
    for (int seat = 0; seat < n; seat++)
        if (scen_seat(rules, st, seat, fy_node_sequence_get_by_index(players, seat), file, err))
            return CARTA_ERR_INPUT;
    if (scen_neutral(rules, st, position, file, err))
        return CARTA_ERR_INPUT;
    for (int seat = 0; seat < n; seat++)
        if (scen_seat_pieces(rules, st, seat, fy_node_sequence_get_by_index(players, seat), file,
                             err))
            return CARTA_ERR_INPUT;
    /* the deck lists once every piece is placed: a card Bound by a seat to another seat's
       piece is on the binder's list */
    for (int seat = 0; seat < n; seat++) {
        if (scen_deck_list(rules, st, seat, fy_node_sequence_get_by_index(players, seat), file,
                           err))
            return CARTA_ERR_INPUT;
        st->n_eliminated += (st->seat[seat].flags & ARK_S_ELIMINATED) != 0;
    }
    if (scen_turns(st, position, file, err))
        return CARTA_ERR_INPUT;
    if (st->phase == ARK_PHASE_HARVEST)
        for (int r = 0; r < ARK_REALMS; r++)
            if (st->realms[r].card != ARK_NO_CARD)
                st->harvest_left |= (uint8_t)(1u << r);
    ark_advance(rules, st); /* automatic steps up to the first decision, as after any action */
    return CARTA_OK;
}

/* ---- expectations ---- */

#define SCEN_SEAT(key) {key, "seats.{player}." key, 0, NULL}
#define SCEN_COUNTER(key) {key, "seats.{player}.counters." key, 0, NULL}
#define SCEN_ZONE(key, flags)                                                                      \
    {key, "seats.{player}.zones." key, flags, NULL},                                               \
    {                                                                                              \
        key "_count", "seats.{player}.zones." key ".count", 0, NULL                                \
    }
#define SCEN_TOP(key) {key, key, 0, NULL}
#define SCEN_CARD(key, flags) {key, "{card}." key, flags, NULL}

/* The expectation keys of docs/scenarios.md as paths into the view (docs/view.md). */
static const carta_expect_key scen_keys[] = {
    SCEN_COUNTER("willpower"), SCEN_COUNTER("quintessence"), SCEN_COUNTER("arkhe"),
    SCEN_COUNTER("arkhe_max"), SCEN_COUNTER("place"), SCEN_SEAT("score"), SCEN_SEAT("prepared"),
    SCEN_SEAT("eliminated"), SCEN_SEAT("pick"), SCEN_SEAT("mulligan_left"),
    SCEN_ZONE("hand", CARTA_EXPECT_ANY_ORDER), SCEN_ZONE("deck", CARTA_EXPECT_TOP_FIRST),
    SCEN_ZONE("chronicle", CARTA_EXPECT_ANY_ORDER), SCEN_ZONE("pool", CARTA_EXPECT_ANY_ORDER),
    SCEN_ZONE("realm_deck", CARTA_EXPECT_TOP_FIRST), SCEN_ZONE("look", CARTA_EXPECT_ANY_ORDER),
    {"units", "seats.{player}.units", CARTA_EXPECT_ANY_ORDER, NULL},
    {"safe_zone", "seats.{player}.safe_zone.pieces", CARTA_EXPECT_ANY_ORDER, NULL},
    {"realms", "board.realms", 0, NULL},
    SCEN_TOP("phase"), SCEN_TOP("round"), SCEN_TOP("active"), SCEN_TOP("first"),
    SCEN_TOP("combat_first"), SCEN_TOP("passes"), SCEN_TOP("major_used"), SCEN_TOP("result"),
    SCEN_TOP("queued"),
    {"damage", "resolving.-1.amount", 0, NULL}, /* the instance resolving now */
    {"at", "{card}.at|{card}.slot", 0, "neutral=5"},
    SCEN_CARD("wounds", 0), SCEN_CARD("block", 0), SCEN_CARD("owner", 0),
    SCEN_CARD("exhausted", 0), SCEN_CARD("moved", 0), SCEN_CARD("critically_wounded", 0),
    SCEN_CARD("in_group", 0), SCEN_CARD("locked", CARTA_EXPECT_ANY_ORDER), SCEN_CARD("soul", 0),
    SCEN_CARD("health", 0), SCEN_CARD("melee", 0), SCEN_CARD("ranged", 0),
    SCEN_CARD("reaping", 0), SCEN_CARD("bindings", CARTA_EXPECT_ANY_ORDER),
    SCEN_CARD("statuses", CARTA_EXPECT_ANY_ORDER),
    {NULL, NULL, 0, NULL},
};

/* A card in play: a Seeker or Unit seat by seat in play order, then a Realm. */
static const char *const scen_pieces[] = {"seats.{player}.safe_zone.pieces",
                                          "board.realms.*.pieces", NULL};
static const char *const scen_realms[] = {"board.realms", NULL};

const carta_expect_table arkhtide_expect_table = {
    .what = "an arkhtide expectation", .seat_key = "player", .find_key = "card",
    .copy_key = "copy", .find_in = scen_pieces, .find_owner = "owner", .find_order = "uid",
    .find_shared = scen_realms, .keys = scen_keys};
