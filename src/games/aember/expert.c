/* expert.c: a scripted Æmber player (the "expert" AI kind; docs/ai.md, "Expert players"), from
 * how good KeyForge players play: choose the house with the most to do (cards to play, creatures
 * and artifacts to use), keep Æmber flowing toward a key (forge pressure), play every card of the
 * house, reap before fighting when ahead and fight when a fight is a good trade, and end the turn
 * only when nothing useful is left. It reads only the seat's observation; where an action's
 * result matters (a fight, a card's effect, a target) it looks one step ahead on a determinized
 * copy, scored by its own tally below (not evaluate). */
#include <string.h>

#include "core/settle.h"
#include "games/aember/aember.h"

/* The expert's tally, in Æmber: a forged key is worth a full key's cost and more. */
#define EX_KEY 9.0           /* a forged key */
#define EX_AEMBER 1.0        /* Æmber in the pool, up to the next key's cost */
#define EX_AEMBER_EXTRA 0.4  /* Æmber beyond it (a second key needs a whole turn more) */
#define EX_READY_KEY 1.5     /* enough Æmber to forge at the start of the next turn */
#define EX_CREATURE 1.4      /* a creature in the line */
#define EX_POWER 0.2         /* per point of its power left */
#define EX_CAPTURED 0.7      /* Æmber on a creature: its owner's opponent gets it back */
#define EX_ARTIFACT 0.7
#define EX_CHAIN 0.5
#define EX_SETTLE_DEPTH 2    /* own decisions an action leaves open that are settled first */

/* Priors added to an action's tally change, by kind (what players do first). */
#define EX_PLAY 3.0          /* play every card of the house: each brings its Æmber bonus */
#define EX_REAP_AHEAD 1.0    /* ahead: reap, keep the race */
#define EX_REAP_BEHIND 0.3   /* behind: a good fight first */
#define EX_FIGHT_GOOD 1.0    /* a fight that kills and survives */
#define EX_USE 0.5           /* an artifact's or creature's action */
#define EX_UNSTUN 0.6        /* removing a stun readies the creature for next turn */
#define EX_DISCARD (-0.8)    /* discarding a playable card only cycles it */
#define EX_TIE 1e-9

typedef struct ex_ctx {
    const carta_rules *rules;
    int seat;
    carta_rng rng;
} ex_ctx;

static double ex_side(const carta_rules *rules, const aember_state *st, int p)
{
    const aember_seat *s = &st->seat[p];
    int cost = aember_key_cost(rules, st, p);
    double v = EX_KEY * s->keys + EX_AEMBER * (s->aember < cost ? s->aember : cost);
    if (s->aember > cost)
        v += EX_AEMBER_EXTRA * (s->aember - cost);
    if (s->aember >= cost && s->keys < AEMBER_KEYS_TO_WIN)
        v += EX_READY_KEY;
    for (int i = 0; i < s->n_line; i++) {
        if (s->line[i].flags & AEMBER_F_DYING)
            continue;
        int left = aember_power(rules, st, p, i) - s->line[i].damage;
        v += EX_CREATURE + EX_POWER * (left > 0 ? left : 0) - EX_CAPTURED * s->line[i].aember;
    }
    return v + EX_ARTIFACT * s->n_artifacts - EX_CHAIN * s->chains;
}

/* The tally of st for seat: its side less the opponent's; a finished game is decisive. */
static double ex_tally(const carta_rules *rules, const void *ctx, const void *state, int seat)
{
    (void)ctx;
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1000.0 : -1000.0;
    return ex_side(rules, st, seat) - ex_side(rules, st, !seat);
}

/* The decisions an action leaves open (a target, a "may", a fight's order) are taken the best
 * way for whoever takes them. */
static carta_settle_step ex_step(const carta_rules *rules, const void *state, int seat)
{
    (void)rules;
    (void)seat;
    const aember_state *st = state;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (!top || st->phase == AEMBER_PHASE_OVER)
        return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    return (carta_settle_step){.kind = CARTA_SETTLE_BEST, .decider = top->seat};
}

/* How much there is to do with house h: its cards in hand, its ready creatures and artifacts. */
static double ex_house_score(const carta_rules *rules, const aember_state *st, int p, int h)
{
    const aember_seat *s = &st->seat[p];
    double v = 0;
    for (int i = 0; i < s->hand.n; i++) {
        const aember_card_def *d = aember_def(rules, s->hand.cards[i]);
        if (d && d->house == h)
            v += 1.0 + 0.5 * d->aember;
    }
    for (int i = 0; i < s->n_line; i++) {
        const aember_card_def *d = aember_def(rules, s->line[i].card);
        if (d && d->house == h)
            v += (s->line[i].flags & AEMBER_F_STUNNED) ? 0.5 : 1.0;
    }
    for (int i = 0; i < s->n_artifacts; i++) {
        const aember_card_def *d = aember_def(rules, s->artifacts[i].card);
        if (d && d->house == h && (d->triggers & (1u << AEMBER_TRIG_ACTION)))
            v += 0.7;
    }
    return v;
}

/* Keep a hand with two or more cards of one house (something to play on the first turn). */
static bool ex_keep_hand(const carta_rules *rules, const aember_state *st, int p)
{
    const aember_seat *s = &st->seat[p];
    for (int h = 0; h < s->n_houses; h++) {
        int k = 0;
        for (int i = 0; i < s->hand.n; i++) {
            const aember_card_def *d = aember_def(rules, s->hand.cards[i]);
            k += d && d->house == s->houses[h];
        }
        if (k >= 2)
            return true;
    }
    return false;
}

/* Whether seat leads the race: keys first, then Æmber. */
static bool ex_ahead(const aember_state *st, int seat)
{
    const aember_seat *me = &st->seat[seat], *op = &st->seat[!seat];
    if (me->keys != op->keys)
        return me->keys > op->keys;
    return me->aember >= op->aember;
}

/* The prior of a main-phase action: what a good player does first, whatever it changes now. */
static double ex_prior(const aember_state *st, int seat, carta_action a, double gain)
{
    switch (AEMBER_ACT_KIND(a)) {
    case AEMBER_A_PLAY:
    case AEMBER_A_PLAY_UPGRADE: return EX_PLAY;
    case AEMBER_A_REAP: return ex_ahead(st, seat) ? EX_REAP_AHEAD : EX_REAP_BEHIND;
    case AEMBER_A_FIGHT: return gain > 0 ? EX_FIGHT_GOOD : 0.0;
    case AEMBER_A_ACTION:
    case AEMBER_A_OMNI: return EX_USE;
    case AEMBER_A_USE_STUNNED: return EX_UNSTUN;
    case AEMBER_A_DISCARD: return EX_DISCARD;
    default: return 0.0;
    }
}

/* Ending the turn in the main phase: what is left must be worth more than nothing. */
static bool ex_rests(const void *state, carta_action a)
{
    const aember_state *st = state;
    return !carta_pending_peek(&st->pending) && AEMBER_ACT_KIND(a) == AEMBER_A_END_TURN;
}

/* The main phase's priors; a decision an effect left open has none. */
static double ex_prior_of(const carta_rules *rules, const void *state, int seat, carta_action a,
                          double gain)
{
    (void)rules;
    const aember_state *st = state;
    return carta_pending_peek(&st->pending) ? 0.0 : ex_prior(st, seat, a, gain);
}

/* A choice outside the main phase's own moves: mulligan, house, archives. -1 if none. */
static int ex_rule_of_thumb(ex_ctx *x, const aember_state *st, const carta_action *legal, int n,
                            double *score)
{
    int kind = AEMBER_ACT_KIND(legal[0]);
    if (kind == AEMBER_A_KEEP || kind == AEMBER_A_MULLIGAN) {
        bool keep = ex_keep_hand(x->rules, st, x->seat);
        for (int i = 0; i < n; i++)
            if ((AEMBER_ACT_KIND(legal[i]) == AEMBER_A_KEEP) == keep)
                return i;
    }
    if (kind == AEMBER_A_TAKE_ARCHIVES)
        return 0; /* more cards to play */
    if (kind == AEMBER_A_HOUSE) {
        for (int i = 0; i < n; i++)
            score[i] = ex_house_score(x->rules, st, x->seat, AEMBER_ACT_A(legal[i]));
        return carta_rng_argmax(&x->rng, score, n, EX_TIE);
    }
    return -1;
}

int aember_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
                  int n_legal, void *scratch, uint64_t seed)
{
    ex_ctx x = {.rules = rules, .seat = seat};
    carta_rng_seed(&x.rng, seed);
    double score[CARTA_MAX_ACTIONS];
    int i = ex_rule_of_thumb(&x, obs, legal, n_legal, score);
    if (i >= 0)
        return i;
    carta_settle settle = {
        .game = &carta_game_aember, .rules = rules, .tally = ex_tally, .step = ex_step,
        .refused = -1e6, .scratch = (unsigned char *)scratch + sizeof(aember_state),
        .rests = ex_rests, .rest_score = 0.0, .prior = ex_prior_of};
    return carta_settle_choose(&settle, obs, seat, legal, n_legal, EX_SETTLE_DEPTH, scratch, seed);
}
