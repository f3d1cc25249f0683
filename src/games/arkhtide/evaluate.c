/* evaluate.c: a heuristic value of an Arkhtide state for one seat, in [-1, 1]: the Quintessence
 * each seat can expect by the end of this Round (its pool, its share of the contested Realms by
 * Soul, its Units on Realms to extract), its Willpower, and its material for later Rounds.
 * docs/ai.md ("arkhtide") explains the terms and their weights. */
#include <math.h>

#include "games/arkhtide/arkhtide.h"

/* How sure the Soul lead on a Realm is, by phase: the Soul margin is divided by this before the
 * tanh (a margin of one Soul is worth more when fewer moves remain). */
static double eval_soul_scale(int phase)
{
    switch (phase) {
    case ARK_PHASE_PREPARATION:
        return 2.5;
    case ARK_PHASE_COMBAT:
        return 1.5;
    default:
        return 0.05; /* Harvest: the Soul totals are final */
    }
}

/* Willpower in Quintessence-equivalents: each point is worth 0.4, and the last points more (a
 * Seeker at 0 loses at once). */
static double eval_willpower(int wp)
{
    double v = 0;
    for (int k = 1; k <= wp && k <= ARK_WILLPOWER; k++)
        v += 0.4 + (k < 6 ? 0.25 * (6 - k) : 0.0);
    return v;
}

/* Quintessence a Unit on a Realm brings when extracted: 1, Collector 1 more, and 1 per Cask
 * Binding its owner bound to it; 0 if it is Critically Wounded (it dies instead). */
static double eval_extraction(const carta_rules *rules, const ark_state *st, int pi)
{
    const ark_piece *p = &st->pieces[pi];
    if (ark_critically_wounded(rules, st, pi))
        return 0.0;
    double q = 1.0;
    if (ark_keywords(rules, st, pi, NULL) & ARK_KW_COLLECTOR)
        q += 1.0;
    for (int a = 0; a < p->n_attach; a++) {
        const ark_card_def *d = ark_def(rules, ARK_ATTACH_CARD(p->attach[a]));
        if (d && (d->kw & ARK_KW_CASK) && ARK_ATTACH_SEAT(p->attach[a]) == p->owner)
            q += 1.0;
    }
    return q;
}

/* The pieces' part of every seat's value (out[seat] += ...), and each Realm's Soul totals. */
static void eval_pieces(const carta_rules *rules, const ark_state *st, double *out,
                        int soul[ARK_REALMS][ARK_SEATS], bool present[ARK_REALMS][ARK_SEATS])
{
    bool combat = st->phase == ARK_PHASE_COMBAT;
    bool harvest = st->phase == ARK_PHASE_HARVEST;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner >= st->n_seats)
            continue;
        int s = p->owner, s_soul = ark_stat(rules, st, i, ARK_STAT_SOUL);
        bool seeker = (p->flags & ARK_P_SEEKER) != 0;
        if (p->loc < ARK_REALMS) {
            soul[p->loc][s] += s_soul;
            present[p->loc][s] = true;
            if (combat && !(p->flags & ARK_P_EXHAUSTED))
                out[s] += 0.1; /* it may still Strike, Assist or Reposition */
            if (seeker)
                continue;
            int health = ark_stat(rules, st, i, ARK_STAT_HEALTH);
            int left = health - p->wounds;
            /* extraction is sure at Harvest, likely before (a sturdy Unit more so) */
            double keep = harvest ? 1.0 : 0.75 + 0.03 * (left > 5 ? 5 : left);
            out[s] += keep * eval_extraction(rules, st, i);
        } else if (!seeker) {
            /* in the Safe Zone: to be deployed, this Round (Preparation) or the next */
            out[s] += 0.55 + 0.15 * s_soul;
        }
    }
}

/* Each seat's expected share of the Quintessence of the Realms still in play. */
static void eval_realms(const carta_rules *rules, const ark_state *st, double *out,
                        int soul[ARK_REALMS][ARK_SEATS], bool present[ARK_REALMS][ARK_SEATS])
{
    double scale = eval_soul_scale(st->phase);
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_card_def *d = ark_def(rules, st->realms[r].card);
        if (!d || st->realms[r].card == ARK_NO_CARD)
            continue;
        if (st->phase == ARK_PHASE_HARVEST && !(st->harvest_left & (1u << r)))
            continue;
        for (int s = 0; s < st->n_seats; s++) {
            if (!ark_alive(st, s))
                continue;
            int mine = present[r][s] ? soul[r][s] : -1, best = -1;
            for (int o = 0; o < st->n_seats; o++)
                if (o != s && ark_alive(st, o) && present[r][o] && soul[r][o] > best)
                    best = soul[r][o];
            if (mine < 0)
                continue;
            /* a tie removes the Realm: the tanh is 0 there, so neither gains from it */
            double margin = mine - best;
            double p = 0.5 + 0.5 * tanh(margin / scale);
            if (margin == 0)
                p = 0.25;
            out[s] += d->quintessence * p;
        }
    }
}

/* Everything else a seat holds: pool, Willpower, hand and Arkhé. */
static double eval_seat(const ark_state *st, int s)
{
    const ark_seat *se = &st->seat[s];
    double v = se->quintessence + eval_willpower(se->willpower);
    v += 0.15 * se->hand.n;
    if (st->phase == ARK_PHASE_PREPARATION || st->phase == ARK_PHASE_COMBAT)
        v += 0.03 * se->arkhe;
    return v;
}

double ark_evaluate(const carta_rules *rules, const void *state, int seat)
{
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER) {
        if (st->winner >= 0)
            return st->winner == seat ? 1.0 : -1.0;
        return (st->tied & (1u << seat)) ? 0.0 : -1.0;
    }
    if (seat < 0 || seat >= st->n_seats || !ark_alive(st, seat))
        return -1.0;
    double v[ARK_SEATS] = {0};
    int soul[ARK_REALMS][ARK_SEATS] = {{0}};
    bool present[ARK_REALMS][ARK_SEATS] = {{false}};
    eval_pieces(rules, st, v, soul, present);
    eval_realms(rules, st, v, soul, present);
    double best = -1e9;
    for (int s = 0; s < st->n_seats; s++) {
        v[s] += eval_seat(st, s);
        if (s != seat && ark_alive(st, s) && v[s] > best)
            best = v[s];
    }
    if (best < -1e8)
        return 0.99;
    return 0.99 * tanh((v[seat] - best) / 8.0);
}
