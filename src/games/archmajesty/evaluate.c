/* evaluate.c: a heuristic value of a state for a seat's side, for greedy and search: the share of
 * hit points each side keeps (armour counted at half; minions count with the mages), the enemies
 * still to come, each mage's cards in hand, how near the mages stand to the enemies (the fight
 * comes to whoever closes in) and the rounds running out while enemies stand (R57: the round
 * limit is the Gamemaster's win); a finished game is worth its result. */
#include "games/archmajesty/archmajesty.h"

/* The mean distance from each mage up to its nearest enemy standing, in squares; 0 if none. */
static double evaluate_distance(const am_state *st)
{
    double sum = 0;
    int n = 0;
    for (int m = 0; m < st->n_mages; m++) {
        const am_char *c = &st->ch[st->mage[m].ch];
        int best = -1;
        if (c->flags & AM_C_KO)
            continue;
        for (int i = st->n_mages; i < st->n_chars; i++)
            if (st->ch[i].side == AM_ENEMIES && !(st->ch[i].flags & (AM_C_KO | AM_C_GONE))) {
                int d = am_char_dist(st, st->mage[m].ch, i);
                best = best < 0 || d < best ? d : best;
            }
        if (best >= 0) {
            sum += best;
            n++;
        }
    }
    return n ? sum / n : 0;
}

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
    double allies = max[0] ? hp[0] / max[0] : 0, enemies = max[1] ? hp[1] / max[1] : 0;
    double time = st->round / (double)st->round_limit;
    double v = allies - enemies + 0.1 * cards - 0.3 * time * enemies -
               0.05 * evaluate_distance(st) / (st->w > st->h ? st->w : st->h);
    v = side == AM_ALLIES ? v : -v;
    return v > 0.99 ? 0.99 : v < -0.99 ? -0.99 : v;
}
