/* object.c: objects on the battle map (COMBAT, Occupancy and Objects): "Objects occupy squares in
 * the same way as characters, and include things like boulders, tree trunks, statues, walls, and
 * so on. By default, objects are treated as enemy characters for the purposes of square occupancy
 * and bashing effects." An object stands on the ground layer (R92); its square's terrain bits
 * carry it for movement (am_blocked) and sight (am_sight), the list names it. One with Hit Points
 * is damaged by an area placed over it, and destroyed at 0 (R141); it may be a target of an attack
 * on chosen targets (R146). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

int am_object_at(const am_state *st, int cell)
{
    for (int k = 0; k < st->n_objects; k++)
        if (st->obj[k].cell == cell)
            return k;
    return -1;
}

int am_object_free(const am_state *st, int cell)
{
    return cell >= 0 && cell < AM_CELLS && cell % AM_W < st->w && cell / AM_W < st->h &&
           !st->terrain[cell] && am_char_at(st, cell, 0) < 0;
}

int am_object_place(const carta_rules *r, am_state *st, int def, int cell)
{
    if (st->n_objects >= AM_OBJECTS || !am_object_free(st, cell))
        return 0;
    st->obj[st->n_objects++] = (am_object){(uint16_t)def, (uint8_t)cell,
                                           (uint8_t)am_thing_of(r, def)->hp};
    st->terrain[cell] |= AM_TER_OBJECT | (am_thing_of(r, def)->opaque ? AM_TER_OPAQUE : 0);
    return 1;
}

void am_objects_setup(const carta_rules *r, am_state *st, const am_encounter *e)
{
    st->n_objects = 0;
    for (int k = 0; k < e->n_objects; k++)
        am_object_place(r, st, e->object[k], e->object_cell[k]);
}

/* ---- Quake Stone (List: Consumables: "At the start of each encounter, you automatically expend
 * this item and place 1-5 Boulder objects within range."; R94) ---- */

static int quake_item(const carta_rules *r, const am_state *st, int m)
{
    const am_mage *g = &st->mage[m];
    for (int i = 0; i < g->n_items; i++) {
        const am_thing *t = am_thing_of(r, g->item[i]);
        if (am_type_of(r, g->item[i]) == AM_T_CONSUMABLE && t->use == AM_USE_QUAKE &&
            g->used[i] < t->uses)
            return i;
    }
    return -1;
}

void am_quake_next(const carta_rules *r, am_state *st, int from)
{
    for (int m = from; m < st->n_mages; m++) {
        int i = quake_item(r, st, m);
        if (i < 0)
            continue;
        am_mage *g = &st->mage[m];
        g->used[i]++; /* "you automatically expend this item" */
        carta_event_add(&st->events, CARTA_EV_NOTE, m, -1, g->item[i], CARTA_SEEN_ALL, -1,
                        AM_W_USES, am_thing_of(r, g->item[i])->uses - g->used[i], 0);
        carta_pending *f = carta_pending_push(&st->pending, AM_F_QUAKE, m);
        f->arg[0] = (int16_t)m;
        f->arg[2] = (int16_t)i;
        return;
    }
    am_encounter_fight(r, st);
}

/* A free floor square within range for each object (nobody grounded on it, no object, no
 * wall); "no more" once one is placed, or when none can be. */
int am_quake_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out)
{
    const am_mage *g = &st->mage[f->arg[0]];
    const am_thing *t = am_thing_of(r, g->item[f->arg[2]]);
    int n = 0, from = st->ch[g->ch].cell;
    for (int c = 0; c < AM_CELLS && st->n_objects < AM_OBJECTS; c++)
        if (am_object_free(st, c) && am_dist(from, c) <= t->reach)
            out[n++] = AM_ACT(AM_A_QUAKE, c, 0);
    if (f->arg[1] || !n)
        out[n++] = AM_ACT(AM_A_QUAKE_DONE, 0, 0);
    return n;
}

void am_quake_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int m = f->arg[0];
    const am_thing *t = am_thing_of(r, st->mage[m].item[f->arg[2]]);
    if (AM_KIND(a) == AM_A_QUAKE) {
        am_object_place(r, st, t->object, AM_A(a));
        carta_event_add(&st->events, CARTA_EV_NOTE, m, -1, t->object, CARTA_SEEN_ALL, -1,
                        AM_W_OBJECT_PUT, AM_A(a) % AM_W + 1, AM_A(a) / AM_W + 1);
        carta_action buf[AM_CELLS + 1];
        if (++f->arg[1] < (t->amount ? t->amount : 1) && am_quake_actions(r, st, f, buf) > 1)
            return;
    }
    carta_pending_pop(&st->pending);
    am_quake_next(r, st, m + 1);
}

/* ---- objects with Hit Points (Line of Sight: "you can target any character or object within
 * that area"; R141) ---- */

static void object_remove(am_state *st, int k)
{
    st->terrain[st->obj[k].cell] &= (uint8_t)~(AM_TER_OBJECT | AM_TER_OPAQUE);
    memmove(&st->obj[k], &st->obj[k + 1], (size_t)(st->n_objects - k - 1) * sizeof st->obj[0]);
    st->n_objects--;
    memset(&st->obj[st->n_objects], 0, sizeof st->obj[0]);
}

/* Object k takes amount (R141): told, destroyed at 0. */
static void object_damage(am_state *st, int seat, int k, int amount)
{
    am_object *o = &st->obj[k];
    o->hp = (uint8_t)(o->hp > amount ? o->hp - amount : 0);
    if (o->hp) {
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, o->def, CARTA_SEEN_ALL, -1,
                        AM_W_OBJECT_HIT, amount, o->hp);
        return;
    }
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, o->def, CARTA_SEEN_ALL, -1,
                    AM_W_OBJECT_DESTROYED, o->cell % AM_W + 1, o->cell / AM_W + 1);
    object_remove(st, k);
}

/* The damage of s by ch to an object: the entry + attribute + Y, nothing else (R141). */
static int object_amount(const carta_rules *r, const am_state *st, int ch, const am_spell *s)
{
    return s->dmg + am_attr(r, st, ch, s->dmg_attr) + s->y;
}

void am_objects_hit(const carta_rules *r, am_state *st, int ch, const am_spell *s, int whom,
                    int at, int wh)
{
    if (!s->dmg || whom == AM_WHOM_ALLIES)
        return;
    int amount = object_amount(r, st, ch, s), seat = am_seat_of(st, ch);
    for (int k = st->n_objects - 1; k >= 0 && amount > 0; k--)
        if (st->obj[k].hp && am_area_holds(at, wh, st->obj[k].cell))
            object_damage(st, seat, k, amount);
}

/* ---- objects as targets of an attack on chosen targets (R146) ---- */

int am_object_targetable(const am_state *st, int ch, const am_spell *s, int k)
{
    const am_object *o = &st->obj[k];
    if (!o->hp || !s->dmg)
        return 0;
    int d = am_dist_to(st, ch, o->cell); /* a Large attacker's nearest square (R123) */
    if (d > s->range || !am_cell_sight(st, o->cell, ch))
        return 0;
    return !s->melee || d == 0 || !(st->ch[ch].flags & AM_C_AIRBORNE); /* on the ground */
}

void am_objects_struck(const carta_rules *r, am_state *st, int ch, const am_spell *s,
                       uint32_t picked)
{
    int amount = object_amount(r, st, ch, s), seat = am_seat_of(st, ch);
    for (int k = st->n_objects - 1; k >= 0 && amount > 0; k--) /* the last first: k stays */
        if (picked >> k & 1 && st->obj[k].hp)
            object_damage(st, seat, k, amount);
}

void am_object_move(am_state *st, int k, int cell)
{
    int from = st->obj[k].cell;
    uint8_t bits = st->terrain[from] & (AM_TER_OBJECT | AM_TER_OPAQUE);
    st->terrain[from] &= (uint8_t)~bits;
    st->terrain[cell] |= bits;
    st->obj[k].cell = (uint8_t)cell;
}

/* ---- a card's objects: place_object (R147), push_object and pull_object (R155) ---- */

/* PLACE frame: the caster, the object, how many are left to place, the range. */
static int place_squares(const am_state *st, const carta_pending *f, carta_action *out)
{
    int ch = f->arg[0], n = 0;
    if (st->n_objects >= AM_OBJECTS)
        return 0;
    for (int c = 0; c < AM_CELLS; c++)
        if (am_object_free(st, c) && am_dist_to(st, ch, c) <= f->arg[3] &&
            am_cell_sight(st, c, ch))
            out[n++] = AM_ACT(AM_A_PLACE, c, 0);
    return n;
}

/* The next object to place, or the frame's end; none free with some left: told (R147). */
static void place_next(am_state *st, carta_pending *f)
{
    carta_action buf[AM_CELLS];
    if (f->arg[2] > 0 && place_squares(st, f, buf))
        return;
    if (f->arg[2] > 0)
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, f->arg[0]), -1, f->arg[1],
                        CARTA_SEEN_ALL, -1, AM_W_OBJECT_NO_ROOM, 0, 0);
    carta_pending_pop(&st->pending);
}

void am_place_op(am_state *st, int ch, const am_spell *s, int count)
{
    if (!s || !s->object)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_PLACE, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    f->arg[1] = (int16_t)s->object;
    f->arg[2] = (int16_t)count;
    f->arg[3] = (int16_t)(s->melee ? 1 : s->range);
    place_next(st, f);
}

/* MOVE_OBJECT frame: the caster, the op kind, the squares, the range. Any object within range
 * and in sight, with Hit Points or not. */
static int move_candidates(const am_state *st, const carta_pending *f, carta_action *out)
{
    int ch = f->arg[0], n = 0;
    for (int k = 0; k < st->n_objects; k++)
        if (am_dist_to(st, ch, st->obj[k].cell) <= f->arg[3] &&
            am_cell_sight(st, st->obj[k].cell, ch))
            out[n++] = AM_ACT(AM_A_MOVE_OBJECT, k, 0);
    return n;
}

void am_move_object_op(am_state *st, int ch, const am_spell *s, const am_op *op)
{
    carta_pending *f = carta_pending_push(&st->pending, AM_F_MOVE_OBJECT, am_seat_of(st, ch));
    f->arg[0] = (int16_t)ch;
    f->arg[1] = op->kind;
    f->arg[2] = op->count;
    f->arg[3] = (int16_t)(!s ? 0 : s->melee ? 1 : s->range);
    carta_action buf[AM_OBJECTS];
    if (!move_candidates(st, f, buf))
        carta_pending_pop(&st->pending);
}

int am_object_choices(const am_state *st, const carta_pending *f, carta_action *out)
{
    return f->kind == AM_F_PLACE ? place_squares(st, f, out) : move_candidates(st, f, out);
}

void am_object_choice_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0];
    if (AM_KIND(a) == AM_A_MOVE_OBJECT) {
        int kind = f->arg[1], squares = f->arg[2];
        carta_pending_pop(&st->pending);
        am_forced_object(st, ch, AM_A(a), kind, squares);
        return;
    }
    am_object_place(r, st, f->arg[1], AM_A(a));
    carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, f->arg[1],
                    CARTA_SEEN_ALL, -1, AM_W_OBJECT_PUT, AM_A(a) % AM_W + 1, AM_A(a) / AM_W + 1);
    f->arg[2]--;
    place_next(st, f);
}
