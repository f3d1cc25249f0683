/* expert.c: a scripted Archmajesty player (the "expert" AI kind; docs/ai.md, "Expert players")
 * for whichever seat it is given, a mage or the Gamemaster, from how good players of tactical
 * skirmishes play: focus fire (a character knocked out is worth far more than the same damage
 * spread), keep the mages standing (one knocked out is most of the battle lost), close in where
 * the fight is (the mages must beat every wave before the round limit; the enemies must reach
 * the mages), put negative statuses on the other side, keep cards in hand, and end a turn only
 * when nothing else gains. It reads only the seat's observation and looks one action ahead
 * (the decisions it leaves to the same seat settled: targets, squares, combo cards) on a
 * determinized copy, scored by its own tally below (not evaluate). */
#include "core/rng.h"
#include "core/settle.h"
#include "games/archmajesty/archmajesty.h"

#define EX_MAGE 12.0         /* a mage standing */
#define EX_MINION 3.0        /* an allied minion standing */
#define EX_ENEMY 4.0         /* an enemy standing, x its rank's weight */
#define EX_HP 1.0            /* a hit point (mages and enemies) */
#define EX_AP 0.5            /* an armour point */
#define EX_MINION_HP 0.5
#define EX_CARD 0.4          /* a card in a mage's hand */
#define EX_DECK 0.3          /* a card left in its deck (an empty deck fades the mage, R32) */
#define EX_STATUS_BAD 0.5    /* a negative status on the other side (or taken off one's own) */
#define EX_STATUS_GOOD 0.3   /* a positive status on one's own side */
#define EX_CLOCK 2.0         /* the rounds running out, per enemy standing (R57) */
#define EX_CLOSE_GM 0.3      /* the enemies: per square of mean distance to the mages */
#define EX_CLOSE_MAGES 0.15  /* the mages: the same, less (they fight from range too) */
#define EX_PRESS 0.5         /* the mages: each enemy hit point more (the clock is against them) */
#define EX_REST 0.05         /* ending a turn or passing: anything else must gain more */
#define EX_ACT 0.6           /* prior: an attack or a cast, the fight moving on */
#define EX_ADD 0.6           /* prior: a card added to a combo (a longer combo hits harder) */
#define EX_SETTLE_DEPTH 3
#define EX_SAMPLES 4         /* determinizations (and dice) each action is looked at in */
#define EX_TIE 1e-9

static const double ex_rank_weight[] = {0.6, 1.0, 1.3, 1.6, 2.0, 1.0};

static bool ex_standing(const am_char *c) { return !(c->flags & (AM_C_KO | AM_C_GONE)); }

/* The statuses on c: negative ones count against its side, positive ones for it. */
static double ex_statuses(const am_char *c)
{
    double v = 0;
    for (int s = 0; s < AM_STATUS; s++)
        if (c->status[s])
            v += AM_POSITIVE(s) ? EX_STATUS_GOOD : -EX_STATUS_BAD;
    return v;
}

/* What character i is worth to its side while it stands. */
static double ex_char(const am_state *st, int i)
{
    const am_char *c = &st->ch[i];
    if (!ex_standing(c))
        return 0.0;
    double v = ex_statuses(c);
    if (c->side == AM_ENEMIES)
        return v + (EX_ENEMY + EX_HP * c->hp + EX_AP * c->ap) *
                       ex_rank_weight[c->rank <= AM_PLAYER ? c->rank : AM_REGULAR];
    if (i < st->n_mages)
        return v + EX_MAGE + EX_HP * c->hp + EX_AP * c->ap;
    return v + EX_MINION + EX_MINION_HP * c->hp;
}

/* The mean distance from each character of side `from` standing to the nearest of the other. */
static double ex_distance(const am_state *st, int from)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < st->n_chars; i++) {
        if (st->ch[i].side != from || !ex_standing(&st->ch[i]))
            continue;
        int best = -1;
        for (int j = 0; j < st->n_chars; j++)
            if (st->ch[j].side != from && ex_standing(&st->ch[j])) {
                int d = am_dist(st->ch[i].cell, st->ch[j].cell);
                best = best < 0 || d < best ? d : best;
            }
        if (best >= 0) {
            sum += best;
            n++;
        }
    }
    return n ? sum / n : 0.0;
}

/* The tally for the mages' side: what stands on each side, the waves to come, the cards in
 * hand, the clock. */
static double ex_allies(const carta_rules *r, const am_state *st, int *enemies_standing)
{
    double v = 0;
    *enemies_standing = 0;
    for (int i = 0; i < st->n_chars; i++) {
        double c = ex_char(st, i);
        v += st->ch[i].side == AM_ALLIES ? c : -c;
        *enemies_standing += st->ch[i].side == AM_ENEMIES && ex_standing(&st->ch[i]);
    }
    const am_encounter *e = am_encounter_of(r, st->encounter);
    for (int w = st->next_wave; w < e->n_waves; w++)
        for (int k = 0; k < e->wave[w].n; k++) {
            v -= EX_ENEMY + EX_HP * am_enemy_of(r, e->wave[w].enemy[k])->hp;
            (*enemies_standing)++;
        }
    for (int m = 0; m < st->n_mages; m++)
        v += EX_CARD * st->mage[m].hand.n + EX_DECK * st->mage[m].deck.n;
    return v - EX_CLOCK * *enemies_standing * st->round / (double)st->round_limit;
}

/* The hit and armour points of the enemies standing. */
static double ex_enemy_hp(const am_state *st)
{
    double v = 0;
    for (int i = 0; i < st->n_chars; i++)
        if (st->ch[i].side == AM_ENEMIES && ex_standing(&st->ch[i]))
            v += st->ch[i].hp + EX_AP * st->ch[i].ap;
    return v;
}

static double ex_tally(const carta_rules *rules, const void *ctx, const void *state, int seat)
{
    (void)ctx;
    const am_state *st = state;
    int side = seat == am_gm_seat(st) ? AM_ENEMIES : AM_ALLIES, enemies;
    if (st->phase == AM_P_OVER)
        return st->winner == side ? 1000.0 : -1000.0;
    double v = ex_allies(rules, st, &enemies);
    if (side == AM_ALLIES)
        return v - EX_PRESS * ex_enemy_hp(st) - EX_CLOSE_MAGES * ex_distance(st, side);
    return -v - EX_CLOSE_GM * ex_distance(st, side);
}

/* The decisions an action leaves to the same seat (targets, squares, combo cards) are taken
 * its best way; another seat's answer is not guessed. */
static carta_settle_step ex_step(const carta_rules *rules, const void *state, int seat)
{
    const am_state *st = state;
    const carta_pending *f = carta_pending_peek(&st->pending);
    bool open = (f && am_frame_decides(f->kind)) || carta_window_is_open(&st->window);
    if (st->phase == AM_P_OVER || !open || am_to_act(rules, st) != seat)
        return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    return (carta_settle_step){.kind = CARTA_SETTLE_BEST, .decider = seat};
}

static bool ex_rests(const void *state, carta_action a)
{
    (void)state;
    int k = AM_KIND(a);
    return k == AM_A_END_TURN || k == AM_A_PASS;
}

static double ex_prior(const carta_rules *rules, const void *state, int seat, carta_action a,
                       double gain)
{
    (void)rules;
    (void)state;
    (void)seat;
    (void)gain;
    int k = AM_KIND(a);
    if (k == AM_A_ADD)
        return EX_ADD;
    return k == AM_A_ATTACK || k == AM_A_CAST ? EX_ACT : 0.0;
}

int am_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
              int n_legal, void *scratch, uint64_t seed)
{
    carta_settle settle = {
        .game = &carta_game_archmajesty, .rules = rules, .tally = ex_tally, .step = ex_step,
        .refused = -1e6, .scratch = (unsigned char *)scratch + sizeof(am_state),
        .rests = ex_rests, .rest_score = EX_REST, .prior = ex_prior};
    double sum[CARTA_MAX_ACTIONS] = {0}, score[CARTA_MAX_ACTIONS];
    for (int k = 0; k < EX_SAMPLES; k++) {
        carta_settle_scores(&settle, obs, seat, legal, n_legal, EX_SETTLE_DEPTH, scratch,
                            carta_mix64(seed + (uint64_t)k), score);
        for (int i = 0; i < n_legal; i++)
            sum[i] += score[i];
    }
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    return carta_rng_argmax(&rng, sum, n_legal, EX_TIE);
}
