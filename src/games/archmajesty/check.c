/* check.c: what holds in every Archmajesty state (carta_game.check): every card of a mage's deck
 * in exactly one place, hit points and counters in range, one character per square and layer
 * (Square Occupancy), the turn and its frames consistent. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/census.h"

/* A mage reduced to 0 HP and asked whether to stay at 1 HP is not yet knocked out. */
static int check_at_zero(const am_state *st, int ch)
{
    for (int k = 0; k < st->pending.n; k++)
        if (st->pending.frame[k].kind == AM_F_ZERO_HP && st->pending.frame[k].arg[0] == ch)
            return st->ch[ch].hp == 0;
    return 0;
}

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "archmajesty: " __VA_ARGS__)

static carta_status check_cards(const carta_rules *r, const am_state *st, carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_archmajesty, r, st->n_mages,
                      carta_catalog_count(r->catalog));
    for (int m = 0; m < st->n_mages; m++) {
        const am_mage *g = &st->mage[m];
        carta_census_expect(&c, m, g->list.cards, g->list.n);
        carta_census_add_all(&c, m, g->deck.cards, g->deck.n, "deck");
        carta_census_add_all(&c, m, g->hand.cards, g->hand.n, "hand");
        carta_census_add_all(&c, m, g->void_.cards, g->void_.n, "Void");
        carta_census_add_all(&c, m, g->combo.cards, g->combo.n, "combo");
        carta_census_add_all(&c, m, g->limbo.cards, g->limbo.n, "stack");
    }
    return carta_census_finish(&c, err);
}

/* Whether c's square, or a Large one's 2x2 block, lies on the map with no wall (nor, grounded,
 * object) under it (R121). */
static int check_block_open(const am_state *st, const am_char *c)
{
    uint8_t sq[4];
    if (!am_block_on_map(st, c->large, c->cell))
        return 0;
    int n = am_block_squares(c->large, c->cell, sq);
    for (int k = 0; k < n; k++)
        if (am_blocked(st, sq[k], c->flags & AM_C_AIRBORNE))
            return 0;
    return 1;
}

static carta_status check_chars(const am_state *st, carta_error *err)
{
    if (st->n_chars < st->n_mages || st->n_chars > AM_CHARS)
        return CHECK_FAIL(err, "%d characters for %d mages", st->n_chars, st->n_mages);
    for (int i = 0; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        if ((i < st->n_mages) != (c->side == AM_ALLIES && !c->minion) || c->hp < 0 ||
            c->hp > c->hp_max ||
            c->ap < 0 || ((c->hp == 0) != ((c->flags & AM_C_KO) != 0) && !check_at_zero(st, i)))
            return CHECK_FAIL(err, "character %d: side %d, %d of %d HP, %d AP, flags %d", i,
                              c->side, c->hp, c->hp_max, c->ap, c->flags);
        for (int s = 0; s < AM_STATUS; s++)
            if (c->status[s] > AM_COUNTERS)
                return CHECK_FAIL(err, "character %d has %d %s counters", i, c->status[s],
                                  am_status_names[s]);
        if ((c->flags & AM_C_GONE) || am_forced_passing(st, i))
            continue;
        if (c->large > 1 || (c->large && c->side == AM_ALLIES && !c->minion) ||
            !check_block_open(st, c))
            return CHECK_FAIL(err, "character %d (large %d) stands on square %d, off the map, a "
                              "wall or an object on its layer", i, c->large, c->cell);
        for (int k = 0; k < i; k++)
            if (!(st->ch[k].flags & AM_C_GONE) && !am_forced_passing(st, k) &&
                am_char_dist(st, k, i) == 0 && /* R121: every square of a Large one's block */
                !(st->ch[k].flags & AM_C_AIRBORNE) == !(c->flags & AM_C_AIRBORNE))
                return CHECK_FAIL(err, "characters %d and %d share square %d on one layer", k, i,
                                  c->cell);
    }
    return CARTA_OK;
}

/* Objects (Occupancy and Objects; R92): each on a floor square of the map, one a square, its
 * square's terrain bits saying so (and opaque as its entry says), no object bit elsewhere; the
 * unused slots zero. A grounded character on an object's square is caught by check_chars. */
static carta_status check_objects(const carta_rules *r, const am_state *st, carta_error *err)
{
    if (st->n_objects > AM_OBJECTS)
        return CHECK_FAIL(err, "%d objects", st->n_objects);
    int marked = 0;
    for (int c = 0; c < AM_CELLS; c++)
        marked += (st->terrain[c] & AM_TER_OBJECT) != 0;
    if (marked != st->n_objects)
        return CHECK_FAIL(err, "%d squares hold an object, the list %d", marked, st->n_objects);
    for (int k = 0; k < AM_OBJECTS; k++) {
        const am_object *o = &st->obj[k];
        static const am_object unused;
        if (k >= st->n_objects) {
            if (memcmp(o, &unused, sizeof *o))
                return CHECK_FAIL(err, "unused object slot %d is not empty", k);
            continue;
        }
        int bits = st->terrain[o->cell];
        int opaque = am_type_of(r, o->def) == AM_T_OBJECT && am_thing_of(r, o->def)->opaque;
        if (am_type_of(r, o->def) != AM_T_OBJECT || o->cell % AM_W >= st->w ||
            o->cell / AM_W >= st->h || (bits & AM_TER_WALL) || !(bits & AM_TER_OBJECT) ||
            !(bits & AM_TER_OPAQUE) != !opaque || am_object_at(st, o->cell) != k ||
            o->hp > am_thing_of(r, o->def)->hp) /* Hit Points left at most its own (R141) */
            return CHECK_FAIL(err, "object %d (entry %d) on square %d, terrain %d", k, o->def,
                              o->cell, bits);
    }
    return CARTA_OK;
}

/* Emotion Eater's status is a negative one (R47); Elemental Oil coats only weapons, with one of
 * its five elements. */
static carta_status check_mages(const carta_rules *r, const am_state *st, carta_error *err)
{
    for (int m = 0; m < st->n_mages; m++) {
        const am_mage *g = &st->mage[m];
        if (g->emotion > AM_STATUS || (g->emotion && AM_POSITIVE(g->emotion - 1)))
            return CHECK_FAIL(err, "mage %d's Emotion Eater status is %d", m, g->emotion);
        for (int w = 0; w < AM_ITEMS; w++)
            if (g->oil[w] && (g->oil[w] >= 1u << 5 || w >= g->n_items ||
                              am_type_of(r, g->item[w]) != AM_T_WEAPON))
                return CHECK_FAIL(err, "mage %d's item %d is oiled (%d)", m, w, g->oil[w]);
    }
    return CARTA_OK;
}

/* MINIONS: each minion's controller a mage and its sheet a minion's; a removed one stores no
 * Command Points, a standing one at most 99 (R99); abilities used this turn only a minion's, and
 * of its sheet (R142); at most AM_MINIONS minion slots; each mage's summoned minions' upkeep
 * within its Command Limit (R95). */
static carta_status check_minions(const carta_rules *r, const am_state *st, carta_error *err)
{
    int slots = 0;
    for (int i = st->n_mages; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        const am_minion_sheet *m = c->minion ? am_minion_of(r, c->def) : NULL;
        if (c->ability_turn >> (m ? m->n_abilities : 0))
            return CHECK_FAIL(err, "character %d: abilities used this turn %#x, of %d", i,
                              c->ability_turn, m ? m->n_abilities : 0);
        if (!c->minion)
            continue;
        slots++;
        if (c->minion > AM_COMPANION || c->mage >= st->n_mages || c->side != AM_ALLIES ||
            am_type_of(r, c->def) != AM_T_MINION || c->cp > 99 ||
            ((c->flags & AM_C_GONE) && c->cp) || ((c->flags & AM_C_KO) && !(c->flags &
                                                                            AM_C_GONE)))
            return CHECK_FAIL(err, "minion %d: kind %d, controller %d, sheet %d, %d Command "
                              "Points, flags %d", i, c->minion, c->mage, c->def, c->cp, c->flags);
    }
    if (slots > AM_MINIONS)
        return CHECK_FAIL(err, "%d minion slots, at most %d", slots, AM_MINIONS);
    for (int m = 0; m < st->n_mages; m++)
        if (am_command_left(r, st, m) < 0)
            return CHECK_FAIL(err, "mage %d's minions take %d command limit more than its %d", m,
                              -am_command_left(r, st, m), st->mage[m].command);
    return CARTA_OK;
}

/* SCRAP (R110): at most AM_SCRAP_MAX carried or on a square, and on floor squares only; a taunter
 * (R87) a character of the other side. */
static carta_status check_scrap(const am_state *st, carta_error *err)
{
    for (int i = 0; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        if (c->scrap > AM_SCRAP_MAX || (c->taunter && (c->taunter > st->n_chars ||
                                                       st->ch[c->taunter - 1].side == c->side)))
            return CHECK_FAIL(err, "character %d carries %d scrap, taunter %d", i, c->scrap,
                              c->taunter);
    }
    if (st->n_foretold > AM_FORETOLD)
        return CHECK_FAIL(err, "%d foretold cards", st->n_foretold);
    for (int i = 0; i < st->n_foretold; i++) { /* FORETOLD (R116): waiting in its mage's stack */
        const am_foretold *fo = &st->foretold[i];
        int held = 0;
        for (int k = 0; fo->mage < st->n_mages && k < st->mage[fo->mage].limbo.n; k++)
            held |= st->mage[fo->mage].limbo.cards[k] == fo->card;
        if (!held || fo->turns > 9 || fo->n > AM_FORETOLD_TARGETS)
            return CHECK_FAIL(err, "foretold card %d: mage %d, %d turns, %d targets", i,
                              fo->mage, fo->turns, fo->n);
    }
    for (int cell = 0; cell < AM_CELLS; cell++)
        if (st->scrap[cell] && (st->scrap[cell] > AM_SCRAP_MAX || cell % AM_W >= st->w ||
                                cell / AM_W >= st->h || st->terrain[cell]))
            return CHECK_FAIL(err, "square %d holds %d scrap", cell, st->scrap[cell]);
    return CARTA_OK;
}

/* Lingering areas (R137): each a card's area op that lingers, placed by a character, wholly on
 * the map; unused records zero. */
static carta_status check_linger(const carta_rules *r, const am_state *st, carta_error *err)
{
    static const am_linger unused;
    if (st->n_linger > AM_LINGERS)
        return CHECK_FAIL(err, "%d lingering areas", st->n_linger);
    for (int k = 0; k < AM_LINGERS; k++) {
        const am_linger *l = &st->linger[k];
        if (k >= st->n_linger) {
            if (memcmp(l, &unused, sizeof *l))
                return CHECK_FAIL(err, "lingering area %d is unused but not empty", k);
            continue;
        }
        int w = l->wh >> 4, h = l->wh & 15;
        int op_ok = l->ref < r->n_spells && l->op < r->spell[l->ref].n_ops &&
                    r->spell[l->ref].op[l->op].kind == AM_OP_AREA;
        if (!op_ok || l->by >= st->n_chars || !l->lasts || !w || !h ||
            l->at % AM_W + w > st->w || l->at / AM_W + h > st->h || l->whom > AM_WHOM_ALLIES)
            return CHECK_FAIL(err, "lingering area %d: spell %d op %d by %d at %d", k, l->ref,
                              l->op, l->by, l->at);
    }
    return CARTA_OK;
}

/* LARGE (R121): a character is Large exactly when its sheet says so; a mage never. */
static carta_status check_large(const carta_rules *r, const am_state *st, carta_error *err)
{
    for (int i = 0; i < st->n_chars; i++) {
        const am_enemy *e = i < st->n_mages ? NULL : am_enemy_of(r, st->ch[i].def);
        if (st->ch[i].large != (e ? e->large : 0))
            return CHECK_FAIL(err, "character %d: large %d, its sheet says %d", i,
                              st->ch[i].large, e ? e->large : 0);
    }
    return CARTA_OK;
}

carta_status am_check(const carta_rules *r, const void *state, carta_error *err)
{
    const am_state *st = state;
    int over = st->phase == AM_P_OVER;
    if (st->n_seats < 2 || st->n_seats > AM_SEATS || st->n_mages != st->n_seats - 1 ||
        st->phase > AM_P_OVER || st->round > st->round_limit ||
        (st->round < 1 && !(st->pending.n && (st->pending.frame[0].kind == AM_F_OPENER ||
                                               st->pending.frame[0].kind == AM_F_QUAKE))))
        return CHECK_FAIL(err, "%d seats, %d mages, phase %d, round %d of %d", st->n_seats,
                          st->n_mages, st->phase, st->round, st->round_limit);
    if (st->phase == AM_P_MAIN && (st->active >= st->n_chars ||
                                   ((st->ch[st->active].flags & AM_C_KO) && !st->pending.n)))
        return CHECK_FAIL(err, "the active character %d cannot act", st->active);
    if (carta_window_is_open(&st->window) != (st->window_attack != AM_NONE) ||
        st->n_attacks > AM_ATTACKS || st->n_tokens > AM_TOKENS)
        return CHECK_FAIL(err, "window %s for attack %d, %d attacks, %d tokens",
                          carta_window_is_open(&st->window) ? "open" : "closed",
                          st->window_attack, st->n_attacks, st->n_tokens);
    if (st->n_lasting > AM_LASTING)
        return CHECK_FAIL(err, "%d lasting effects", st->n_lasting);
    for (int i = 0; i < AM_LASTING; i++) {
        const am_lasting *l = &st->lasting[i];
        static const am_lasting unused;
        if (i >= st->n_lasting ? memcmp(l, &unused, sizeof *l) != 0
                               : l->ch >= st->n_chars || l->clock >= st->n_chars ||
                                     l->timing == AM_NOW ||
                                     l->timing > AM_ROUND_END || l->kind < AM_OP_GAIN ||
                                     l->kind > AM_OP_BOOST)
            return CHECK_FAIL(err, "lasting effect %d (of %d): character %d, timing %d, kind %d",
                              i, st->n_lasting, l->ch, l->timing, l->kind);
    }
    carta_status s = carta_pending_check(&st->pending, over, 1, AM_F_LAST, st->n_seats,
                                         "archmajesty", err);
    if (s == CARTA_OK)
        s = check_chars(st, err);
    if (s == CARTA_OK)
        s = check_mages(r, st, err);
    if (s == CARTA_OK)
        s = check_minions(r, st, err);
    if (s == CARTA_OK)
        s = check_large(r, st, err);
    if (s == CARTA_OK)
        s = check_scrap(st, err);
    if (s == CARTA_OK)
        s = check_objects(r, st, err);
    if (s == CARTA_OK)
        s = check_linger(r, st, err);
    return s == CARTA_OK ? check_cards(r, st, err) : s;
}
