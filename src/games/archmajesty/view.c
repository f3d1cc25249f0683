/* view.c: Archmajesty's structured view (docs/view.md): the common keys, each mage's counters and
 * zones, the battle map with its characters, and each action's parts. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>

#include "core/view.h"

static const char *const phase_names[] = {"cycling step", "turn slot", "start phase",
                                          "main phase", "end phase",
                                          "discard step", "over"};

static void view_seat(const carta_rules *r, const am_state *st, int p, carta_view *v)
{
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_str(v, "role", p == am_gm_seat(st) ? "gamemaster" : "mage");
    carta_view_map(v, "counters");
    if (p < st->n_mages) {
        const am_char *c = &st->ch[st->mage[p].ch];
        carta_view_int(v, "hp", c->hp);
        carta_view_int(v, "ap", c->ap);
        carta_view_int(v, "mp", c->mp);
    }
    carta_view_end(v);
    carta_view_map(v, "zones");
    if (p < st->n_mages) {
        const am_mage *g = &st->mage[p];
        carta_view_zone(v, "hand", g->hand.cards, g->hand.n, AM_UNKNOWN);
        carta_view_zone(v, "deck", g->deck.cards, g->deck.n, AM_UNKNOWN);
        carta_view_zone(v, "void", g->void_.cards, g->void_.n, AM_UNKNOWN);
        carta_view_zone(v, "combo", g->combo.cards, g->combo.n, AM_UNKNOWN);
    }
    carta_view_end(v);
    if (p < st->n_mages) {
        const am_mage *g = &st->mage[p];
        carta_view_bool(v, "fading", am_fading(st, p));
        carta_view_bool(v, "dark", g->deck.n == 0);
        carta_view_int(v, "scrap", st->ch[g->ch].scrap);
        carta_view_int(v, "command_limit", g->command);  /* MINIONS: Command Limit (R95) */
        carta_view_int(v, "command_left", am_command_left(r, st, p));
        carta_view_list(v, "items"); /* equipment and artefacts; a consumable's uses left */
        for (int i = 0; i < g->n_items; i++) {
            const am_thing *t = am_thing_of(r, g->item[i]);
            carta_view_map(v, NULL);
            carta_view_card(v, "card", g->item[i], AM_UNKNOWN);
            if (am_type_of(r, g->item[i]) == AM_T_CONSUMABLE)
                carta_view_int(v, "uses_left", t->uses - g->used[i]);
            carta_view_end(v);
        }
        carta_view_end(v);
        carta_view_list(v, "abilities");
        for (int i = 0; i < g->n_abilities; i++)
            carta_view_card(v, NULL, g->ability[i], AM_UNKNOWN);
        carta_view_end(v);
    }
    carta_view_end(v);
}

/* LARGE (R121): whether it is Large, and the squares it holds, its own first. */
static void view_footprint(const am_char *c, carta_view *v)
{
    uint8_t sq[4];
    int n = am_block_squares(c->large, c->cell, sq);
    carta_view_bool(v, "large", c->large != 0);
    carta_view_list(v, "cells");
    for (int k = 0; k < n; k++) {
        char name[8];
        am_cell_name(sq[k], name, sizeof name);
        carta_view_str(v, NULL, name);
    }
    carta_view_end(v);
}

static void view_char(const carta_rules *r, const am_state *st, int i, carta_view *v)
{
    const am_char *c = &st->ch[i];
    char cell[8], name[80];
    am_cell_name(c->cell, cell, sizeof cell);
    am_char_name(r, st, i, name, sizeof name);
    carta_view_map(v, NULL);
    carta_view_int(v, "uid", i);
    carta_view_str(v, "name", name);
    carta_view_str(v, "side", c->side == AM_ALLIES ? "allies" : "enemies");
    if (c->side == AM_ENEMIES || c->minion)
        carta_view_card(v, "card", c->def, AM_UNKNOWN);
    if (c->side == AM_ALLIES)
        carta_view_int(v, "mage", c->mage); /* a minion's: its controller */
    if (c->minion) {
        const am_minion_sheet *m = am_minion_of(r, c->def);
        carta_view_str(v, "minion", c->minion == AM_COMPANION ? "companion" : "summoned");
        carta_view_int(v, "command_points", c->cp);
        carta_view_int(v, "upkeep", c->minion == AM_COMPANION ? 0 : m->upkeep);
        carta_view_map(v, "template_uses"); /* Minion Attacks: at most 3 a template a round */
        const am_enemy *e = am_enemy_of(r, c->def);
        for (int t = 0; t < e->n_templates; t++)
            carta_view_int(v, r->spell[e->templ[t]].name, c->uses[t]);
        carta_view_end(v);
    } else if (c->side == AM_ALLIES) {
        static const char *const oils[] = {"fire", "toxic", "wind", "water", "metal"};
        const am_mage *g = &st->mage[c->mage];
        carta_view_str(v, "emotion", g->emotion ? am_status_names[g->emotion - 1] : NULL);
        carta_view_list(v, "oils"); /* Elemental Oil: "weapon: element" this round */
        for (int w = 0; w < g->n_items; w++)
            for (int e = 0; e < 5; e++)
                if (g->oil[w] & (1 << e)) {
                    char buf[80];
                    snprintf(buf, sizeof buf, "%s: %s", carta_catalog_name(r->catalog, g->item[w]),
                             oils[e]);
                    carta_view_str(v, NULL, buf);
                }
        carta_view_end(v);
    }
    carta_view_str(v, "cell", cell);
    view_footprint(c, v);
    carta_view_int(v, "hp", c->hp);
    carta_view_int(v, "hp_max", c->hp_max);
    carta_view_int(v, "ap", c->ap);
    carta_view_int(v, "mp", c->mp);
    carta_view_int(v, "defence", am_defence(r, st, i));
    carta_view_bool(v, "airborne", (c->flags & AM_C_AIRBORNE) != 0);
    carta_view_bool(v, "bloodied", am_bloodied(st, i));
    carta_view_bool(v, "vulnerable", am_vulnerable(st, i));
    carta_view_bool(v, "taunted", c->taunter != 0);
    carta_view_int(v, "scrap", c->scrap);
    carta_view_bool(v, "knocked_out", (c->flags & AM_C_KO) != 0);
    carta_view_bool(v, "acted", (c->flags & AM_C_ACTED) != 0);
    carta_view_bool(v, "gone", (c->flags & AM_C_GONE) != 0);
    carta_view_map(v, "status");
    for (int s = 0; s < AM_STATUS; s++)
        if (c->status[s])
            carta_view_int(v, am_status_names[s], c->status[s]);
    carta_view_end(v);
    carta_view_end(v);
}

/* The areas that last (Grenado, Smoke's until the round's end; lingering areas of cards, R137):
 * the top left square, the size. */
static void view_areas(const carta_rules *r, const am_state *st, carta_view *v)
{
    (void)r;
    carta_view_list(v, "areas");
    for (int k = 0; k < st->n_smoke; k++) {
        char cell[8];
        am_cell_name(am_smoke_at(st, k), cell, sizeof cell);
        carta_view_map(v, NULL);
        carta_view_str(v, "cell", cell);
        carta_view_int(v, "width", 3);
        carta_view_int(v, "height", 3);
        carta_view_str(v, "text", "+5 Defence to each character within it until the end of the "
                       "round (Grenado, Smoke)");
        carta_view_end(v);
    }
    for (int k = 0; k < st->n_linger; k++) { /* lingering areas (R137) */
        const am_linger *l = &st->linger[k];
        char cell[8], text[80];
        am_cell_name(l->at, cell, sizeof cell);
        if (l->lasts == AM_LASTS_ROUND)
            snprintf(text, sizeof text, "lingering until the end of the round");
        else
            snprintf(text, sizeof text, "lingering for %d more turn(s)", l->lasts);
        carta_view_map(v, NULL);
        carta_view_str(v, "cell", cell);
        carta_view_int(v, "width", l->wh >> 4);
        carta_view_int(v, "height", l->wh & 15);
        carta_view_str(v, "text", text);
        carta_view_card(v, "card", l->card, AM_UNKNOWN);
        carta_view_int(v, "uid", l->by); /* the placer */
        if (l->lasts != AM_LASTS_ROUND)
            carta_view_int(v, "turns", l->lasts);
        carta_view_end(v);
    }
    carta_view_end(v);
}

static void view_board(const carta_rules *r, const am_state *st, carta_view *v)
{
    carta_view_map(v, "board");
    carta_view_int(v, "width", st->w);
    carta_view_int(v, "height", st->h);
    carta_view_list(v, "map");
    for (int y = 0; y < st->h; y++) {
        char row[AM_W + 1];
        for (int x = 0; x < st->w; x++)
            row[x] = am_map_mark(st, am_cell(x, y));
        row[st->w] = 0;
        carta_view_str(v, NULL, row);
    }
    carta_view_end(v);
    carta_view_map(v, "scrap"); /* SCRAP lying on squares: "C4": 2 (R110) */
    for (int cell = 0; cell < AM_CELLS; cell++)
        if (st->scrap[cell]) {
            char name[8];
            am_cell_name(cell, name, sizeof name);
            carta_view_int(v, name, st->scrap[cell]);
        }
    carta_view_end(v);
    carta_view_list(v, "characters");
    for (int i = 0; i < st->n_chars; i++)
        view_char(r, st, i, v);
    carta_view_end(v);
    carta_view_list(v, "foretold"); /* FORETOLD/X: cards waiting, their targets (R116) */
    for (int i = 0; i < st->n_foretold; i++) {
        const am_foretold *fo = &st->foretold[i];
        carta_view_map(v, NULL);
        carta_view_card(v, "card", fo->card, AM_UNKNOWN);
        carta_view_int(v, "player", fo->mage);
        carta_view_int(v, "turns", fo->turns);
        if (fo->area_wh) { /* a foretold area's fixed placement (R136) */
            char cell[8];
            am_cell_name(fo->area_at, cell, sizeof cell);
            carta_view_map(v, "area");
            carta_view_str(v, "cell", cell);
            carta_view_int(v, "width", fo->area_wh >> 4);
            carta_view_int(v, "height", fo->area_wh & 15);
            carta_view_end(v);
        }
        carta_view_list(v, "targets");
        for (int k = 0; k < fo->n; k++)
            carta_view_int(v, NULL, fo->target[k]);
        carta_view_end(v);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_list(v, "objects"); /* Occupancy and Objects (R92) */
    for (int k = 0; k < st->n_objects; k++) {
        char cell[8];
        am_cell_name(st->obj[k].cell, cell, sizeof cell);
        carta_view_map(v, NULL);
        carta_view_str(v, "name", carta_catalog_name(r->catalog, st->obj[k].def));
        carta_view_str(v, "cell", cell);
        carta_view_bool(v, "blocks_sight", (st->terrain[st->obj[k].cell] & AM_TER_OPAQUE) != 0);
        if (st->obj[k].hp) /* Hit Points left: an area may destroy it (R141) */
            carta_view_int(v, "hp", st->obj[k].hp);
        carta_view_end(v);
    }
    carta_view_end(v);
    view_areas(r, st, v);
    carta_view_list(v, "lasting"); /* effects that last or wait (R73) */
    for (int i = 0; i < st->n_lasting; i++) {
        char text[160];
        am_lasting_text(r, &st->lasting[i], text, sizeof text);
        carta_view_map(v, NULL);
        carta_view_int(v, "uid", st->lasting[i].ch);
        carta_view_int(v, "turns_of", st->lasting[i].clock); /* whose turns end it (R150) */
        carta_view_card(v, "card", st->lasting[i].card, AM_UNKNOWN);
        carta_view_str(v, "text", text);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_end(v);
}

void am_view(const carta_rules *r, const void *obs, int seat, carta_view *v)
{
    const am_state *st = obs;
    int over = st->phase == AM_P_OVER;
    int winner = over ? (st->winner == AM_ALLIES ? 0 : am_gm_seat(st)) : -1;
    carta_view_head(v, seat, st->round, st->round, phase_names[st->phase]);
    if (st->active == AM_NONE)
        carta_view_null(v, "active");
    else
        carta_view_int(v, "active", am_seat_of(st, st->active));
    carta_view_progress(v, st, winner, am_event_word(r, st->end));
    char question[200];
    am_question(r, st, question, sizeof question);
    carta_view_str(v, "question", over ? NULL : question);
    carta_view_str(v, "encounter", carta_catalog_name(r->catalog, st->encounter));
    carta_view_int(v, "round_limit", st->round_limit);
    carta_view_list(v, "seats");
    for (int p = 0; p < st->n_seats; p++)
        view_seat(r, st, p, v);
    carta_view_end(v);
    view_board(r, st, v);
    carta_view_list(v, "resolving");
    carta_view_end(v);
}

int am_action_card(const carta_rules *r, const void *state, carta_action a)
{
    const am_state *st = state;
    int kind = AM_KIND(a);
    if (kind != AM_A_CAST && kind != AM_A_ADD && kind != AM_A_CANTRIP &&
        kind != AM_A_PITCH)
        return -1;
    const am_hand *h = &st->mage[am_hand_owner(st, am_to_act(r, state))].hand;
    return AM_B(a) < h->n && h->cards[AM_B(a)] != AM_UNKNOWN ? h->cards[AM_B(a)] : -1;
}

void am_action_view(const carta_rules *r, const void *obs, carta_action a, carta_view *v)
{
    static const char *const verbs[] = {
        "", "cycle", "keep", "take turn", "let go", "pick", "run", "jump", "move", "stay",
        "cast", "add", "release", "next", "target", "targets done", "attack", "end turn",
        "pass", "fix", "guard", "protect", "discard", "illuminate", "cantrip", "shift", "stop",
        "exploit", "empower", "keep empower", "convert", "keep statuses", "cleanse", "remove",
        "done cleansing", "push", "pull", "carry", "bash", "pass through", "teleport", "land",
        "stay airborne", "land at", "channel", "no weapon", "use", "stand", "fall", "kin",
        "dragon breath", "ichor guard", "alternate exploit", "no alternate exploit",
        "emotion eater", "eat", "no eat", "open with", "done opening", "pitch", "command",
        "order", "summon at", "remove", "sacrifice", "choose", "chain", "grab scrap",
        "drop scrap", "leave scrap", "pay scrap", "no pay", "foretell", "foresee",
        "done foreseeing", "seize opportunity", "enchant", "upkeep", "end upkeep", "place area",
        "place object", "no more objects", "place card object", "move object"};
    _Static_assert(sizeof verbs / sizeof verbs[0] == AM_A_LAST + 1, "a verb per action kind");
    const am_state *st = obs;
    int kind = AM_KIND(a);
    carta_view_str(v, "verb", kind > 0 && kind <= AM_A_LAST ? verbs[kind] : "?");
    int card = am_action_card(r, obs, a);
    if (kind == AM_A_CYCLE || kind == AM_A_DISCARD) { /* cycled or discarded: not played */
        const am_hand *h = &st->mage[am_hand_owner(st, am_to_act(r, obs))].hand;
        card = AM_B(a) < h->n && h->cards[AM_B(a)] != AM_UNKNOWN ? h->cards[AM_B(a)] : -1;
    }
    if (card >= 0) {
        carta_view_card(v, "card", card, AM_UNKNOWN);
        carta_view_str(v, "from", "hand");
    }
    if (kind == AM_A_ORDER && AM_B(a) >= AM_COMMANDS && AM_A(a) < st->n_chars) { /* R142 */
        const am_minion_sheet *m = am_minion_of(r, st->ch[AM_A(a)].def);
        if (m && AM_B(a) - AM_COMMANDS < m->n_abilities)
            carta_view_card(v, "card", m->ability[AM_B(a) - AM_COMMANDS], AM_UNKNOWN);
    }
    if (kind == AM_A_OPENER) { /* OPENER: searched from the deck (R84) */
        carta_view_card(v, "card", AM_B(a), AM_UNKNOWN);
        carta_view_str(v, "from", "deck");
    }
    if (kind == AM_A_RUN || kind == AM_A_STEP || kind == AM_A_SHIFT || kind == AM_A_PUSH ||
        kind == AM_A_PULL || kind == AM_A_CARRY)
        carta_view_str(v, "direction", am_dir_names[AM_A(a)]);
    if (kind == AM_A_TELEPORT || kind == AM_A_LAND_AT || kind == AM_A_SUMMON_AT ||
        kind == AM_A_AREA || kind == AM_A_QUAKE || kind == AM_A_PLACE) {
        char cell[8];
        am_cell_name(AM_A(a), cell, sizeof cell);
        carta_view_str(v, "cell", cell);
    }
    if (kind == AM_A_AREA) { /* the top left square "cell", and the size as placed */
        carta_view_int(v, "width", AM_B(a) >> 4);
        carta_view_int(v, "height", AM_B(a) & 15);
    }
    int object = kind == AM_A_TARGET && AM_A(a) >= AM_OBJECT_TARGET ? AM_A(a) - AM_OBJECT_TARGET
                 : kind == AM_A_MOVE_OBJECT ? AM_A(a)
                 : (kind == AM_A_PUSH || kind == AM_A_PULL) && AM_B(a) >= AM_OBJECT_TARGET
                     ? AM_B(a) - AM_OBJECT_TARGET : -1;
    if (object >= 0) { /* an object: a target (R146), or moved by a card (R155) */
        char cell[8];
        const am_object *o = &st->obj[object];
        am_cell_name(o->cell, cell, sizeof cell);
        carta_view_map(v, "object");
        carta_view_card(v, "card", o->def, AM_UNKNOWN);
        carta_view_str(v, "cell", cell);
        carta_view_end(v);
        return;
    }
    if (kind == AM_A_TARGET || kind == AM_A_PICK || kind == AM_A_COMMAND ||
        kind == AM_A_ORDER || kind == AM_A_REPLACE || kind == AM_A_SACRIFICE) {
        carta_view_map(v, "target");
        carta_view_int(v, "uid", AM_A(a));
        carta_view_end(v);
    }
}
