/* ability.c: ancestry abilities with a built-in effect (CREATE-A-MAGE, Step 5; R39-R47). An
 * ability names its effect with the data key `handler:`; this file holds the one table of them,
 * and the rules ask for a handler, never for an ability's name. */
#include "games/archmajesty/archmajesty.h"

const char *const am_handler_names[] = {
    "none", "now_is_not_my_time", "battle_tendency", "machine_heart", "steel_skin",
    "claws_and_wings", "kin_of_the_cosmos", NULL};

int am_ability_slot(const carta_rules *r, const am_state *st, int mage, int handler)
{
    const am_mage *g = &st->mage[mage];
    for (int i = 0; i < g->n_abilities; i++)
        if (am_thing_of(r, g->ability[i])->handler == handler)
            return i;
    return -1;
}

int am_char_has(const carta_rules *r, const am_state *st, int ch, int handler)
{
    const am_char *c = &st->ch[ch];
    return c->side == AM_ALLIES && am_ability_slot(r, st, c->mage, handler) >= 0;
}
