/* scenario.c: Arkhtide positions and expectations for scenario files (docs/scenarios.md). */
#include "games/arkhtide/arkhtide.h"

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
    if (id < 0 || !ark_def(rules, id))
        return carta_yaml_error(err, file, node, "unknown card '%s' in %s", name, what);
    *out = id;
    return CARTA_OK;
}

static const char *const scen_type_names[] = {"seeker", "unit", "feat", "binding", "realm",
                                              "status"};

/* A card that must be of one type (1 << ARK_* bits in types). */
static carta_status scen_card_typed(const carta_rules *rules, struct fy_node *node,
                                    const char *what, unsigned types, int *out, const char *file,
                                    carta_error *err)
{
    if (scen_card(rules, node, what, out, file, err))
        return CARTA_ERR_INPUT;
    const ark_card_def *def = ark_def(rules, *out);
    if (types & (1u << def->type))
        return CARTA_OK;
    char want[80] = "";
    for (int t = 0; t <= ARK_STATUS; t++)
        if (types & (1u << t))
            snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", want[0] ? " or " : "",
                     scen_type_names[t]);
    return carta_yaml_error(err, file, node, "%s holds %s cards; '%s' is a %s", what, want,
                            def->name, scen_type_names[def->type]);
}

/* Reads a sequence of card names into ids (top_last: the first name is stored last: decks). */
static carta_status scen_ids(const carta_rules *rules, struct fy_node *seq, const char *what,
                             unsigned types, uint16_t *ids, int cap, int *n_out, bool top_last,
                             const char *file, carta_error *err)
{
    *n_out = 0;
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of card names", what);
    int n = fy_node_sequence_item_count(seq);
    if (n > cap)
        return carta_yaml_error(err, file, seq, "'%s' holds at most %d cards, found %d", what, cap,
                                n);
    for (int i = 0; i < n; i++) {
        int id = -1;
        if (scen_card_typed(rules, fy_node_sequence_get_by_index(seq, i), what, types, &id, file,
                            err))
            return CARTA_ERR_INPUT;
        ids[top_last ? n - 1 - i : i] = (uint16_t)id;
    }
    *n_out = n;
    return CARTA_OK;
}

#define SCEN_MAIN ((1u << ARK_UNIT) | (1u << ARK_FEAT) | (1u << ARK_BINDING))
#define SCEN_ANY_TYPE 0x3Fu

static carta_status scen_zone(const carta_rules *rules, struct fy_node *seq, const char *what,
                              unsigned types, ark_zone *z, bool top_last, const char *file,
                              carta_error *err)
{
    int n;
    if (scen_ids(rules, seq, what, types, z->cards, ARK_ZONE_MAX, &n, top_last, file, err))
        return CARTA_ERR_INPUT;
    z->n = (uint8_t)n;
    return CARTA_OK;
}

/* ---- locations ---- */

/* Reads a location: "safe", "neutral", a Realm slot number, or the name of a Realm in play. */
static carta_status scen_loc(const carta_rules *rules, const ark_state *st, struct fy_node *node,
                             int *loc, const char *file, carta_error *err)
{
    char text[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(node, text, sizeof text) || !text[0])
        return carta_yaml_error(err, file, node, "'at' needs safe, neutral, a Realm slot or a "
                                "Realm's name");
    if (!strcmp(text, "safe")) {
        *loc = ARK_LOC_SAFE;
        return CARTA_OK;
    }
    int slot = -1;
    if (!strcmp(text, "neutral")) {
        slot = ARK_NEUTRAL_SLOT;
    } else if (text[0] >= '0' && text[0] <= '9') {
        char *end;
        long v = strtol(text, &end, 10);
        slot = *end || v >= ARK_REALMS ? -2 : (int)v;
    } else {
        int id = carta_catalog_find(rules->catalog, text);
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

/* Bit list of ability indices: locked: [0, 2]. */
static carta_status scen_bits(struct fy_node *seq, const char *what, int max, uint8_t *out,
                              const char *file, carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of ability indices", what);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char text[8], *end;
        long v = carta_yaml_scalar(item, text, sizeof text) ? strtol(text, &end, 10) : -1;
        if (v < 0 || v >= max || !text[0] || *end)
            return carta_yaml_error(err, file, item, "an ability index in '%s' is 0..%d", what,
                                    max - 1);
        *out |= (uint8_t)(1u << v);
    }
    return CARTA_OK;
}

/* bindings: [Name, {card: Name, by: seat}], statuses: [Name]. */
static carta_status scen_attach(const carta_rules *rules, struct fy_node *seq, const char *what,
                                int type, int seat, ark_piece *p, const char *file,
                                carta_error *err)
{
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of cards", what);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        struct fy_node *name = item;
        int by = seat, id;
        if (fy_node_is_mapping(item)) {
            static const char *const keys[] = {"card", "by", NULL};
            if (carta_yaml_check_keys(item, keys, "an attached card", file, err) ||
                carta_yaml_int(item, "by", seat, false, 0, ARK_SEATS - 1, &by, file, err))
                return CARTA_ERR_INPUT;
            name = carta_yaml_get(item, "card");
        }
        if (scen_card_typed(rules, name, what, 1u << type, &id, file, err))
            return CARTA_ERR_INPUT;
        if (p->n_attach >= ARK_ATTACH_MAX)
            return carta_yaml_error(err, file, item, "a card holds at most %d attached cards",
                                    ARK_ATTACH_MAX);
        p->attach[p->n_attach++] = ARK_ATTACH(id, by);
    }
    return CARTA_OK;
}

/* The keywords an effect granted for the Round: keywords: [lethal]. */
static carta_status scen_kw_round(struct fy_node *seq, ark_piece *p, const char *file,
                                  carta_error *err)
{
    static const char *const names[] = {"lethal", "evasion", "stealth", "cheat_death",
                                        "collector", "severed", NULL};
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'keywords' needs a list of keywords");
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char text[24];
        int k = 0;
        carta_yaml_scalar(item, text, sizeof text);
        while (names[k] && strcmp(names[k], text))
            k++;
        if (!names[k])
            return carta_yaml_error(err, file, item, "unknown Round keyword '%s' (expected "
                                    "lethal, evasion, stealth, cheat_death, collector, severed)",
                                    text);
        p->kw_round |= (uint8_t)(1u << k);
    }
    return CARTA_OK;
}

static carta_status scen_piece_map(const carta_rules *rules, const ark_state *st,
                                   struct fy_node *map, int seat, ark_piece *p,
                                   const char *file, carta_error *err)
{
    static const char *const keys[] = {
        "card",  "at",     "wounds",  "exhausted", "block", "bindings", "statuses", "moved",
        "prep_safe", "locked", "soul", "melee", "ranged", "health", "oath_used", "keywords",
        NULL};
    (void)st;
    if (carta_yaml_check_keys(map, keys, "a card in play", file, err))
        return CARTA_ERR_INPUT;
    bool exhausted = false, moved = false, oath = false;
    int wounds = 0, block = 0, soul = 0, melee = 0, ranged = 0, health = 0;
    if (carta_yaml_bool(map, "exhausted", false, &exhausted, file, err) ||
        carta_yaml_bool(map, "moved", false, &moved, file, err) ||
        carta_yaml_bool(map, "oath_used", false, &oath, file, err) ||
        carta_yaml_int(map, "wounds", 0, false, 0, 255, &wounds, file, err) ||
        carta_yaml_int(map, "block", 0, false, 0, 255, &block, file, err) ||
        carta_yaml_int(map, "soul", 0, false, -99, 99, &soul, file, err) ||
        carta_yaml_int(map, "melee", 0, false, -99, 99, &melee, file, err) ||
        carta_yaml_int(map, "ranged", 0, false, -99, 99, &ranged, file, err) ||
        carta_yaml_int(map, "health", 0, false, -99, 99, &health, file, err))
        return CARTA_ERR_INPUT;
    p->flags |= (uint8_t)((exhausted ? ARK_P_EXHAUSTED : 0) | (moved ? ARK_P_MOVED : 0) |
                          (oath ? ARK_P_OATH_USED : 0));
    p->wounds = (uint8_t)wounds;
    p->block = (uint8_t)block;
    p->soul_mod = (int8_t)soul;
    p->melee_mod = (int8_t)melee;
    p->ranged_mod = (int8_t)ranged;
    p->health_mod = (int8_t)health;
    bool prep_safe;
    if (carta_yaml_bool(map, "prep_safe", (p->flags & ARK_P_PREP_SAFE) != 0, &prep_safe, file,
                        err))
        return CARTA_ERR_INPUT;
    p->flags = (uint8_t)((p->flags & ~ARK_P_PREP_SAFE) | (prep_safe ? ARK_P_PREP_SAFE : 0));
    if (scen_bits(carta_yaml_get(map, "locked"), "locked", 8, &p->locked, file, err) ||
        scen_kw_round(carta_yaml_get(map, "keywords"), p, file, err) ||
        scen_attach(rules, carta_yaml_get(map, "bindings"), "bindings", ARK_BINDING, seat, p,
                    file, err))
        return CARTA_ERR_INPUT;
    return scen_attach(rules, carta_yaml_get(map, "statuses"), "statuses", ARK_STATUS, seat, p,
                       file, err);
}

/* Places a Seeker or Unit (a name, or a map with 'card' and its state). def_loc: where it goes
 * without 'at'. */
static carta_status scen_piece(const carta_rules *rules, ark_state *st, int seat,
                               struct fy_node *item, bool seeker, int def_loc, const char *file,
                               carta_error *err)
{
    const char *what = seeker ? "seeker" : "units";
    struct fy_node *name = fy_node_is_mapping(item) ? carta_yaml_get(item, "card") : item;
    if (!name)
        return carta_yaml_error(err, file, item, "a card in play needs 'card: <name>'");
    int id, loc = def_loc;
    if (scen_card_typed(rules, name, what, 1u << (seeker ? ARK_SEEKER : ARK_UNIT), &id, file,
                        err))
        return CARTA_ERR_INPUT;
    struct fy_node *at = fy_node_is_mapping(item) ? carta_yaml_get(item, "at") : NULL;
    if (at && scen_loc(rules, st, at, &loc, file, err))
        return CARTA_ERR_INPUT;
    int flags = seeker ? ARK_P_SEEKER : 0;
    if (st->phase == ARK_PHASE_PREPARATION && loc == ARK_LOC_SAFE)
        flags |= ARK_P_PREP_SAFE;
    if (ark_def(rules, id)->token)
        flags |= ARK_P_TOKEN;
    ark_piece *p = ark_place(st, seat, (uint16_t)id, loc, flags);
    if (!p)
        return carta_yaml_error(err, file, item, "no room for '%s': at most %d cards in play",
                                ark_def(rules, id)->name, ARK_PIECE_MAX);
    p->flags = (uint8_t)(p->flags | flags);
    if (fy_node_is_mapping(item))
        return scen_piece_map(rules, st, item, seat, p, file, err);
    return CARTA_OK;
}

/* ---- position: a seat ---- */

static carta_status scen_list_add(ark_seat *s, uint16_t card, struct fy_node *where,
                                  const char *file, carta_error *err)
{
    if (s->n_deck_list >= ARK_DECK_LIST_MAX)
        return carta_yaml_error(err, file, where, "a player owns at most %d deck cards in all",
                                ARK_DECK_LIST_MAX);
    s->deck_list[s->n_deck_list++] = card;
    return CARTA_OK;
}

static bool scen_in_decks(const carta_rules *rules, uint16_t card)
{
    const ark_card_def *def = ark_def(rules, card);
    return def && !def->token && !def->neutral && def->type != ARK_SEEKER &&
           def->type != ARK_STATUS;
}

/* The public deck list: every Main Deck and Realm Deck card the seat owns, wherever it is. */
static carta_status scen_deck_list(const carta_rules *rules, ark_state *st, int seat,
                                   struct fy_node *where, const char *file, carta_error *err)
{
    ark_seat *s = &st->seat[seat];
    uint16_t cards[ARK_ZONE_MAX * 4 + ARK_PIECE_MAX * (ARK_ATTACH_MAX + 1) + 16];
    int n = 0;
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
    for (int i = 0; i < n; i++)
        if (scen_in_decks(rules, cards[i]) && scen_list_add(s, cards[i], where, file, err))
            return CARTA_ERR_INPUT;
    for (int i = 1; i < s->n_deck_list; i++) /* insertion sort: small lists */
        for (int j = i; j > 0 && s->deck_list[j - 1] > s->deck_list[j]; j--) {
            uint16_t t = s->deck_list[j];
            s->deck_list[j] = s->deck_list[j - 1];
            s->deck_list[j - 1] = t;
        }
    return CARTA_OK;
}

/* A Realm slot given by name: realm (the seat's Realm this Round) or neutral. */
static carta_status scen_realm_slot(const carta_rules *rules, ark_state *st, struct fy_node *node,
                                    int slot, int owner, const char *file, carta_error *err)
{
    int id = -1;
    if (scen_card_typed(rules, node, "realm", 1u << ARK_REALM, &id, file, err))
        return CARTA_ERR_INPUT;
    st->realms[slot].card = (uint16_t)id;
    st->realms[slot].owner = (int8_t)owner;
    return CARTA_OK;
}

static carta_status scen_side(struct fy_node *map, const char *key, uint8_t *out,
                              const char *file, carta_error *err)
{
    char side[4];
    if (carta_yaml_str(map, key, "a", side, sizeof side, file, err))
        return CARTA_ERR_INPUT;
    if (strcmp(side, "a") && strcmp(side, "b"))
        return carta_yaml_error(err, file, carta_yaml_get(map, key), "'%s' is a or b", key);
    *out = side[0] == 'b';
    return CARTA_OK;
}

/* Counters, flags, zones and the Realm of one seat (pieces come later, once Realms exist). */
static carta_status scen_seat(const carta_rules *rules, ark_state *st, int seat,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {
        "seeker", "willpower", "quintessence", "arkhe", "arkhe_max", "hand", "deck",
        "realm_deck", "chronicle", "pool", "realm", "side", "pick", "pick_side", "look",
        "units", "prepared", "eliminated", "discarded", "mulliganed", "picked",
        "mulligan_left", "place", NULL};
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a player needs a map (seeker, hand, ...)");
    if (carta_yaml_check_keys(map, keys, "a player", file, err))
        return CARTA_ERR_INPUT;
    if (!carta_yaml_get(map, "seeker"))
        return carta_yaml_error(err, file, map, "a player needs its 'seeker'");
    ark_seat *s = &st->seat[seat];
    int wp, q, arkhe, arkhe_max, mull, place;
    bool prepared, elim, discarded, mulled, picked;
    bool early = st->phase <= ARK_PHASE_REALM;
    if (carta_yaml_int(map, "willpower", ARK_WILLPOWER, false, -99, 99, &wp, file, err) ||
        carta_yaml_int(map, "quintessence", 0, false, 0, 255, &q, file, err) ||
        carta_yaml_int(map, "arkhe_max", ARK_ARKHE, false, 0, 99, &arkhe_max, file, err) ||
        carta_yaml_int(map, "arkhe", arkhe_max, false, 0, 99, &arkhe, file, err) ||
        carta_yaml_int(map, "mulligan_left", ARK_MULLIGAN_MAX, false, 0, ARK_MULLIGAN_MAX, &mull,
                       file, err) ||
        carta_yaml_int(map, "place", 0, false, 0, ARK_SEATS, &place, file, err) ||
        carta_yaml_bool(map, "prepared", false, &prepared, file, err) ||
        carta_yaml_bool(map, "eliminated", false, &elim, file, err) ||
        carta_yaml_bool(map, "discarded", !early, &discarded, file, err) ||
        carta_yaml_bool(map, "mulliganed", !early, &mulled, file, err) ||
        carta_yaml_bool(map, "picked", st->phase > ARK_PHASE_REALM, &picked, file, err))
        return CARTA_ERR_INPUT;
    s->willpower = (int8_t)wp;
    s->quintessence = (uint8_t)q;
    s->arkhe = (uint8_t)arkhe;
    s->arkhe_max = (uint8_t)arkhe_max;
    s->mulligan_left = (uint8_t)mull;
    s->place = (uint8_t)place;
    s->flags = (uint8_t)((prepared ? ARK_S_PREPARED : 0) | (elim ? ARK_S_ELIMINATED : 0) |
                         (discarded ? ARK_S_DISCARDED : 0) | (mulled ? ARK_S_MULLIGANED : 0) |
                         (picked ? ARK_S_PICKED : 0));
    int id = -1;
    struct fy_node *seeker = carta_yaml_get(map, "seeker");
    if (scen_card_typed(rules, fy_node_is_mapping(seeker) ? carta_yaml_get(seeker, "card") : seeker,
                        "seeker", 1u << ARK_SEEKER, &id, file, err))
        return CARTA_ERR_INPUT;
    s->seeker = (uint16_t)id;
    int n;
    if (scen_zone(rules, carta_yaml_get(map, "hand"), "hand", SCEN_MAIN, &s->hand, false, file,
                  err) ||
        scen_zone(rules, carta_yaml_get(map, "deck"), "deck", SCEN_MAIN, &s->deck, true, file,
                  err) ||
        scen_zone(rules, carta_yaml_get(map, "chronicle"), "chronicle", SCEN_MAIN, &s->chronicle,
                  false, file, err) ||
        scen_zone(rules, carta_yaml_get(map, "pool"), "pool", SCEN_ANY_TYPE, &s->pool, false,
                  file, err) ||
        scen_ids(rules, carta_yaml_get(map, "realm_deck"), "realm_deck", 1u << ARK_REALM,
                 s->realm_deck.cards, ARK_REALM_DECK_MAX, &n, true, file, err))
        return CARTA_ERR_INPUT;
    s->realm_deck.n = (uint8_t)n;
    for (int i = 0; i < s->pool.n; i++)
        s->pool_owner[i] = (uint8_t)(seat + 1);
    if (scen_ids(rules, carta_yaml_get(map, "look"), "look", 1u << ARK_REALM, s->look.cards,
                 ARK_LOOK, &n, false, file, err))
        return CARTA_ERR_INPUT;
    s->look.n = (uint8_t)n;
    struct fy_node *pick = carta_yaml_get(map, "pick");
    if (pick) {
        if (scen_card_typed(rules, pick, "pick", 1u << ARK_REALM, &id, file, err) ||
            scen_side(map, "pick_side", &s->pick_side, file, err))
            return CARTA_ERR_INPUT;
        s->pick = (uint16_t)id;
    }
    struct fy_node *realm = carta_yaml_get(map, "realm");
    if (realm && (scen_realm_slot(rules, st, realm, seat, seat, file, err) ||
                  scen_side(map, "side", &st->realms[seat].side, file, err)))
        return CARTA_ERR_INPUT;
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
    if (!units)
        return CARTA_OK;
    if (!fy_node_is_sequence(units))
        return carta_yaml_error(err, file, units, "'units' needs a list of Units");
    for (int i = 0; i < fy_node_sequence_item_count(units); i++)
        if (scen_piece(rules, st, seat, fy_node_sequence_get_by_index(units, i), false, own,
                       file, err))
            return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* ---- position: the Round ---- */

static const char *const scen_phases[] = {"resource", "realm",   "initiative", "preparation",
                                          "combat",   "harvest", "regroup",    "over", NULL};

static carta_status scen_phase(struct fy_node *map, uint8_t *phase, const char *file,
                               carta_error *err)
{
    char text[16];
    if (carta_yaml_str(map, "phase", "combat", text, sizeof text, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; scen_phases[i] && i < ARK_PHASE_OVER; i++)
        if (!strcmp(text, scen_phases[i])) {
            *phase = (uint8_t)i;
            return CARTA_OK;
        }
    return carta_yaml_error(err, file, carta_yaml_get(map, "phase"),
                            "unknown phase '%s' (expected resource, realm, initiative, "
                            "preparation, combat, harvest, regroup)", text);
}

static carta_status scen_mode(struct fy_node *map, int n_seats, uint8_t *mode, const char *file,
                              carta_error *err)
{
    char text[16];
    if (carta_yaml_str(map, "mode", n_seats == 2 ? "duel" : "desperate", text, sizeof text, file,
                       err))
        return CARTA_ERR_INPUT;
    struct fy_node *node = carta_yaml_get(map, "mode");
    if (!strcmp(text, "duel")) {
        if (n_seats != 2)
            return carta_yaml_error(err, file, node, "the duel is for 2 players, found %d",
                                    n_seats);
        *mode = ARK_MODE_DUEL;
    } else if (!strcmp(text, "desperate")) {
        if (n_seats < 3)
            return carta_yaml_error(err, file, node, "desperate is for 3 to 5 players, found %d",
                                    n_seats);
        *mode = ARK_MODE_DESPERATE;
    } else {
        return carta_yaml_error(err, file, node, "unknown mode '%s' (expected duel, desperate)",
                                text);
    }
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
    if (node) {
        if (st->mode != ARK_MODE_DUEL)
            return carta_yaml_error(err, file, node, "there is no Neutral Realm in desperate");
        return scen_realm_slot(rules, st, node, ARK_NEUTRAL_SLOT, -1, file, err);
    }
    if (st->mode == ARK_MODE_DUEL && st->phase >= ARK_PHASE_PREPARATION &&
        rules->neutral_realm >= 0) {
        st->realms[ARK_NEUTRAL_SLOT].card = (uint16_t)rules->neutral_realm;
        st->realms[ARK_NEUTRAL_SLOT].owner = -1;
    }
    return CARTA_OK;
}

static carta_status scen_round(ark_state *st, struct fy_node *map, const char *file,
                               carta_error *err)
{
    int round, active, first, cfirst, passes, turn;
    bool major, acted;
    char seed_text[32];
    int last = st->n_seats - 1;
    if (carta_yaml_str(map, "seed", "1", seed_text, sizeof seed_text, file, err) ||
        carta_yaml_int(map, "round", 1, false, 1, ARK_ROUND_LIMIT, &round, file, err) ||
        carta_yaml_int(map, "active", 0, false, 0, last, &active, file, err) ||
        carta_yaml_int(map, "first", 0, false, 0, last, &first, file, err) ||
        carta_yaml_int(map, "combat_first", first, false, 0, last, &cfirst, file, err) ||
        carta_yaml_int(map, "passes", 0, false, 0, ARK_SEATS, &passes, file, err) ||
        carta_yaml_int(map, "turn", 0, false, 0, ARK_TURN_LIMIT, &turn, file, err) ||
        carta_yaml_bool(map, "major_used", false, &major, file, err) ||
        carta_yaml_bool(map, "acted", major, &acted, file, err))
        return CARTA_ERR_INPUT;
    char *end;
    unsigned long long seed = strtoull(seed_text, &end, 10);
    if (!seed_text[0] || *end)
        return carta_yaml_error(err, file, carta_yaml_get(map, "seed"),
                                "'seed' needs a whole number");
    carta_rng_seed(&st->rng, seed);
    st->round = (uint8_t)round;
    st->active = (int8_t)active;
    st->first = (int8_t)first;
    st->combat_first = (int8_t)cfirst;
    st->passes = (uint8_t)passes;
    st->turn = (uint16_t)turn;
    st->turn_flags = (uint8_t)((major ? ARK_T_MAJOR : 0) | (acted ? ARK_T_ACTED : 0));
    if (st->phase == ARK_PHASE_HARVEST)
        for (int r = 0; r < ARK_REALMS; r++)
            if (st->realms[r].card != ARK_NO_CARD)
                st->harvest_left |= (uint8_t)(1u << r);
    return CARTA_OK;
}

static void scen_empty(ark_state *st)
{
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
}

carta_status arkhtide_scenario_position(const carta_rules *rules, void *state,
                                        struct fy_node *position, const char *file,
                                        carta_error *err)
{
    static const char *const keys[] = {"mode",   "seed", "round",        "phase", "active",
                                       "first",  "combat_first", "passes", "turn", "major_used",
                                       "acted",  "neutral", "players", NULL};
    ark_state *st = state;
    memset(st, 0, sizeof *st);
    scen_empty(st);
    if (carta_yaml_check_keys(position, keys, "an arkhtide position", file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *players = carta_yaml_get(position, "players");
    int n = players && fy_node_is_sequence(players) ? fy_node_sequence_item_count(players) : 0;
    if (n < 2 || n > ARK_SEATS)
        return carta_yaml_error(err, file, players ? players : position,
                                "an arkhtide position needs 'players': a list of 2 to %d players",
                                ARK_SEATS);
    st->n_seats = (uint8_t)n;
    if (scen_mode(position, n, &st->mode, file, err) ||
        scen_phase(position, &st->phase, file, err))
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
        if (st->seat[seat].flags & ARK_S_ELIMINATED)
            st->n_eliminated++;
    }
    if (scen_round(st, position, file, err))
        return CARTA_ERR_INPUT;
    ark_advance(rules, st); /* automatic steps up to the first decision, as after any action */
    return CARTA_OK;
}

/* ---- the YAML face ---- */

static carta_status ark_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                  carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, ark_compile_card, rules, err);
    if (st == CARTA_OK)
        st = ark_resolve_refs(rules, err);
    if (st != CARTA_OK) { /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
        if (rules->neutral_realm >= rules->n_defs)
            rules->neutral_realm = -1;
    }
    return st;
}

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

static const carta_expect_table scen_expect = {
    .what = "an arkhtide expectation",
    .seat_key = "player",
    .find_key = "card",
    .copy_key = "copy",
    .find_in = scen_pieces,
    .find_owner = "owner",
    .find_order = "uid",
    .find_shared = scen_realms,
    .keys = scen_keys,
};

const carta_game_yaml carta_game_arkhtide_yaml = {&carta_game_arkhtide, ark_add_cards,
                                                  arkhtide_scenario_position, &scen_expect};
