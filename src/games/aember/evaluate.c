/* evaluate.c: a heuristic value of a state for a seat, in [-1, 1], for greedy play and search.
 * Its weights are data (data/aember/ai/evaluation.yaml, read at open; the table below holds the
 * compiled-in values); its features are what carta tune fits them on. */
#include "games/aember/aember.h"

#include "core/eval_weights.h"

/* The weights, in "Æmber-equivalents"; AEMBER_W_* index them (aember.h). Tuned by self-play
 * matches of greedy (docs/ai.md, "Tuning by matches"). */
const carta_eval_weight aember_eval_table[AEMBER_EVW_COUNT] = {
    {"key", "a forged key", 12.1},
    {"pool", "an Æmber in the pool, up to a key's cost", 0.867},
    {"pool_extra", "an Æmber beyond a key's cost", 0.414},
    {"creature", "a creature in the battle line", 0.979},
    {"power", "a point of a creature's power left (power less damage)", 0.169},
    {"captured_on_ours", "an Æmber captured on one's own creature (ours to lose)", -0.467},
    {"captured_on_theirs", "an Æmber captured on the opponent's creatures (may come back)", 0.392},
    {"artifact", "an artifact in play", 0.595},
    {"hand", "a card in hand", 0.0659},
    {"archives", "a card in archives", 0.0761},
    {"chains", "a chain", -0.247},
    {"house", "an Æmber the active house can still bring the active player this turn", 1.0},
    {"scale", "the difference of material that maps to 0.5 (not a feature)", 30.0},
};

/* The Æmber house h can bring s: the bonuses of its cards in hand and a reap of each of its
 * creatures still ready and not stunned. */
static int house_aember(const carta_rules *rules, const aember_seat *s, int h)
{
    int v = 0;
    for (int i = 0; i < s->hand.n; i++) {
        const aember_card_def *d = aember_def(rules, s->hand.cards[i]);
        if (d && d->house == h)
            v += d->aember;
    }
    unsigned idle = AEMBER_F_STUNNED | AEMBER_F_EXHAUSTED;
    for (int i = 0; i < s->n_line; i++) {
        const aember_card_def *d = aember_def(rules, s->line[i].card);
        v += d && d->house == h && !(s->line[i].flags & idle);
    }
    return v;
}

/* The Æmber the active house can still bring the active player this turn (0 for the other
 * player, and before the house is chosen): what ending the turn now would leave unused. */
static int house_potential(const carta_rules *rules, const aember_state *st, int p)
{
    if (p != st->active || st->phase < AEMBER_PHASE_ARCHIVES || st->phase == AEMBER_PHASE_OVER)
        return 0;
    return house_aember(rules, &st->seat[p], st->active_house);
}

/* A seat's terms, one per weight but the scale. */
static void seat_features(const carta_rules *rules, const aember_state *st, int p, double *f)
{
    const aember_seat *s = &st->seat[p];
    int cost = aember_key_cost(rules, st, p);
    f[AEMBER_EVW_KEY] = s->keys;
    f[AEMBER_EVW_POOL] = s->aember < cost ? s->aember : cost;
    f[AEMBER_EVW_POOL_EXTRA] = s->aember > cost ? s->aember - cost : 0;
    f[AEMBER_EVW_CREATURE] = s->n_line;
    f[AEMBER_EVW_POWER] = f[AEMBER_EVW_CAPTURED_OURS] = 0;
    for (int i = 0; i < s->n_line; i++) {
        int power = aember_power(rules, st, p, i) - s->line[i].damage;
        f[AEMBER_EVW_POWER] += power > 0 ? power : 0;
        f[AEMBER_EVW_CAPTURED_OURS] += s->line[i].aember;
    }
    f[AEMBER_EVW_CAPTURED_THEIRS] = 0;
    for (int i = 0; i < st->seat[!p].n_line; i++)
        f[AEMBER_EVW_CAPTURED_THEIRS] += st->seat[!p].line[i].aember;
    f[AEMBER_EVW_ARTIFACT] = s->n_artifacts;
    f[AEMBER_EVW_HAND] = s->hand.n;
    f[AEMBER_EVW_ARCHIVES] = s->archives.n;
    f[AEMBER_EVW_CHAINS] = s->chains;
    f[AEMBER_EVW_HOUSE] = house_potential(rules, st, p);
}

void aember_eval_features(const carta_rules *rules, const void *state, int seat, double *out)
{
    const aember_state *st = state;
    double mine[AEMBER_EVW_COUNT], theirs[AEMBER_EVW_COUNT];
    seat_features(rules, st, seat, mine);
    seat_features(rules, st, !seat, theirs);
    for (int i = 0; i < AEMBER_EVW_SCALE; i++)
        out[i] = mine[i] - theirs[i];
    out[AEMBER_EVW_SCALE] = 0;
}

double aember_evaluate_with(const carta_rules *rules, const double *w, const void *state,
                            int seat)
{
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double f[AEMBER_EVW_COUNT], d = 0;
    aember_eval_features(rules, st, seat, f);
    for (int i = 0; i < AEMBER_EVW_SCALE; i++)
        d += w[i] * f[i];
    double x = d / w[AEMBER_EVW_SCALE];
    return x / (1.0 + (x < 0 ? -x : x)) * 0.99; /* squash into (-1, 1), never a certain result */
}

double aember_evaluate(const carta_rules *rules, const void *state, int seat)
{
    return aember_evaluate_with(rules, rules->eval_w, state, seat);
}
