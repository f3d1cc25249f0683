/* rules.c: setup, the turn sequence (forge, house, archives, main step, ready, draw, end of
 * turn), legal actions and apply. */
#include "games/aember/aember.h"

#include <string.h>

#include "core/assert.h"
#include "core/options.h"

#define UID(x) ((uint16_t)(x))

enum { RULES_TURN_ACTION_CAP = 1000 }; /* docs/rulings/aember.md: a runaway turn must end */

/* ---- small rules services ---- */

int aember_draw(aember_state *st, int seat, int n)
{
    aember_seat *s = &st->seat[seat];
    int drawn = 0;
    for (; drawn < n; drawn++) {
        if (s->deck.n == 0) {
            if (s->discard.n == 0)
                break;
            /* docs/rulings: an empty deck is refilled by shuffling the discard pile */
            memcpy(s->deck.cards, s->discard.cards, (size_t)s->discard.n * 2);
            s->deck.n = s->discard.n;
            carta_zone_clear(CARTA_ZONE_REF(&s->discard));
            carta_zone_shuffle(CARTA_ZONE_REF(&s->deck), &st->rng);
            aember_tell(st, CARTA_EV_NOTE, seat, CARTA_EV_NO_SEAT, -1, -1,
                        AEMBER_W_SHUFFLES_DISCARD, 0, 0);
        }
        if (s->hand.n >= AEMBER_DECK_MAX)
            break;
        aember_move_told(st, seat, &s->deck, s->deck.n - 1, &s->hand, AEMBER_W_DRAWS);
    }
    return drawn;
}

bool aember_six_ok(const aember_state *st, uint16_t card)
{
    for (int i = 0; i < st->n_six; i++)
        if (st->six[i].card == card)
            return st->six[i].count < 6;
    return true;
}

void aember_six_count(aember_state *st, uint16_t card)
{
    for (int i = 0; i < st->n_six; i++)
        if (st->six[i].card == card) {
            if (++st->six[i].count == 6)
                aember_tell(st, CARTA_EV_STATUS, st->active, CARTA_EV_NO_SEAT, card, -1,
                            AEMBER_W_RULE_OF_SIX, 6, 0);
            return;
        }
    if (st->n_six < AEMBER_SIX_MAX) {
        st->six[st->n_six].card = card;
        st->six[st->n_six].count = 1;
        st->n_six++;
    }
}

/* The game ends mid-effect: an action card waiting for its Play: ability to finish still goes
 * to its owner's discard pile (else it would vanish with the pending stack). */
static void rules_flush_played(aember_state *st)
{
    for (int f = 0; f < st->pending.n; f++) {
        const carta_pending *fr = &st->pending.frame[f];
        if (fr->kind == AEMBER_FR_AFTER_PLAY)
            CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&st->seat[fr->seat].discard),
                                         UID(fr->arg[0]), 0));
    }
}

static void rules_game_over(aember_state *st, int winner)
{
    st->phase = AEMBER_PHASE_OVER;
    st->winner = (int8_t)winner;
    st->draw = winner < 0;
    rules_flush_played(st);
    st->pending.n = 0;
}

int aember_try_forge(const carta_rules *rules, aember_state *st, int seat)
{
    aember_seat *s = &st->seat[seat];
    int cost = aember_key_cost(rules, st, seat);
    if (s->aember < cost || s->keys >= AEMBER_KEYS_TO_WIN)
        return 0;
    s->aember = (uint8_t)(s->aember - cost);
    s->keys++;
    aember_tell(st, CARTA_EV_FORGE, seat, CARTA_EV_NO_SEAT, -1, -1, AEMBER_W_AEMBER, cost,
                s->keys);
    if (s->keys >= AEMBER_KEYS_TO_WIN) {
        rules_game_over(st, seat);
        aember_tell(st, CARTA_EV_WON, seat, CARTA_EV_NO_SEAT, -1, -1, AEMBER_W_THREE_KEYS, 0, 0);
    }
    return 1;
}

/* Draws n cards for seat to refill its hand (including during setup): chains take
 * ceil(chains / 6) off, and shed one chain, whenever at least one card would be drawn. */
static void rules_refill(aember_state *st, int seat, int n)
{
    aember_seat *s = &st->seat[seat];
    int chains = n > 0 ? s->chains : 0;
    if (chains) {
        n -= (chains + 5) / 6;
        s->chains--;
    }
    if (n > 0)
        aember_draw(st, seat, n);
    if (chains)
        aember_tell_count(st, seat, -1, -1, AEMBER_W_CHAIN, AEMBER_W_CHAINS, s->chains);
}

/* ---- setup ---- */

static carta_status rules_seat_setup(const carta_rules *rules, aember_state *st, int seat,
                                     const carta_deck *deck, carta_error *err)
{
    aember_seat *s = &st->seat[seat];
    if (deck->n_cards < 1 || deck->n_cards > AEMBER_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "aember: deck '%s' of seat %d has %d cards (1..%d allowed)",
                               deck->name, seat, deck->n_cards, AEMBER_DECK_MAX);
    for (int i = 0; i < deck->n_cards; i++) {
        const aember_card_def *def = aember_def(rules, deck->cards[i]);
        if (!def)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "aember: deck '%s' has an unknown card id %d", deck->name,
                                   deck->cards[i]);
        int h = 0;
        while (h < s->n_houses && s->houses[h] != def->house)
            h++;
        if (h == s->n_houses) {
            if (s->n_houses >= AEMBER_HOUSE_MAX)
                return carta_error_set(err, CARTA_ERR_INPUT,
                                       "aember: deck '%s' has more than 3 houses ('%s' is a "
                                       "fourth)",
                                       deck->name, def->name);
            s->houses[s->n_houses++] = def->house;
        }
        s->deck_list[i] = deck->cards[i];
    }
    s->n_deck_list = (uint8_t)deck->n_cards;
    memcpy(s->deck.cards, deck->cards, (size_t)deck->n_cards * 2);
    s->deck.n = (uint8_t)deck->n_cards;
    carta_zone_shuffle(CARTA_ZONE_REF(&s->deck), &st->rng);
    return CARTA_OK;
}

void aember_state_blank(aember_state *st)
{
    memset(st, 0, sizeof *st);
    st->version = AEMBER_STATE_VERSION;
    st->key_cost = AEMBER_BASE_KEY_COST;
    st->hand_size = AEMBER_HAND_SIZE;
    st->winner = -1;
    aember_zones_seen(st);
}

carta_status aember_setup(const carta_rules *rules, void *state, const carta_config *config,
                          carta_error *err)
{
    aember_state *st = state;
    memset(st, 0, sizeof *st);
    if (config->n_seats != AEMBER_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "aember: a game has 2 seats, not %d",
                               config->n_seats);
    if (carta_options_check(&carta_game_aember, config, err))
        return CARTA_ERR_INPUT;
    int first;
    carta_rng_seed(&st->rng, config->seed);
    if (config->mode[0] == '\0' || strcmp(config->mode, "standard") == 0)
        first = (int)carta_rng_below(&st->rng, 2);
    else if (strcmp(config->mode, "seat0") == 0)
        first = 0;
    else
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "aember: unknown mode '%s' (expected standard or seat0)",
                               config->mode);
    for (int p = 0; p < AEMBER_SEATS; p++)
        if (rules_seat_setup(rules, st, p, &config->decks[p], err) != CARTA_OK) {
            memset(st, 0, sizeof *st);
            return CARTA_ERR_INPUT;
        }
    st->version = AEMBER_STATE_VERSION;
    st->key_cost = (uint8_t)carta_option_value(&carta_game_aember, config, "key_cost");
    st->hand_size = (uint8_t)carta_option_value(&carta_game_aember, config, "hand_size");
    aember_zones_seen(st);
    st->first = (int8_t)first;
    st->active = (int8_t)first;
    st->winner = -1;
    st->mulligan_seat = (int8_t)first;
    st->phase = AEMBER_PHASE_MULLIGAN;
    aember_tell(st, CARTA_EV_NOTE, first, CARTA_EV_NO_SEAT, -1, -1, AEMBER_W_FIRST_TURN, 0, 0);
    rules_refill(st, first, st->hand_size + 1);
    rules_refill(st, !first, st->hand_size);
    return CARTA_OK;
}

/* ---- turn sequence ---- */

static void rules_trigger_all(const carta_rules *rules, aember_state *st, int seat, int trigger)
{
    aember_seat *s = &st->seat[seat];
    uint16_t uids[AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX];
    int n = 0;
    for (int i = 0; i < s->n_line; i++)
        uids[n++] = s->line[i].uid;
    for (int i = 0; i < s->n_artifacts; i++)
        uids[n++] = s->artifacts[i].uid;
    for (int i = n - 1; i >= 0; i--)
        aember_trigger_in_play(rules, st, uids[i], trigger, 0);
}

static void rules_start_turn_step(const carta_rules *rules, aember_state *st, carta_pending *f)
{
    aember_seat *s = &st->seat[st->active];
    if (f->arg[0] == 0) {
        f->arg[0] = 1;
        s->key_cost_turn = (int8_t)(s->key_cost_turn + s->key_cost_next);
        s->key_cost_next = 0;
        rules_trigger_all(rules, st, st->active, AEMBER_TRIG_START_OF_TURN);
        return;
    }
    carta_pending_pop(&st->pending);
    st->phase = AEMBER_PHASE_HOUSE;
    aember_try_forge(rules, st, st->active); /* step 1: forge a key, mandatory when able */
}

static void rules_expire_turn(aember_state *st)
{
    for (int p = 0; p < AEMBER_SEATS; p++) {
        aember_seat *s = &st->seat[p];
        for (int i = 0; i < s->n_line; i++) {
            s->line[i].power_turn = 0;
            s->line[i].armor_used = 0;
            s->line[i].flags &= (uint8_t)~AEMBER_F_ATTACKED;
        }
        s->key_cost_turn = 0;
    }
    st->n_six = 0;
    st->turn_actions = 0;
    st->cards_played = 0;
    st->first_turn = 0;
}

/* Step 4: seat readies each of its exhausted cards (told once, if any was). */
static void rules_ready_all(aember_state *st, int seat)
{
    aember_seat *s = &st->seat[seat];
    uint8_t was = 0;
    for (int i = 0; i < s->n_line; i++) {
        was |= s->line[i].flags;
        s->line[i].flags &= (uint8_t)~AEMBER_F_EXHAUSTED;
    }
    for (int i = 0; i < s->n_artifacts; i++) {
        was |= s->artifacts[i].flags;
        s->artifacts[i].flags &= (uint8_t)~AEMBER_F_EXHAUSTED;
    }
    if (was & AEMBER_F_EXHAUSTED)
        aember_tell(st, CARTA_EV_NOTE, seat, CARTA_EV_NO_SEAT, -1, -1, AEMBER_W_READIES, 0, 0);
}

/* The next turn begins (a log marker for people). */
static void rules_tell_turn(aember_state *st)
{
    aember_tell(st, CARTA_EV_TURN, st->active, CARTA_EV_NO_SEAT, -1, -1, 0, st->turn, 0);
}

static void rules_end_turn_step(const carta_rules *rules, aember_state *st, carta_pending *f)
{
    aember_seat *s = &st->seat[st->active];
    if (f->arg[0] == 0) {
        f->arg[0] = 1;
        rules_ready_all(st, st->active); /* step 4 */
        rules_refill(st, st->active, st->hand_size - s->hand.n); /* step 5: draw up to 6 */
        rules_trigger_all(rules, st, st->active, AEMBER_TRIG_END_OF_TURN);
        return;
    }
    carta_pending_pop(&st->pending);
    rules_expire_turn(st);
    if (st->turn >= AEMBER_TURN_LIMIT) {
        rules_game_over(st, -1);
        aember_tell(st, CARTA_EV_DRAWN, CARTA_EV_NO_SEAT, CARTA_EV_NO_SEAT, -1, -1,
                    AEMBER_W_TURN_LIMIT, st->turn, 0);
        return;
    }
    st->turn++;
    st->active = (int8_t)!st->active;
    st->phase = AEMBER_PHASE_HOUSE;
    rules_tell_turn(st);
    carta_pending_push(&st->pending, AEMBER_FR_START_TURN, st->active);
}

void aember_end_turn(const carta_rules *rules, aember_state *st)
{
    carta_pending_push(&st->pending, AEMBER_FR_END_TURN, st->active);
    aember_advance(rules, st);
}

/* ---- legal actions ---- */

static bool rules_has_trigger(const carta_rules *rules, const aember_card_in_play *c, int trig)
{
    const aember_card_def *def = aember_def(rules, c->card);
    if (def && (def->triggers & (1u << trig)))
        return true;
    for (int u = 0; u < c->n_upgrades; u++) {
        const aember_card_def *ud = aember_def(rules, c->upgrades[u] & ~AEMBER_UPGRADE_OWNER);
        if (ud && (ud->triggers & (1u << trig)))
            return true;
    }
    return false;
}

/* Play actions for hand card i (any house); appends to out. */
static int rules_play_options(const carta_rules *rules, const aember_state *st, int i,
                              carta_action *out, int n)
{
    const aember_seat *me = &st->seat[st->active];
    const aember_card_def *def = aember_def(rules, me->hand.cards[i]);
    if (!def || !aember_six_ok(st, me->hand.cards[i]))
        return n;
    switch (def->type) {
    case AEMBER_CREATURE:
        if (me->n_line >= AEMBER_LINE_MAX)
            break;
        if (me->n_line == 0) {
            out[n++] = AEMBER_ACT(AEMBER_A_PLAY, i, AEMBER_FLANK_NONE, 0);
        } else {
            out[n++] = AEMBER_ACT(AEMBER_A_PLAY, i, AEMBER_FLANK_LEFT, 0);
            out[n++] = AEMBER_ACT(AEMBER_A_PLAY, i, AEMBER_FLANK_RIGHT, 0);
        }
        break;
    case AEMBER_ARTIFACT:
        if (me->n_artifacts < AEMBER_ARTIFACT_MAX)
            out[n++] = AEMBER_ACT(AEMBER_A_PLAY, i, AEMBER_FLANK_NONE, 0);
        break;
    case AEMBER_ACTION: out[n++] = AEMBER_ACT(AEMBER_A_PLAY, i, AEMBER_FLANK_NONE, 0); break;
    case AEMBER_UPGRADE:
        for (int k = 0; k < AEMBER_SEATS; k++) {
            int p = k == 0 ? st->active : !st->active;
            for (int c = 0; c < st->seat[p].n_line; c++)
                if (st->seat[p].line[c].n_upgrades < AEMBER_UPGRADE_MAX &&
                    !(st->seat[p].line[c].flags & AEMBER_F_DYING))
                    out[n++] = AEMBER_ACT(AEMBER_A_PLAY_UPGRADE, i, AEMBER_POS_LINE + 2 * p, c);
        }
        break;
    }
    return n;
}

static bool rules_hand_dup(const aember_zone *hand, int i)
{
    for (int j = 0; j < i; j++)
        if (hand->cards[j] == hand->cards[i])
            return true;
    return false;
}

/* Which enemy creatures the active player's creatures may attack now (taunt), as a bit mask. */
static uint32_t rules_attackable(const carta_rules *rules, const aember_state *st)
{
    const aember_seat *e = &st->seat[!st->active];
    uint32_t taunt = 0, mask = 0;
    for (int d = 0; d < e->n_line; d++)
        if (aember_keywords(rules, st, !st->active, d, NULL, NULL) & AEMBER_KW_TAUNT)
            taunt |= 1u << d;
    for (int d = 0; d < e->n_line; d++) {
        if (e->line[d].flags & AEMBER_F_DYING)
            continue;
        bool guarded = !(taunt & (1u << d)) && ((d > 0 && (taunt & (1u << (d - 1)))) ||
                                                 (taunt & (1u << (d + 1))));
        if (!guarded)
            mask |= 1u << d;
    }
    return mask;
}

/* Use actions of a creature (line index i) under mask (1 reap, 2 fight, 4 action); attackable
 * from rules_attackable. */
static int rules_creature_uses(const carta_rules *rules, const aember_state *st, int i, int mask,
                               uint32_t attackable, carta_action *out, int n)
{
    const aember_seat *me = &st->seat[st->active];
    const aember_card_in_play *c = &me->line[i];
    if ((c->flags & (AEMBER_F_EXHAUSTED | AEMBER_F_DYING)) || !aember_six_ok(st, c->card))
        return n;
    if (c->flags & AEMBER_F_STUNNED) {
        out[n++] = AEMBER_ACT(AEMBER_A_USE_STUNNED, i, 0, 0);
        return n;
    }
    if (mask & 1)
        out[n++] = AEMBER_ACT(AEMBER_A_REAP, i, 0, 0);
    if (mask & 2)
        for (int d = 0; d < st->seat[!st->active].n_line; d++)
            if (attackable & (1u << d))
                out[n++] = AEMBER_ACT(AEMBER_A_FIGHT, i, d, 0);
    if ((mask & 4) && rules_has_trigger(rules, c, AEMBER_TRIG_ACTION))
        out[n++] = AEMBER_ACT(AEMBER_A_ACTION, AEMBER_POS_LINE, i, 0);
    return n;
}

static int rules_artifact_uses(const carta_rules *rules, const aember_state *st, int i,
                               bool house_ok, carta_action *out, int n)
{
    const aember_card_in_play *c = &st->seat[st->active].artifacts[i];
    if ((c->flags & (AEMBER_F_EXHAUSTED | AEMBER_F_DYING)) || !aember_six_ok(st, c->card))
        return n;
    if (house_ok && rules_has_trigger(rules, c, AEMBER_TRIG_ACTION))
        out[n++] = AEMBER_ACT(AEMBER_A_ACTION, AEMBER_POS_ARTIFACT, i, 0);
    if (rules_has_trigger(rules, c, AEMBER_TRIG_OMNI))
        out[n++] = AEMBER_ACT(AEMBER_A_OMNI, i, 0, 0);
    return n;
}

static int rules_main_actions(const carta_rules *rules, const aember_state *st, carta_action *out)
{
    const aember_seat *me = &st->seat[st->active];
    int n = 0, house = st->active_house;
    if (st->turn_actions < RULES_TURN_ACTION_CAP) {
        if (!(st->first_turn && st->cards_played >= 1))
            for (int i = 0; i < me->hand.n; i++) {
                const aember_card_def *def = aember_def(rules, me->hand.cards[i]);
                if (!def || def->house != house || rules_hand_dup(&me->hand, i))
                    continue;
                n = rules_play_options(rules, st, i, out, n);
                out[n++] = AEMBER_ACT(AEMBER_A_DISCARD, i, 0, 0);
            }
        uint32_t attackable = me->n_line ? rules_attackable(rules, st) : 0;
        for (int i = 0; i < me->n_line; i++)
            if (aember_def(rules, me->line[i].card)->house == house)
                n = rules_creature_uses(rules, st, i, 7, attackable, out, n);
        for (int i = 0; i < me->n_artifacts; i++)
            n = rules_artifact_uses(rules, st, i,
                                    aember_def(rules, me->artifacts[i].card)->house == house, out,
                                    n);
    }
    out[n++] = AEMBER_ACT(AEMBER_A_END_TURN, 0, 0, 0);
    return n;
}

/* Choices of a "use" decision (fight with, reap with, use): one card, any house. */
static int rules_use_choices(const carta_rules *rules, const aember_state *st,
                             const carta_pending *f, carta_action *out)
{
    int seat, art, idx, n = 0;
    if (aember_find_uid_c(st, UID(f->arg[0]), &seat, &art, &idx) && seat == st->active) {
        if (art && (f->arg[1] & 4))
            n = rules_artifact_uses(rules, st, idx, true, out, n);
        else if (!art)
            n = rules_creature_uses(rules, st, idx, f->arg[1], rules_attackable(rules, st), out,
                                    n);
    }
    if (n)
        out[n++] = AEMBER_ACT(AEMBER_A_DONE, 0, 0, 0);
    return n;
}

/* Choices of a "play" decision from an effect: hand cards of any house. */
static int rules_play_choices(const carta_rules *rules, const aember_state *st,
                              const carta_pending *f, carta_action *out)
{
    const aember_seat *me = &st->seat[st->active];
    int n = 0;
    for (int i = 0; i < me->hand.n; i++) {
        if ((f->arg[0] >= 0 && i != f->arg[0]) || me->hand.cards[i] == AEMBER_UNKNOWN ||
            rules_hand_dup(&me->hand, i))
            continue;
        n = rules_play_options(rules, st, i, out, n);
    }
    if (n && f->arg[0] < 0)
        out[n++] = AEMBER_ACT(AEMBER_A_DONE, 0, 0, 0);
    return n;
}

int aember_legal_actions(const carta_rules *rules, const void *state, carta_action *out)
{
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER)
        return 0;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top) {
        switch (top->kind) {
        case AEMBER_FR_USE: return rules_use_choices(rules, st, top, out);
        case AEMBER_FR_PLAY: return rules_play_choices(rules, st, top, out);
        case AEMBER_FR_ORDER: return aember_fight_order_choices(top, out);
        case AEMBER_FR_TARGET:
        case AEMBER_FR_MAY:
        case AEMBER_FR_CARD: return aember_effect_choices(rules, st, out);
        default: return 0;
        }
    }
    int n = 0;
    switch (st->phase) {
    case AEMBER_PHASE_MULLIGAN:
        out[n++] = AEMBER_ACT(AEMBER_A_KEEP, 0, 0, 0);
        out[n++] = AEMBER_ACT(AEMBER_A_MULLIGAN, 0, 0, 0);
        return n;
    case AEMBER_PHASE_HOUSE: {
        /* "must choose one of the three houses ... if able": a ban that leaves no house lifts. */
        const aember_seat *me = &st->seat[st->active];
        int all = (1 << me->n_houses) - 1;
        int ban = (me->house_ban & all) == all ? 0 : me->house_ban;
        for (int h = 0; h < me->n_houses; h++)
            if (!(ban & (1 << h)))
                out[n++] = AEMBER_ACT(AEMBER_A_HOUSE, me->houses[h], 0, 0);
        if (n == 0)
            out[n++] = AEMBER_ACT(AEMBER_A_END_TURN, 0, 0, 0);
        return n;
    }
    case AEMBER_PHASE_ARCHIVES:
        out[n++] = AEMBER_ACT(AEMBER_A_TAKE_ARCHIVES, 0, 0, 0);
        out[n++] = AEMBER_ACT(AEMBER_A_LEAVE_ARCHIVES, 0, 0, 0);
        return n;
    case AEMBER_PHASE_MAIN: return rules_main_actions(rules, st, out);
    default: return 0;
    }
}

int aember_to_act(const carta_rules *rules, const void *state)
{
    (void)rules;
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER)
        return CARTA_NO_SEAT;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top)
        return top->seat;
    if (st->phase == AEMBER_PHASE_MULLIGAN)
        return st->mulligan_seat;
    return st->active;
}

/* ---- apply ---- */

static void rules_play_card(const carta_rules *rules, aember_state *st, int hand_index, int flank,
                            int up_code, int up_index)
{
    int seat = st->active;
    aember_seat *me = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&me->hand), hand_index, NULL);
    const aember_card_def *def = aember_def(rules, card);
    uint16_t src = 0;
    int on = def->type == AEMBER_UPGRADE ? st->seat[up_code / 2].line[up_index].card : -1;
    aember_tell(st, CARTA_EV_ACT, seat, CARTA_EV_NO_SEAT, card, on, AEMBER_W_PLAYS, 0, 0);
    aember_six_count(st, card);
    if (def->type == AEMBER_CREATURE || def->type == AEMBER_ARTIFACT) {
        aember_card_in_play *c = aember_state_place(
            rules, st, seat, card, flank == AEMBER_FLANK_LEFT ? AEMBER_FLANK_LEFT : AEMBER_FLANK_RIGHT, 1);
        CARTA_ASSERT(c); /* the legal list offers it only with room in play */
        src = c ? c->uid : 0;
    } else if (def->type == AEMBER_UPGRADE) {
        CARTA_ASSERT(up_index < st->seat[up_code / 2].n_line);
        aember_card_in_play *c = &st->seat[up_code / 2].line[up_index];
        CARTA_ASSERT(c->n_upgrades < AEMBER_UPGRADE_MAX);
        c->upgrades[c->n_upgrades++] = (uint16_t)(card | (seat ? AEMBER_UPGRADE_OWNER : 0));
        src = c->uid;
    } else {
        carta_pending *f = carta_pending_push(&st->pending, AEMBER_FR_AFTER_PLAY, seat);
        if (f)
            f->arg[0] = (int16_t)card;
        else
            CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&me->discard), card, 0));
    }
    int a = me->aember + def->aember; /* the Æmber bonus, before the Play: ability */
    me->aember = (uint8_t)(a > 255 ? 255 : a);
    aember_tell_aember(st, seat, def->aember, card);
    aember_trigger(rules, st, card, AEMBER_TRIG_PLAY, seat, src, 0);
}

static void rules_mulligan(const carta_rules *rules, aember_state *st, bool mulligan)
{
    aember_seat *s = &st->seat[st->mulligan_seat];
    aember_tell(st, CARTA_EV_NOTE, st->mulligan_seat, CARTA_EV_NO_SEAT, -1, -1,
                mulligan ? AEMBER_W_MULLIGANS : AEMBER_W_KEEPS, 0, 0);
    if (mulligan) {
        int n = s->hand.n;
        while (s->hand.n)
            carta_zone_move(CARTA_ZONE_REF(&s->hand), 0, CARTA_ZONE_REF(&s->deck));
        carta_zone_shuffle(CARTA_ZONE_REF(&s->deck), &st->rng);
        rules_refill(st, st->mulligan_seat, n - 1);
    }
    s->mulliganed = 1;
    if (st->mulligan_seat == st->first) {
        st->mulligan_seat = (int8_t)!st->first;
        return;
    }
    st->turn = 1;
    st->active = st->first;
    st->first_turn = 1;
    st->phase = AEMBER_PHASE_HOUSE;
    rules_tell_turn(st);
    carta_pending_push(&st->pending, AEMBER_FR_START_TURN, st->active);
    (void)rules;
}

static void rules_use(const carta_rules *rules, aember_state *st, carta_action action)
{
    aember_seat *me = &st->seat[st->active];
    int kind = AEMBER_ACT_KIND(action), a = AEMBER_ACT_A(action), b = AEMBER_ACT_B(action);
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top && top->kind == AEMBER_FR_USE)
        carta_pending_pop(&st->pending);
    aember_card_in_play *c = kind == AEMBER_A_OMNI ? &me->artifacts[a]
                             : kind == AEMBER_A_ACTION && a == AEMBER_POS_ARTIFACT
                                 ? &me->artifacts[b]
                             : kind == AEMBER_A_ACTION ? &me->line[b]
                                                       : &me->line[a];
    uint16_t uid = c->uid;
    if (kind != AEMBER_A_REAP && kind != AEMBER_A_FIGHT) /* those tell their own */
        aember_tell(st, CARTA_EV_ACT, st->active, CARTA_EV_NO_SEAT, c->card, -1,
                    kind == AEMBER_A_ACTION ? AEMBER_W_TRIGGERS_ACTION
                    : kind == AEMBER_A_OMNI ? AEMBER_W_TRIGGERS_OMNI
                                            : AEMBER_W_EXHAUSTS,
                    0, 0);
    aember_six_count(st, c->card);
    switch (kind) {
    case AEMBER_A_REAP: aember_reap(rules, st, uid); break;
    case AEMBER_A_FIGHT: aember_fight_start(rules, st, uid, st->seat[!st->active].line[b].uid); break;
    case AEMBER_A_USE_STUNNED:
        c->flags |= AEMBER_F_EXHAUSTED;
        c->flags &= (uint8_t)~AEMBER_F_STUNNED;
        aember_tell(st, CARTA_EV_STATUS, st->active, CARTA_EV_NO_SEAT, c->card, -1,
                    AEMBER_W_UNSTUNNED, 0, 0);
        break;
    case AEMBER_A_ACTION:
        c->flags |= AEMBER_F_EXHAUSTED;
        aember_trigger_in_play(rules, st, uid, AEMBER_TRIG_ACTION, 0);
        break;
    case AEMBER_A_OMNI:
        c->flags |= AEMBER_F_EXHAUSTED;
        aember_trigger_in_play(rules, st, uid, AEMBER_TRIG_OMNI, 0);
        break;
    }
}

static void rules_do(const carta_rules *rules, aember_state *st, carta_action action)
{
    int kind = AEMBER_ACT_KIND(action);
    const carta_pending *top = carta_pending_peek(&st->pending);
    switch (kind) {
    case AEMBER_A_KEEP: rules_mulligan(rules, st, false); break;
    case AEMBER_A_MULLIGAN: rules_mulligan(rules, st, true); break;
    case AEMBER_A_HOUSE:
        st->active_house = (uint8_t)AEMBER_ACT_A(action);
        st->seat[st->active].house_ban = 0;
        aember_tell(st, CARTA_EV_CHOOSE, st->active, CARTA_EV_NO_SEAT, -1, -1,
                    AEMBER_W_HOUSE + st->active_house, 0, 0);
        st->phase = st->seat[st->active].archives.n ? AEMBER_PHASE_ARCHIVES : AEMBER_PHASE_MAIN;
        break;
    case AEMBER_A_TAKE_ARCHIVES: {
        aember_seat *me = &st->seat[st->active];
        while (me->archives.n)
            aember_move_told(st, st->active, &me->archives, 0, &me->hand, 0);
        st->phase = AEMBER_PHASE_MAIN;
        break;
    }
    case AEMBER_A_LEAVE_ARCHIVES: st->phase = AEMBER_PHASE_MAIN; break;
    case AEMBER_A_PLAY:
    case AEMBER_A_PLAY_UPGRADE:
        if (top && top->kind == AEMBER_FR_PLAY) {
            carta_pending *f = carta_pending_top(&st->pending);
            if (--f->arg[1] <= 0 || f->arg[0] >= 0)
                carta_pending_pop(&st->pending);
        } else {
            st->cards_played++;
        }
        if (kind == AEMBER_A_PLAY)
            rules_play_card(rules, st, AEMBER_ACT_A(action), AEMBER_ACT_B(action), 0, 0);
        else
            rules_play_card(rules, st, AEMBER_ACT_A(action), 0, AEMBER_ACT_B(action),
                            AEMBER_ACT_C(action));
        break;
    case AEMBER_A_DISCARD: {
        aember_seat *me = &st->seat[st->active];
        aember_move_told(st, st->active, &me->hand, AEMBER_ACT_A(action), &me->discard,
                         AEMBER_W_DISCARDS);
        st->cards_played++;
        break;
    }
    case AEMBER_A_REAP:
    case AEMBER_A_FIGHT:
    case AEMBER_A_ACTION:
    case AEMBER_A_OMNI:
    case AEMBER_A_USE_STUNNED: rules_use(rules, st, action); break;
    case AEMBER_A_END_TURN:
        if (st->phase == AEMBER_PHASE_HOUSE) { /* no house to choose (empty deck list) */
            st->phase = AEMBER_PHASE_MAIN;
        }
        aember_tell(st, CARTA_EV_NOTE, st->active, CARTA_EV_NO_SEAT, -1, -1, AEMBER_W_ENDS_TURN,
                    0, 0);
        carta_pending_push(&st->pending, AEMBER_FR_END_TURN, st->active);
        break;
    case AEMBER_A_ORDER: aember_fight_order(st, AEMBER_ACT_A(action)); break;
    case AEMBER_A_DONE:
        if (top && (top->kind == AEMBER_FR_USE || top->kind == AEMBER_FR_PLAY)) {
            carta_pending_pop(&st->pending);
            break;
        }
        aember_effect_choose(rules, st, action);
        break;
    default: aember_effect_choose(rules, st, action); break;
    }
}

carta_status aember_apply(const carta_rules *rules, void *state, carta_action action,
                          carta_error *err)
{
    (void)err;
    aember_state *st = state;
    CARTA_ASSERT(carta_action_is_legal(&carta_game_aember, rules, st, action));
    carta_events_clear(&st->events);
    if (st->turn_actions < 0xFFFF)
        st->turn_actions++;
    rules_do(rules, st, action);
    aember_advance(rules, st);
    return CARTA_OK;
}

void aember_advance(const carta_rules *rules, aember_state *st)
{
    carta_action scratch[CARTA_MAX_ACTIONS];
    for (int guard = 0; guard < 100000; guard++) {
        if (st->phase == AEMBER_PHASE_OVER) {
            st->pending.n = 0;
            return;
        }
        carta_pending *top = carta_pending_top(&st->pending);
        if (!top)
            return;
        switch (top->kind) {
        case AEMBER_FR_RUN: aember_run_step(rules, st); break;
        case AEMBER_FR_FIGHT: aember_fight_step(rules, st); break;
        case AEMBER_FR_LEAVE: {
            /* gone already if its Destroyed: ability moved it elsewhere (effects.c) */
            uint16_t uid = UID(top->arg[0]);
            carta_pending_pop(&st->pending);
            const aember_card_in_play *c = aember_find_uid(st, uid, NULL, NULL, NULL);
            if (c && (c->flags & AEMBER_F_DYING))
                aember_leave_play(rules, st, uid, AEMBER_TO_DISCARD);
            break;
        }
        case AEMBER_FR_AFTER_PLAY: {
            uint16_t card = UID(top->arg[0]);
            int seat = top->seat;
            carta_pending_pop(&st->pending);
            CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].discard), card, 0));
            break;
        }
        case AEMBER_FR_END_TURN: rules_end_turn_step(rules, st, top); break;
        case AEMBER_FR_START_TURN: rules_start_turn_step(rules, st, top); break;
        case AEMBER_FR_USE:
        case AEMBER_FR_PLAY:
            if (aember_legal_actions(rules, st, scratch) > 0)
                return;
            carta_pending_pop(&st->pending);
            break;
        default: return; /* a decision: wait for the player */
        }
        aember_check_destroyed(rules, st);
    }
}

void aember_returns(const carta_rules *rules, const void *state, double *out)
{
    (void)rules;
    const aember_state *st = state;
    for (int p = 0; p < AEMBER_SEATS; p++)
        out[p] = st->phase != AEMBER_PHASE_OVER ? 0.0
                 : st->winner < 0                ? 0.5
                 : st->winner == p               ? 1.0
                                                 : 0.0;
}
