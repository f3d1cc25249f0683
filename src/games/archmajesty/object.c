/* object.c: objects on the battle map (COMBAT, Occupancy and Objects): "Objects occupy squares in
 * the same way as characters, and include things like boulders, tree trunks, statues, walls, and
 * so on. By default, objects are treated as enemy characters for the purposes of square occupancy
 * and bashing effects." An object stands on the ground layer (R92); its square's terrain bits
 * carry it for movement (am_blocked) and sight (am_sight), the list names it. */
#include "games/archmajesty/archmajesty.h"

int am_object_at(const am_state *st, int cell)
{
    for (int k = 0; k < st->n_objects; k++)
        if (st->obj[k].cell == cell)
            return k;
    return -1;
}

int am_object_place(const carta_rules *r, am_state *st, int def, int cell)
{
    if (st->n_objects >= AM_OBJECTS || cell < 0 || cell % AM_W >= st->w ||
        cell / AM_W >= st->h || st->terrain[cell] || am_char_at(st, cell, 0) >= 0)
        return 0;
    st->obj[st->n_objects++] = (am_object){(uint16_t)def, (uint8_t)cell, 0};
    st->terrain[cell] |= AM_TER_OBJECT | (am_thing_of(r, def)->opaque ? AM_TER_OPAQUE : 0);
    return 1;
}

void am_objects_setup(const carta_rules *r, am_state *st, const am_encounter *e)
{
    st->n_objects = 0;
    for (int k = 0; k < e->n_objects; k++)
        am_object_place(r, st, e->object[k], e->object_cell[k]);
}
