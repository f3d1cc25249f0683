/* effects.c: card and ability steps, damage and destruction, battles with Conquering, and the
 * lasting modifiers of the top Event. */
#include "games/leaders/leaders.h"

#include <stdlib.h>
#include <string.h>

#include "core/assert.h"

void leaders_ctx_init(leaders_ctx *ctx, int seat)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->seat = seat;
    ctx->chosen = ctx->self = ctx->attacker = ctx->defender = ctx->actor = ctx->source = -1;
}

bool leaders_target_ok(const leaders_state *st, const leaders_target *t, int seat, int cell,
                       const carta_rules *rules)
{
    if (cell < 0 || cell >= LEADERS_CELLS)
        return false;
    const leaders_char *ch = &st->board[cell];
    if (ch->kind == LEADERS_NONE)
        return false;
    if ((t->side == LEADERS_SIDE_FRIENDLY && ch->owner != seat) ||
        (t->side == LEADERS_SIDE_ENEMY && ch->owner == seat))
        return false;
    bool leader = (ch->flags & LEADERS_C_LEADER) != 0;
    if ((t->what == LEADERS_WHAT_UNIT && leader) || (t->what == LEADERS_WHAT_LEADER && !leader))
        return false;
    if (t->cls != LEADERS_CLASS_ANY) {
        const leaders_def *d = leaders_def_of(rules, ch->kind);
        if (!d || d->cls != t->cls)
            return false;
    }
    return true;
}

static void effects_defeat(leaders_state *st, int loser)
{
    if (st->phase == LEADERS_PHASE_OVER) { /* both Leaders fell at once: a draw (ruling) */
        if (st->winner == loser) {
            st->winner = -1;
            leaders_tell_end(st);
        }
        return;
    }
    st->phase = LEADERS_PHASE_OVER;
    st->winner = (int8_t)(1 - loser);
    st->pending.n = 0;
    leaders_tell_end(st);
}

int leaders_damage(const carta_rules *rules, leaders_state *st, int cell, int n, int source,
                   int prevented)
{
    (void)rules;
    CARTA_ASSERT(cell >= 0 && cell < LEADERS_CELLS);
    if (cell < 0 || cell >= LEADERS_CELLS || n <= 0)
        return 0;
    leaders_char *ch = &st->board[cell];
    if (ch->kind == LEADERS_NONE)
        return 0;
    int dealt = n < ch->health ? n : ch->health;
    ch->health = (uint8_t)(ch->health - dealt);
    leaders_tell_damage(st, cell, n, source, prevented, dealt);
    if (ch->health > 0)
        return dealt;
    if (ch->flags & LEADERS_C_LEADER) {
        effects_defeat(st, ch->owner);
        return dealt;
    }
    leaders_seat *s = &st->seat[ch->owner];
    leaders_tell_destroyed(st, ch->owner, ch->kind, cell);
    if (s->n_graveyard < LEADERS_BARRACKS_MAX)
        s->graveyard[s->n_graveyard++] = ch->kind;
    memset(ch, 0, sizeof *ch);
    ch->kind = LEADERS_NONE;
    if (st->chain == cell)
        st->chain = -1;
    return dealt;
}

void leaders_heal(const carta_rules *rules, leaders_state *st, int cell, int n)
{
    leaders_char *ch = &st->board[cell];
    const leaders_def *d = leaders_def_of(rules, ch->kind);
    int before = ch->health, h = ch->health + n;
    ch->health = (uint8_t)(d && h > d->health ? d->health : h);
    leaders_tell_heal(st, cell, ch->health - before);
}

int leaders_event_mod(const carta_rules *rules, const leaders_state *st, int op, int seat, int cls)
{
    if (st->n_events == 0)
        return 0;
    uint16_t top = st->events[st->n_events - 1];
    int player = (top & LEADERS_EVENT_SEAT1) ? 1 : 0;
    const leaders_def *d = leaders_def_of(rules, top & ~LEADERS_EVENT_SEAT1);
    if (!d)
        return 0;
    int sum = 0;
    for (int i = 0; i < d->n_steps; i++) {
        const leaders_step *s = &d->steps[i];
        if (s->op != op)
            continue;
        bool who = s->who == LEADERS_WHO_BOTH || (s->who == LEADERS_WHO_YOU) == (seat == player);
        if (who && (s->cls == LEADERS_CLASS_ANY || s->cls == cls))
            sum += s->amount;
    }
    return sum;
}

static int effects_sign(int x) { return (x > 0) - (x < 0); }

/* Moves every ctx cell that pointed at from to to. */
static void effects_follow(leaders_state *st, leaders_ctx *ctx, int from, int to)
{
    int *cells[5] = {&ctx->chosen, &ctx->self, &ctx->attacker, &ctx->defender, &ctx->actor};
    for (int i = 0; i < 5; i++)
        if (*cells[i] == from)
            *cells[i] = to;
    if (st->chain == from)
        st->chain = (int8_t)to;
}

/* Pushes the Character on cell up to n cells away from source (or toward its owner's side). */
static void effects_push(leaders_state *st, leaders_ctx *ctx, int cell, int source, int n)
{
    int dc, dr;
    if (source >= 0 && source != cell) {
        dc = effects_sign(leaders_col(cell) - leaders_col(source));
        dr = effects_sign(leaders_row(cell) - leaders_row(source));
    } else {
        dc = 0;
        dr = st->board[cell].owner == 0 ? -1 : 1;
    }
    int start = cell;
    for (int i = 0; i < n; i++) {
        int col = leaders_col(cell) + dc, row = leaders_row(cell) + dr;
        if (col < 0 || col >= LEADERS_COLS || row < 0 || row >= LEADERS_ROWS)
            break;
        int next = leaders_cell(col, row);
        if (st->board[next].kind != LEADERS_NONE)
            break;
        st->board[next] = st->board[cell];
        memset(&st->board[cell], 0, sizeof st->board[cell]);
        st->board[cell].kind = LEADERS_NONE;
        effects_follow(st, ctx, cell, next);
        cell = next;
    }
    if (cell != start)
        leaders_tell_step(st, start, cell);
}

/* The cell a push of cell comes from. */
static int effects_push_source(const leaders_ctx *ctx, int cell)
{
    if (ctx->self >= 0 && ctx->self != cell)
        return ctx->self;
    if (cell == ctx->defender && ctx->attacker >= 0)
        return ctx->attacker;
    if (cell == ctx->attacker && ctx->defender >= 0)
        return ctx->defender;
    if (ctx->actor >= 0 && ctx->actor != cell)
        return ctx->actor;
    return -1;
}

/* The cells a step selects (a bit mask). */
static uint32_t effects_select(const leaders_state *st, const leaders_ctx *ctx, int to)
{
    int one = -1;
    switch (to) {
    case LEADERS_TO_CHOSEN: one = ctx->chosen; break;
    case LEADERS_TO_ATTACKER: one = ctx->attacker; break;
    case LEADERS_TO_DEFENDER: one = ctx->defender; break;
    case LEADERS_TO_ACTOR: one = ctx->actor; break;
    case LEADERS_TO_SELF: one = ctx->self; break;
    case LEADERS_TO_YOUR_LEADER: one = leaders_leader_cell(st, ctx->seat); break;
    case LEADERS_TO_ENEMY_LEADER: one = leaders_leader_cell(st, 1 - ctx->seat); break;
    case LEADERS_TO_FRIENDLY_UNITS:
    case LEADERS_TO_ENEMY_UNITS: {
        uint32_t m = 0;
        int side = to == LEADERS_TO_FRIENDLY_UNITS ? ctx->seat : 1 - ctx->seat;
        for (int c = 0; c < LEADERS_CELLS; c++)
            if (st->board[c].kind != LEADERS_NONE && st->board[c].owner == side &&
                !(st->board[c].flags & LEADERS_C_LEADER))
                m |= 1u << c;
        return m;
    }
    case LEADERS_TO_AROUND: {
        int center = ctx->chosen >= 0 ? ctx->chosen : ctx->defender;
        uint32_t m = 0;
        if (center < 0)
            return 0;
        static const int dc[4] = {0, 1, 0, -1}, dr[4] = {1, 0, -1, 0};
        for (int k = 0; k < 4; k++) {
            int col = leaders_col(center) + dc[k], row = leaders_row(center) + dr[k];
            if (col < 0 || col >= LEADERS_COLS || row < 0 || row >= LEADERS_ROWS)
                continue;
            int c = leaders_cell(col, row);
            if (st->board[c].kind != LEADERS_NONE && st->board[c].owner != ctx->seat)
                m |= 1u << c;
        }
        return m;
    }
    default:
        return 0;
    }
    return one >= 0 && one < LEADERS_CELLS && st->board[one].kind != LEADERS_NONE ? 1u << one : 0;
}

static void effects_on_cell(const carta_rules *rules, leaders_state *st, const leaders_step *s,
                            leaders_ctx *ctx, int cell)
{
    leaders_char *ch = &st->board[cell];
    if (ch->kind == LEADERS_NONE)
        return;
    switch (s->op) {
    case LEADERS_OP_DAMAGE: {
        int dealt = leaders_damage(rules, st, cell, s->amount, ctx->source, 0);
        if (cell == ctx->defender)
            ctx->defender_dealt += dealt;
        break;
    }
    case LEADERS_OP_HEAL:
        leaders_heal(rules, st, cell, s->amount);
        break;
    case LEADERS_OP_EXHAUST:
        ch->acts = 0;
        ch->flags |= LEADERS_C_EXHAUSTED;
        if (st->chain == cell)
            st->chain = -1;
        leaders_tell_status(st, cell, LEADERS_W_EXHAUSTED);
        break;
    case LEADERS_OP_READY:
        if (ch->acts < 9)
            ch->acts++;
        ch->flags &= (uint8_t)~LEADERS_C_EXHAUSTED;
        leaders_tell_status(st, cell, LEADERS_W_READIED);
        break;
    case LEADERS_OP_PUSH:
        effects_push(st, ctx, cell, effects_push_source(ctx, cell), s->amount);
        break;
    default:
        break;
    }
}

/* Discards n cards of seat's hand at random. */
static void effects_discard(leaders_state *st, int seat, int n)
{
    leaders_seat *s = &st->seat[seat];
    for (int i = 0; i < n && s->hand.n > 0; i++) {
        int k = (int)carta_rng_below(&st->rng, s->hand.n);
        uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), k, NULL);
        if (k < s->hand.n) { /* the last card takes the discarded one's place */
            uint8_t known;
            uint16_t last = carta_zone_take(CARTA_ZONE_REF(&s->hand), s->hand.n - 1, &known);
            CARTA_ENSURE(carta_zone_insert(CARTA_ZONE_REF(&s->hand), k, last, known));
        }
        CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->discard), card, 0));
        leaders_tell_discard(st, seat, card);
    }
}

void leaders_run_steps(const carta_rules *rules, leaders_state *st, const leaders_step *steps,
                       int n, leaders_ctx *ctx)
{
    for (int i = 0; i < n && st->phase != LEADERS_PHASE_OVER; i++) {
        const leaders_step *s = &steps[i];
        switch (s->op) {
        case LEADERS_OP_BONUS: ctx->bonus += s->amount; continue;
        case LEADERS_OP_PREVENT: ctx->prevent += s->amount; continue;
        case LEADERS_OP_DRAW: leaders_draw(st, ctx->seat, s->amount); continue;
        case LEADERS_OP_DISCARD: effects_discard(st, 1 - ctx->seat, s->amount); continue;
        case LEADERS_OP_SUMMON:
            st->seat[ctx->seat].summon_bonus = (int8_t)(st->seat[ctx->seat].summon_bonus +
                                                        s->amount);
            leaders_tell_extra_summons(st, ctx->seat, s->amount);
            continue;
        case LEADERS_OP_CANCEL: ctx->cancel = true; continue;
        default: break;
        }
        uint32_t m = effects_select(st, ctx, s->to);
        for (int c = 0; c < LEADERS_CELLS && st->phase != LEADERS_PHASE_OVER; c++)
            if (m >> c & 1)
                effects_on_cell(rules, st, s, ctx, c);
    }
}

static bool effects_free_cell_in_field(const leaders_state *st, int seat)
{
    for (int c = 0; c < LEADERS_CELLS; c++)
        if (st->board[c].kind == LEADERS_NONE && leaders_in_field(seat, c))
            return true;
    return false;
}

static bool effects_step_resolves(const leaders_state *st, const leaders_step *s,
                                  const leaders_ctx *ctx)
{
    const leaders_seat *own = &st->seat[ctx->seat];
    switch (s->op) {
    case LEADERS_OP_BONUS:
    case LEADERS_OP_PREVENT: return ctx->attacker >= 0 && ctx->defender >= 0;
    case LEADERS_OP_CANCEL: return ctx->declared;
    case LEADERS_OP_DRAW: return own->deck.n > 0;
    case LEADERS_OP_DISCARD: return st->seat[1 - ctx->seat].hand.n > 0;
    case LEADERS_OP_SUMMON:
        return own->n_barracks > 0 && effects_free_cell_in_field(st, ctx->seat);
    default: return effects_select(st, ctx, s->to) != 0;
    }
}

bool leaders_steps_resolve(const leaders_state *st, const leaders_step *steps, int n,
                           const leaders_ctx *ctx)
{
    for (int i = 0; i < n; i++)
        if (effects_step_resolves(st, &steps[i], ctx))
            return true;
    return false;
}

static int effects_distance(int a, int b)
{
    int dc = abs(leaders_col(a) - leaders_col(b)), dr = abs(leaders_row(a) - leaders_row(b));
    return dc > dr ? dc : dr;
}

/* Moves the winning attacker after a successful attack (Conquering, or the ranged advance). */
static void effects_conquer(leaders_state *st, int from, int to)
{
    int dest;
    if (effects_distance(from, to) <= 1) {
        dest = to;
    } else {
        int col = leaders_col(from) + effects_sign(leaders_col(to) - leaders_col(from));
        int row = leaders_row(from) + effects_sign(leaders_row(to) - leaders_row(from));
        dest = leaders_cell(col, row);
    }
    leaders_char *a = &st->board[from];
    if (st->board[dest].kind != LEADERS_NONE)
        return;
    if ((a->flags & LEADERS_C_LEADER) && !leaders_in_field(a->owner, dest))
        return; /* a Leader never leaves its own field (ruling) */
    st->board[dest] = *a;
    memset(a, 0, sizeof *a);
    a->kind = LEADERS_NONE;
    if (st->chain == from)
        st->chain = (int8_t)dest;
    leaders_tell_step(st, from, dest);
}

/* The strike of the attacker on from against to: its damage plus every bonus, minus every
 * prevention, never below 0; told with what was prevented. Returns the damage dealt. */
static int effects_strike(const carta_rules *rules, leaders_state *st, int from, int to,
                          int bonus, int prevent)
{
    int attacker = st->board[from].owner;
    const leaders_def *a = leaders_def_of(rules, st->board[from].kind);
    const leaders_def *t = leaders_def_of(rules, st->board[to].kind);
    int gross = (a ? a->damage : 0) + bonus +
                leaders_event_mod(rules, st, LEADERS_OP_BONUS, attacker, a ? a->cls : 0);
    prevent += leaders_event_mod(rules, st, LEADERS_OP_PREVENT, 1 - attacker, t ? t->cls : 0);
    int dmg = gross - prevent;
    int prevented = prevent <= 0 || gross <= 0 ? 0 : prevent < gross ? prevent : gross;
    if (dmg > 0)
        return leaders_damage(rules, st, to, dmg, st->board[from].kind, prevented);
    leaders_tell_damage(st, to, 0, st->board[from].kind, prevented, 0);
    return 0;
}

/* Reveals the face-down Attack card into its owner's Discard Pile and resolves its steps. */
static void effects_reveal_attack_card(const carta_rules *rules, leaders_state *st,
                                       leaders_ctx *actx)
{
    const leaders_def *ad = leaders_def_of(rules, st->facedown);
    leaders_seat *s = &st->seat[actx->seat];
    CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->discard), st->facedown, 0));
    leaders_tell_reveal(st, actx->seat, st->facedown);
    actx->source = st->facedown;
    st->facedown = LEADERS_NONE;
    if (ad && st->phase != LEADERS_PHASE_OVER)
        leaders_run_steps(rules, st, ad->steps, ad->n_steps, actx);
}

void leaders_battle(const carta_rules *rules, leaders_state *st, int from, int to, int attack_card,
                    int defense_card, int react_mod)
{
    int attacker = st->board[from].owner, defender = 1 - attacker;
    uint16_t akind = st->board[from].kind, tkind = st->board[to].kind;
    leaders_ctx dctx, actx;
    leaders_ctx_init(&dctx, defender);
    leaders_ctx_init(&actx, attacker);
    dctx.attacker = actx.attacker = from;
    dctx.defender = actx.defender = to;
    dctx.source = defense_card;
    const leaders_def *dd = leaders_def_of(rules, defense_card);
    if (dd && defense_card != LEADERS_NONE)
        leaders_run_steps(rules, st, dd->steps, dd->n_steps, &dctx);
    if (attack_card != LEADERS_NONE && st->facedown == attack_card) {
        actx.attacker = dctx.attacker; /* where the Defense card left them */
        actx.defender = dctx.defender;
        effects_reveal_attack_card(rules, st, &actx);
    }
    if (st->phase == LEADERS_PHASE_OVER)
        return;
    bool attacker_stays = st->board[from].kind == akind && st->board[from].owner == attacker;
    int dealt = dctx.defender_dealt + actx.defender_dealt;
    /* The strike lands only if both are still where the attack was declared. */
    if (attacker_stays && st->board[to].kind == tkind && st->board[to].owner == defender)
        dealt += effects_strike(rules, st, from, to,
                                (react_mod > 0 ? react_mod : 0) + actx.bonus + dctx.bonus,
                                (react_mod < 0 ? -react_mod : 0) + actx.prevent + dctx.prevent);
    /* Success: the target suffered damage, from the strike or a card (a kill deals damage too). */
    if (dealt >= 1 && attacker_stays && st->phase != LEADERS_PHASE_OVER)
        effects_conquer(st, from, to);
}
