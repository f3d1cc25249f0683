/* rules.c: Essence's setup (2.2), the turn (2.3-3.5), who decides, the legal actions and apply.
 *
 * Each decision is one of: a pending frame's (a payment, a Fate Bonus, a stack, the order of
 * declared spells...), the opponents' response (they declare at the same moment, unseen by each
 * other: ess_deciding), or the active player's step in the current phase. After each action
 * ess_settle runs everything that needs no decision, so a seat with nothing it can do is never
 * asked. */
#include "games/essence/essence.h"

#include <string.h>

#include "core/assert.h"
#include "core/options.h"

extern const carta_game carta_game_essence;

const carta_option_def ess_options[] = {
    {"hand_limit", "cards the active player keeps at the end of the turn (3.5: 10)", 4, 30,
     ESS_HAND_LIMIT},
    {"start_hand", "Forest cards each player draws at the start (2.2: 4)", 0, 10, 4},
};
const int ess_n_options = (int)(sizeof ess_options / sizeof ess_options[0]);

/* ---- setup (2.2) ---- */

static void setup_box(const carta_rules *r, ess_state *st)
{
    int slot = 0;
    for (int id = 0; id < r->n_cards; id++) {
        const ess_card *c = &r->card[id];
        for (int k = 0; k < c->copies; k++)
            switch (c->kind) {
            case ESS_K_ESSENCE:
            case ESS_K_MONSTER:
            case ESS_K_UNICORN:
                carta_zone_push(CARTA_ZONE_REF(&st->stack[c->realm]), (uint16_t)id, 0);
                break;
            case ESS_K_FATE:
                carta_zone_push(CARTA_ZONE_REF(&st->fate_deck), (uint16_t)id, 0);
                break;
            case ESS_K_CARTA:
                carta_zone_push(CARTA_ZONE_REF(&st->carta_box), (uint16_t)id, 0);
                break;
            case ESS_K_AVATAR:
                carta_zone_push(CARTA_ZONE_REF(&st->avatars), (uint16_t)id, 0);
                break;
            case ESS_K_SPELL:
                if (!c->dark && slot < ESS_SPELLS)
                    st->aether[slot++] = (uint16_t)id; /* 2.2 step 3: Light Magic side up */
                break;
            default: break;
            }
    }
}

carta_status ess_setup(const carta_rules *r, void *state, const carta_config *c,
                       carta_error *err)
{
    ess_state *st = state;
    if (c->n_seats < 2 || c->n_seats > ESS_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: 2 to %d players, not %d",
                               ESS_SEATS, c->n_seats);
    if (c->mode[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: no mode '%s'", c->mode);
    if (carta_options_check(&carta_game_essence, c, err))
        return CARTA_ERR_INPUT;
    for (int p = 0; p < c->n_seats; p++)
        if (ess_deck_check(r, &c->decks[p], err))
            return CARTA_ERR_INPUT;
    int start = carta_option_value(&carta_game_essence, c, "start_hand");
    int forest = 0;
    for (int id = 0; id < r->n_cards; id++)
        if (r->card[id].kind != ESS_K_SPELL && r->card[id].kind != ESS_K_FATE &&
            r->card[id].kind != ESS_K_AVATAR && r->card[id].kind != ESS_K_CARTA &&
            r->card[id].realm == ESS_FOREST)
            forest += r->card[id].copies;
    if (!r->n_cards || forest < start * c->n_seats)
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: the box's Forest has %d cards, "
                               "too few for %d starting hands of %d", forest, c->n_seats, start);
    memset(st, 0, sizeof *st);
    carta_rng_seed(&st->rng, c->seed);
    st->n_seats = (uint8_t)c->n_seats;
    st->hand_limit = (uint8_t)carta_option_value(&carta_game_essence, c, "hand_limit");
    st->start_hand = (uint8_t)start;
    st->winner = -1;
    st->combat.monster = st->combat.fate = ESS_NONE;
    for (int p = 0; p < ESS_SEATS; p++)
        st->seat[p].avatar = ESS_NONE;
    setup_box(r, st);
    ess_zones_seen(st);
    for (int realm = 0; realm < ESS_REALMS; realm++) /* 2.2 step 1 */
        carta_zone_shuffle(CARTA_ZONE_REF(&st->stack[realm]), &st->rng);
    carta_zone_shuffle(CARTA_ZONE_REF(&st->fate_deck), &st->rng); /* step 2 */
    carta_zone_shuffle(CARTA_ZONE_REF(&st->carta_box), &st->rng);
    for (int p = 0; p < st->n_seats; p++) { /* step 4 */
        carta_zone_move(CARTA_ZONE_REF(&st->carta_box), st->carta_box.n - 1,
                        CARTA_ZONE_REF(&st->seat[p].carta));
        carta_event_move(&st->events, p, st->seat[p].carta.cards[0], CARTA_SEAT_BIT(p),
                         ESS_W_BOX, ESS_W_CARTA, 0);
    }
    for (int p = 0; p < st->n_seats; p++) /* step 5: a random pick order */
        st->pick_order[p] = (uint8_t)p;
    for (int p = st->n_seats - 1; p > 0; p--) {
        int k = (int)carta_rng_below(&st->rng, (uint32_t)(p + 1));
        uint8_t t = st->pick_order[p];
        st->pick_order[p] = st->pick_order[k];
        st->pick_order[k] = t;
    }
    for (int p = 0; p < st->n_seats; p++)
        carta_event_add(&st->events, CARTA_EV_NOTE, st->pick_order[p], -1, -1, 0, -1,
                        ESS_W_PICK_ORDER, p + 1, 0);
    st->phase = ESS_PHASE_PICK;
    st->active = (int8_t)st->pick_order[0];
    return CARTA_OK;
}

/* 2.2 steps 6-7, once every Avatar is picked. */
static void setup_finish(const carta_rules *r, ess_state *st)
{
    for (int k = 0; k < st->n_seats; k++)
        for (int i = 0; i < st->start_hand; i++)
            ess_draw(r, st, st->pick_order[k], ESS_FOREST, ESS_W_DRAWS);
    ess_turn_begin(r, st, st->pick_order[st->n_seats - 1]);
}

/* ---- the turn ---- */

void ess_turn_begin(const carta_rules *r, ess_state *st, int seat)
{
    (void)r;
    st->active = (int8_t)seat;
    st->turn++;
    st->phase = ESS_PHASE_PREPARE;
    st->turn_flags = 0;
    st->explore_bonus = 0;
    st->explore_limit = 0;
    st->turn_attack = st->turn_spell_fate = 0;
    for (int p = 0; p < st->n_seats; p++)
        st->seat[p].uses = 1;
    carta_event_add(&st->events, CARTA_EV_TURN, seat, -1, -1, 0, -1, 0, st->turn, 0);
}

/* 3.5: Suffocation flips back, kept Fates go to the Graveyard of Fates, then the discard. */
static void turn_end(const carta_rules *r, ess_state *st)
{
    for (int s = 0; s < ESS_SPELLS; s++)
        if (ess_card_of(r, st->aether[s])->effect == ESS_SP_SUFFOCATION)
            ess_flip(st, r, s, -1);
    while (st->kept.n)
        carta_zone_move(CARTA_ZONE_REF(&st->kept), st->kept.n - 1,
                        CARTA_ZONE_REF(&st->fate_grave));
    st->phase = ESS_PHASE_DISCARD;
}

static int turn_hand_limit(const carta_rules *r, const ess_state *st)
{
    int passive = ess_passive(r, st, st->active, ESS_PA_HAND_LIMIT);
    return passive > st->hand_limit ? passive : st->hand_limit;
}

static void turn_next(const carta_rules *r, ess_state *st)
{
    if (st->turn >= ESS_TURN_LIMIT) {
        ess_end(st, -1, ESS_W_TURN_LIMIT);
        return;
    }
    ess_turn_begin(r, st, (st->active + 1) % st->n_seats);
}

/* ---- who decides ---- */

static const carta_pending *rules_deciding_frame(const ess_state *st)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top && top->kind == ESS_FR_CAST && top->arg[2] == ESS_ST_WAIT)
        return NULL; /* a spell waiting for the combat it started */
    return top;
}

int ess_to_act(const carta_rules *r, const void *state)
{
    (void)r;
    const ess_state *st = state;
    if (st->phase == ESS_PHASE_OVER)
        return CARTA_NO_SEAT;
    const carta_pending *top = rules_deciding_frame(st);
    if (top)
        return top->seat;
    if (st->responding)
        return ess_respond_next(st);
    if (st->phase == ESS_PHASE_PICK)
        return st->pick_order[st->n_picked];
    return st->active;
}

unsigned ess_deciding(const carta_rules *r, const void *state)
{
    (void)r;
    const ess_state *st = state;
    if (st->phase == ESS_PHASE_OVER || rules_deciding_frame(st) || !st->responding)
        return 0;
    unsigned seats = 0;
    for (int p = 0; p < st->n_seats; p++)
        if ((st->responding & (1u << p)) && st->seat[p].decl == ESS_DECL_NONE)
            seats |= 1u << p;
    return seats;
}

/* ---- legal actions ---- */

static int first_copy(const uint16_t *cards, int i)
{
    for (int k = 0; k < i; k++)
        if (cards[k] == cards[i])
            return 0;
    return 1;
}

/* The phase's timing for spells and abilities ("when"). */
static int rules_when(const ess_state *st)
{
    switch (st->phase) {
    case ESS_PHASE_EXPLORE: return ESS_WHEN_EXPLORE;
    case ESS_PHASE_COMBAT: return ESS_WHEN_COMBAT;
    case ESS_PHASE_ARCANE: return ESS_WHEN_ARCANE;
    case ESS_PHASE_END: return ESS_WHEN_END;
    default: return ESS_WHEN_FIRST;
    }
}

static int legal_casts(const carta_rules *r, const ess_state *st, int seat, int when,
                       carta_action *out)
{
    int n = 0;
    for (int s = 0; s < ESS_SPELLS; s++)
        if (ess_spell_castable(r, st, seat, s, when))
            out[n++] = ESS_ACT(ESS_A_CAST, s);
    return n;
}

static int legal_hand(const ess_state *st, int seat, int kind, int monsters_only,
                      const carta_rules *r, carta_action *out)
{
    const ess_pile *hand = &st->seat[seat].hand;
    int n = 0;
    for (int i = 0; i < hand->n; i++)
        if (first_copy(hand->cards, i) &&
            (!monsters_only || ess_card_of(r, hand->cards[i])->kind == ESS_K_MONSTER))
            out[n++] = ESS_ACT(kind, hand->cards[i]);
    return n;
}

/* The active player's step in the current phase. */
static int legal_active(const carta_rules *r, const ess_state *st, carta_action *out)
{
    int seat = st->active, n = 0, when = rules_when(st);
    switch (st->phase) {
    case ESS_PHASE_PREPARE:
        if (!(st->turn_flags & ESS_T_ACTED) && ess_ability_usable(r, st, seat, ESS_WHEN_FIRST))
            out[n++] = ESS_ACT(ESS_A_ABILITY, 0);
        n += legal_casts(r, st, seat, when, out + n);
        for (int realm = 0; realm < ESS_REALMS; realm++)
            if (ess_can_explore(r, st, realm))
                out[n++] = ESS_ACT(ESS_A_EXPLORE, realm);
        if (!ess_can_explore(r, st, ESS_FOREST) && !ess_can_explore(r, st, ESS_MINES) &&
            !ess_can_explore(r, st, ESS_UNDERWORLD))
            out[n++] = ESS_ACT(ESS_A_STOP, 0);
        break;
    case ESS_PHASE_EXPLORE:
        out[n++] = ESS_ACT(ESS_A_CONTINUE, 0);
        out[n++] = ESS_ACT(ESS_A_STOP, 0);
        n += legal_casts(r, st, seat, when, out + n);
        break;
    case ESS_PHASE_COMBAT:
        n += legal_hand(st, seat, ESS_A_MINION, 1, r, out + n);
        /* fall through */
    case ESS_PHASE_ARCANE:
    case ESS_PHASE_END:
        if (ess_ability_usable(r, st, seat, when))
            out[n++] = ESS_ACT(ESS_A_ABILITY, 0);
        n += legal_casts(r, st, seat, when, out + n);
        out[n++] = ESS_ACT(ESS_A_PASS, 0);
        break;
    case ESS_PHASE_DISCARD: return legal_hand(st, seat, ESS_A_DISCARD, 0, r, out);
    default: return 0;
    }
    if (ess_can_claim(r, st, seat))
        out[n++] = ESS_ACT(ESS_A_CLAIM, 0);
    return n;
}

static int legal_respond(const carta_rules *r, const ess_state *st, int seat, carta_action *out)
{
    int n = 0, when = st->respond_phase;
    if (when == ESS_WHEN_COMBAT && !(st->combat.interfered & CARTA_SEAT_BIT(seat)) &&
        st->combat.n_interfere < ESS_INTERFERE_MAX)
        n += legal_hand(st, seat, ESS_A_MINION, 1, r, out);
    if (ess_ability_usable(r, st, seat, ESS_WHEN_THEIR_COMBAT) && when == ESS_WHEN_COMBAT)
        out[n++] = ESS_ACT(ESS_A_ABILITY, 0);
    n += legal_casts(r, st, seat, when, out + n);
    out[n++] = ESS_ACT(ESS_A_PASS, 0);
    return n;
}

static int legal_frame(const carta_rules *r, const ess_state *st, const carta_pending *f,
                       carta_action *out)
{
    int n = 0, seat = f->seat;
    switch (f->kind) {
    case ESS_FR_QUEUE:
        for (int p = 0; p < st->n_seats; p++)
            if (ess_order_seats(st, f) & (1u << p))
                out[n++] = ESS_ACT(ESS_A_ORDER, p);
        return n;
    case ESS_FR_CAST: {
        uint16_t cards[ESS_PILE_MAX];
        int k = ess_pay_options(r, st, f, cards);
        for (int i = 0; i < k; i++)
            out[n++] = ESS_ACT(ESS_A_PAY, cards[i]);
        return n;
    }
    case ESS_FR_BONUS:
    case ESS_FR_KEEP:
    case ESS_FR_RETRY: {
        int kind = f->kind == ESS_FR_BONUS ? ESS_A_BONUS
                   : f->kind == ESS_FR_KEEP ? ESS_A_KEEP
                                            : ESS_A_RETRY;
        out[n++] = ESS_ACT(kind, 1);
        out[n++] = ESS_ACT(kind, 0);
        return n;
    }
    case ESS_FR_STACK:
        for (int realm = 0; realm < ESS_REALMS; realm++)
            if (ess_can_explore(r, st, realm))
                out[n++] = ESS_ACT(ESS_A_STACK, realm);
        return n;
    case ESS_FR_GRAVE:
        for (int i = 0; i < st->grave.n; i++)
            if (first_copy(st->grave.cards, i))
                out[n++] = ESS_ACT(ESS_A_TAKE, st->grave.cards[i]);
        return n;
    case ESS_FR_DAMAGE: return legal_hand(st, seat, ESS_A_DISCARD, 0, r, out);
    default: return 0;
    }
}

int ess_legal_actions(const carta_rules *r, const void *state, carta_action *out)
{
    const ess_state *st = state;
    if (st->phase == ESS_PHASE_OVER)
        return 0;
    const carta_pending *top = rules_deciding_frame(st);
    if (top)
        return legal_frame(r, st, top, out);
    if (st->responding) {
        int seat = ess_respond_next(st);
        return seat < 0 ? 0 : legal_respond(r, st, seat, out);
    }
    if (st->phase == ESS_PHASE_PICK) {
        int n = 0;
        for (int i = 0; i < st->avatars.n; i++)
            if (first_copy(st->avatars.cards, i))
                out[n++] = ESS_ACT(ESS_A_PICK, st->avatars.cards[i]);
        return n;
    }
    return legal_active(r, st, out);
}

/* ---- apply ---- */

/* The active player passes in combat or the Arcane Phase: the opponents respond; if none can,
 * or all pass, the phase ends (3.3 "Combat ends when no player can or wants to continue"; 3.4). */
static void active_pass(const carta_rules *r, ess_state *st)
{
    int when = rules_when(st);
    if (st->phase == ESS_PHASE_END) {
        turn_end(r, st);
        return;
    }
    if (!ess_respond_open(r, st, when)) {
        if (st->phase == ESS_PHASE_COMBAT)
            ess_combat_resolve(r, st);
        else
            st->phase = ESS_PHASE_END;
    }
}

static void apply_pick(const carta_rules *r, ess_state *st, int seat, int card)
{
    for (int i = 0; i < st->avatars.n; i++)
        if (st->avatars.cards[i] == card) {
            carta_zone_take(CARTA_ZONE_REF(&st->avatars), i, NULL);
            break;
        }
    st->seat[seat].avatar = (uint16_t)card;
    carta_event_add(&st->events, CARTA_EV_ACT, seat, -1, card, CARTA_SEEN_ALL, -1, ESS_W_PICKS,
                    0, 0);
    if (++st->n_picked == st->n_seats)
        setup_finish(r, st);
    else
        st->active = (int8_t)st->pick_order[st->n_picked];
}

static void apply_frame(const carta_rules *r, ess_state *st, carta_pending *f, int kind, int x)
{
    int seat = f->seat;
    switch (kind) {
    case ESS_A_ORDER:
        carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1,
                        ESS_W_GOES_FIRST, x + 1, 0);
        ess_queue_start(r, st, f, x);
        return;
    case ESS_A_PAY: ess_pay(st, f, x); return;
    case ESS_A_BONUS: {
        int fate = f->arg[0], check = f->arg[1];
        carta_pending_pop(&st->pending);
        if (x)
            ess_bonus_apply(r, st, seat, fate, check);
        else
            carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, fate, CARTA_SEEN_ALL, -1,
                            ESS_W_DECLINES, 0, 0);
        return;
    }
    case ESS_A_KEEP: {
        int slot = f->arg[0];
        carta_pending_pop(&st->pending);
        carta_pending *cast = carta_pending_top(&st->pending);
        CARTA_ASSERT(cast && cast->kind == ESS_FR_CAST);
        cast->arg[9] |= ESS_CAST_DECIDED;
        if (x) {
            cast->arg[9] |= ESS_CAST_KEPT;
            carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, st->aether[slot],
                            CARTA_SEEN_ALL, -1, ESS_W_KEEPS_SIDE, 0, 0);
        }
        return;
    }
    case ESS_A_RETRY:
        carta_pending_pop(&st->pending);
        if (x)
            ess_claim_begin(r, st, seat);
        else
            carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_GIVES_UP, 0,
                            0);
        return;
    case ESS_A_STACK: {
        int purpose = f->arg[0], amount = f->arg[1];
        carta_pending_pop(&st->pending);
        if (purpose == ESS_FOR_DRAW) {
            for (int k = 0; k < amount; k++)
                ess_draw(r, st, seat, x, ESS_W_DRAWS);
            return;
        }
        ess_spell_reveal_monster(r, st, seat, x, purpose == ESS_FOR_SUMMONING);
        return;
    }
    case ESS_A_TAKE:
        carta_pending_pop(&st->pending);
        for (int i = st->grave.n - 1; i >= 0; i--)
            if (st->grave.cards[i] == x) {
                carta_zone_take(CARTA_ZONE_REF(&st->grave), i, NULL);
                ess_hand_add(st, seat, (uint16_t)x, CARTA_SEEN_ALL);
                carta_event_move(&st->events, seat, x, CARTA_SEEN_ALL, ESS_W_GRAVEYARD,
                                 ESS_W_HAND, ESS_W_TAKES);
                break;
            }
        return;
    case ESS_A_DISCARD: {
        uint8_t known;
        uint16_t card = ess_hand_take(st, seat, x, &known);
        ess_to_grave(st, seat, card, known, ESS_W_HAND);
        f->arg[0]--;
        return;
    }
    default: CARTA_ASSERT(!"an action of no frame"); return;
    }
}

static void apply_respond(const carta_rules *r, ess_state *st, int seat, int kind, int x)
{
    (void)r;
    ess_seat *s = &st->seat[seat];
    s->decl = kind == ESS_A_MINION  ? (uint16_t)(ESS_DECL_MINION + x)
              : kind == ESS_A_CAST  ? (uint16_t)(ESS_DECL_SPELL + x)
              : kind == ESS_A_ABILITY ? ESS_DECL_ABILITY
                                      : ESS_DECL_PASS;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_DECLARES, 0, 0);
}

static void apply_active(const carta_rules *r, ess_state *st, int kind, int x)
{
    int seat = st->active;
    if (kind != ESS_A_DISCARD && kind != ESS_A_PASS)
        st->turn_flags |= ESS_T_ACTED;
    switch (kind) {
    case ESS_A_ABILITY: ess_ability_begin(r, st, seat); break;
    case ESS_A_CAST: ess_cast_begin(r, st, seat, x); break;
    case ESS_A_CLAIM: ess_claim_begin(r, st, seat); break;
    case ESS_A_EXPLORE: ess_explore_begin(r, st, x); break;
    case ESS_A_CONTINUE: ess_explore_next(r, st); break;
    case ESS_A_STOP:
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_STOPS, 0, 0);
        if (st->phase == ESS_PHASE_EXPLORE)
            ess_explore_end(r, st);
        else
            st->phase = ESS_PHASE_ARCANE;
        break;
    case ESS_A_MINION: ess_support(r, st, x); break;
    case ESS_A_PASS:
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_PASSES, 0, 0);
        active_pass(r, st);
        break;
    case ESS_A_DISCARD: {
        uint8_t known;
        uint16_t card = ess_hand_take(st, seat, x, &known);
        ess_to_grave(st, seat, card, known, ESS_W_HAND);
        break;
    }
    default: CARTA_ASSERT(!"an action of no step"); break;
    }
}

carta_status ess_apply(const carta_rules *r, void *state, carta_action a, carta_error *err)
{
    (void)err;
    ess_state *st = state;
    int seat = ess_to_act(r, st), kind = ESS_KIND(a), x = ESS_ARG(a);
    CARTA_ASSERT(seat != CARTA_NO_SEAT);
    carta_events_clear(&st->events);
    carta_pending *top = carta_pending_top(&st->pending);
    if (rules_deciding_frame(st))
        apply_frame(r, st, top, kind, x);
    else if (st->responding)
        apply_respond(r, st, seat, kind, x);
    else if (st->phase == ESS_PHASE_PICK)
        apply_pick(r, st, seat, x);
    else
        apply_active(r, st, kind, x);
    ess_settle(r, st);
    return CARTA_OK;
}

/* ---- settle: what needs no decision ---- */

/* The active player's step: 1 if it needed no decision and was run, else 0. */
static int settle_phase(const carta_rules *r, ess_state *st)
{
    carta_action acts[CARTA_MAX_ACTIONS];
    switch (st->phase) {
    case ESS_PHASE_PICK:
    case ESS_PHASE_PREPARE: return 0;
    case ESS_PHASE_EXPLORE:
        if (!ess_explore_goes_on(r, st)) {
            ess_explore_end(r, st);
            return 1;
        }
        if (!st->revealed.n) { /* the stack is chosen: its first card is revealed */
            ess_explore_next(r, st);
            return 1;
        }
        return 0;
    case ESS_PHASE_COMBAT:
        if (st->combat.fate == ESS_NONE) {
            ess_combat_fate(r, st);
            return 1;
        }
        /* fall through */
    case ESS_PHASE_ARCANE:
    case ESS_PHASE_END:
        if (legal_active(r, st, acts) == 1) { /* nothing but passing: the step passes */
            active_pass(r, st);
            return 1;
        }
        return 0;
    case ESS_PHASE_DISCARD:
        if (st->seat[st->active].hand.n > turn_hand_limit(r, st))
            return 0;
        turn_next(r, st);
        return 1;
    default: return 0;
    }
}

void ess_settle(const carta_rules *r, ess_state *st)
{
    for (;;) {
        if (st->phase == ESS_PHASE_OVER)
            return;
        carta_pending *top = carta_pending_top(&st->pending);
        if (top && rules_deciding_frame(st)) {
            int decide;
            switch (top->kind) {
            case ESS_FR_QUEUE: decide = ess_queue_step(r, st); break;
            case ESS_FR_CAST: decide = ess_cast_step(r, st); break;
            case ESS_FR_ABILITY: decide = ess_ability_step(r, st); break;
            case ESS_FR_CLAIM: decide = ess_claim_step(r, st); break;
            case ESS_FR_DAMAGE:
                decide = top->arg[0] > 0 && st->seat[top->seat].hand.n > 0;
                if (!decide) {
                    carta_pending_pop(&st->pending);
                    ess_combat_cleanup(r, st);
                }
                break;
            default: decide = 1; break;
            }
            if (decide)
                return;
            continue;
        }
        if (st->responding) {
            if (ess_respond_next(st) >= 0)
                return;
            ess_respond_declared(r, st);
            continue;
        }
        if (!settle_phase(r, st))
            return;
    }
}

/* ---- the result ---- */

void ess_returns(const carta_rules *r, const void *state, double *out)
{
    (void)r;
    const ess_state *st = state;
    for (int p = 0; p < st->n_seats; p++)
        out[p] = st->phase != ESS_PHASE_OVER ? 0.0
                 : st->winner < 0             ? 1.0 / st->n_seats
                 : st->winner == p            ? 1.0
                                              : 0.0;
}
