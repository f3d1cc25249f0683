/* eval_features.c: the Leaders evaluation's weights (keys and compiled-in values; the file
 * data/leaders/ai/evaluation.yaml is read at open) and its features for carta tune: what each
 * weight multiplies in evaluate.c's sum, for a seat less its opponent, with the weights inside
 * a threat (a strike's value) held at the rules' own. docs/ai.md, "Evaluations as data". */
#include "games/leaders/leaders.h"

/* In "Leader health points x leader_hp" units (docs/ai.md, section "leaders"). */
const carta_eval_weight leaders_eval_table[LEADERS_EVW_COUNT] = {
    {"leader_hp", "a health point of the seat's Leader (victory is 0 health)", 3.0},
    {"unit", "a Unit on the board", 1.2},
    {"unit_hp", "a health point left on a Unit", 0.45},
    {"unit_dmg", "a point of a Unit's damage", 0.6},
    {"unit_act", "an action a turn of a Unit beyond the first", 0.4},
    {"advance", "a cell a Unit stands closer to the enemy Leader", 0.12},
    {"reach", "a point of damage a Unit could deal the enemy Leader after one move", 0.5},
    {"reach_unit", "... an enemy Unit (at most its health)", 0.15},
    {"face", "a Unit facing the enemy Leader (0.5 sideways)", 0.3},
    {"barracks", "a Unit still in the Barracks", 0.5},
    {"hand", "a card in hand (up to the hand limit)", 0.35},
    {"deck_empty", "an empty deck (the Leader loses 1 health a turn)", -2.0},
    {"threat_now", "a strike's value when the striker can act this turn (x1.5: twice)", 0.7},
    {"threat_later", "a strike's value when it strikes next turn (the enemy may answer)", 0.35},
    {"scale", "the difference of material that maps to 0.5 (not a feature)", 20.0},
};

/* A Unit of definition d with health hp, as features (ev_unit_value's terms), times sign. */
static void unit_features(const leaders_def *d, int hp, double sign, double *f)
{
    f[LEADERS_EVW_UNIT] += sign;
    if (!d)
        return;
    f[LEADERS_EVW_UNIT_HP] += sign * hp;
    f[LEADERS_EVW_UNIT_DMG] += sign * d->damage;
    f[LEADERS_EVW_UNIT_ACT] += sign * (d->actions > 1 ? d->actions - 1 : 0);
}

/* The seat p's terms of evaluate.c's ev_seat, times sign, added to f. */
static void seat_features(const carta_rules *rules, const leaders_state *st, int p, double sign,
                          double *f)
{
    const double *w = rules->eval_w;
    int el = leaders_leader_cell(st, 1 - p);
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        const leaders_def *d = ch->kind == LEADERS_NONE || ch->owner != p
                                   ? NULL : leaders_def_of(rules, ch->kind);
        if (!d)
            continue;
        double strike = leaders_ev_strike(w, rules, st, c, p, d);
        if (st->active == p && ch->acts > 0)
            f[LEADERS_EVW_THREAT_NOW] += sign * strike * (ch->acts > 1 ? 1.5 : 1.0);
        else
            f[LEADERS_EVW_THREAT_LATER] += sign * strike;
        if (ch->flags & LEADERS_C_LEADER) {
            f[LEADERS_EVW_LEADER_HP] += sign * ch->health;
            continue;
        }
        unit_features(d, ch->health, sign, f);
        /* ev_reach at reach = reach_unit = 1 would mix the two: each apart */
        double reach_w[LEADERS_EVW_COUNT] = {0};
        reach_w[LEADERS_EVW_REACH] = 1;
        f[LEADERS_EVW_REACH] += sign * leaders_ev_reach(reach_w, st, c, p, d);
        reach_w[LEADERS_EVW_REACH] = 0;
        reach_w[LEADERS_EVW_REACH_UNIT] = 1;
        f[LEADERS_EVW_REACH_UNIT] += sign * leaders_ev_reach(reach_w, st, c, p, d);
        if (el >= 0) {
            f[LEADERS_EVW_ADVANCE] += sign * (5 - leaders_ev_dist(c, el));
            f[LEADERS_EVW_FACE] += sign * leaders_ev_facing(c, ch->dir, el);
        }
    }
    const leaders_seat *s = &st->seat[p];
    int hand = s->hand.n < LEADERS_HAND_LIMIT ? s->hand.n : LEADERS_HAND_LIMIT;
    f[LEADERS_EVW_BARRACKS] += sign * s->n_barracks;
    f[LEADERS_EVW_HAND] += sign * hand;
    f[LEADERS_EVW_DECK_EMPTY] += sign * (s->deck.n == 0);
}

/* The features of the state as it stands (evaluate.c settles open decisions first; tuning
 * samples the state before each decision, as it is). */
void leaders_eval_features(const carta_rules *rules, const void *state, int seat, double *out)
{
    const leaders_state *st = state;
    for (int i = 0; i < LEADERS_EVW_COUNT; i++)
        out[i] = 0;
    if (st->phase == LEADERS_PHASE_OVER)
        return;
    seat_features(rules, st, seat, 1, out);
    seat_features(rules, st, 1 - seat, -1, out);
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top && top->kind == LEADERS_FR_SUMMON_CELL) { /* the Unit being summoned counts */
        const leaders_def *ud = leaders_def_of(rules, top->arg[0]);
        double sign = top->seat == seat ? 1 : -1;
        unit_features(ud, ud ? ud->health : 0, sign, out);
        out[LEADERS_EVW_BARRACKS] -= sign;
    }
}
