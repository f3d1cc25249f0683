/* evaluate.c: a heuristic value of a state for a seat's side, for greedy and search: the share of
 * hit points each side keeps (armour counted at half; minions count with the mages), the enemies
 * still to come, each mage's cards in hand, how near the mages stand to the enemies (the fight
 * comes to whoever closes in) and the rounds running out while enemies stand (R57: the round
 * limit is the Gamemaster's win); a finished game is worth its result. The weights are data
 * (am_eval_table, the compiled-in values; data/archmajesty/ai/evaluation.yaml, read at open);
 * carta tune fits them on am_eval_features. */
#include "games/archmajesty/archmajesty.h"

const carta_eval_weight am_eval_table[AM_EVW_COUNT] = {
    {"allies", "the share of the allies' hit points kept (armour at half, minions too)", 1.0},
    {"enemies", "the share of the enemies' hit points kept, waves to come counted", -1.0},
    {"cards", "the share of the mages' cards in hand and combo (of their hand sizes)", 0.1},
    {"time", "the share of the round limit gone, times the enemies' share kept", -0.3},
    {"distance", "the mean distance of a mage to its nearest enemy, per side of the map", -0.05},
    {"scale", "the value that maps to a certain result (not a feature)", 1.0},
};

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

/* The terms of st from the allies' side (am_eval_table's order, the scale 0), the time and the
 * distance before their last factor. */
static void evaluate_terms(const carta_rules *r, const am_state *st, double *f)
{
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
    f[AM_EVW_ALLIES] = max[0] ? hp[0] / max[0] : 0;
    f[AM_EVW_ENEMIES] = max[1] ? hp[1] / max[1] : 0;
    f[AM_EVW_CARDS] = cards;
    f[AM_EVW_TIME] = st->round / (double)st->round_limit; /* to be times enemies */
    f[AM_EVW_DISTANCE] = evaluate_distance(st);            /* to be per side of the map */
    f[AM_EVW_SCALE] = 0;
}

double am_evaluate_with(const carta_rules *r, const double *w, const void *state, int seat)
{
    const am_state *st = state;
    int side = seat == am_gm_seat(st) ? AM_ENEMIES : AM_ALLIES;
    if (st->phase == AM_P_OVER)
        return st->winner == side ? 1.0 : -1.0;
    double f[AM_EVW_COUNT];
    evaluate_terms(r, st, f);
    double enemies = f[AM_EVW_ENEMIES], time = f[AM_EVW_TIME], dist = f[AM_EVW_DISTANCE];
    double side_len = st->w > st->h ? st->w : st->h;
    /* the terms in this order and form, so the compiled-in weights give the same bits */
    double v = w[AM_EVW_ALLIES] * f[AM_EVW_ALLIES] + w[AM_EVW_ENEMIES] * enemies +
               w[AM_EVW_CARDS] * f[AM_EVW_CARDS] + w[AM_EVW_TIME] * time * enemies +
               w[AM_EVW_DISTANCE] * dist / side_len;
    v = (side == AM_ALLIES ? v : -v) / w[AM_EVW_SCALE];
    return v > 0.99 ? 0.99 : v < -0.99 ? -0.99 : v;
}

double am_evaluate(const carta_rules *r, const void *state, int seat)
{
    return am_evaluate_with(r, r->eval_w, state, seat);
}

void am_eval_features(const carta_rules *r, const void *state, int seat, double *out)
{
    const am_state *st = state;
    evaluate_terms(r, st, out);
    out[AM_EVW_TIME] *= out[AM_EVW_ENEMIES];
    out[AM_EVW_DISTANCE] /= st->w > st->h ? st->w : st->h;
    double sign = seat == am_gm_seat(st) ? -1 : 1;
    for (int i = 0; i < AM_EVW_SCALE; i++)
        out[i] *= sign;
}
