/* rules.c: Archmajesty's rules on the contract: setup, who decides, the legal actions, apply, and
 * settle, which runs everything that needs no decision (the round's steps, the stack). */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/assert.h"
#include "core/options.h"

int am_gm_seat(const am_state *st) { return st->n_seats - 1; }

int am_seat_of(const am_state *st, int ch)
{
    return st->ch[ch].side == AM_ALLIES ? st->ch[ch].mage : am_gm_seat(st);
}

int am_team(const carta_rules *r, const void *state, int seat)
{
    (void)r;
    return seat == am_gm_seat(state) ? AM_ENEMIES : AM_ALLIES;
}

void am_tell(am_state *st, int ch, int word, int amount, int value)
{
    const am_char *c = &st->ch[ch];
    carta_event_add(&st->events, CARTA_EV_STATUS, am_seat_of(st, ch), -1,
                    c->side == AM_ENEMIES || c->minion ? c->def : -1, CARTA_SEEN_ALL, -1, word,
                    amount, value);
}

void am_tell_at(am_state *st, int ch, int word)
{
    int cell = st->ch[ch].cell;
    am_tell(st, ch, word, cell % AM_W + 1, cell / AM_W + 1);
}

/* ---- setup ---- */

/* A mage's character from its list (CREATE-A-MAGE): attributes, the bonus, items, abilities. */
void am_config_mage(const carta_rules *r, am_state *st, int m, const carta_deck *d)
{
    am_mage *g = &st->mage[m];
    am_char *c = &st->ch[m];
    int hp = 50, mp = 6, hand = 7; /* Step 2: HP 50, MP 6; The Hand: 7 */
    g->ch = (uint8_t)m;
    c->mage = (uint8_t)m;
    c->side = AM_ALLIES;
    c->rank = AM_PLAYER;
    g->command = 10; /* Step 2: COM 10 (R95) */
    for (int i = 0; i < d->n_cards; i++) {
        int id = d->cards[i], t = am_type_of(r, id);
        const am_thing *th = am_thing_of(r, id);
        if (t == AM_T_SPELL) {
            carta_zone_push(CARTA_ZONE_REF(&g->list), (uint16_t)id, 0);
            carta_zone_push(CARTA_ZONE_REF(&g->deck), (uint16_t)id, 0);
        } else if (t == AM_T_ATTRIBUTE) {
            g->attr[th->attr]++;
        } else if (t == AM_T_BONUS) {
            hp += th->attr == AM_BONUS_HP ? 25 : 0;
            g->command = (uint8_t)(g->command + (th->attr == AM_BONUS_COM ? 2 : 0));
        } else if (t == AM_T_ANCESTRY) {
            c->def = (uint16_t)id;
        } else if (t == AM_T_ABILITY && g->n_abilities < AM_ABILITIES) {
            g->ability[g->n_abilities++] = (uint16_t)id;
            hp += th->hp;
            mp += th->mp;
            hand += th->hand;
        } else if (th && t != AM_T_ABILITY && g->n_items < AM_ITEMS) {
            g->item[g->n_items++] = (uint16_t)id;
        }
    }
    c->hp = c->hp_max = (int16_t)hp;
    g->mp_max = (uint8_t)mp;
    g->hand_max = (uint8_t)(hand > AM_HAND ? AM_HAND : hand);
    g->combo_max = 5;
    am_abilities_derive(r, st, m);
}

static carta_status setup_check(const carta_rules *r, const carta_config *c, int *encounter,
                                carta_error *err)
{
    if (c->n_seats < 2 || c->n_seats > AM_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "archmajesty: 1 to %d mages and a "
                               "Gamemaster: 2 to %d players, not %d", AM_MAGES, AM_SEATS,
                               c->n_seats);
    if (c->mode[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "archmajesty: no mode '%s'", c->mode);
    if (carta_options_check(&carta_game_archmajesty, c, err))
        return CARTA_ERR_INPUT;
    for (int p = 0; p < c->n_seats; p++)
        if (am_deck_check(r, &c->decks[p], err))
            return CARTA_ERR_INPUT;
    for (int p = 0; p < c->n_seats - 1; p++)
        if (!am_deck_has_mage(r, &c->decks[p]))
            return carta_error_set(err, CARTA_ERR_INPUT, "archmajesty: player %d is a mage: "
                                   "deck '%s' holds no mage", p + 1, c->decks[p].name);
    int gm = c->n_seats - 1;
    *encounter = am_deck_encounter(r, &c->decks[gm]);
    if (*encounter < 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "archmajesty: player %d is the Gamemaster: "
                               "deck '%s' names no encounter", gm + 1, c->decks[gm].name);
    if (am_encounter_of(r, *encounter)->n_starts < c->n_seats - 1)
        return carta_error_set(err, CARTA_ERR_INPUT, "archmajesty: encounter '%s' has starts "
                               "for %d mages, not %d", carta_catalog_name(r->catalog, *encounter),
                               am_encounter_of(r, *encounter)->n_starts, c->n_seats - 1);
    return CARTA_OK;
}

carta_status am_setup(const carta_rules *r, void *state, const carta_config *c, carta_error *err)
{
    am_state *st = state;
    int enc_id = -1;
    if (setup_check(r, c, &enc_id, err))
        return CARTA_ERR_INPUT;
    const am_encounter *e = am_encounter_of(r, enc_id);
    memset(st, 0, sizeof *st);
    carta_rng_seed(&st->rng, c->seed);
    carta_window_close(&st->window);
    st->window_attack = AM_NONE;
    st->n_seats = (uint8_t)c->n_seats;
    st->n_mages = (uint8_t)(c->n_seats - 1);
    st->encounter = (uint16_t)enc_id;
    int limit = carta_option_value(&carta_game_archmajesty, c, "round_limit");
    st->round_limit = (uint8_t)(limit ? limit : e->rounds);
    st->w = e->w;
    st->h = e->h;
    memcpy(st->terrain, e->terrain, sizeof st->terrain);
    am_objects_setup(r, st, e);
    st->active = AM_NONE;
    for (int m = 0; m < st->n_mages; m++)
        am_config_mage(r, st, m, &c->decks[m]);
    for (int m = 0; m < st->n_mages; m++)
        st->ch[m].cell = e->start[m];
    st->n_chars = st->n_mages;
    for (int m = 0; m < st->n_mages; m++)
        am_companions_place(r, st, m, &c->decks[m]);
    am_zones_seen(st);
    /* The Draw Step: "Before each combat encounter, you must fully shuffle your deck." */
    for (int m = 0; m < st->n_mages; m++)
        carta_zone_shuffle(CARTA_ZONE_REF(&st->mage[m].deck), &st->rng);
    am_encounter_begin(r, st);
    am_settle(r, st);
    return CARTA_OK;
}

/* ---- who decides, what they may do ---- */

int am_to_act(const carta_rules *r, const void *state)
{
    (void)r;
    const am_state *st = state;
    if (st->phase == AM_P_OVER)
        return CARTA_NO_SEAT;
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (f && am_frame_decides(f->kind))
        return f->seat;
    if (carta_window_is_open(&st->window))
        return st->window.seat;
    return am_seat_of(st, st->active);
}

static int rules_jump_steps(const am_state *st, int ch, carta_action *out)
{
    int n = 0;
    for (int d = 0; d < 8; d++)
        if (am_can_enter(st, ch, am_step(st, st->ch[ch].cell, d)))
            out[n++] = AM_ACT(AM_A_STEP, d, 0);
    out[n++] = AM_ACT(AM_A_STAY, 0, 0);
    return n;
}

/* The active character's Main Phase. */
static int rules_main_actions(const carta_rules *r, const am_state *st, carta_action *out)
{
    int ch = st->active, seat = am_seat_of(st, ch);
    int n = am_taunt_moves(r, st, ch, out, am_grid_actions(st, ch, out));
    if (st->ch[ch].side == AM_ALLIES) {
        n += am_main_cast_actions(r, st, st->ch[ch].mage, out + n);
        n += am_minion_actions(r, st, st->ch[ch].mage, out + n);
    } else
        n += am_enemy_actions(r, st, ch, out + n);
    n += am_exploit_actions(r, st, seat, out + n);
    n += am_cleanse_actions(r, st, seat, out + n);
    n += am_use_actions(r, st, seat, 1, out + n);
    n += am_kin_actions(r, st, ch, out + n);
    n += am_breath_actions(r, st, ch, out + n);
    out[n++] = AM_ACT(AM_A_END_TURN, 0, 0);
    return n;
}

int am_legal_actions(const carta_rules *r, const void *state, carta_action *out)
{
    const am_state *st = state;
    if (st->phase == AM_P_OVER)
        return 0;
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (f && am_frame_decides(f->kind)) {
        switch (f->kind) {
        case AM_F_JUMP: return rules_jump_steps(st, f->arg[0], out);
        case AM_F_COMBO: case AM_F_BETWEEN: case AM_F_TARGET: case AM_F_SHIFT: case AM_F_AREA:
            return am_combo_actions(r, st, f, out);
        case AM_F_EMPOWER:
            out[0] = AM_ACT(AM_A_EMPOWER, 0, 0);
            out[1] = AM_ACT(AM_A_KEEP_EMPOWER, 0, 0);
            return 2;
        case AM_F_CONVERT: return am_convert_actions(st, f, out);
        case AM_F_ALTERNATE: return am_alternate_actions(r, st, f, out);
        case AM_F_CLEANSE: return am_cleanse_choices(st, f, out);
        case AM_F_FORCED: case AM_F_BASH: case AM_F_TELEPORT: case AM_F_LAND: case AM_F_LAND_AT:
            return am_forced_actions(st, f, out);
        case AM_F_CHANNEL: return am_channel_actions(r, st, f, out);
        case AM_F_ZERO_HP: return am_zero_hp_actions(r, st, f, out);
        case AM_F_ICHOR: return am_ichor_actions(r, st, f, out);
        case AM_F_EMOTION: case AM_F_EAT: return am_emotion_actions(st, f, out);
        case AM_F_OPENER: return am_opener_actions(r, st, f, out);
        case AM_F_SUMMON: case AM_F_REPLACE: case AM_F_SACRIFICE: case AM_F_COMMAND:
            return am_minion_choices(r, st, f, out);
        case AM_F_CHOICE: return am_choice_actions(r, st, f, out);
        case AM_F_CHAIN: return am_chain_actions(st, f, out);
        case AM_F_SCRAP: case AM_F_PAY_SCRAP: return am_scrap_actions(st, f, out);
        case AM_F_FORETELL: return am_foresee_actions(r, st, f, out);
        case AM_F_OPPORTUNITY: return am_opportunity_actions(r, st, f, out);
        case AM_F_ALLY: return am_ally_actions(r, st, f, out);
        case AM_F_UPKEEP: return am_upkeep_actions(r, st, f, out);
        case AM_F_QUAKE: return am_quake_actions(r, st, f, out);
        case AM_F_PLACE: case AM_F_MOVE_OBJECT: return am_object_choices(st, f, out);
        default: return am_round_actions(r, st, f, out);
        }
    }
    if (carta_window_is_open(&st->window))
        return am_answer_actions(r, st, out);
    return rules_main_actions(r, st, out);
}

/* ---- apply, settle ---- */

/* Whether the action is one declared in a Main Phase that others may answer (R16): a released
 * combo, a cantrip, a pitch (R85), an exploit, a Cleanse, an ability or a consumable. */
static int rules_declares(const am_state *st, const carta_pending *top, int answering, int kind)
{
    if (kind == AM_A_RELEASE)
        return 1;
    if (answering || (top && am_frame_decides(top->kind)) || st->phase != AM_P_MAIN)
        return 0;
    return kind == AM_A_CANTRIP || kind == AM_A_PITCH || kind == AM_A_EXPLOIT ||
           kind == AM_A_CLEANSE || kind == AM_A_USE || kind == AM_A_KIN || kind == AM_A_BREATH;
}

carta_status am_apply(const carta_rules *r, void *state, carta_action a, carta_error *err)
{
    (void)err;
    am_state *st = state;
    CARTA_ASSERT(st->phase != AM_P_OVER);
    const carta_pending *top = carta_pending_peek(&st->pending);
    int answering = carta_window_is_open(&st->window) && !(top && am_frame_decides(top->kind));
    int seat = am_to_act(r, st);
    int declares = rules_declares(st, top, answering, AM_KIND(a));
    carta_events_clear(&st->events);
    switch (AM_KIND(a)) {
    case AM_A_EXPLOIT: case AM_A_CLEANSE: case AM_A_CANTRIP: case AM_A_PITCH:
        if (answering)
            am_answer_apply(r, st, a);
        else if (AM_KIND(a) == AM_A_EXPLOIT)
            am_exploit_apply(r, st, a, seat);
        else if (AM_KIND(a) == AM_A_CLEANSE)
            am_cleanse_apply(r, st, a, seat);
        else
            am_combo_apply(r, st, a);
        break;
    case AM_A_REMOVE: case AM_A_CLEANSE_DONE:
        am_cleanse_apply(r, st, a, seat);
        break;
    case AM_A_EMPOWER: case AM_A_KEEP_EMPOWER:
        am_empower_apply(st, a);
        break;
    case AM_A_ALTERNATE: case AM_A_NO_ALTERNATE:
        am_alternate_apply(r, st, a);
        break;
    case AM_A_CONVERT: case AM_A_KEEP_STATUS:
        am_convert_apply(r, st, a);
        break;
    case AM_A_CYCLE: case AM_A_KEEP: case AM_A_TAKE_TURN: case AM_A_LET_GO: case AM_A_PICK:
    case AM_A_DISCARD:
        am_round_apply(r, st, a);
        break;
    case AM_A_RUN: case AM_A_JUMP: case AM_A_STEP: case AM_A_STAY:
        am_grid_apply(r, st, a);
        break;
    case AM_A_PASS: case AM_A_FIX: case AM_A_GUARD: case AM_A_PROTECT:
        am_answer_apply(r, st, a);
        break;
    case AM_A_END_TURN:
        am_turn_end(r, st);
        break;
    case AM_A_PUSH: case AM_A_PULL: case AM_A_CARRY: case AM_A_BASH: case AM_A_NO_BASH:
    case AM_A_TELEPORT: case AM_A_LAND: case AM_A_STAY_AIRBORNE: case AM_A_LAND_AT:
        am_forced_apply(st, a);
        break;
    case AM_A_CHANNEL: case AM_A_NO_WEAPON:
        am_channel_apply(r, st, a);
        break;
    case AM_A_USE:
        am_use_apply(r, st, a);
        break;
    case AM_A_KIN:
        am_kin_apply(r, st, a);
        break;
    case AM_A_BREATH:
        am_breath_apply(r, st, a);
        break;
    case AM_A_ICHOR:
        am_ichor_apply(r, st, a);
        break;
    case AM_A_EMOTION: case AM_A_EAT: case AM_A_NO_EAT:
        am_emotion_apply(r, st, a);
        break;
    case AM_A_OPENER: case AM_A_OPENED:
        am_opener_apply(r, st, a);
        break;
    case AM_A_COMMAND: case AM_A_ORDER: case AM_A_SUMMON_AT: case AM_A_REPLACE:
    case AM_A_SACRIFICE:
        am_minion_apply(r, st, a);
        break;
    case AM_A_CHOOSE:
        am_choice_apply(r, st, a);
        break;
    case AM_A_SEIZE:
        am_opportunity_apply(r, st, a);
        break;
    case AM_A_ENCHANT: case AM_A_UPKEEP: case AM_A_UPKEEP_END:
        am_enchant_apply(r, st, a);
        break;
    case AM_A_FORETELL: case AM_A_FORESEE: case AM_A_FORESEEN:
        am_foretold_apply(r, st, a);
        break;
    case AM_A_AREA: /* an area placed: a card's or template's, or a foretold card's (R136) */
        if (top && am_foretell_asks_area(top))
            am_foretold_apply(r, st, a);
        else
            am_combo_apply(r, st, a);
        break;
    case AM_A_CHAIN:
        am_chain_apply(r, st, a);
        break;
    case AM_A_GRAB: case AM_A_DROP: case AM_A_SCRAP_DONE: case AM_A_PAY_SCRAP: case AM_A_NO_PAY:
        am_scrap_apply(r, st, a);
        break;
    case AM_A_QUAKE: case AM_A_QUAKE_DONE:
        am_quake_apply(r, st, a);
        break;
    case AM_A_PLACE: case AM_A_MOVE_OBJECT:
        am_object_choice_apply(r, st, a);
        break;
    case AM_A_STAND: case AM_A_FALL:
        am_zero_hp_apply(r, st, a);
        break;
    default:
        am_combo_apply(r, st, a);
        break;
    }
    if (declares && st->phase != AM_P_OVER && !carta_window_is_open(&st->window))
        am_window_open(r, st, AM_WIN_FREE, seat);
    if (declares && st->phase != AM_P_OVER && !carta_window_is_open(&st->window))
        am_window_open(r, st, AM_WIN_FREE, seat);
    am_settle(r, st);
    return CARTA_OK;
}

/* Whether the seat asked in the open window has an answer besides passing. */
static int rules_can_answer(const carta_rules *r, const am_state *st)
{
    carta_action buf[CARTA_MAX_ACTIONS];
    return am_answer_actions(r, st, buf) > 1;
}

void am_settle(const carta_rules *r, am_state *st)
{
    while (st->phase != AM_P_OVER) {
        carta_pending *f = carta_pending_top(&st->pending);
        if (f && am_frame_decides(f->kind))
            return;
        if (carta_window_is_open(&st->window)) {
            if (rules_can_answer(r, st))
                return;
            if (carta_window_pass(&st->window))
                st->window_attack = AM_NONE;
            continue;
        }
        if (f) {
            if (f->kind == AM_F_ATTACK)
                am_attack_step(r, st, f);
            else if (f->kind == AM_F_CAST)
                am_cast_step(r, st, f);
            else
                am_effect_resolve(r, st, f);
            continue;
        }
        if (st->phase == AM_P_START)
            st->phase = AM_P_MAIN;
        else if (st->phase == AM_P_END)
            am_turn_finish(r, st);
        else if (st->phase == AM_P_MAIN && !(st->ch[st->active].flags & AM_C_KO))
            return;
        else if (st->phase == AM_P_MAIN) /* knocked out in its own turn: the turn ends */
            am_turn_end(r, st);
        else
            am_round_next(r, st);
    }
}

void am_end(am_state *st, int side, int reason)
{
    st->phase = AM_P_OVER;
    st->winner = (uint8_t)side;
    st->end = (uint8_t)reason;
    st->pending.n = 0;
    memset(st->pending.frame, 0, sizeof st->pending.frame);
    carta_window_close(&st->window);
    st->window_attack = AM_NONE;
    carta_event_add(&st->events, CARTA_EV_WON, side == AM_ALLIES ? 0 : am_gm_seat(st), -1, -1, 0,
                    -1, reason, 0, 0);
}

void am_returns(const carta_rules *r, const void *state, double *out)
{
    (void)r;
    const am_state *st = state;
    for (int p = 0; p < st->n_seats; p++)
        out[p] = st->phase != AM_P_OVER ? 0.0
                 : (p == am_gm_seat(st)) == (st->winner == AM_ENEMIES) ? 1.0 : 0.0;
}
