/* rules.c: the Leaders turn sequence: setup, turns, the legal actions of every decision, and
 * apply (declaring actions, the opponent's answer window, and resolving what was declared). */
#include "games/leaders/leaders.h"

#include <stdio.h>
#include <string.h>

#include "core/assert.h"

enum { RULES_TURN_ACTION_CAP = 300 }; /* actions in one turn after which only "end turn" is left */

/* ---- small helpers ---- */

int leaders_leader_cell(const leaders_state *st, int seat)
{
    for (int c = 0; c < LEADERS_CELLS; c++)
        if (st->board[c].kind != LEADERS_NONE && (st->board[c].flags & LEADERS_C_LEADER) &&
            st->board[c].owner == seat)
            return c;
    return -1;
}

int leaders_summons_left(const carta_rules *rules, const leaders_state *st, int seat)
{
    const leaders_seat *s = &st->seat[seat];
    const leaders_def *dom = leaders_def_of(rules, s->domain);
    int limit = (dom ? dom->summon_limit : 1) + s->summon_bonus +
                leaders_event_mod(rules, st, LEADERS_OP_SUMMON, seat, LEADERS_CLASS_ANY);
    return limit - s->summons;
}

bool leaders_state_place(const carta_rules *rules, leaders_state *st, int cell, int kind,
                         int owner, int dir)
{
    const leaders_def *d = leaders_def_of(rules, kind);
    if (cell < 0 || cell >= LEADERS_CELLS || st->board[cell].kind != LEADERS_NONE || !d ||
        (d->type != LEADERS_T_LEADER && d->type != LEADERS_T_UNIT))
        return false;
    leaders_char *c = &st->board[cell];
    memset(c, 0, sizeof *c);
    c->kind = (uint16_t)kind;
    c->owner = (uint8_t)owner;
    c->dir = (uint8_t)(dir & 3);
    c->health = d->health;
    c->acts = d->actions;
    c->flags = d->type == LEADERS_T_LEADER ? LEADERS_C_LEADER : 0;
    return true;
}

static bool rules_budget(const leaders_state *st, int seat)
{
    return st->seat[seat].cards_played < LEADERS_CARDS_PER_TURN;
}

static uint32_t rules_occupied(const leaders_state *st, int owner)
{
    uint32_t m = 0;
    for (int c = 0; c < LEADERS_CELLS; c++)
        if (st->board[c].kind != LEADERS_NONE && (owner < 0 || st->board[c].owner == owner))
            m |= 1u << c;
    return m;
}

static uint32_t rules_field_mask(int seat) { return seat == 0 ? 0x7FFFu : 0x3FFF8000u; }

static bool rules_is_leader(const leaders_state *st, int cell)
{
    return st->board[cell].kind != LEADERS_NONE && (st->board[cell].flags & LEADERS_C_LEADER);
}

/* Removes the last copy of card from z; false if absent. */
static bool rules_zone_take(leaders_zone *z, uint16_t card)
{
    for (int i = z->n - 1; i >= 0; i--)
        if (z->cards[i] == card) {
            carta_zone_take(CARTA_ZONE_REF(z), i, NULL);
            return true;
        }
    return false;
}

/* Puts a card played face up (everyone saw it) on top of z. */
static void rules_zone_put(leaders_zone *z, uint16_t card)
{
    CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(z), card, CARTA_SEEN_ALL));
}

/* Distinct ids of a zone, in first-seen order; returns how many (each title offered once). */
static int rules_distinct(const uint16_t *cards, int n, uint16_t *out)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j < k && out[j] != cards[i])
            j++;
        if (j == k)
            out[k++] = cards[i];
    }
    return k;
}

/* ---- setup and turns ---- */

void leaders_draw(leaders_state *st, int seat, int n)
{
    leaders_seat *s = &st->seat[seat];
    for (int i = 0; i < n && s->deck.n > 0 && s->hand.n < LEADERS_ZONE_MAX; i++) {
        leaders_tell_draw(st, seat, s->deck.cards[s->deck.n - 1]);
        carta_zone_move(CARTA_ZONE_REF(&s->deck), s->deck.n - 1, CARTA_ZONE_REF(&s->hand));
    }
}

static void rules_start_turn(const carta_rules *rules, leaders_state *st, int seat, bool skip_draw)
{
    st->active = (int8_t)seat;
    st->turn++;
    st->turn_actions = 0;
    st->chain = -1;
    st->cycle = 0;
    if (st->turn > LEADERS_TURN_LIMIT) {
        st->phase = LEADERS_PHASE_OVER;
        st->draw = 1;
        st->winner = -1;
        leaders_tell_end(st);
        return;
    }
    leaders_tell_turn(st);
    for (int c = 0; c < LEADERS_CELLS; c++) {
        leaders_char *ch = &st->board[c];
        if (ch->kind == LEADERS_NONE || ch->owner != seat)
            continue;
        const leaders_def *d = leaders_def_of(rules, ch->kind);
        ch->acts = d ? d->actions : 1;
        ch->flags &= (uint8_t)~(LEADERS_C_EXHAUSTED | LEADERS_C_REDIRECTED | LEADERS_C_ACTED);
    }
    leaders_seat *s = &st->seat[seat];
    s->cards_played = 0;
    s->summons = 0;
    s->summon_bonus = 0;
    int heal = leaders_event_mod(rules, st, LEADERS_OP_HEAL, seat, LEADERS_CLASS_ANY);
    int lc = leaders_leader_cell(st, seat);
    if (heal > 0 && lc >= 0)
        leaders_heal(rules, st, lc, heal);
    if (skip_draw)
        return;
    if (s->deck.n == 0) {
        leaders_tell_note(st, seat, LEADERS_W_DECK_EMPTY);
        if (lc >= 0)
            leaders_damage(rules, st, lc, 1, -1, 0);
        return;
    }
    int n = (s->hand.n == 0 ? 2 : 1) +
            leaders_event_mod(rules, st, LEADERS_OP_DRAW, seat, LEADERS_CLASS_ANY);
    leaders_draw(st, seat, n);
}

static void rules_end_turn(const carta_rules *rules, leaders_state *st)
{
    if (st->phase == LEADERS_PHASE_OVER)
        return;
    rules_start_turn(rules, st, 1 - st->active, false);
}

carta_status leaders_setup(const carta_rules *rules, void *state, const carta_config *config,
                           carta_error *err)
{
    leaders_state *st = state;
    memset(st, 0, sizeof *st); /* the event list too: setup tells only what it does */
    if (config->n_seats != LEADERS_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "leaders: needs exactly 2 seats, not %d",
                               config->n_seats);
    if (config->mode[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "leaders: unknown mode '%s' (it has none)",
                               config->mode);
    st->version = LEADERS_STATE_VERSION;
    leaders_zones_seen(st);
    carta_rng_seed(&st->rng, config->seed);
    st->winner = -1;
    st->chain = -1;
    st->facedown = LEADERS_NONE;
    for (int c = 0; c < LEADERS_CELLS; c++)
        st->board[c].kind = LEADERS_NONE;
    for (int p = 0; p < LEADERS_SEATS; p++) {
        const carta_deck *deck = &config->decks[p];
        leaders_seat *s = &st->seat[p];
        s->leader = s->domain = LEADERS_NONE;
        for (int i = 0; i < deck->n_cards; i++) {
            const leaders_def *d = leaders_def_of(rules, deck->cards[i]);
            if (!d)
                return carta_error_set(err, CARTA_ERR_INPUT, "leaders: deck '%s' has unknown "
                                       "card id %d", deck->name, deck->cards[i]);
            if (d->type == LEADERS_T_LEADER)
                s->leader = deck->cards[i];
            else if (d->type == LEADERS_T_DOMAIN)
                s->domain = deck->cards[i];
            else if (d->type == LEADERS_T_UNIT)
                return carta_error_set(err, CARTA_ERR_INPUT, "leaders: deck '%s' lists the unit "
                                       "'%s' (units come from the Domain)", deck->name, d->name);
            else if (s->deck_list.n >= LEADERS_ZONE_MAX)
                return carta_error_set(err, CARTA_ERR_INPUT, "leaders: deck '%s' has more than "
                                       "%d cards", deck->name, LEADERS_ZONE_MAX);
            else
                s->deck_list.cards[s->deck_list.n++] = deck->cards[i];
        }
        if (s->leader == LEADERS_NONE || s->domain == LEADERS_NONE)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "leaders: deck '%s' needs one Leader and one Domain",
                                   deck->name);
        const leaders_def *dom = leaders_def_of(rules, s->domain);
        for (int i = 0; i < dom->n_roster && s->n_barracks < LEADERS_BARRACKS_MAX; i++)
            s->barracks[s->n_barracks++] = dom->roster[i];
        s->deck = s->deck_list;
        s->deck.seen = 0;
        carta_zone_shuffle(CARTA_ZONE_REF(&s->deck), &st->rng);
        leaders_state_place(rules, st, p == 0 ? leaders_cell(2, 0) : leaders_cell(2, 5),
                            s->leader, p, p == 0 ? LEADERS_NORTH : LEADERS_SOUTH);
    }
    for (int p = 0; p < LEADERS_SEATS; p++)
        leaders_draw(st, p, LEADERS_OPENING_HAND);
    st->first = (int8_t)carta_rng_below(&st->rng, 2); /* the coin toss */
    leaders_tell_note(st, st->first, LEADERS_W_WINS_TOSS);
    rules_start_turn(rules, st, st->first, true);
    return CARTA_OK;
}

int leaders_to_act(const carta_rules *rules, const void *state)
{
    (void)rules;
    const leaders_state *st = state;
    if (st->phase == LEADERS_PHASE_OVER)
        return CARTA_NO_SEAT;
    const carta_pending *top = carta_pending_peek(&st->pending);
    return top ? top->seat : st->active;
}

static int leaders_winner(const carta_rules *rules, const void *state)
{
    (void)rules;
    const leaders_state *st = state;
    return st->phase == LEADERS_PHASE_OVER && st->winner >= 0 ? st->winner : CARTA_NO_SEAT;
}

void leaders_returns(const carta_rules *rules, const void *state, double *out)
{
    int w = leaders_winner(rules, state);
    for (int p = 0; p < LEADERS_SEATS; p++)
        out[p] = w == CARTA_NO_SEAT ? 0.5 : w == p ? 1.0 : 0.0;
}

/* ---- legal actions ---- */

typedef struct rules_out {
    carta_action *a;
    int n;
} rules_out;

static void rules_add(rules_out *o, carta_action a)
{
    if (o->n < CARTA_MAX_ACTIONS)
        o->a[o->n++] = a;
}

/* Cells where the Character on cell may use its ability. */
static uint32_t rules_ability_cells(const carta_rules *rules, const leaders_state *st, int cell)
{
    const leaders_char *ch = &st->board[cell];
    const leaders_def *d = leaders_def_of(rules, ch->kind);
    if (!d || !d->has_ability)
        return 0;
    uint32_t m = d->ability.reach[ch->dir][cell], out = 0;
    if (ch->flags & LEADERS_C_LEADER)
        m &= rules_field_mask(ch->owner);
    for (; m; m &= m - 1) {
        int c = __builtin_ctz(m);
        if (leaders_target_ok(st, &d->ab_target, ch->owner, c, rules))
            out |= 1u << c;
    }
    return out;
}

static void rules_add_cells(rules_out *o, int kind, int from, uint32_t m)
{
    for (; m; m &= m - 1)
        rules_add(o, leaders_act(kind, from, __builtin_ctz(m), 0));
}

/* Adds the actions of the Character on cell (none if it has none); returns how many. occ is the
 * mask of occupied cells, mine those of the Character's owner. */
static int rules_char_actions(const carta_rules *rules, const leaders_state *st, int cell,
                              uint32_t occ, uint32_t mine, rules_out *o)
{
    const leaders_char *ch = &st->board[cell];
    const leaders_def *d = leaders_def_of(rules, ch->kind);
    int before = o->n, seat = ch->owner;
    bool leader = (ch->flags & LEADERS_C_LEADER) != 0;
    if (!d)
        return 0;
    if (ch->acts > 0) {
        uint32_t enemy = occ & ~mine;
        uint32_t limit = leader ? rules_field_mask(seat) : 0xFFFFFFFFu;
        rules_add_cells(o, LEADERS_A_MOVE, cell, d->move.reach[ch->dir][cell] & ~occ & limit);
        rules_add_cells(o, LEADERS_A_ATTACK, cell, d->attack.reach[ch->dir][cell] & enemy & limit);
        if (d->has_ability)
            rules_add_cells(o, LEADERS_A_ABILITY, cell, rules_ability_cells(rules, st, cell));
        if (!leader) {
            int col = leaders_col(cell), row = leaders_row(cell);
            uint32_t nb = 0;
            if (row + 1 < LEADERS_ROWS) nb |= 1u << (cell + LEADERS_COLS);
            if (col + 1 < LEADERS_COLS) nb |= 1u << (cell + 1);
            if (row > 0) nb |= 1u << (cell - LEADERS_COLS);
            if (col > 0) nb |= 1u << (cell - 1);
            for (nb &= mine; nb; nb &= nb - 1) {
                int c = __builtin_ctz(nb);
                if (!rules_is_leader(st, c))
                    rules_add(o, leaders_act(LEADERS_A_SWAP, cell, c, 0));
            }
        }
    }
    if (!leader && (ch->acts > 0 || !(ch->flags & LEADERS_C_REDIRECTED)))
        for (int dir = 0; dir < 4; dir++)
            if (dir != ch->dir)
                rules_add(o, leaders_act(LEADERS_A_REDIRECT, cell, dir, 0));
    return o->n - before;
}

bool leaders_chain_active(const carta_rules *rules, const leaders_state *st)
{
    if (st->chain < 0)
        return false;
    const leaders_char *ch = &st->board[st->chain];
    if (ch->kind == LEADERS_NONE || ch->owner != st->active || ch->acts == 0)
        return false;
    carta_action scratch[CARTA_MAX_ACTIONS];
    rules_out o = {scratch, 0};
    return rules_char_actions(rules, st, st->chain, rules_occupied(st, -1),
                              rules_occupied(st, ch->owner), &o) > 0;
}

/* Whether card d's effect, played in ctx on the target cell, can resolve. */
static bool rules_target_resolves(const carta_rules *rules, const leaders_state *st,
                                  const leaders_def *d, const leaders_ctx *base, int cell)
{
    if (!leaders_target_ok(st, &d->target, base->seat, cell, rules))
        return false;
    leaders_ctx ctx = *base;
    ctx.chosen = cell;
    return leaders_steps_resolve(st, d->steps, d->n_steps, &ctx);
}

/* Whether card d, played by ctx->seat in ctx, has an effect that can resolve: a target it can
 * resolve on if it needs one, else a step with something to act on (ruling 26). */
static bool rules_card_resolves(const carta_rules *rules, const leaders_state *st,
                                const leaders_def *d, const leaders_ctx *ctx)
{
    if (!d->has_target)
        return leaders_steps_resolve(st, d->steps, d->n_steps, ctx);
    for (int c = 0; c < LEADERS_CELLS; c++)
        if (rules_target_resolves(rules, st, d, ctx, c))
            return true;
    return false;
}

/* The context a Reaction or Defense card answering the window with args resolves in. */
static void rules_answer_ctx(const int16_t *arg, int seat, leaders_ctx *ctx)
{
    leaders_ctx_init(ctx, seat);
    ctx->declared = arg[LEADERS_ANS_ACT] != LEADERS_ACT_CLOSE;
    if (arg[LEADERS_ANS_ACT] != LEADERS_ACT_SUMMON)
        ctx->actor = arg[LEADERS_ANS_FROM];
    if (arg[LEADERS_ANS_ACT] == LEADERS_ACT_ATTACK) {
        ctx->attacker = arg[LEADERS_ANS_FROM];
        ctx->defender = arg[LEADERS_ANS_TO];
    }
}

/* The context the card of the target frame f resolves in: a Reaction's (the answer window
 * below f is its player's) or a Spell's. */
static void rules_target_ctx(const leaders_state *st, const carta_pending *f, leaders_ctx *ctx)
{
    const carta_pending *below = st->pending.n >= 2 ? &st->pending.frame[st->pending.n - 2]
                                                    : NULL;
    if (below && below->kind == LEADERS_FR_ANSWER && below->seat == f->seat)
        rules_answer_ctx(below->arg, f->seat, ctx);
    else
        leaders_ctx_init(ctx, f->seat);
}

/* Whether seat may play card as a spell or event in its own turn now. */
static bool rules_main_card_ok(const carta_rules *rules, const leaders_state *st, int seat,
                               int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || !leaders_card_allowed(rules, st, seat, card))
        return false;
    if (d->type == LEADERS_T_EVENT)
        return true; /* it resolves by becoming the active Event */
    if (d->type != LEADERS_T_SPELL)
        return false;
    leaders_ctx ctx;
    leaders_ctx_init(&ctx, seat);
    return rules_card_resolves(rules, st, d, &ctx);
}

/* The main step's actions but ending the turn: cards, then summons and the characters'. */
static void rules_main_moves(const carta_rules *rules, const leaders_state *st, rules_out *o)
{
    int seat = st->active;
    const leaders_seat *s = &st->seat[seat];
    if (st->turn_actions >= RULES_TURN_ACTION_CAP)
        return;
    uint16_t ids[LEADERS_ZONE_MAX];
    int n_ids;
    if (rules_budget(st, seat)) {
        n_ids = rules_distinct(s->hand.cards, s->hand.n, ids);
        for (int i = 0; i < n_ids; i++)
            if (rules_main_card_ok(rules, st, seat, ids[i]))
                rules_add(o, leaders_act(LEADERS_A_PLAY, 0, 0, ids[i]));
    }
    uint32_t occ = rules_occupied(st, -1), mine = rules_occupied(st, seat);
    if (leaders_chain_active(rules, st)) {
        rules_char_actions(rules, st, st->chain, occ, mine, o);
        rules_add(o, leaders_act(LEADERS_A_REST, st->chain, 0, 0));
        return;
    }
    uint32_t free_own = ~occ & rules_field_mask(seat);
    if (free_own && leaders_summons_left(rules, st, seat) > 0)
        for (int i = 0, n = rules_distinct(s->barracks, s->n_barracks, ids); i < n; i++)
            rules_add(o, leaders_act(LEADERS_A_SUMMON, 0, 0, ids[i]));
    for (uint32_t m = mine; m; m &= m - 1)
        rules_char_actions(rules, st, __builtin_ctz(m), occ, mine, o);
}

/* The main step: every move, and ending the turn last (a person reads down to it). */
static void rules_main_actions(const carta_rules *rules, const leaders_state *st, rules_out *o)
{
    rules_main_moves(rules, st, o);
    rules_add(o, leaders_act(LEADERS_A_END, 0, 0, 0));
}

/* Whether reaction d answers the window of frame f: a Sudden one the declared action itself, a
 * Slow one the end of an action cycle holding an action of its kind (ruling 24). */
static bool rules_reaction_matches(const leaders_state *st, const carta_pending *f,
                                   const leaders_def *d)
{
    int act = f->arg[LEADERS_ANS_ACT];
    if (d->speed == LEADERS_SLOW)
        return (f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_CYCLE_END) && (d->on & st->cycle);
    return act != LEADERS_ACT_CLOSE && (d->on >> act & 1);
}

/* Whether a reaction card answers the window of frame f and its effect can resolve. */
static bool rules_reaction_ok(const carta_rules *rules, const leaders_state *st,
                              const carta_pending *f, int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || d->type != LEADERS_T_REACTION || !leaders_card_allowed(rules, st, f->seat, card) ||
        !rules_reaction_matches(st, f, d))
        return false;
    leaders_ctx ctx;
    rules_answer_ctx(f->arg, f->seat, &ctx);
    return rules_card_resolves(rules, st, d, &ctx);
}

static bool rules_defense_ok(const carta_rules *rules, const leaders_state *st,
                             const carta_pending *f, int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || d->type != LEADERS_T_DEFENSE || !leaders_card_allowed(rules, st, f->seat, card))
        return false;
    if (f->arg[LEADERS_ANS_ACT] != LEADERS_ACT_ATTACK ||
        !(f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_BATTLE))
        return false;
    const leaders_char *t = &st->board[f->arg[LEADERS_ANS_TO]];
    if (t->kind == LEADERS_NONE || t->owner != f->seat)
        return false;
    const leaders_def *td = leaders_def_of(rules, t->kind);
    if (d->cls != LEADERS_CLASS_ANY && !(td && td->cls == d->cls))
        return false;
    leaders_ctx ctx;
    rules_answer_ctx(f->arg, f->seat, &ctx);
    return rules_card_resolves(rules, st, d, &ctx);
}

static bool rules_attack_card_ok(const carta_rules *rules, const leaders_state *st, int seat,
                                 int from, int to, int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || d->type != LEADERS_T_ATTACK || !leaders_card_allowed(rules, st, seat, card))
        return false;
    const leaders_def *ad = leaders_def_of(rules, st->board[from].kind);
    if (d->cls != LEADERS_CLASS_ANY && !(ad && ad->cls == d->cls))
        return false;
    leaders_ctx ctx;
    leaders_ctx_init(&ctx, seat);
    ctx.attacker = from;
    ctx.defender = to;
    return rules_card_resolves(rules, st, d, &ctx);
}

static void rules_frame_actions(const carta_rules *rules, const leaders_state *st,
                                const carta_pending *f, rules_out *o)
{
    const leaders_seat *s = &st->seat[f->seat];
    uint16_t ids[LEADERS_ZONE_MAX];
    int n_ids = rules_distinct(s->hand.cards, s->hand.n, ids);
    switch (f->kind) {
    case LEADERS_FR_SUMMON_CELL: {
        uint32_t m = ~rules_occupied(st, -1) & rules_field_mask(f->seat);
        for (int c = 0; c < LEADERS_CELLS; c++)
            if (m >> c & 1)
                rules_add(o, leaders_act(LEADERS_A_CELL, 0, c, 0));
        break;
    }
    case LEADERS_FR_SUMMON_DIR:
        for (int d = 0; d < 4; d++)
            rules_add(o, leaders_act(LEADERS_A_FACE, d, 0, 0));
        break;
    case LEADERS_FR_ATTACK_CARD:
        rules_add(o, leaders_act(LEADERS_A_CARD, 0, 0, 0));
        for (int i = 0; i < n_ids; i++)
            if (rules_attack_card_ok(rules, st, f->seat, f->arg[0], f->arg[1], ids[i]))
                rules_add(o, leaders_act(LEADERS_A_CARD, 0, 0, ids[i] + 1));
        break;
    case LEADERS_FR_TARGET: {
        const leaders_def *d = leaders_def_of(rules, f->arg[0]);
        leaders_ctx ctx;
        rules_target_ctx(st, f, &ctx);
        for (int c = 0; c < LEADERS_CELLS; c++)
            if (d && rules_target_resolves(rules, st, d, &ctx, c))
                rules_add(o, leaders_act(LEADERS_A_CELL, 0, c, 0));
        break;
    }
    case LEADERS_FR_ANSWER:
        rules_add(o, leaders_act(LEADERS_A_PASS, 0, 0, 0));
        if (!rules_budget(st, f->seat))
            break;
        for (int i = 0; i < n_ids; i++) {
            int card = ids[i];
            if ((!(f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_REACTED) &&
                 rules_reaction_ok(rules, st, f, card)) ||
                rules_defense_ok(rules, st, f, card))
                rules_add(o, leaders_act(LEADERS_A_PLAY, 0, 0, card));
        }
        break;
    case LEADERS_FR_DISCARD:
        for (int i = 0; i < n_ids; i++)
            rules_add(o, leaders_act(LEADERS_A_DISCARD, 0, 0, ids[i]));
        break;
    default:
        break;
    }
}

int leaders_legal_actions(const carta_rules *rules, const void *state, carta_action *out)
{
    const leaders_state *st = state;
    rules_out o = {out, 0};
    if (st->phase == LEADERS_PHASE_OVER)
        return 0;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top)
        rules_frame_actions(rules, st, top, &o);
    else
        rules_main_actions(rules, st, &o);
    return o.n;
}

/* ---- declaring and resolving ---- */

/* Whether the answer window f (not pushed yet) may open: its seat holds a card and may play
 * one, and its (public) deck list holds a Reaction of the right kind, or a Defense card for a
 * battle (ruling 23). */
static bool rules_may_answer(const carta_rules *rules, const leaders_state *st,
                             const carta_pending *f)
{
    const leaders_seat *s = &st->seat[f->seat];
    if (s->hand.n == 0 || !rules_budget(st, f->seat))
        return false;
    bool battle = (f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_BATTLE) != 0;
    for (int i = 0; i < s->deck_list.n; i++) {
        const leaders_def *d = leaders_def_of(rules, s->deck_list.cards[i]);
        if (d && ((d->type == LEADERS_T_DEFENSE && battle) ||
                  (d->type == LEADERS_T_REACTION && rules_reaction_matches(st, f, d))))
            return true;
    }
    return false;
}

/* Opens the opponent's answer window with args if it may answer; false if not. */
static bool rules_open_window(const carta_rules *rules, leaders_state *st, const int16_t *args)
{
    carta_pending w = {.kind = LEADERS_FR_ANSWER, .seat = (int8_t)(1 - st->active)};
    memcpy(w.arg, args, sizeof w.arg);
    if (!rules_may_answer(rules, st, &w))
        return false;
    carta_pending *f = carta_pending_push(&st->pending, LEADERS_FR_ANSWER, w.seat);
    if (f)
        memcpy(f->arg, args, sizeof f->arg);
    return f != NULL;
}

static void rules_follow_chain(leaders_state *st, int from, int to)
{
    if (st->chain == from)
        st->chain = (int8_t)to;
}

static void rules_move_char(leaders_state *st, int from, int to)
{
    st->board[to] = st->board[from];
    st->board[from].kind = LEADERS_NONE;
    memset(&st->board[from], 0, sizeof st->board[from]);
    st->board[from].kind = LEADERS_NONE;
    rules_follow_chain(st, from, to);
}

static void rules_exhaust(leaders_state *st, int cell)
{
    st->board[cell].acts = 0;
    st->board[cell].flags |= LEADERS_C_EXHAUSTED | LEADERS_C_ACTED;
}

/* Does "rest" (the chain Character gives up its remaining actions) or "end turn" (after the
 * discard to the hand limit), once the cycle they close has had its Slow window. */
static void rules_finish_close(const carta_rules *rules, leaders_state *st, int kind)
{
    st->cycle = 0;
    if (kind == LEADERS_A_REST) {
        if (st->chain >= 0) {
            rules_exhaust(st, st->chain);
            leaders_tell_status(st, st->chain, LEADERS_W_EXHAUSTED);
        }
        st->chain = -1;
        return;
    }
    if (st->seat[st->active].hand.n > LEADERS_HAND_LIMIT) {
        carta_pending_push(&st->pending, LEADERS_FR_DISCARD, st->active);
        return;
    }
    rules_end_turn(rules, st);
}

/* Resolves the declared action of an ANSWER frame (already popped) args. */
static void rules_resolve(const carta_rules *rules, leaders_state *st, const int16_t *arg,
                          int defense)
{
    int act = arg[LEADERS_ANS_ACT], from = arg[LEADERS_ANS_FROM], to = arg[LEADERS_ANS_TO];
    int seat = st->active;
    if (arg[LEADERS_ANS_FLAGS] & LEADERS_AF_CYCLE_END)
        st->cycle = 0; /* the cycle is over and its Slow window past */
    if (act == LEADERS_ACT_CLOSE) {
        rules_finish_close(rules, st, arg[LEADERS_ANS_EXTRA]);
        return;
    }
    const leaders_char *actor = &st->board[from];
    bool actor_ok = act == LEADERS_ACT_SUMMON ||
                    (actor->kind == (uint16_t)arg[LEADERS_ANS_KIND] && actor->owner == seat);
    if (arg[LEADERS_ANS_FLAGS] & LEADERS_AF_CANCELLED) {
        actor_ok = false;
        leaders_tell_cancelled(st, seat, arg[LEADERS_ANS_KIND]);
    }
    switch (act) {
    case LEADERS_ACT_SUMMON: {
        leaders_seat *s = &st->seat[seat];
        int kind = arg[LEADERS_ANS_EXTRA];
        if (actor_ok && st->board[from].kind == LEADERS_NONE) {
            for (int i = 0; i < s->n_barracks; i++)
                if (s->barracks[i] == kind) {
                    memmove(&s->barracks[i], &s->barracks[i + 1],
                            (size_t)(s->n_barracks - 1 - i) * sizeof s->barracks[0]);
                    s->barracks[--s->n_barracks] = 0;
                    leaders_state_place(rules, st, from, kind, seat, arg[LEADERS_ANS_DIR]);
                    st->board[from].acts = 0;
                    st->board[from].flags |= LEADERS_C_EXHAUSTED | LEADERS_C_ACTED;
                    leaders_tell_summon(st, from);
                    break;
                }
        }
        break;
    }
    case LEADERS_ACT_MOVE:
        if (actor_ok && st->board[to].kind == LEADERS_NONE) {
            rules_move_char(st, from, to);
            leaders_tell_step(st, from, to);
        }
        break;
    case LEADERS_ACT_ATTACK: {
        int card = st->facedown; /* never in the frame: observe would show it */
        if (actor_ok && st->board[to].kind != LEADERS_NONE && st->board[to].owner != seat) {
            leaders_battle(rules, st, from, to, card, defense, arg[LEADERS_ANS_MOD]);
        } else if (st->facedown != LEADERS_NONE) { /* the attack is lost: its card is spent */
            leaders_tell_reveal(st, seat, st->facedown);
            rules_zone_put(&st->seat[seat].discard, st->facedown);
            st->facedown = LEADERS_NONE;
        }
        break;
    }
    case LEADERS_ACT_ABILITY: {
        const leaders_def *d = leaders_def_of(rules, actor->kind);
        if (actor_ok && d && d->has_ability &&
            leaders_target_ok(st, &d->ab_target, seat, to, rules)) {
            leaders_ctx ctx;
            leaders_ctx_init(&ctx, seat);
            ctx.self = from;
            ctx.chosen = to;
            ctx.source = actor->kind;
            leaders_tell_ability(st, from, to);
            leaders_run_steps(rules, st, d->ab_steps, d->n_ab_steps, &ctx);
        }
        break;
    }
    case LEADERS_ACT_SWAP:
        if (actor_ok && st->board[to].kind != LEADERS_NONE && st->board[to].owner == seat &&
            !rules_is_leader(st, to)) {
            leaders_char tmp = st->board[to];
            st->board[to] = st->board[from];
            st->board[from] = tmp;
            leaders_tell_step(st, from, to);
            leaders_tell_step(st, to, from);
        }
        break;
    case LEADERS_ACT_REDIRECT:
        if (actor_ok) {
            st->board[from].dir = (uint8_t)(arg[LEADERS_ANS_EXTRA] & 3);
            leaders_tell_status(st, from, LEADERS_W_FACING + st->board[from].dir);
        }
        break;
    default:
        break;
    }
    if (st->chain >= 0 && (st->board[st->chain].kind == LEADERS_NONE ||
                           st->board[st->chain].owner != seat || st->board[st->chain].acts == 0))
        st->chain = -1;
}

/* Declares an action: opens the opponent's answer window if it may answer, else resolves. */
static void rules_declare(const carta_rules *rules, leaders_state *st, int act, int from, int to,
                          int extra, int dir)
{
    bool new_cycle = act == LEADERS_ACT_SUMMON || st->chain < 0 || st->chain != from;
    if (new_cycle)
        st->cycle = 0;
    st->cycle |= (uint8_t)(1u << act);
    bool cycle_end = act == LEADERS_ACT_SUMMON || st->board[from].acts == 0;
    if (act != LEADERS_ACT_SUMMON)
        st->chain = (int8_t)(st->board[from].acts > 0 ? from : -1);
    bool battle = act == LEADERS_ACT_ATTACK && !rules_is_leader(st, from) &&
                  !rules_is_leader(st, to);
    int16_t args[CARTA_PENDING_ARGS] = {0};
    args[LEADERS_ANS_ACT] = (int16_t)act;
    args[LEADERS_ANS_FROM] = (int16_t)from;
    args[LEADERS_ANS_TO] = (int16_t)to;
    args[LEADERS_ANS_EXTRA] = (int16_t)extra;
    args[LEADERS_ANS_FLAGS] = (int16_t)((cycle_end ? LEADERS_AF_CYCLE_END : 0) |
                                        (battle ? LEADERS_AF_BATTLE : 0));
    args[LEADERS_ANS_KIND] = (int16_t)(act == LEADERS_ACT_SUMMON ? extra : st->board[from].kind);
    args[LEADERS_ANS_DIR] = (int16_t)dir;
    if (!rules_open_window(rules, st, args))
        rules_resolve(rules, st, args, LEADERS_NONE);
}

/* "rest" or "end turn" (kind) while the chain Character's action cycle is open: the opponent
 * first gets the Slow window the cycle's last action would have opened (ruling 24). */
static void rules_close_cycle(const carta_rules *rules, leaders_state *st, int kind)
{
    int c = st->chain;
    if (st->cycle && c >= 0 && st->board[c].kind != LEADERS_NONE &&
        st->board[c].owner == st->active) {
        int16_t args[CARTA_PENDING_ARGS] = {0};
        args[LEADERS_ANS_ACT] = LEADERS_ACT_CLOSE;
        args[LEADERS_ANS_FROM] = (int16_t)c;
        args[LEADERS_ANS_TO] = -1;
        args[LEADERS_ANS_EXTRA] = (int16_t)kind;
        args[LEADERS_ANS_FLAGS] = LEADERS_AF_CYCLE_END;
        args[LEADERS_ANS_KIND] = (int16_t)st->board[c].kind;
        if (rules_open_window(rules, st, args))
            return;
    }
    rules_finish_close(rules, st, kind);
}

/* Spends one action of the Character on cell. */
static void rules_spend(leaders_state *st, int cell)
{
    leaders_char *ch = &st->board[cell];
    if (ch->acts > 0)
        ch->acts--;
    ch->flags |= LEADERS_C_ACTED;
    if (ch->acts == 0)
        ch->flags |= LEADERS_C_EXHAUSTED;
}

/* After a reaction resolved inside the answer frame on top: keep the frame open for a defense,
 * or resolve the declared action. */
static void rules_after_reaction(const carta_rules *rules, leaders_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    if (!f || f->kind != LEADERS_FR_ANSWER || st->phase == LEADERS_PHASE_OVER)
        return;
    if (!(f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_CANCELLED) &&
        f->arg[LEADERS_ANS_ACT] == LEADERS_ACT_ATTACK &&
        (f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_BATTLE) && rules_budget(st, f->seat) &&
        st->seat[f->seat].hand.n > 0)
        return; /* the defender may still play a Defense card */
    int16_t args[CARTA_PENDING_ARGS];
    memcpy(args, f->arg, sizeof args);
    carta_pending_pop(&st->pending);
    rules_resolve(rules, st, args, LEADERS_NONE);
}

/* Plays a reaction from the answer frame f (card already out of the hand). */
static void rules_react(const carta_rules *rules, leaders_state *st, carta_pending *f, int card,
                        int chosen)
{
    const leaders_def *d = leaders_def_of(rules, card);
    leaders_ctx ctx;
    rules_answer_ctx(f->arg, f->seat, &ctx);
    ctx.chosen = chosen;
    ctx.source = card;
    int from_before = ctx.actor;
    leaders_run_steps(rules, st, d->steps, d->n_steps, &ctx);
    if (f->arg[LEADERS_ANS_ACT] == LEADERS_ACT_ATTACK) /* its bonus and prevent reach the strike */
        f->arg[LEADERS_ANS_MOD] = (int16_t)(f->arg[LEADERS_ANS_MOD] + ctx.bonus - ctx.prevent);
    if (ctx.cancel)
        f->arg[LEADERS_ANS_FLAGS] |= LEADERS_AF_CANCELLED;
    if (from_before >= 0 && ctx.actor != from_before) /* pushed away: the action is lost */
        f->arg[LEADERS_ANS_FLAGS] |= LEADERS_AF_CANCELLED;
    rules_after_reaction(rules, st);
}

static void rules_play_main(const carta_rules *rules, leaders_state *st, int card)
{
    int seat = st->active;
    const leaders_def *d = leaders_def_of(rules, card);
    leaders_seat *s = &st->seat[seat];
    rules_zone_take(&s->hand, (uint16_t)card);
    s->cards_played++;
    leaders_tell_card(st, seat, LEADERS_W_PLAYS, card);
    if (d->type == LEADERS_T_EVENT) {
        CARTA_ASSERT(st->n_events < LEADERS_EVENTS_MAX); /* more than both decks hold */
        if (st->n_events < LEADERS_EVENTS_MAX)
            st->events[st->n_events++] = (uint16_t)(card | (seat ? LEADERS_EVENT_SEAT1 : 0));
        leaders_tell_event_pile(st);
        return;
    }
    rules_zone_put(&s->discard, (uint16_t)card);
    if (d->has_target) {
        carta_pending *f = carta_pending_push(&st->pending, LEADERS_FR_TARGET, seat);
        if (f)
            f->arg[0] = (int16_t)card;
        return;
    }
    leaders_ctx ctx;
    leaders_ctx_init(&ctx, seat);
    ctx.source = card;
    leaders_run_steps(rules, st, d->steps, d->n_steps, &ctx);
}

static void rules_play_answer(const carta_rules *rules, leaders_state *st, carta_pending *f,
                              int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    leaders_seat *s = &st->seat[f->seat];
    rules_zone_take(&s->hand, (uint16_t)card);
    rules_zone_put(&s->discard, (uint16_t)card);
    s->cards_played++;
    leaders_tell_card(st, f->seat,
                      d->type == LEADERS_T_DEFENSE ? LEADERS_W_DEFENDS_WITH : LEADERS_W_REACTS_WITH,
                      card);
    if (d->type == LEADERS_T_DEFENSE) {
        int16_t args[CARTA_PENDING_ARGS];
        memcpy(args, f->arg, sizeof args);
        carta_pending_pop(&st->pending);
        rules_resolve(rules, st, args, card);
        return;
    }
    f->arg[LEADERS_ANS_FLAGS] |= LEADERS_AF_REACTED;
    if (d->has_target) {
        carta_pending *t = carta_pending_push(&st->pending, LEADERS_FR_TARGET, f->seat);
        if (t)
            t->arg[0] = (int16_t)card;
        return;
    }
    rules_react(rules, st, f, card, -1);
}

/* A chosen cell: for a summon, or a targeted card's target. */
static void rules_cell(const carta_rules *rules, leaders_state *st, carta_pending *f, int cell)
{
    if (f->kind == LEADERS_FR_SUMMON_CELL) {
        f->kind = LEADERS_FR_SUMMON_DIR;
        f->arg[1] = (int16_t)cell;
        return;
    }
    int card = f->arg[0];
    int seat = f->seat;
    carta_pending_pop(&st->pending);
    carta_pending *below = carta_pending_top(&st->pending);
    if (below && below->kind == LEADERS_FR_ANSWER && below->seat == seat) {
        rules_react(rules, st, below, card, cell);
        return;
    }
    const leaders_def *d = leaders_def_of(rules, card);
    leaders_ctx ctx;
    leaders_ctx_init(&ctx, seat);
    ctx.chosen = cell;
    ctx.source = card;
    leaders_run_steps(rules, st, d->steps, d->n_steps, &ctx);
}

static bool rules_attack_card_possible(const carta_rules *rules, const leaders_state *st,
                                       int from, int to)
{
    int seat = st->active;
    const leaders_seat *s = &st->seat[seat];
    if (rules_is_leader(st, from) || rules_is_leader(st, to) || !rules_budget(st, seat))
        return false;
    for (int i = 0; i < s->hand.n; i++)
        if (rules_attack_card_ok(rules, st, seat, from, to, s->hand.cards[i]))
            return true;
    return false;
}

static void rules_do(const carta_rules *rules, leaders_state *st, carta_action a)
{
    int kind = leaders_akind(a), x = leaders_aa(a), y = leaders_ab(a), card = leaders_ac(a);
    carta_pending *f = carta_pending_top(&st->pending);
    switch (kind) {
    case LEADERS_A_END:
    case LEADERS_A_REST:
        rules_close_cycle(rules, st, kind);
        return;
    case LEADERS_A_DISCARD: {
        leaders_seat *s = &st->seat[st->active];
        rules_zone_take(&s->hand, (uint16_t)card);
        rules_zone_put(&s->discard, (uint16_t)card);
        leaders_tell_discard(st, st->active, card);
        if (s->hand.n <= LEADERS_HAND_LIMIT) {
            carta_pending_pop(&st->pending);
            rules_end_turn(rules, st);
        }
        return;
    }
    case LEADERS_A_SUMMON:
        f = carta_pending_push(&st->pending, LEADERS_FR_SUMMON_CELL, st->active);
        if (f)
            f->arg[0] = (int16_t)card;
        return;
    case LEADERS_A_CELL:
        rules_cell(rules, st, f, y);
        return;
    case LEADERS_A_FACE: {
        int unit = f->arg[0], cell = f->arg[1];
        carta_pending_pop(&st->pending);
        st->seat[st->active].summons++;
        rules_declare(rules, st, LEADERS_ACT_SUMMON, cell, -1, unit, x);
        return;
    }
    case LEADERS_A_MOVE:
        rules_spend(st, x);
        rules_declare(rules, st, LEADERS_ACT_MOVE, x, y, 0, 0);
        return;
    case LEADERS_A_ATTACK:
        rules_spend(st, x);
        leaders_tell_fight(st, x, y);
        if (rules_attack_card_possible(rules, st, x, y)) {
            f = carta_pending_push(&st->pending, LEADERS_FR_ATTACK_CARD, st->active);
            if (f) {
                f->arg[0] = (int16_t)x;
                f->arg[1] = (int16_t)y;
                return;
            }
        }
        rules_declare(rules, st, LEADERS_ACT_ATTACK, x, y, -1, 0);
        return;
    case LEADERS_A_CARD: {
        int from = f->arg[0], to = f->arg[1];
        carta_pending_pop(&st->pending);
        if (card > 0) {
            leaders_seat *s = &st->seat[st->active];
            rules_zone_take(&s->hand, (uint16_t)(card - 1));
            s->cards_played++;
            st->facedown = (uint16_t)(card - 1);
            leaders_tell_face_down(st, st->active, card - 1);
        } else {
            leaders_tell_note(st, st->active, LEADERS_W_NO_ATTACK_CARD);
        }
        rules_declare(rules, st, LEADERS_ACT_ATTACK, from, to, -1, 0);
        return;
    }
    case LEADERS_A_ABILITY:
        rules_spend(st, x);
        rules_declare(rules, st, LEADERS_ACT_ABILITY, x, y, 0, 0);
        return;
    case LEADERS_A_SWAP:
        rules_exhaust(st, x);
        rules_exhaust(st, y);
        rules_declare(rules, st, LEADERS_ACT_SWAP, x, y, 0, 0);
        return;
    case LEADERS_A_REDIRECT:
        if (st->board[x].acts > 0)
            rules_exhaust(st, x);
        st->board[x].flags |= LEADERS_C_REDIRECTED;
        rules_declare(rules, st, LEADERS_ACT_REDIRECT, x, -1, y, 0);
        return;
    case LEADERS_A_PLAY:
        if (f && f->kind == LEADERS_FR_ANSWER)
            rules_play_answer(rules, st, f, card);
        else
            rules_play_main(rules, st, card);
        return;
    case LEADERS_A_PASS: {
        leaders_tell_note(st, f->seat, LEADERS_W_PASSES);
        int16_t args[CARTA_PENDING_ARGS];
        memcpy(args, f->arg, sizeof args);
        carta_pending_pop(&st->pending);
        rules_resolve(rules, st, args, LEADERS_NONE);
        return;
    }
    default:
        return;
    }
}

carta_status leaders_apply(const carta_rules *rules, void *state, carta_action action,
                           carta_error *err)
{
    (void)err;
    leaders_state *st = state;
    CARTA_ASSERT(carta_action_is_legal(&carta_game_leaders, rules, st, action));
    carta_events_clear(&st->happened);
    st->turn_actions++;
    rules_do(rules, st, action);
    return CARTA_OK;
}
