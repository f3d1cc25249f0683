/* forced.c: forced movement (COMBAT, Forced Movement, Push/Pull, Carrying, Teleportation), bashing
 * (Bashing; Occupancy and Objects) and landing (Grounded & Airborne; Falling onto Occupied
 * Squares): moves that cost no move points and use no movement abilities. */
#include "games/archmajesty/archmajesty.h"

/* FORCED frame arguments: who moves, squares left, who forces it, the action kind (push, pull,
 * carry), the carried character (carry: the mover is the carrier), the op's squares (low byte;
 * above it the lingering areas set off by this movement, R148: 4 bits for the mover, 4 for the
 * carried), then the characters hit still to move. */
enum { F_MOVER = 0, F_LEFT, F_BY, F_MODE, F_CARRIED, F_COUNT, F_N_REST, F_REST };
enum { F_REST_CAP = CARTA_PENDING_ARGS - F_REST };
_Static_assert(1 + F_REST_CAP >= AM_FORCED_MAX, "the FORCED frame holds AM_FORCED_MAX movers");
_Static_assert(AM_LINGERS <= 4, "the FORCED frame holds 4 bits of lingering areas per mover");

static int forced_count(const carta_pending *f) { return (uint16_t)f->arg[F_COUNT] & 0xFF; }

/* Whether entering cell makes ch bash: a wall (an object, R15), an object on its layer (R92) or a
 * character on its layer other than but, on any square of a Large one's block (R122). */
static int forced_blocked(const am_state *st, int ch, int but, int cell)
{
    return !am_fits(st, ch, cell, st->ch[ch].flags & AM_C_AIRBORNE, but);
}

/* A mover is a character, or object k as AM_OBJECT_TARGET + k (R155): an object stands on the
 * ground layer, one square, and bashes into whatever occupies a square it is forced into. */
static int forced_is_object(int m) { return m >= AM_OBJECT_TARGET; }

static int forced_cell(const am_state *st, int m)
{
    return forced_is_object(m) ? st->obj[m - AM_OBJECT_TARGET].cell : st->ch[m].cell;
}

static int forced_large(const am_state *st, int m)
{
    return forced_is_object(m) ? 0 : st->ch[m].large;
}

static int forced_dir_ok(const am_state *st, const carta_pending *f, int d)
{
    int m = f->arg[F_MOVER], from = forced_cell(st, m), to = am_step(st, from, d);
    if (!am_block_on_map(st, forced_large(st, m), to))
        return 0;
    if (f->arg[F_MODE] == AM_A_CARRY) {
        int carried = f->arg[F_CARRIED];
        return am_block_on_map(st, st->ch[carried].large, am_step(st, st->ch[carried].cell, d));
    }
    int by = f->arg[F_BY], large = forced_large(st, m), by_cell = st->ch[by].cell;
    int further = f->arg[F_MODE] == AM_A_PUSH ? 1 : -1; /* R14: each square one further */
    return am_block_dist(to, large, by_cell, st->ch[by].large) ==
           am_block_dist(from, large, by_cell, st->ch[by].large) + further; /* R123 */
}

static int forced_dirs(const am_state *st, const carta_pending *f, carta_action *out)
{
    int n = 0;
    for (int d = 0; d < 8; d++)
        if (forced_dir_ok(st, f, d))
            out[n++] = AM_ACT(f->arg[F_MODE], d, f->arg[F_MOVER]);
    return n;
}

static int forced_word(int mode)
{
    return mode == AM_A_PUSH ? AM_W_PUSHED_TO : mode == AM_A_PULL ? AM_W_PULLED_TO
                                                                  : AM_W_CARRIED_TO;
}

/* A movement that ends on an occupied square ends on the nearest free one (R15). */
static void forced_settle_on(am_state *st, int ch, int mode)
{
    if (forced_is_object(ch)) /* an object never passes through: it bashes (R155) */
        return;
    int cell = st->ch[ch].cell;
    if (!forced_blocked(st, ch, -1, cell))
        return;
    int to = am_nearest_fit(st, ch, cell, st->ch[ch].flags & AM_C_AIRBORNE);
    if (to < 0)
        return;
    st->ch[ch].cell = (uint8_t)to;
    am_tell_at(st, ch, forced_word(mode));
}

/* The next character hit to move, or the frame's end; frames without a square to go pop. */
static void forced_next(am_state *st, carta_pending *f)
{
    carta_action buf[8];
    if (f->arg[F_LEFT] > 0 && forced_dirs(st, f, buf))
        return;
    forced_settle_on(st, f->arg[F_MOVER], f->arg[F_MODE]);
    if (f->arg[F_MODE] == AM_A_CARRY)
        forced_settle_on(st, f->arg[F_CARRIED], f->arg[F_MODE]);
    while (f->arg[F_N_REST] > 0) {
        int t = f->arg[F_REST + --f->arg[F_N_REST]];
        f->arg[f->arg[F_MODE] == AM_A_CARRY ? F_CARRIED : F_MOVER] = (int16_t)t;
        f->arg[F_LEFT] = (int16_t)forced_count(f);
        f->arg[F_COUNT] = (int16_t)forced_count(f); /* a new mover: no area set off yet */
        if (forced_dirs(st, f, buf))
            return;
    }
    carta_pending_pop(&st->pending);
}

/* ---- push, pull, carry ---- */

static void forced_start(am_state *st, int ch, const am_op *op, const uint8_t *hit, int n)
{
    int mode = op->kind == AM_OP_PUSH ? AM_A_PUSH : op->kind == AM_OP_PULL ? AM_A_PULL
                                                                            : AM_A_CARRY;
    if (mode == AM_A_CARRY)
        n = n > 1 ? 1 : n; /* one carried character (R60) */
    if (!n)
        return;
    carta_pending *f = carta_pending_push(&st->pending, AM_F_FORCED, am_seat_of(st, ch));
    f->arg[F_BY] = (int16_t)ch;
    f->arg[F_MODE] = (int16_t)mode;
    f->arg[F_COUNT] = f->arg[F_LEFT] = op->count;
    f->arg[F_MOVER] = (int16_t)(mode == AM_A_CARRY ? ch : hit[0]);
    f->arg[F_CARRIED] = (int16_t)(mode == AM_A_CARRY ? hit[0] : AM_NONE);
    for (int i = n - 1; i >= 1 && f->arg[F_N_REST] < F_REST_CAP; i--)
        f->arg[F_REST + f->arg[F_N_REST]++] = hit[i]; /* the first hit moves first */
    forced_next(st, f);
}

static void forced_move(am_state *st, int ch, int d, int mode)
{
    st->ch[ch].cell = (uint8_t)am_step(st, st->ch[ch].cell, d);
    am_tell_at(st, ch, forced_word(mode));
}

/* ch bashes into cell: "any movement effect they were subjected to immediately ends"; the next
 * character hit moves. */
static void forced_bash(am_state *st, carta_pending *f, int ch, int cell)
{
    cell = am_block_blocker(st, ch, cell, st->ch[ch].flags & AM_C_AIRBORNE); /* Large: R122 */
    am_tell(st, ch, AM_W_BASHES, cell % AM_W + 1, cell / AM_W + 1);
    f->arg[F_LEFT] = 0;
    forced_next(st, f);
}

/* ch forced one square from square from: the lingering areas it enters, each once per movement
 * (R148); shift places its bits in F_COUNT. */
static int forced_entering(const am_state *st, carta_pending *f, int ch, int from, int shift)
{
    unsigned bits = (uint16_t)f->arg[F_COUNT];
    int mask = am_linger_entering(st, ch, from, (int)(bits >> shift & 15));
    f->arg[F_COUNT] = (int16_t)(uint16_t)(bits | (unsigned)mask << shift);
    return mask;
}

/* One square of f in direction d, the bash already decided against; a lingering area entered
 * attacks once the frame has moved on (R148). */
static void forced_step_done(am_state *st, carta_pending *f, int d)
{
    int m = f->arg[F_MOVER], carried = f->arg[F_MODE] == AM_A_CARRY ? f->arg[F_CARRIED] : -1;
    int from_m = st->ch[m].cell, from_c = carried >= 0 ? st->ch[carried].cell : 0, caught_c = 0;
    if (carried >= 0) {
        forced_move(st, carried, d, AM_A_CARRY);
        caught_c = forced_entering(st, f, carried, from_c, 12);
    }
    forced_move(st, m, d, f->arg[F_MODE]);
    int caught_m = forced_entering(st, f, m, from_m, 8);
    f->arg[F_LEFT]--;
    forced_next(st, f);
    am_linger_spring(st, m, caught_m);
    if (carried >= 0)
        am_linger_spring(st, carried, caught_c);
}

/* Bashing: "If you or an ally forces you to move, you can choose whether or not you bash". */
static void forced_ask_bash(am_state *st, int ch, int d)
{
    carta_pending *b = carta_pending_push(&st->pending, AM_F_BASH, am_seat_of(st, ch));
    b->arg[0] = (int16_t)ch;
    b->arg[1] = (int16_t)d;
}

/* An object's step (R155): into an occupied square it bashes, "treated as an enemy character"
 * (Occupancy and Objects): the movement ends, and nothing else (Bashing). */
static void forced_object_step(am_state *st, carta_pending *f, int d)
{
    int k = f->arg[F_MOVER] - AM_OBJECT_TARGET, seat = am_seat_of(st, f->arg[F_BY]);
    int to = am_step(st, st->obj[k].cell, d);
    int bashes = !am_object_free(st, to);
    if (bashes)
        f->arg[F_LEFT] = 0;
    else
        am_object_move(st, k, to);
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, st->obj[k].def, CARTA_SEEN_ALL, -1,
                    bashes ? AM_W_OBJECT_BASHES : f->arg[F_MODE] == AM_A_PUSH
                                                      ? AM_W_OBJECT_PUSHED : AM_W_OBJECT_PULLED,
                    to % AM_W + 1, to / AM_W + 1);
    if (!bashes)
        f->arg[F_LEFT]--;
    forced_next(st, f);
}

static void forced_step(am_state *st, carta_pending *f, int d)
{
    int m = f->arg[F_MOVER], by = f->arg[F_BY], carried = f->arg[F_CARRIED];
    if (forced_is_object(m)) {
        forced_object_step(st, f, d);
        return;
    }
    if (f->arg[F_MODE] == AM_A_CARRY) {
        int to = am_step(st, st->ch[carried].cell, d);
        if (forced_blocked(st, carried, m, to)) { /* Carrying: it ends for each one involved */
            forced_bash(st, f, carried, to);
            return;
        }
    }
    int to = am_step(st, st->ch[m].cell, d);
    if (!forced_blocked(st, m, f->arg[F_MODE] == AM_A_CARRY ? carried : -1, to)) {
        forced_step_done(st, f, d);
        return;
    }
    if (st->ch[m].side == st->ch[by].side)
        forced_ask_bash(st, m, d);
    else
        forced_bash(st, f, m, to);
}

void am_forced_object(am_state *st, int ch, int k, int op_kind, int squares)
{
    carta_pending *f = carta_pending_push(&st->pending, AM_F_FORCED, am_seat_of(st, ch));
    f->arg[F_BY] = (int16_t)ch;
    f->arg[F_MODE] = (int16_t)(op_kind == AM_OP_PUSH_OBJECT ? AM_A_PUSH : AM_A_PULL);
    f->arg[F_COUNT] = f->arg[F_LEFT] = (int16_t)squares;
    f->arg[F_MOVER] = (int16_t)(AM_OBJECT_TARGET + k);
    f->arg[F_CARRIED] = AM_NONE;
    forced_next(st, f);
}

/* ---- teleport, airborne, grounded ---- */

static int forced_free(const am_state *st, int ch, int cell)
{
    return !forced_blocked(st, ch, -1, cell);
}

static int forced_teleports(const am_state *st, const carta_pending *f, carta_action *out)
{
    int ch = f->arg[0], from = st->ch[ch].cell, n = 0;
    for (int c = 0; c < AM_CELLS; c++)
        if (c != from && am_dist(c, from) <= f->arg[1] && forced_free(st, ch, c))
            out[n++] = AM_ACT(AM_A_TELEPORT, c, 0);
    return n;
}

/* The free ground squares nearest ch's square (Falling onto Occupied Squares). */
static int forced_landings(const am_state *st, int ch, carta_action *out)
{
    int from = st->ch[ch].cell;
    for (int d = 1; d < AM_W; d++) {
        int n = 0;
        for (int c = 0; c < AM_CELLS; c++)
            if (am_dist(c, from) == d && am_fits(st, ch, c, 0, -1))
                out[n++] = AM_ACT(AM_A_LAND_AT, c, 0);
        if (n)
            return n;
    }
    return 0;
}

/* ch ceases to be airborne: on its square, or the nearest unoccupied one, a tie its choice. */
void am_land(am_state *st, int ch)
{
    carta_action buf[AM_CELLS];
    am_char *c = &st->ch[ch];
    int n = !am_fits(st, ch, c->cell, 0, -1) /* a character, or an object (R92) */
                ? forced_landings(st, ch, buf)
                : 0;
    if (n > 1) { /* airborne until the square is chosen */
        carta_pending *f = carta_pending_push(&st->pending, AM_F_LAND_AT, am_seat_of(st, ch));
        f->arg[0] = (int16_t)ch;
        return;
    }
    c->flags &= (uint8_t)~(AM_C_AIRBORNE | AM_C_FORCED_AIR);
    if (n == 1)
        c->cell = (uint8_t)AM_A(buf[0]);
    am_tell_at(st, ch, AM_W_LANDED_AT);
}

/* ch becomes airborne unless someone is airborne over its square; forced by an enemy: R38. */
static void forced_lift(am_state *st, int ch, int by)
{
    am_char *c = &st->ch[ch];
    if ((c->flags & AM_C_AIRBORNE) || !am_fits(st, ch, c->cell, 1, -1))
        return;
    c->flags |= AM_C_AIRBORNE;
    if (st->ch[by].side != c->side)
        c->flags |= AM_C_FORCED_AIR;
    am_tell(st, ch, AM_W_AIRBORNE, 0, 0);
}

static void forced_self(am_state *st, int ch, const am_op *op)
{
    am_char *c = &st->ch[ch];
    if (op->kind == AM_OP_TELEPORT) {
        carta_pending *f = carta_pending_push(&st->pending, AM_F_TELEPORT, am_seat_of(st, ch));
        f->arg[0] = (int16_t)ch;
        f->arg[1] = op->count;
        carta_action buf[AM_CELLS];
        if (!forced_teleports(st, f, buf))
            carta_pending_pop(&st->pending);
    } else if (op->kind == AM_OP_GROUNDED) {
        if (c->flags & AM_C_AIRBORNE)
            am_land(st, ch);
    } else {
        forced_lift(st, ch, ch);
    }
}

void am_forced_op(am_state *st, int ch, int attack, const am_op *op)
{
    if (op->kind == AM_OP_TELEPORT || op->kind == AM_OP_AIRBORNE || op->kind == AM_OP_GROUNDED) {
        forced_self(st, ch, op);
        return;
    }
    if (attack < 0)
        return; /* its attack had no target */
    const am_attack *a = &st->attack[attack];
    uint8_t hit[AM_TARGETS];
    int n = 0;
    for (int i = 0; i < a->n; i++) {
        int t = a->roll[i].target;
        int on = op->on == AM_ON_MISS ? !(a->roll[i].flags & AM_R_HIT)
                                      : (a->roll[i].flags & AM_R_HIT) != 0;
        if (on && !(a->roll[i].flags & AM_R_GONE) && !(st->ch[t].flags & AM_C_GONE))
            hit[n++] = (uint8_t)t;
    }
    if (op->kind == AM_OP_LIFT)
        for (int i = 0; i < n; i++)
            forced_lift(st, hit[i], ch);
    else
        forced_start(st, ch, op, hit, n);
}

/* ---- landing at the round's end (R38) ---- */

int am_landing_ask(am_state *st)
{
    for (int i = 0; i < st->n_chars; i++) {
        am_char *c = &st->ch[i];
        if (!(c->flags & AM_C_AIRBORNE) ||
            (c->flags & (AM_C_KO | AM_C_GONE | AM_C_FORCED_AIR | AM_C_LAND_ASKED)))
            continue;
        c->flags |= AM_C_LAND_ASKED;
        carta_pending *f = carta_pending_push(&st->pending, AM_F_LAND, am_seat_of(st, i));
        f->arg[0] = (int16_t)i;
        return 1;
    }
    return 0;
}

void am_landing_reset(am_state *st)
{
    for (int i = 0; i < st->n_chars; i++)
        st->ch[i].flags &= (uint8_t)~(AM_C_FORCED_AIR | AM_C_LAND_ASKED);
}

int am_forced_passing(const am_state *st, int ch)
{
    for (int i = 0; i < st->pending.n; i++)
        if (st->pending.frame[i].kind == AM_F_FORCED && st->pending.frame[i].arg[F_MOVER] == ch)
            return 1;
    return 0;
}

/* ---- decisions ---- */

int am_forced_actions(const am_state *st, const carta_pending *f, carta_action *out)
{
    switch (f->kind) {
    case AM_F_FORCED: return forced_dirs(st, f, out);
    case AM_F_BASH:
        out[0] = AM_ACT(AM_A_BASH, f->arg[1], f->arg[0]);
        out[1] = AM_ACT(AM_A_NO_BASH, f->arg[1], f->arg[0]);
        return 2;
    case AM_F_TELEPORT: return forced_teleports(st, f, out);
    case AM_F_LAND:
        out[0] = AM_ACT(AM_A_LAND, 0, f->arg[0]);
        out[1] = AM_ACT(AM_A_STAY_AIRBORNE, 0, f->arg[0]);
        return 2;
    default: return forced_landings(st, f->arg[0], out); /* AM_F_LAND_AT */
    }
}

void am_forced_apply(am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0];
    switch (AM_KIND(a)) {
    case AM_A_PUSH: case AM_A_PULL: case AM_A_CARRY:
        forced_step(st, f, AM_A(a));
        return;
    case AM_A_BASH: {
        int cell = am_step(st, st->ch[ch].cell, AM_A(a));
        carta_pending_pop(&st->pending);
        forced_bash(st, carta_pending_top(&st->pending), ch, cell);
        return;
    }
    case AM_A_NO_BASH:
        carta_pending_pop(&st->pending);
        am_tell(st, ch, AM_W_PASSES_THROUGH, 0, 0);
        forced_step_done(st, carta_pending_top(&st->pending), AM_A(a));
        return;
    case AM_A_TELEPORT: {
        int from = st->ch[ch].cell;
        carta_pending_pop(&st->pending);
        st->ch[ch].cell = (uint8_t)AM_A(a);
        am_tell_at(st, ch, AM_W_TELEPORTED_TO);
        am_linger_entered(st, ch, from); /* R148 */
        return;
    }
    case AM_A_LAND:
        carta_pending_pop(&st->pending);
        am_land(st, ch);
        return;
    case AM_A_STAY_AIRBORNE:
        carta_pending_pop(&st->pending);
        am_tell(st, ch, AM_W_STAYS_AIRBORNE, 0, 0);
        return;
    default: /* AM_A_LAND_AT */
        carta_pending_pop(&st->pending);
        st->ch[ch].flags &= (uint8_t)~(AM_C_AIRBORNE | AM_C_FORCED_AIR);
        st->ch[ch].cell = (uint8_t)AM_A(a);
        am_tell_at(st, ch, AM_W_LANDED_AT);
        return;
    }
}
