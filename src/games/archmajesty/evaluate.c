/* evaluate.c: a heuristic value of a state for a seat's side, for greedy and search: the share of
 * hit points each side keeps (armour counted), the enemies still to come, and each mage's cards in
 * hand, with a finished game worth its result. */
#include "games/archmajesty/archmajesty.h"

double am_evaluate(const carta_rules *r, const void *state, int seat)
{
    const am_state *st = state;
    int side = seat == am_gm_seat(st) ? AM_ENEMIES : AM_ALLIES;
    if (st->phase == AM_P_OVER)
        return st->winner == side ? 1.0 : -1.0;
    double hp[2] = {0, 0}, max[2] = {0, 0};
    for (int i = 0; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        hp[c->side] += c->flags & AM_C_GONE ? 0 : c->hp + c->ap * 0.5;
        max[c->side] += c->hp_max;
    }
    const am_encounter *e = am_encounter_of(r, st->encounter);
    for (int w = st->next_wave; w < e->n_waves; w++)
        for (int k = 0; k < e->wave[w].n; k++) {
            int hp_k = am_enemy_of(r, e->wave[w].enemy[k])->hp;
            hp[AM_ENEMIES] += hp_k;
            max[AM_ENEMIES] += hp_k;
        }
    double cards = 0;
    for (int m = 0; m < st->n_mages; m++)
        cards += (st->mage[m].hand.n + st->mage[m].combo.n) /
                 (double)(st->mage[m].hand_max * st->n_mages);
    double v = (max[0] ? hp[0] / max[0] : 0) - (max[1] ? hp[1] / max[1] : 0) + 0.1 * cards -
               0.05 * st->round / (double)st->round_limit;
    v = side == AM_ALLIES ? v : -v;
    return v > 0.99 ? 0.99 : v < -0.99 ? -0.99 : v;
}
