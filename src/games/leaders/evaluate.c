/* evaluate.c: a heuristic value of a state for a seat, in [-1, 1], for greedy play and search. */
#include "games/leaders/leaders.h"

#include "core/settle.h"

#include <string.h>

/* The weights are data (leaders_eval_table in eval_features.c: keys and compiled-in values,
 * docs/ai.md section "leaders"; data/leaders/ai/evaluation.yaml, read at open), w below. */
#define EV_LEADER_HP (w[LEADERS_EVW_LEADER_HP])
#define EV_UNIT_BASE (w[LEADERS_EVW_UNIT])
#define EV_UNIT_HP (w[LEADERS_EVW_UNIT_HP])
#define EV_UNIT_DMG (w[LEADERS_EVW_UNIT_DMG])
#define EV_UNIT_ACT (w[LEADERS_EVW_UNIT_ACT])
#define EV_ADVANCE (w[LEADERS_EVW_ADVANCE])
#define EV_REACH (w[LEADERS_EVW_REACH])
#define EV_REACH_UNIT (w[LEADERS_EVW_REACH_UNIT])
#define EV_FACE (w[LEADERS_EVW_FACE])
#define EV_BARRACKS (w[LEADERS_EVW_BARRACKS])
#define EV_HAND (w[LEADERS_EVW_HAND])
#define EV_DECK_EMPTY (-w[LEADERS_EVW_DECK_EMPTY])
#define EV_THREAT_NOW (w[LEADERS_EVW_THREAT_NOW])
#define EV_THREAT_LATER (w[LEADERS_EVW_THREAT_LATER])
#define EV_SCALE (w[LEADERS_EVW_SCALE])
#define EV_SETTLE_DEPTH 2    /* nested pending decisions settled before scoring */

static inline int ev_dist(int a, int b)
{
    int dc = leaders_col(a) - leaders_col(b), dr = leaders_row(a) - leaders_row(b);
    dc = dc < 0 ? -dc : dc;
    dr = dr < 0 ? -dr : dr;
    return dc > dr ? dc : dr;
}

/* The material value of a Unit of definition d with health hp (no position). */
static double ev_unit_value(const double *w, const leaders_def *d, int hp)
{
    if (!d)
        return EV_UNIT_BASE;
    return EV_UNIT_BASE + EV_UNIT_HP * hp + EV_UNIT_DMG * d->damage +
           EV_UNIT_ACT * (d->actions > 1 ? d->actions - 1 : 0);
}

/* What the Character on cell c (of seat p) would gain by striking the best target in its attack
 * pattern now: a Leader's health or a Unit's damage (all of it if killed). */
static inline double ev_strike(const double *w, const carta_rules *rules,
                               const leaders_state *st, int c, int p, const leaders_def *d)
{
    const leaders_char *ch = &st->board[c];
    uint32_t m = d->attack.reach[ch->dir][c];
    if (ch->flags & LEADERS_C_LEADER)
        m &= p == 0 ? 0x7FFFu : 0x3FFF8000u;
    double best = 0;
    for (; m; m &= m - 1) {
        int t = __builtin_ctz(m);
        const leaders_char *tc = &st->board[t];
        if (tc->kind == LEADERS_NONE || tc->owner == p)
            continue;
        const leaders_def *td = leaders_def_of(rules, tc->kind);
        int dmg = d->damage +
                  leaders_event_mod(rules, st, LEADERS_OP_BONUS, p, d->cls) -
                  leaders_event_mod(rules, st, LEADERS_OP_PREVENT, 1 - p, td ? td->cls : 0);
        if (dmg <= 0)
            continue;
        double v;
        if (tc->flags & LEADERS_C_LEADER)
            v = EV_LEADER_HP * (dmg < tc->health ? dmg : tc->health) * 1.2;
        else if (dmg >= tc->health)
            v = ev_unit_value(w, td, tc->health);
        else
            v = EV_UNIT_HP * dmg;
        if (v > best)
            best = v;
    }
    return best;
}

/* The cells the Unit on cell c could strike next turn: from where it stands or after one of its
 * moves to an empty cell, keeping its facing. */
static uint32_t ev_reach_mask(const leaders_state *st, int c, const leaders_def *d)
{
    const leaders_char *ch = &st->board[c];
    uint32_t out = d->attack.reach[ch->dir][c];
    for (uint32_t m = d->move.reach[ch->dir][c]; m; m &= m - 1) {
        int to = __builtin_ctz(m);
        if (st->board[to].kind == LEADERS_NONE)
            out |= d->attack.reach[ch->dir][to];
    }
    return out;
}

/* How well the Unit on cell c faces the enemy Leader on el: 1 straight at its row (or column
 * when level), 0.5 toward it sideways, 0 away. */
static inline double ev_facing(int c, int dir, int el)
{
    int dr = leaders_row(el) - leaders_row(c), dc = leaders_col(el) - leaders_col(c);
    int main_dir = dr > 0 ? LEADERS_NORTH : dr < 0 ? LEADERS_SOUTH
                 : dc > 0 ? LEADERS_EAST : LEADERS_WEST;
    if (dir == main_dir)
        return 1.0;
    if (dr != 0 && dc != 0 && dir == (dc > 0 ? LEADERS_EAST : LEADERS_WEST))
        return 0.5;
    return 0.0;
}

/* Next-turn threats of the Unit on cell c: the enemy Leader's health, and a little per enemy
 * Unit, that it could strike after one move. */
static inline double ev_reach(const double *w, const leaders_state *st, int c, int p,
                              const leaders_def *d)
{
    double v = 0;
    for (uint32_t m = ev_reach_mask(st, c, d); m; m &= m - 1) {
        const leaders_char *tc = &st->board[__builtin_ctz(m)];
        if (tc->kind == LEADERS_NONE || tc->owner == p)
            continue;
        if (tc->flags & LEADERS_C_LEADER)
            v += EV_REACH * d->damage;
        else
            v += EV_REACH_UNIT * (d->damage < tc->health ? d->damage : tc->health);
    }
    return v;
}

/* A seat's strength: Leader health dominates; then Units (material, advance toward the enemy
 * Leader, strikes they threaten), the Barracks, the hand and the deck. */
static double ev_seat(const double *w, const carta_rules *rules, const leaders_state *st, int p)
{
    int el = leaders_leader_cell(st, 1 - p);
    bool to_move = st->active == p;
    double v = 0;
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        if (ch->kind == LEADERS_NONE || ch->owner != p)
            continue;
        const leaders_def *d = leaders_def_of(rules, ch->kind);
        if (!d)
            continue;
        bool now = to_move && ch->acts > 0;
        double strike = ev_strike(w, rules, st, c, p, d);
        v += strike * (now ? EV_THREAT_NOW * (ch->acts > 1 ? 1.5 : 1.0) : EV_THREAT_LATER);
        if (ch->flags & LEADERS_C_LEADER) {
            v += EV_LEADER_HP * ch->health;
            continue;
        }
        v += ev_unit_value(w, d, ch->health) + ev_reach(w, st, c, p, d);
        if (el >= 0) {
            v += EV_ADVANCE * (5 - ev_dist(c, el));
            v += EV_FACE * ev_facing(c, ch->dir, el);
        }
    }
    const leaders_seat *s = &st->seat[p];
    int hand = s->hand.n < LEADERS_HAND_LIMIT ? s->hand.n : LEADERS_HAND_LIMIT;
    v += EV_BARRACKS * s->n_barracks + EV_HAND * hand;
    if (s->deck.n == 0)
        v -= EV_DECK_EMPTY;
    return v;
}

static double ev_squash(const double *w, double diff)
{
    double x = diff / EV_SCALE;
    return x / (1.0 + (x < 0 ? -x : x)) * 0.99;
}

static double ev_raw(const carta_rules *rules, const void *ctx, const void *state, int seat)
{
    const double *w = ctx;
    const leaders_state *st = state;
    if (st->phase == LEADERS_PHASE_OVER)
        return st->winner < 0 ? 0.0 : st->winner == seat ? 1.0 : -1.0;
    double d = ev_seat(w, rules, st, seat) - ev_seat(w, rules, st, 1 - seat);
    /* A Unit being summoned (its cell not chosen yet) counts as on the board. */
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top && top->kind == LEADERS_FR_SUMMON_CELL) {
        const leaders_def *ud = leaders_def_of(rules, top->arg[0]);
        double u = ev_unit_value(w, ud, ud ? ud->health : 0) - EV_BARRACKS;
        d += top->seat == seat ? u : -u;
    }
    return ev_squash(w, d);
}

static carta_settle_step ev_take(carta_action action)
{
    return (carta_settle_step){.kind = CARTA_SETTLE_TAKE, .action = action};
}

/* The decisions left open by the last action are settled the expected way: a declared action's
 * answer window passes, an attack goes without an Attack card, a summoned Unit faces the enemy,
 * a card's target is the best one for its player. */
static carta_settle_step ev_step(const carta_rules *rules, const void *state, int seat)
{
    (void)rules;
    (void)seat;
    const leaders_state *st = state;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (!top || st->phase == LEADERS_PHASE_OVER)
        return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    switch (top->kind) {
    case LEADERS_FR_ANSWER: return ev_take(leaders_act(LEADERS_A_PASS, 0, 0, 0));
    case LEADERS_FR_ATTACK_CARD: return ev_take(leaders_act(LEADERS_A_CARD, 0, 0, 0));
    case LEADERS_FR_SUMMON_DIR:
        return ev_take(leaders_act(LEADERS_A_FACE, top->seat == 0 ? LEADERS_NORTH : LEADERS_SOUTH,
                                   0, 0));
    case LEADERS_FR_TARGET:
        return (carta_settle_step){.kind = CARTA_SETTLE_BEST, .decider = top->seat};
    default: return (carta_settle_step){.kind = CARTA_SETTLE_STOP};
    }
}

double leaders_evaluate_with(const carta_rules *rules, const double *w, const void *state,
                             int seat)
{
    leaders_state scratch[EV_SETTLE_DEPTH + 1];
    carta_settle settle = {.game = &carta_game_leaders, .rules = rules, .tally = ev_raw, .ctx = w,
                           .step = ev_step, .refused = -2.0, .scratch = scratch};
    return carta_settle_state(&settle, state, seat, EV_SETTLE_DEPTH);
}

double leaders_evaluate(const carta_rules *rules, const void *state, int seat)
{
    return leaders_evaluate_with(rules, rules->eval_w, state, seat);
}

/* The parts above for eval_features.c (static inline above, so evaluate inlines them as
 * before: the wrappers alone cost Leaders' evaluate 6%). */
int leaders_ev_dist(int a, int b) { return ev_dist(a, b); }
double leaders_ev_facing(int c, int dir, int el) { return ev_facing(c, dir, el); }
double leaders_ev_strike(const double *w, const carta_rules *rules, const leaders_state *st,
                         int c, int p, const leaders_def *d)
{
    return ev_strike(w, rules, st, c, p, d);
}
double leaders_ev_reach(const double *w, const leaders_state *st, int c, int p,
                        const leaders_def *d)
{
    return ev_reach(w, st, c, p, d);
}
