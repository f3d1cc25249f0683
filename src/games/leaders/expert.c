/* expert.c: a scripted Leaders player (the "expert" AI kind; docs/ai.md, "Expert players"), from
 * how good players of grid duels play: strike the enemy Leader whenever it can be struck, trade
 * up (kill the most valuable Unit in reach; a struck Character never strikes back), protect the
 * Leader (never leave it, nor a Unit, where the enemy can strike next turn when that can be
 * helped), and bring Units out of the Barracks. It reads only the seat's observation and looks
 * one action ahead (its follow-up decisions settled) on a determinized copy, scored by its own
 * tally below (not evaluate). */
#include <string.h>

#include "core/settle.h"
#include "games/leaders/leaders.h"

#define EX_LEADER_HP 4.0   /* a point of a Leader's health */
#define EX_UNIT 1.2        /* a Unit on the board */
#define EX_UNIT_HP 0.45    /* per health point left on it */
#define EX_UNIT_DMG 0.6    /* per point of its damage */
#define EX_BARRACKS 0.4    /* a Unit still in the Barracks */
#define EX_HAND 0.3        /* a card in hand, up to the hand limit */
#define EX_EXPOSED 1.0     /* share of what the enemy could strike next turn that is lost */
#define EX_THREAT 0.35     /* share of what the seat could strike next turn that is won */
#define EX_ADVANCE 0.15    /* per cell a Unit stands closer to the enemy Leader */
#define EX_FACING 0.3      /* a Unit facing the enemy Leader's half of the board */
#define EX_REST 0.05       /* ending the turn or passing: a move must be worth more */
#define EX_SETTLE_DEPTH 3  /* own follow-up decisions (cell, facing, Attack card) settled */
#define EX_FOLLOW 1        /* the seat's next action in the turn looked at too (move, strike) */

#define EX_HIT_LEADER 2.0  /* prior: an attack on the enemy Leader */
#define EX_SUMMON 0.8      /* prior: a Unit out of the Barracks */

/* The cells the Character on cell c could strike next turn: from where it stands or after one
 * move to an empty cell, facing as it does; a Leader only within its own field. */
static uint32_t ex_reach(const leaders_state *st, int c, const leaders_def *d)
{
    const leaders_char *ch = &st->board[c];
    uint32_t out = d->attack.reach[ch->dir][c];
    for (uint32_t m = d->move.reach[ch->dir][c]; m; m &= m - 1) {
        int to = __builtin_ctz(m);
        if (st->board[to].kind == LEADERS_NONE)
            out |= d->attack.reach[ch->dir][to];
    }
    if (ch->flags & LEADERS_C_LEADER)
        out &= ch->owner == 0 ? 0x7FFFu : 0x3FFF8000u;
    return out;
}

static double ex_unit_value(const leaders_def *d, int hp)
{
    return EX_UNIT + EX_UNIT_HP * hp + (d ? EX_UNIT_DMG * d->damage : 0.0);
}

/* The damage a strike of d's would deal a Character of definition td: with the Events in play
 * that add to it or prevent it. */
static int ex_damage(const carta_rules *rules, const leaders_state *st, int p,
                     const leaders_def *d, const leaders_def *td)
{
    return d->damage + leaders_event_mod(rules, st, LEADERS_OP_BONUS, p, d->cls) -
           leaders_event_mod(rules, st, LEADERS_OP_PREVENT, 1 - p, td ? td->cls : 0);
}

/* What p's Characters could take from the other seat next turn: for each enemy Character, the
 * most any one of p's strikers would deal it (its whole value if killed). */
static double ex_threats(const carta_rules *rules, const leaders_state *st, int p)
{
    int best[LEADERS_CELLS] = {0};
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        const leaders_def *d = ch->kind == LEADERS_NONE || ch->owner != p
                                   ? NULL : leaders_def_of(rules, ch->kind);
        if (!d || d->damage == 0)
            continue;
        for (uint32_t m = ex_reach(st, c, d); m; m &= m - 1) {
            int t = __builtin_ctz(m);
            const leaders_char *tc = &st->board[t];
            if (tc->kind == LEADERS_NONE || tc->owner == p)
                continue;
            int dmg = ex_damage(rules, st, p, d, leaders_def_of(rules, tc->kind));
            if (dmg > best[t])
                best[t] = dmg;
        }
    }
    double v = 0;
    for (int t = 0; t < LEADERS_CELLS; t++) {
        const leaders_char *tc = &st->board[t];
        if (!best[t])
            continue;
        int dmg = best[t] < tc->health ? best[t] : tc->health;
        if (tc->flags & LEADERS_C_LEADER)
            v += EX_LEADER_HP * dmg;
        else if (best[t] >= tc->health)
            v += ex_unit_value(leaders_def_of(rules, tc->kind), tc->health);
        else
            v += EX_UNIT_HP * dmg;
    }
    return v;
}

static int ex_dist(int a, int b)
{
    int dc = leaders_col(a) - leaders_col(b), dr = leaders_row(a) - leaders_row(b);
    dc = dc < 0 ? -dc : dc;
    dr = dr < 0 ? -dr : dr;
    return dc > dr ? dc : dr;
}

/* A Unit's pressure on the enemy Leader on cell el: how near it stands, whether it faces it. */
static double ex_pressure(const leaders_char *ch, int c, int el)
{
    if (el < 0)
        return 0.0;
    int forward = ch->owner == 0 ? LEADERS_NORTH : LEADERS_SOUTH;
    int dr = leaders_row(el) - leaders_row(c);
    double v = EX_ADVANCE * (5 - ex_dist(c, el));
    if (ch->dir == forward && dr != 0)
        v += EX_FACING;
    return v;
}

static double ex_side(const carta_rules *rules, const leaders_state *st, int p)
{
    int el = leaders_leader_cell(st, 1 - p);
    double v = 0;
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        if (ch->kind == LEADERS_NONE || ch->owner != p)
            continue;
        if (ch->flags & LEADERS_C_LEADER)
            v += EX_LEADER_HP * ch->health;
        else
            v += ex_unit_value(leaders_def_of(rules, ch->kind), ch->health) +
                 ex_pressure(ch, c, el);
    }
    const leaders_seat *s = &st->seat[p];
    int hand = s->hand.n < LEADERS_HAND_LIMIT ? s->hand.n : LEADERS_HAND_LIMIT;
    return v + EX_BARRACKS * s->n_barracks + EX_HAND * hand;
}

/* The tally for seat once its own turn's moves are made: material, less what the enemy could
 * strike next turn, plus a part of what seat could. */
static double ex_tally(const carta_rules *rules, const void *ctx, const void *state, int seat)
{
    (void)ctx;
    const leaders_state *st = state;
    if (st->phase == LEADERS_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1000.0 : -1000.0;
    return ex_side(rules, st, seat) - ex_side(rules, st, 1 - seat) -
           EX_EXPOSED * ex_threats(rules, st, 1 - seat) + EX_THREAT * ex_threats(rules, st, seat);
}

/* The decisions an action leaves open: seat's own taken the best way for it, the opponent's
 * answer window passed without a card. */
static carta_settle_step ex_step(const carta_rules *rules, const void *state, int seat)
{
    (void)rules;
    const leaders_state *st = state;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (!top || st->phase == LEADERS_PHASE_OVER)
        return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    if (top->seat == seat)
        return (carta_settle_step){.kind = CARTA_SETTLE_BEST, .decider = seat};
    if (top->kind == LEADERS_FR_ANSWER)
        return (carta_settle_step){.kind = CARTA_SETTLE_TAKE,
                                   .action = leaders_act(LEADERS_A_PASS, 0, 0, 0)};
    return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
}

/* The prior of an action: strike the Leader, bring Units out. */
static double ex_prior(const carta_rules *rules, const void *state, int seat, carta_action a,
                       double gain)
{
    (void)rules;
    (void)gain;
    const leaders_state *st = state;
    switch (leaders_akind(a)) {
    case LEADERS_A_ATTACK: {
        const leaders_char *t = &st->board[leaders_ab(a)];
        return t->owner != seat && (t->flags & LEADERS_C_LEADER) ? EX_HIT_LEADER : 0.0;
    }
    case LEADERS_A_SUMMON: return EX_SUMMON;
    default: return 0.0;
    }
}

/* Ending the turn or a Character's actions (a pass in an answer window is looked at like any
 * other answer: what the declared action then does). */
static bool ex_is_rest(const void *state, carta_action a)
{
    (void)state;
    int k = leaders_akind(a);
    return k == LEADERS_A_END || k == LEADERS_A_REST;
}

int leaders_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
                   int n_legal, void *scratch, uint64_t seed)
{
    carta_settle settle = {
        .game = &carta_game_leaders, .rules = rules, .tally = ex_tally, .step = ex_step,
        .refused = -1e6, .follow = EX_FOLLOW, .follow_depth = EX_SETTLE_DEPTH,
        .scratch = (unsigned char *)scratch + sizeof(leaders_state),
        .rests = ex_is_rest, .rest_score = EX_REST, .prior = ex_prior};
    return carta_settle_choose(&settle, obs, seat, legal, n_legal, EX_SETTLE_DEPTH, scratch, seed);
}
