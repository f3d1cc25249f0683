/* expert.c: a scripted Arkhtide player (the "expert" AI kind; docs/ai.md, "Expert players"),
 * from how good players of such skirmish games play: pick and contest the richest Realms (deploy
 * and move Units where the most Quintessence is to be won and the Soul race is still open), keep
 * the Seeker's Willpower out of danger (a Seeker at 0 loses the game at once), trade blows only
 * when they pay, and pass when nothing useful is left. It reads only the seat's observation; an
 * action's result (a Strike, an ability, a Shield) is looked at one step ahead on a determinized
 * copy, scored by its own tally below (not evaluate). */
#include <string.h>

#include "core/settle.h"
#include "games/arkhtide/arkhtide.h"

#define EX_WILLPOWER 0.35     /* per point of the Seeker's Willpower */
#define EX_WP_DANGER 6        /* below this the Seeker is in danger ... */
#define EX_WP_DANGER_COST 0.6 /* ... and each point short costs this much more */
#define EX_LEAD 0.9           /* share of a Realm's Quintessence counted when leading its Soul */
#define EX_LEAD_MARGIN 0.05   /* ... and a little more per Soul of margin, up to 3 */
#define EX_ON_REALM 0.8       /* a Unit on a Realm, to be extracted for 1 Quintessence */
#define EX_CRITICAL 0.1       /* ... Critically Wounded: it dies instead */
#define EX_SAFE 0.4           /* a Unit in the Safe Zone */
#define EX_HAND 0.12
#define EX_SETTLE_DEPTH 2

/* Priors of a Turn's action: where a good player sends its forces. */
#define EX_RICH 0.1          /* deploy or move to a Realm: x its Quintessence */
#define EX_OPEN 0.2           /* ... where the seat does not lead the Soul yet */
#define EX_PICK_RICH 0.2      /* a Realm picked: x its Quintessence */
#define EX_SEEKER_EXPOSED 0.8 /* the Seeker sent where enemies stand, Willpower in danger */

static bool ex_on_realm(const ark_piece *p) { return p->loc < ARK_REALMS; }

/* Soul of seat on Realm slot r (-1 when it has nothing there). */
static int ex_soul(const carta_rules *rules, const ark_state *st, int seat, int r)
{
    int soul = -1;
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].owner == seat && st->pieces[i].loc == r)
            soul = (soul < 0 ? 0 : soul) + ark_stat(rules, st, i, ARK_STAT_SOUL);
    return soul;
}

/* The Soul margin of seat on Realm r over the best other seat (-99 when absent). */
static int ex_margin(const carta_rules *rules, const ark_state *st, int seat, int r)
{
    int mine = ex_soul(rules, st, seat, r), best = -1;
    if (mine < 0)
        return -99;
    for (int o = 0; o < st->n_seats; o++) {
        int s = o != seat && ark_alive(st, o) ? ex_soul(rules, st, o, r) : -1;
        if (s > best)
            best = s;
    }
    return mine - best;
}

static int ex_realm_value(const carta_rules *rules, const ark_state *st, int r)
{
    const ark_card_def *d = st->realms[r].card == ARK_NO_CARD ? NULL
                                                              : ark_def(rules, st->realms[r].card);
    return d ? d->quintessence : 0;
}

static double ex_side(const carta_rules *rules, const ark_state *st, int s)
{
    const ark_seat *se = &st->seat[s];
    double v = se->quintessence + EX_WILLPOWER * se->willpower + EX_HAND * se->hand.n;
    if (se->willpower < EX_WP_DANGER)
        v -= EX_WP_DANGER_COST * (EX_WP_DANGER - se->willpower);
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != s || (p->flags & ARK_P_SEEKER))
            continue;
        if (!ex_on_realm(p))
            v += EX_SAFE;
        else
            v += ark_critically_wounded(rules, st, i) ? EX_CRITICAL : EX_ON_REALM;
    }
    for (int r = 0; r < ARK_REALMS; r++) {
        int q = ex_realm_value(rules, st, r), m = ex_margin(rules, st, s, r);
        if (q == 0 || m <= 0)
            continue;
        if (st->phase == ARK_PHASE_HARVEST && !(st->harvest_left & (1u << r)))
            continue;
        v += q * (EX_LEAD + EX_LEAD_MARGIN * (m < 3 ? m : 3));
    }
    return v;
}

/* The tally for seat: its side less the strongest other seat's; a finished game is decisive. */
static double ex_tally(const carta_rules *rules, const void *ctx, const void *state, int seat)
{
    (void)ctx;
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER) {
        if (st->winner >= 0)
            return st->winner == seat ? 1000.0 : -1000.0;
        return (st->tied & (1u << seat)) ? 0.0 : -1000.0;
    }
    if (!ark_alive(st, seat))
        return -1000.0;
    double best = -1e9;
    for (int s = 0; s < st->n_seats; s++)
        if (s != seat && ark_alive(st, s)) {
            double v = ex_side(rules, st, s);
            best = v > best ? v : best;
        }
    return ex_side(rules, st, seat) - (best < -1e8 ? 0.0 : best);
}

/* The decisions an action leaves open to seat are taken its best way; another seat's answer is
 * not guessed. */
static carta_settle_step ex_step(const carta_rules *rules, const void *state, int seat)
{
    const ark_state *st = state;
    if (!carta_pending_peek(&st->pending) || st->phase == ARK_PHASE_OVER ||
        ark_to_act(rules, st) != seat)
        return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    return (carta_settle_step){.kind = CARTA_SETTLE_BEST, .decider = seat};
}

/* Whether enemies of seat stand on Realm r. */
static bool ex_enemies_on(const ark_state *st, int seat, int r)
{
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].owner != seat && st->pieces[i].loc == r)
            return true;
    return false;
}

/* Where a Turn's action sends a piece or a Unit (a Realm slot), -1 if nowhere. */
static int ex_destination(carta_action a)
{
    int k = ARK_ACT_KIND(a), b = ARK_ACT_B(a);
    if ((k == ARK_A_UNIT || k == ARK_A_MOVE || k == ARK_A_REPOSITION) && b < ARK_REALMS)
        return b;
    return -1;
}

/* The prior of an action: contest the richest open Realms, keep the Seeker safe. */
static double ex_prior(const carta_rules *rules, const void *state, int seat, carta_action a,
                       double gain)
{
    (void)gain;
    const ark_state *st = state;
    if (ARK_ACT_KIND(a) == ARK_A_PICK) {
        const ark_seat *se = &st->seat[seat];
        int i = ARK_ACT_A(a);
        const ark_card_def *d = i < se->look.n ? ark_def(rules, se->look.cards[i]) : NULL;
        return d ? EX_PICK_RICH * d->quintessence : 0.0;
    }
    int r = ex_destination(a);
    if (r < 0)
        return 0.0;
    double v = EX_RICH * ex_realm_value(rules, st, r);
    if (ex_margin(rules, st, seat, r) <= 0)
        v += EX_OPEN;
    int k = ARK_ACT_KIND(a), pi = ARK_ACT_A(a);
    bool seeker = k != ARK_A_UNIT && pi < st->n_pieces && (st->pieces[pi].flags & ARK_P_SEEKER);
    if (seeker && st->seat[seat].willpower < EX_WP_DANGER && ex_enemies_on(st, seat, r))
        v -= EX_SEEKER_EXPOSED * (EX_WP_DANGER - st->seat[seat].willpower);
    return v;
}

/* Actions that end a Turn or a decision doing nothing more. */
static bool ex_is_rest(const void *state, carta_action a)
{
    (void)state;
    int k = ARK_ACT_KIND(a);
    return k == ARK_A_END_TURN || k == ARK_A_PASS || k == ARK_A_PREPARED;
}

int ark_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
               int n_legal, void *scratch, uint64_t seed)
{
    carta_settle settle = {
        .game = &carta_game_arkhtide, .rules = rules, .tally = ex_tally, .step = ex_step,
        .refused = -1e6, .scratch = (unsigned char *)scratch + sizeof(ark_state),
        .rests = ex_is_rest, .rest_score = 0.0, .prior = ex_prior};
    return carta_settle_choose(&settle, obs, seat, legal, n_legal, EX_SETTLE_DEPTH, scratch, seed);
}
