/* scenario.c: Archmajesty's YAML face (core/game_yaml.h): inline cards, scenario positions, and
 * its expectation keys as paths into its view. docs/scenarios.md, "Archmajesty positions and
 * expectations", documents both. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/position.h"

/* ---- inline cards ---- */

static carta_status scen_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                   carta_error *err)
{
    if (carta_catalog_load_node(r->catalog, cards, file, am_compile, r, err))
        return CARTA_ERR_INPUT;
    return am_links_resolve(r, err);
}

/* ---- position ---- */

static int scen_type_of(const carta_rules *r, int id) { return am_type_of(r, id) - 1; }
static const char *const scen_type_names[] = {"spell", "style", "ability", "ancestry",
                                              "attribute", "bonus", "weapon", "armour",
                                              "consumable", "artefact", "enemy", "encounter",
                                              "minion"};
static const carta_pos_types scen_types = {&carta_game_archmajesty, scen_type_of,
                                           scen_type_names};
#define SPELLS (1u << (AM_T_SPELL - 1))
#define ITEMS (1u << (AM_T_WEAPON - 1) | 1u << (AM_T_ARMOUR - 1) | 1u << (AM_T_CONSUMABLE - 1))
#define ABILITIES (1u << (AM_T_ABILITY - 1))

static carta_status scen_cell(struct fy_node *map, const am_state *st, int *out,
                              const char *file, carta_error *err)
{
    char at[8];
    if (carta_yaml_str(map, "at", NULL, at, sizeof at, file, err))
        return CARTA_ERR_INPUT;
    int cell = am_cell_parse(at);
    if (cell < 0 || cell % AM_W >= st->w || cell / AM_W >= st->h || st->terrain[cell])
        return carta_yaml_error(err, file, carta_yaml_get(map, "at"), "'%s' is not a floor "
                                "square of the map", at);
    *out = cell;
    return CARTA_OK;
}

/* hp, ap, mp, airborne, status and tokens of a character. */
static carta_status scen_char(am_state *st, int ch, struct fy_node *map, const char *file,
                              carta_error *err)
{
    am_char *c = &st->ch[ch];
    int cell = 0, hp = c->hp, ap = 0, mp = c->mp, hp_max = c->hp_max, scrap = 0;
    bool air = c->flags & AM_C_AIRBORNE, acted = false;
    if (scen_cell(map, st, &cell, file, err) ||
        carta_yaml_int(map, "hp_max", hp_max, false, 1, 999, &hp_max, file, err) ||
        carta_yaml_int(map, "hp", hp_max, false, 0, hp_max, &hp, file, err) ||
        carta_yaml_int(map, "ap", 0, false, 0, 999, &ap, file, err) ||
        carta_yaml_int(map, "mp", mp, false, 0, 99, &mp, file, err) ||
        carta_yaml_int(map, "scrap", 0, false, 0, AM_SCRAP_MAX, &scrap, file, err) ||
        carta_yaml_bool(map, "airborne", air, &air, file, err) ||
        carta_yaml_bool(map, "acted", false, &acted, file, err))
        return CARTA_ERR_INPUT;
    c->cell = (uint8_t)cell;
    c->hp_max = (int16_t)hp_max;
    c->hp = (int16_t)hp;
    c->ap = (int16_t)ap;
    c->mp = (uint8_t)mp;
    c->scrap = (uint8_t)scrap;
    c->flags = (uint8_t)((air ? AM_C_AIRBORNE : 0) | (hp ? 0 : AM_C_KO) | (acted ? AM_C_ACTED
                                                                                   : 0));
    for (int k = 0; k < ch; k++)
        if (am_char_dist(st, k, ch) == 0 && !(st->ch[k].flags & AM_C_AIRBORNE) == !air)
            return carta_yaml_error(err, file, map, "two characters on one square and layer");
    if (c->large && !am_block_fits(st, 1, cell, air, ch, ch)) { /* R121 */
        char at[8];
        am_cell_name(cell, at, sizeof at);
        return carta_yaml_error(err, file, carta_yaml_get(map, "at"), "a Large character's 2x2 "
                                "block from %s (its top left square) leaves the map or covers a "
                                "wall or an object", at);
    }
    struct fy_node *status = carta_yaml_get(map, "status");
    for (int s = 0; status && s < AM_STATUS; s++) {
        int v = 0;
        if (carta_yaml_int(status, am_status_names[s], 0, false, 0, AM_COUNTERS, &v, file, err))
            return CARTA_ERR_INPUT;
        c->status[s] = (uint8_t)v;
    }
    if (status && carta_yaml_check_keys(status, am_status_names, "'status'", file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *tokens = carta_yaml_get(map, "tokens");
    for (int i = 0; tokens && i < fy_node_sequence_item_count(tokens); i++) {
        static const char *const keys[] = {"kind", "value", "range", NULL};
        static const char *const kinds[] = {"none", "strike", "guard", "protect", NULL};
        struct fy_node *t = fy_node_sequence_get_by_index(tokens, i);
        int kind, value, range;
        if (st->n_tokens >= AM_TOKENS || carta_yaml_check_keys(t, keys, "a token", file, err) ||
            carta_pos_word(t, "kind", NULL, kinds, &kind, file, err) ||
            carta_yaml_int(t, "value", 0, true, 1, 20, &value, file, err) ||
            carta_yaml_int(t, "range", 0, false, 0, 16, &range, file, err))
            return CARTA_ERR_INPUT;
        st->token[st->n_tokens++] = (am_token){(uint8_t)ch, (uint8_t)kind, (uint8_t)range,
                                               (uint8_t)value};
    }
    return CARTA_OK;
}

/* A mage: {mage: a prebuilt mage's name, at, attributes, hp, ap, mp, hand, deck, void, ...}. */
static carta_status scen_mage(const carta_rules *r, am_state *st, int m, struct fy_node *map,
                              const char *file, carta_error *err)
{
    static const char *const keys[] = {"mage", "at", "hp", "hp_max", "ap", "mp", "airborne",
                                       "acted", "status", "tokens", "scrap", "attributes", "hand",
                                       "deck",
                                       "void", "equipment", "abilities", "emotion", NULL};
    char spec[CARTA_NAME_MAX];
    carta_deck deck;
    if (carta_yaml_check_keys(map, keys, "a mage", file, err) ||
        carta_yaml_str(map, "mage", NULL, spec, sizeof spec, file, err))
        return CARTA_ERR_INPUT;
    carta_error why = {0};
    if (am_deck_resolve(r, spec, 1, &deck, &why) || !am_deck_has_mage(r, &deck))
        return carta_yaml_error(err, file, carta_yaml_get(map, "mage"), "'%s' is not a mage%s%s",
                                spec, why.msg[0] ? ": " : "", why.msg);
    am_mage *g = &st->mage[m];
    am_config_mage(r, st, m, &deck);
    struct fy_node *attrs = carta_yaml_get(map, "attributes");
    static const char *const names[] = {"might", "agility", "will", "defence", NULL};
    if (attrs && carta_yaml_check_keys(attrs, names, "'attributes'", file, err))
        return CARTA_ERR_INPUT;
    for (int a = 0; attrs && a < 4; a++) {
        int v = g->attr[a];
        if (carta_yaml_int(attrs, names[a], v, false, -5, 10, &v, file, err))
            return CARTA_ERR_INPUT;
        g->attr[a] = (int8_t)v;
    }
    st->ch[m].mp = g->mp_max;
    /* equipment, abilities: the mage's own replaced; its HP, Move Points and hand size kept */
    if ((carta_yaml_get(map, "equipment") &&
         carta_pos_cards(&scen_types, r, map, "equipment", ITEMS, g->item, AM_ITEMS, &g->n_items,
                         false, file, err)) ||
        (carta_yaml_get(map, "abilities") &&
         carta_pos_cards(&scen_types, r, map, "abilities", ABILITIES, g->ability, AM_ABILITIES,
                         &g->n_abilities, false, file, err)))
        return CARTA_ERR_INPUT;
    int emotion = 0; /* Emotion Eater's status, as chosen at the encounter's start (R47) */
    if (carta_pos_word(map, "emotion", "empower", am_status_names, &emotion, file, err))
        return CARTA_ERR_INPUT;
    if (carta_yaml_get(map, "emotion") && AM_POSITIVE(emotion))
        return carta_yaml_error(err, file, carta_yaml_get(map, "emotion"), "Emotion Eater "
                                "chooses a negative status effect");
    g->emotion = (uint8_t)(carta_yaml_get(map, "emotion") ? emotion + 1 : 0);
    if (carta_yaml_get(map, "hand") || carta_yaml_get(map, "deck") ||
        carta_yaml_get(map, "void")) {
        memset(&g->deck, 0, sizeof g->deck);
        memset(&g->list, 0, sizeof g->list);
        if (carta_pos_cards(&scen_types, r, map, "hand", SPELLS, g->hand.cards, AM_HAND,
                            &g->hand.n, false, file, err) ||
            carta_pos_cards(&scen_types, r, map, "deck", SPELLS, g->deck.cards, AM_DECK,
                            &g->deck.n, true, file, err) ||
            carta_pos_cards(&scen_types, r, map, "void", SPELLS, g->void_.cards, AM_DECK,
                            &g->void_.n, false, file, err))
            return CARTA_ERR_INPUT;
        if (g->hand.n + g->deck.n + g->void_.n > AM_DECK)
            return carta_yaml_error(err, file, map, "a mage owns at most %d cards", AM_DECK);
        const am_pile *piles[] = {&g->deck, &g->void_};
        for (int i = 0; i < g->hand.n; i++)
            g->list.cards[g->list.n++] = g->hand.cards[i];
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < piles[p]->n; i++)
                g->list.cards[g->list.n++] = piles[p]->cards[i];
        carta_pos_sort(g->list.cards, g->list.n);
    }
    am_abilities_derive(r, st, m); /* its abilities and its deck as built, as placed */
    return scen_char(st, m, map, file, err);
}

static carta_status scen_enemy(const carta_rules *r, am_state *st, struct fy_node *map,
                               const char *file, carta_error *err)
{
    static const char *const keys[] = {"name", "at", "hp", "hp_max", "ap", "mp", "airborne",
                                       "acted", "status", "tokens", "scrap", "taunted_by", NULL};
    int id;
    if (st->n_chars >= AM_CHARS)
        return carta_yaml_error(err, file, map, "at most %d characters", AM_CHARS);
    if (carta_yaml_check_keys(map, keys, "an enemy", file, err) ||
        carta_pos_card(&scen_types, r, carta_yaml_get(map, "name"), "an enemy",
                       1u << (AM_T_ENEMY - 1), &id, file, err))
        return CARTA_ERR_INPUT;
    const am_enemy *e = am_enemy_of(r, id);
    int ch = st->n_chars++;
    am_char *c = &st->ch[ch];
    c->def = (uint16_t)id;
    c->side = AM_ENEMIES;
    c->mage = AM_NONE;
    c->rank = e->rank;
    c->hp = c->hp_max = e->hp;
    c->mp = e->move;
    c->flags = e->airborne ? AM_C_AIRBORNE : 0;
    c->large = e->large;
    int taunter = 0; /* TAUNT: taunted by mage N (R87) */
    if (carta_yaml_int(map, "taunted_by", 0, false, 0, st->n_mages, &taunter, file, err))
        return CARTA_ERR_INPUT;
    c->taunter = (uint8_t)(taunter ? st->mage[taunter - 1].ch + 1 : 0);
    return scen_char(st, ch, map, file, err);
}

/* MINIONS: {name, player, at, cp, companion, hp, ...}: a minion the player's mage controls. */
static carta_status scen_minion(const carta_rules *r, am_state *st, struct fy_node *map,
                                const char *file, carta_error *err)
{
    static const char *const keys[] = {"name", "player", "at", "cp", "companion", "hp",
                                       "hp_max", "ap", "mp", "airborne", "status", "tokens",
                                       NULL};
    int id, player = 1, cp = 0;
    bool companion = false;
    if (st->n_chars >= AM_CHARS)
        return carta_yaml_error(err, file, map, "at most %d characters", AM_CHARS);
    if (carta_yaml_check_keys(map, keys, "a minion", file, err) ||
        carta_pos_card(&scen_types, r, carta_yaml_get(map, "name"), "a minion",
                       1u << (AM_T_MINION - 1), &id, file, err) ||
        carta_yaml_int(map, "player", 1, false, 1, st->n_mages, &player, file, err) ||
        carta_yaml_int(map, "cp", 0, false, 0, 99, &cp, file, err) ||
        carta_yaml_bool(map, "companion", false, &companion, file, err))
        return CARTA_ERR_INPUT;
    const am_enemy *e = am_enemy_of(r, id);
    int ch = st->n_chars++;
    am_char *c = &st->ch[ch];
    c->def = (uint16_t)id;
    c->side = AM_ALLIES;
    c->mage = (uint8_t)(player - 1);
    c->rank = e->rank;
    c->hp = c->hp_max = (int16_t)am_minion_hp(r, id);
    c->mp = (uint8_t)am_minion_move(r, id);
    c->flags = e->airborne ? AM_C_AIRBORNE : 0;
    c->large = e->large;
    c->minion = companion ? AM_COMPANION : AM_SUMMONED;
    c->cp = (uint8_t)cp;
    return scen_char(st, ch, map, file, err);
}

static carta_status scen_list(struct fy_node *pos, const char *key, int lo, int hi,
                              struct fy_node **out, const char *file, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(pos, key);
    *out = NULL;
    int n = seq && fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : -1;
    if ((seq || lo > 0) && (n < lo || n > hi))
        return carta_yaml_error(err, file, seq ? seq : pos, "'%s' is a list of %d to %d", key, lo,
                                hi);
    *out = seq;
    return CARTA_OK;
}

static carta_status scen_dice(am_state *st, struct fy_node *pos, const char *file,
                              carta_error *err)
{
    struct fy_node *seq = NULL;
    if (scen_list(pos, "dice", 0, AM_DICE, &seq, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        char text[8];
        int v = carta_yaml_scalar(fy_node_sequence_get_by_index(seq, i), text, sizeof text)
                    ? atoi(text)
                    : 0;
        if (v < 1 || v > 20)
            return carta_yaml_error(err, file, seq, "a D20 shows 1 to 20");
        st->dice[st->n_dice++] = (uint8_t)v;
    }
    return CARTA_OK;
}

/* The turn: phase main (the active character's Main Phase), or slots (the next slot to give). */
static carta_status scen_turn(const carta_rules *r, am_state *st, struct fy_node *pos,
                              const char *file, carta_error *err)
{
    static const char *const phases[] = {"main", "slots", "opener", NULL};
    static const char *const sides[] = {"allies", "enemies", NULL};
    int phase, active, side;
    if (carta_pos_word(pos, "phase", "main", phases, &phase, file, err) ||
        carta_pos_word(pos, "slot", "allies", sides, &side, file, err) ||
        carta_yaml_int(pos, "active", 0, false, 0, st->n_chars - 1, &active, file, err))
        return CARTA_ERR_INPUT;
    st->slot_side = (uint8_t)side;
    if (phase == 2) { /* the beginning of combat, before the first Draw Step (R84) */
        st->round = 0;
        st->phase = AM_P_CYCLE;
        st->active = AM_NONE;
        am_encounter_begin(r, st);
        return CARTA_OK;
    }
    if (phase == 1) {
        st->phase = AM_P_SLOTS;
        st->active = AM_NONE;
        return CARTA_OK;
    }
    am_char *c = &st->ch[active];
    if (c->flags & (AM_C_KO | AM_C_ACTED))
        return carta_yaml_error(err, file, pos, "the active character %d is knocked out or has "
                                "acted", active);
    st->phase = AM_P_MAIN;
    st->active = (uint8_t)active;
    if (c->side == AM_ENEMIES)
        c->attacks_left = (uint8_t)am_attacks_per_turn(r, st, active);
    return CARTA_OK;
}

/* scrap: [{at: C4, count: 2}, ...]: SCRAP lying on squares (R110). */
static carta_status scen_scrap(am_state *st, struct fy_node *pos, const char *file,
                               carta_error *err)
{
    static const char *const keys[] = {"at", "count", NULL};
    struct fy_node *seq = carta_yaml_get(pos, "scrap");
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'scrap' is a list of {at, count}");
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *it = fy_node_sequence_get_by_index(seq, i);
        int cell = 0, count = 0;
        if (carta_yaml_check_keys(it, keys, "a square's scrap", file, err) ||
            scen_cell(it, st, &cell, file, err) ||
            carta_yaml_int(it, "count", 0, true, 1, AM_SCRAP_MAX, &count, file, err))
            return CARTA_ERR_INPUT;
        st->scrap[cell] = (uint8_t)count;
    }
    return CARTA_OK;
}

static carta_status scen_position(const carta_rules *r, void *state, struct fy_node *pos,
                                  const char *file, carta_error *err)
{
    static const char *const keys[] = {"seed", "encounter", "round", "waves_arrived", "dice",
                                       "mages", "enemies", "minions", "phase", "active", "slot",
                                       "scrap", NULL};
    am_state *st = state;
    uint64_t seed;
    int enc, round, waves;
    struct fy_node *mages = NULL, *enemies = NULL, *minions = NULL;
    memset(st, 0, sizeof *st);
    if (carta_yaml_check_keys(pos, keys, "an Archmajesty position", file, err) ||
        carta_pos_u64(pos, "seed", 1, &seed, file, err) ||
        carta_pos_card(&scen_types, r, carta_yaml_get(pos, "encounter"), "'encounter'",
                       1u << (AM_T_ENCOUNTER - 1), &enc, file, err))
        return CARTA_ERR_INPUT;
    const am_encounter *e = am_encounter_of(r, enc);
    if (carta_yaml_int(pos, "round", 1, false, 1, e->rounds, &round, file, err) ||
        carta_yaml_int(pos, "waves_arrived", e->n_waves, false, 0, e->n_waves, &waves, file,
                       err) ||
        scen_list(pos, "mages", 1, AM_MAGES, &mages, file, err) ||
        scen_list(pos, "enemies", 0, AM_CHARS - AM_MAGES - AM_MINIONS, &enemies, file, err) ||
        scen_list(pos, "minions", 0, AM_MINIONS, &minions, file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&st->rng, seed);
    carta_window_close(&st->window);
    st->window_attack = AM_NONE;
    st->encounter = (uint16_t)enc;
    st->round = (uint16_t)round;
    st->round_limit = e->rounds;
    st->next_wave = (uint8_t)waves;
    st->w = e->w;
    st->h = e->h;
    memcpy(st->terrain, e->terrain, sizeof st->terrain);
    am_objects_setup(r, st, e);
    st->n_mages = (uint8_t)fy_node_sequence_item_count(mages);
    st->n_seats = (uint8_t)(st->n_mages + 1);
    st->n_chars = st->n_mages;
    for (int m = 0; m < st->n_mages; m++)
        if (scen_mage(r, st, m, fy_node_sequence_get_by_index(mages, m), file, err))
            return CARTA_ERR_INPUT;
    for (int i = 0; enemies && i < fy_node_sequence_item_count(enemies); i++)
        if (scen_enemy(r, st, fy_node_sequence_get_by_index(enemies, i), file, err))
            return CARTA_ERR_INPUT;
    for (int i = 0; minions && i < fy_node_sequence_item_count(minions); i++)
        if (scen_minion(r, st, fy_node_sequence_get_by_index(minions, i), file, err))
            return CARTA_ERR_INPUT;
    if (scen_dice(st, pos, file, err) || scen_scrap(st, pos, file, err) ||
        scen_turn(r, st, pos, file, err))
        return CARTA_ERR_INPUT;
    am_zones_seen(st);
    am_settle(r, st);
    carta_events_clear(&st->events);
    return CARTA_OK;
}

/* ---- expectations ---- */

#define SCEN_SEAT(key, path, flags) {key, "seats.{player}." path, flags, NULL}
#define SCEN_TOP(key, path, flags) {key, path, flags, NULL}

static const carta_expect_key scen_keys[] = {
    SCEN_SEAT("hp", "counters.hp", 0),
    SCEN_SEAT("ap", "counters.ap", 0),
    SCEN_SEAT("mp", "counters.mp", 0),
    SCEN_SEAT("hand", "zones.hand", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("void", "zones.void", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("combo", "zones.combo", 0),
    SCEN_SEAT("hand_count", "zones.hand.count", 0),
    SCEN_SEAT("deck_count", "zones.deck.count", 0),
    SCEN_SEAT("void_count", "zones.void.count", 0),
    SCEN_SEAT("fading", "fading", 0),
    SCEN_SEAT("dark", "dark", 0),
    SCEN_TOP("round", "round", 0),
    SCEN_TOP("phase", "phase", 0),
    SCEN_TOP("active", "active", 0),
    SCEN_TOP("over", "over", 0),
    SCEN_TOP("end", "end", 0),
    SCEN_TOP(NULL, NULL, 0),
};

static const carta_expect_table scen_expect = {
    .what = "an Archmajesty expectation", .seat_key = "player", .keys = scen_keys};

const carta_game_yaml carta_game_archmajesty_yaml = {&carta_game_archmajesty, scen_add_cards,
                                                     scen_position, &scen_expect};
