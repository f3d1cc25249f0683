/* evaluate.c: a heuristic value of an Arkhtide state for one seat, in [-1, 1]: the Quintessence
 * each seat can expect by the end of this Round (its pool, its share of the contested Realms by
 * Soul, its Units on Realms to extract), its Willpower, and its material for later Rounds.
 * docs/ai.md ("arkhtide") explains the terms. Their weights are data (ark_eval_table below, the
 * compiled-in values; data/arkhtide/ai/evaluation.yaml, read at open); carta tune fits them on
 * ark_eval_features. */
#include <math.h>

#include "games/arkhtide/arkhtide.h"

const carta_eval_weight ark_eval_table[ARK_EVW_COUNT] = {
    {"quintessence", "a Quintessence in the pool", 1.0},
    {"willpower", "a point of the Seeker's Willpower", 0.4},
    {"willpower_low", "per point of Willpower, its distance below 6 (the last points matter)",
     0.25},
    {"hand", "a card in hand", 0.15},
    {"arkhe", "an Arkhe point (Preparation and Combat)", 0.03},
    {"ready", "a ready piece on a Realm in Combat (it may still act)", 0.1},
    {"extraction", "a Quintessence a Unit on a Realm would extract, before Harvest", 0.75},
    {"extraction_health", "... times its health left (up to 5), before Harvest", 0.03},
    {"extraction_harvest", "a Quintessence a Unit on a Realm extracts, at Harvest", 1.0},
    {"safe_zone", "a Unit in the Safe Zone (to be deployed)", 0.55},
    {"safe_zone_soul", "a point of Soul of a Unit in the Safe Zone", 0.15},
    {"realm", "a Quintessence of a Realm, times the chance of winning it by Soul", 1.0},
    {"scale", "the lead in Quintessence that maps to tanh(1) (not a feature)", 8.0},
};

/* What the evaluation adds up: each seat's value and, when tuning, each seat's features (the
 * counts each weight multiplies). */
typedef struct eval_sum {
    const double *w;
    double v[ARK_SEATS];
    double (*f)[ARK_EVW_COUNT]; /* NULL: the value alone */
} eval_sum;

static void eval_feature(eval_sum *sum, int s, int i, double x)
{
    if (sum->f)
        sum->f[s][i] += x;
}

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

/* Willpower in Quintessence-equivalents: each point is worth the same, and the last points more
 * (a Seeker at 0 loses at once). */
static double eval_willpower(eval_sum *sum, int s, int wp)
{
    const double *w = sum->w;
    double v = 0;
    for (int k = 1; k <= wp && k <= ARK_WILLPOWER; k++) {
        v += w[ARK_EVW_WILLPOWER] + (k < 6 ? w[ARK_EVW_WILLPOWER_LOW] * (6 - k) : 0.0);
        eval_feature(sum, s, ARK_EVW_WILLPOWER, 1);
        eval_feature(sum, s, ARK_EVW_WILLPOWER_LOW, k < 6 ? 6 - k : 0);
    }
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

/* A Unit (not the Seeker) of seat s on a Realm: what it will extract, sure at Harvest, likely
 * before (a sturdy Unit more so). */
static void eval_on_realm(const carta_rules *rules, const ark_state *st, int i, eval_sum *sum)
{
    const double *w = sum->w;
    const ark_piece *p = &st->pieces[i];
    int s = p->owner, left = ark_stat(rules, st, i, ARK_STAT_HEALTH) - p->wounds;
    int sturdy = left > 5 ? 5 : left;
    double q = eval_extraction(rules, st, i);
    if (st->phase == ARK_PHASE_HARVEST) {
        sum->v[s] += w[ARK_EVW_EXTRACTION_HARVEST] * q;
        eval_feature(sum, s, ARK_EVW_EXTRACTION_HARVEST, q);
        return;
    }
    sum->v[s] += (w[ARK_EVW_EXTRACTION] + w[ARK_EVW_EXTRACTION_HEALTH] * sturdy) * q;
    eval_feature(sum, s, ARK_EVW_EXTRACTION, q);
    eval_feature(sum, s, ARK_EVW_EXTRACTION_HEALTH, sturdy * q);
}

/* The pieces' part of every seat's value, and each Realm's Soul totals. */
static void eval_pieces(const carta_rules *rules, const ark_state *st, eval_sum *sum,
                        int soul[ARK_REALMS][ARK_SEATS], bool present[ARK_REALMS][ARK_SEATS])
{
    const double *w = sum->w;
    bool combat = st->phase == ARK_PHASE_COMBAT;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner >= st->n_seats)
            continue;
        int s = p->owner, s_soul = ark_stat(rules, st, i, ARK_STAT_SOUL);
        bool seeker = (p->flags & ARK_P_SEEKER) != 0;
        if (p->loc < ARK_REALMS) {
            soul[p->loc][s] += s_soul;
            present[p->loc][s] = true;
            if (combat && !(p->flags & ARK_P_EXHAUSTED)) {
                sum->v[s] += w[ARK_EVW_READY]; /* it may still Strike, Assist or Reposition */
                eval_feature(sum, s, ARK_EVW_READY, 1);
            }
            if (!seeker)
                eval_on_realm(rules, st, i, sum);
        } else if (!seeker) {
            /* in the Safe Zone: to be deployed, this Round (Preparation) or the next */
            sum->v[s] += w[ARK_EVW_SAFE_ZONE] + w[ARK_EVW_SAFE_ZONE_SOUL] * s_soul;
            eval_feature(sum, s, ARK_EVW_SAFE_ZONE, 1);
            eval_feature(sum, s, ARK_EVW_SAFE_ZONE_SOUL, s_soul);
        }
    }
}

/* Each seat's expected share of the Quintessence of the Realms still in play. */
static void eval_realms(const carta_rules *rules, const ark_state *st, eval_sum *sum,
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
            sum->v[s] += sum->w[ARK_EVW_REALM] * d->quintessence * p;
            eval_feature(sum, s, ARK_EVW_REALM, d->quintessence * p);
        }
    }
}

/* Everything else a seat holds: pool, Willpower, hand and Arkhé. */
static void eval_seat(const ark_state *st, int s, eval_sum *sum)
{
    const double *w = sum->w;
    const ark_seat *se = &st->seat[s];
    double v = w[ARK_EVW_QUINTESSENCE] * se->quintessence + eval_willpower(sum, s, se->willpower);
    v += w[ARK_EVW_HAND] * se->hand.n;
    eval_feature(sum, s, ARK_EVW_QUINTESSENCE, se->quintessence);
    eval_feature(sum, s, ARK_EVW_HAND, se->hand.n);
    if (st->phase == ARK_PHASE_PREPARATION || st->phase == ARK_PHASE_COMBAT) {
        v += w[ARK_EVW_ARKHE] * se->arkhe;
        eval_feature(sum, s, ARK_EVW_ARKHE, se->arkhe);
    }
    sum->v[s] += v;
}

/* Adds up every seat's value (and features); returns the live opponent of seat with the best
 * value, or -1 if none. */
static int eval_sum_up(const carta_rules *rules, const ark_state *st, int seat, eval_sum *sum)
{
    int soul[ARK_REALMS][ARK_SEATS] = {{0}};
    bool present[ARK_REALMS][ARK_SEATS] = {{false}};
    eval_pieces(rules, st, sum, soul, present);
    eval_realms(rules, st, sum, soul, present);
    int best = -1;
    for (int s = 0; s < st->n_seats; s++) {
        eval_seat(st, s, sum);
        if (s != seat && ark_alive(st, s) && (best < 0 || sum->v[s] > sum->v[best]))
            best = s;
    }
    return best;
}

double ark_evaluate_with(const carta_rules *rules, const double *w, const void *state, int seat)
{
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER) {
        if (st->winner >= 0)
            return st->winner == seat ? 1.0 : -1.0;
        return (st->tied & (1u << seat)) ? 0.0 : -1.0;
    }
    if (seat < 0 || seat >= st->n_seats || !ark_alive(st, seat))
        return -1.0;
    eval_sum sum = {.w = w};
    int best = eval_sum_up(rules, st, seat, &sum);
    if (best < 0)
        return 0.99;
    return 0.99 * tanh((sum.v[seat] - sum.v[best]) / w[ARK_EVW_SCALE]);
}

double ark_evaluate(const carta_rules *rules, const void *state, int seat)
{
    return ark_evaluate_with(rules, rules->eval_w, state, seat);
}

void ark_eval_features(const carta_rules *rules, const void *state, int seat, double *out)
{
    const ark_state *st = state;
    double f[ARK_SEATS][ARK_EVW_COUNT] = {{0}};
    eval_sum sum = {.w = rules->eval_w, .f = f};
    int best = 0 <= seat && seat < st->n_seats ? eval_sum_up(rules, st, seat, &sum) : -1;
    for (int i = 0; i < ARK_EVW_COUNT; i++)
        out[i] = best < 0 ? 0 : f[seat][i] - f[best][i];
    out[ARK_EVW_SCALE] = 0;
}
