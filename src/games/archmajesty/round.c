/* round.c: the round (COMBAT, Rounds & Turns): waves, move points and armour at its start, the
 * Draw and Cycling Steps, the turn slots (ALLIED TURNS, ENEMY TURNS), the Turn Phases, and at its
 * end landing (forced.c), the Stun and Freeze decay and the Discard Step. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

/* ---- cards ---- */

int am_draw(am_state *st, int mage, int n)
{
    am_mage *g = &st->mage[mage];
    int drawn = 0;
    for (; drawn < n && g->deck.n && g->hand.n < AM_HAND; drawn++) {
        uint16_t card = g->deck.cards[g->deck.n - 1];
        carta_zone_move(CARTA_ZONE_REF(&g->deck), g->deck.n - 1, CARTA_ZONE_REF(&g->hand));
        carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_DECK, AM_W_HAND,
                         AM_W_DRAWS);
    }
    return drawn;
}

void am_to_void(am_state *st, int mage, int hand_index, int verb)
{
    am_mage *g = &st->mage[mage];
    uint16_t card = g->hand.cards[hand_index];
    carta_zone_move(CARTA_ZONE_REF(&g->hand), hand_index, CARTA_ZONE_REF(&g->void_));
    carta_event_move(&st->events, mage, card, CARTA_SEEN_ALL, AM_W_HAND, AM_W_VOID, verb);
}

int am_first_copy(const am_hand *h, int i)
{
    for (int k = 0; k < i; k++)
        if (h->cards[k] == h->cards[i])
            return 0;
    return 1;
}

int am_hand_owner(const am_state *st, int seat)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (f && (f->kind == AM_F_CYCLE || f->kind == AM_F_DISCARD || f->kind == AM_F_COMBO))
        return f->arg[0];
    return seat < st->n_mages ? seat : 0;
}

/* ---- the beginning of combat: Opener (R84) ---- */

/* How many copies of card a pile holds. */
static int round_count(const uint16_t *cards, int n, uint16_t card)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += cards[i] == card;
    return k;
}

/* Whether the mage's deck holds card (0: any Opener card), judged from what every seat sees (the
 * deck as built less the hand, the Void, the combo and the stack), never the hidden deck. */
static int round_opener_in_deck(const carta_rules *r, const am_state *st, int mage, int card)
{
    const am_mage *g = &st->mage[mage];
    for (int i = 0; i < g->list.n; i++) {
        uint16_t c = g->list.cards[i];
        if (card ? c != card : !(am_spell_of(r, c)->keywords & AM_K_OPENER))
            continue;
        int elsewhere = round_count(g->hand.cards, g->hand.n, c) +
                        round_count(g->void_.cards, g->void_.n, c) +
                        round_count(g->combo.cards, g->combo.n, c) +
                        round_count(g->limbo.cards, g->limbo.n, c);
        if (round_count(g->list.cards, g->list.n, c) > elsewhere)
            return 1;
    }
    return 0;
}

/* Asks the first mage from `from` on with an Opener card in its deck; else the first round. */
static void round_opener_next(const carta_rules *r, am_state *st, int from)
{
    for (int m = from; m < st->n_mages; m++)
        if (round_opener_in_deck(r, st, m, 0) && !(st->ch[st->mage[m].ch].flags & AM_C_KO)) {
            carta_pending *f = carta_pending_push(&st->pending, AM_F_OPENER, m);
            f->arg[0] = (int16_t)m;
            return;
        }
    am_quake_next(r, st, 0);
}

void am_encounter_fight(const carta_rules *r, am_state *st)
{
    am_round_start(r, st);
    am_ability_encounter_start(r, st);
}

void am_encounter_begin(const carta_rules *r, am_state *st) { round_opener_next(r, st, 0); }

/* One action per Opener card the deck holds, in the order of the deck as built (public, R32),
 * never the hidden order of the deck; at most 7 in all ("up to 7 cards"). */
int am_opener_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out)
{
    const am_mage *g = &st->mage[f->arg[0]];
    int n = 0;
    for (int i = 0; i < g->list.n && f->arg[1] < 7; i++) {
        uint16_t card = g->list.cards[i];
        if ((i && g->list.cards[i - 1] == card) ||
            !(am_spell_of(r, card)->keywords & AM_K_OPENER) ||
            !round_opener_in_deck(r, st, f->arg[0], card))
            continue;
        int seen = 0;
        for (int k = 0; k < n; k++)
            seen |= AM_B(out[k]) == card;
        if (!seen)
            out[n++] = AM_ACT(AM_A_OPENER, 0, card);
    }
    out[n++] = AM_ACT(AM_A_OPENED, 0, 0);
    return n;
}

/* "put them into your hand, then shuffle your deck" */
void am_opener_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int m = f->arg[0];
    am_mage *g = &st->mage[m];
    if (AM_KIND(a) == AM_A_OPENER) {
        for (int i = g->deck.n - 1; i >= 0; i--)
            if (g->deck.cards[i] == AM_B(a)) {
                carta_zone_move(CARTA_ZONE_REF(&g->deck), i, CARTA_ZONE_REF(&g->hand));
                carta_event_move(&st->events, m, (uint16_t)AM_B(a), CARTA_SEEN_ALL, AM_W_DECK,
                                 AM_W_HAND, AM_W_OPENS);
                break;
            }
        if (++f->arg[1] < 7 && round_opener_in_deck(r, st, m, 0))
            return;
    }
    carta_pending_pop(&st->pending);
    carta_zone_shuffle(CARTA_ZONE_REF(&g->deck), &st->rng);
    carta_event_add(&st->events, CARTA_EV_NOTE, m, -1, -1, CARTA_SEEN_ALL, -1, AM_W_OPENED, 0, 0);
    round_opener_next(r, st, m + 1);
}

/* ---- the round's start ---- */

static int round_enemies_left(const am_state *st)
{
    int n = 0;
    for (int i = st->n_mages; i < st->n_chars; i++)
        n += st->ch[i].side == AM_ENEMIES && !(st->ch[i].flags & (AM_C_KO | AM_C_GONE));
    return n;
}

static void round_spawn(const carta_rules *r, am_state *st, const am_wave *w)
{
    for (int k = 0; k < w->n && st->n_chars < AM_CHARS; k++) {
        const am_enemy *e = am_enemy_of(r, w->enemy[k]);
        am_char *c = &st->ch[st->n_chars];
        memset(c, 0, sizeof *c);
        c->def = w->enemy[k];
        c->side = AM_ENEMIES;
        c->mage = AM_NONE;
        c->rank = e->rank;
        c->hp = c->hp_max = e->hp;
        c->flags = e->airborne ? AM_C_AIRBORNE : 0;
        c->large = e->large;
        int ch = st->n_chars, at = w->cell[k]; /* R58; a Large one's whole block, R122 */
        int cell = am_fits(st, ch, at, e->airborne, -1) ? at
                                                         : am_nearest_fit(st, ch, at, e->airborne);
        if (cell < 0)
            continue;
        c->cell = (uint8_t)cell;
        st->n_chars++;
        am_tell_at(st, st->n_chars - 1, AM_W_ARRIVED_AT);
    }
}

/* Waves due this round (R58): on their round, or once the map is clear. */
static void round_waves(const carta_rules *r, am_state *st)
{
    const am_encounter *e = am_encounter_of(r, st->encounter);
    while (st->next_wave < e->n_waves) {
        const am_wave *w = &e->wave[st->next_wave];
        if (w->round ? w->round > st->round : round_enemies_left(st) > 0)
            break;
        round_spawn(r, st, w);
        st->next_wave++;
    }
}

/* Whether the encounter is over (R57); ends it if so. */
void am_check_end(const carta_rules *r, am_state *st)
{
    if (st->phase == AM_P_OVER)
        return;
    int mages_up = 0;
    for (int m = 0; m < st->n_mages; m++)
        mages_up += !(st->ch[m].flags & AM_C_KO);
    if (!mages_up) {
        am_end(st, AM_ENEMIES, AM_W_MAGES_FALL);
        return;
    }
    const am_encounter *e = am_encounter_of(r, st->encounter);
    if (!round_enemies_left(st) && st->next_wave >= e->n_waves)
        am_end(st, AM_ALLIES, AM_W_MAGES_WIN);
}

/* The round's tokens and armour of one item or ability (R27; Breakwater Oath's token). */
static void round_thing(am_state *st, int ch, const am_thing *t)
{
    if (t->use)
        return; /* a consumable's token comes when it is expended */
    for (int k = 0; k < t->token_count && st->n_tokens < AM_TOKENS; k++)
        st->token[st->n_tokens++] = (am_token){(uint8_t)ch, t->token_kind, t->token_range,
                                               t->token_value};
    st->ch[ch].ap = (int16_t)(st->ch[ch].ap + t->round_ap);
}

static void round_tokens(const carta_rules *r, am_state *st, int ch, const am_mage *g)
{
    for (int i = 0; i < g->n_items; i++)
        round_thing(st, ch, am_thing_of(r, g->item[i]));
    for (int i = 0; i < g->n_abilities; i++)
        round_thing(st, ch, am_thing_of(r, g->ability[i]));
}

/* The next mage to cycle (a knocked-out one cannot act), or the slots once all have. */
static void round_next_cycler(am_state *st)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (f && f->kind == AM_F_CYCLE)
        carta_pending_pop(&st->pending);
    while ((uint8_t)++st->cycler < st->n_mages) {
        if (st->ch[st->cycler].flags & AM_C_KO)
            continue;
        carta_pending *f = carta_pending_push(&st->pending, AM_F_CYCLE, st->cycler);
        f->arg[0] = st->cycler;
        return;
    }
    st->phase = AM_P_SLOTS;
}

/* A new round: waves, move points, round armour and tokens, the Draw Step, then cycling. */
void am_round_start(const carta_rules *r, am_state *st)
{
    if (st->round >= st->round_limit) {
        am_end(st, AM_ENEMIES, AM_W_ROUND_LIMIT);
        return;
    }
    st->round++;
    carta_event_add(&st->events, CARTA_EV_TURN, -1, -1, -1, 0, -1, 0, 0, st->round);
    round_waves(r, st);
    for (int i = 0; i < st->n_chars; i++) {
        am_char *c = &st->ch[i];
        c->flags &= (uint8_t)~AM_C_ACTED;
        memset(c->uses, 0, sizeof c->uses);
        if (c->minion) {
            am_minion_round_start(r, st, i);
            continue;
        }
        c->mp = c->side == AM_ALLIES ? st->mage[c->mage].mp_max : am_enemy_of(r, c->def)->move;
        c->ap = c->side == AM_ALLIES ? 0 : am_enemy_of(r, c->def)->armour;
        if (c->side == AM_ALLIES) {
            st->mage[c->mage].round_used = 0;
            round_tokens(r, st, i, &st->mage[c->mage]);
            am_ability_round_start(r, st, c->mage);
        }
    }
    for (int m = 0; m < st->n_mages; m++)
        am_draw(st, m, st->mage[m].hand_max - st->mage[m].hand.n);
    st->slot_side = AM_ALLIES;
    st->phase = AM_P_CYCLE;
    st->cycler = 0xFF;
    round_next_cycler(st);
}

/* ---- the round's end ---- */

/* After the Discard Step (R38): unspent move points are lost (Move Points), round armour points
 * and round tokens end, and so does Haste's longer combo. */
static void round_expire(const carta_rules *r, am_state *st)
{
    am_lasting_round_end(r, st);
    for (int i = 0; i < st->n_chars; i++) {
        st->ch[i].mp = 0;
        st->ch[i].ap = 0;
        st->ch[i].taunter = 0; /* TAUNT: "only last until the end of the round" (R87) */
    }
    memset(st->token, 0, sizeof st->token);
    st->n_tokens = 0;
    st->n_smoke = 0;
    am_linger_round_end(st); /* lingering areas that last the round (R137) */
    for (int m = 0; m < st->n_mages; m++)
        st->mage[m].haste = 0;
    am_landing_reset(st);
}

static void round_end(const carta_rules *r, am_state *st)
{
    if (am_landing_ask(st))
        return; /* R38: landing comes first; the round ends again once it is decided */
    if (am_foretold_resolve_next(st, 1))
        return; /* FORETOLD: "at the end of the round" (R116); it ends again after */
    for (int i = 0; i < st->n_chars; i++) {
        am_char *c = &st->ch[i];
        /* Stun & Freeze: "At the end of each round, each character removes 1 Stun and 1 Freeze
         * counter." */
        c->status[AM_STUN] -= c->status[AM_STUN] > 0;
        c->status[AM_FREEZE] -= c->status[AM_FREEZE] > 0;
    }
    for (int m = 0; m < st->n_mages; m++)
        if (st->mage[m].hand.n > st->mage[m].hand_max) {
            st->phase = AM_P_DISCARD;
            carta_pending *f = carta_pending_push(&st->pending, AM_F_DISCARD, m);
            f->arg[0] = (int16_t)m;
            return;
        }
    round_expire(r, st);
    am_round_start(r, st);
}

/* ---- turns ---- */

/* Start Phase: its effects resolve, then a window (R16); the Main Phase follows (am_settle). */
static void round_turn_begin(const carta_rules *r, am_state *st, int ch)
{
    am_char *c = &st->ch[ch];
    st->active = (uint8_t)ch;
    st->phase = AM_P_START;
    if (c->side == AM_ALLIES) {
        am_mage *g = &st->mage[c->mage];
        g->cast = g->illuminated = g->cantrips = g->turn_used = 0;
    } else {
        c->attacks_left = (uint8_t)am_attacks_per_turn(r, st, ch);
    }
    carta_event_add(&st->events, CARTA_EV_TURN, am_seat_of(st, ch), -1, -1, 0, -1, 0, 0,
                    st->round);
    if (c->side == AM_ENEMIES)
        am_tell_at(st, ch, AM_W_TAKING_TURN);
    am_lasting_phase(r, st, ch, AM_P_START);
    am_linger_turn_start(st, ch); /* starting its turn within a lingering area (R137) */
    if (c->side == AM_ALLIES)
        am_minion_phase(r, st, c->mage, AM_P_START); /* its minions' Start Phase (R130) */
    am_window_open(r, st, AM_WIN_FREE, am_seat_of(st, ch));
    am_upkeep_phase(r, st, ch); /* ENCHANTMENT: upkeep, asked first (R119) */
    am_foretold_resolve_next(st, 0); /* FORETOLD: its X turns have passed (R116) */
}

/* Minions take no turn slot: "Minions always take their turn at the same time as their
 * controller" (R98). */
static int round_able(const am_state *st, int ch)
{
    return !(st->ch[ch].flags & (AM_C_KO | AM_C_GONE | AM_C_ACTED)) && !st->ch[ch].minion;
}

/* The kind of enemy a group is made of: Fodder (3 a turn), Regular (2), the rest (1). */
static int round_class(int rank) { return rank == AM_FODDER ? 0 : rank == AM_REGULAR ? 1 : 2; }
static const int class_size[3] = {3, 2, 1};

static int round_group_open(const am_state *st, int ch)
{
    return round_able(st, ch) && st->ch[ch].side == AM_ENEMIES &&
           memchr(st->group, ch, st->n_group) == NULL &&
           (!st->n_group || round_class(st->ch[ch].rank) == st->gm_kind);
}

static void round_group_start(const carta_rules *r, am_state *st)
{
    st->group_i = 0;
    round_turn_begin(r, st, st->group[0]);
}

/* The next turn slot (L1125): allied and enemy turns alternate while both sides have a character
 * yet to take its turn, then the other side's remaining turns follow. */
void am_round_next(const carta_rules *r, am_state *st)
{
    am_check_end(r, st);
    if (st->phase == AM_P_OVER)
        return;
    if (st->phase == AM_P_CYCLE || st->phase == AM_P_DISCARD)
        return;
    int allies = 0, enemies = 0, first = -1;
    for (int i = 0; i < st->n_chars; i++) {
        if (!round_able(st, i))
            continue;
        if (st->ch[i].side == AM_ALLIES) {
            first = allies++ ? first : i;
        } else {
            enemies++;
        }
    }
    if (!allies && !enemies) {
        round_end(r, st);
        return;
    }
    int side = allies && enemies ? st->slot_side : allies ? AM_ALLIES : AM_ENEMIES;
    st->slot_side = (uint8_t)!side;
    if (side == AM_ALLIES) {
        if (allies == 1) {
            round_turn_begin(r, st, first);
            return;
        }
        carta_pending *f = carta_pending_push(&st->pending, AM_F_REQUEST, st->ch[first].mage);
        f->arg[0] = (int16_t)first;
        return;
    }
    st->n_group = 0;
    memset(st->group, 0, sizeof st->group);
    carta_pending_push(&st->pending, AM_F_GROUP, am_gm_seat(st));
}

/* End Phase: its effects resolve, then a window (R16); then the turn ends (am_turn_finish). */
void am_turn_end(const carta_rules *r, am_state *st)
{
    st->phase = AM_P_END;
    am_lasting_phase(r, st, st->active, AM_P_END);
    if (st->ch[st->active].side == AM_ALLIES)
        am_minion_phase(r, st, st->ch[st->active].mage, AM_P_END); /* its minions' (R130) */
    am_window_open(r, st, AM_WIN_FREE, am_seat_of(st, st->active));
}

/* The turn ends: the next enemy of the group, or the next slot. */
void am_turn_finish(const carta_rules *r, am_state *st)
{
    am_char *c = &st->ch[st->active];
    c->flags |= AM_C_ACTED;
    c->attacks_left = 0;
    am_foretold_tick(st);
    am_linger_tick(st);
    am_tell(st, st->active, AM_W_DONE_TURN, 0, 0);
    if (c->side == AM_ENEMIES) {
        while (++st->group_i < st->n_group) {
            int next = st->group[st->group_i];
            if (round_able(st, next)) {
                round_turn_begin(r, st, next);
                return;
            }
        }
        st->n_group = 0;
    }
    st->active = AM_NONE;
    st->phase = AM_P_SLOTS;
}

/* ---- decisions of the round ---- */

int am_round_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out)
{
    (void)r;
    int n = 0;
    switch (f->kind) {
    case AM_F_CYCLE: {
        const am_hand *h = &st->mage[f->arg[0]].hand;
        for (int i = 0; i < h->n && f->arg[1] < 3; i++)
            if (am_first_copy(h, i))
                out[n++] = AM_ACT(AM_A_CYCLE, 0, i);
        n += am_foretell_actions(r, st, f->arg[0], out + n); /* after the Draw Step (R116) */
        out[n++] = AM_ACT(AM_A_KEEP, 0, 0);
        return n;
    }
    case AM_F_DISCARD: {
        const am_hand *h = &st->mage[f->arg[0]].hand;
        for (int i = 0; i < h->n; i++)
            if (am_first_copy(h, i))
                out[n++] = AM_ACT(AM_A_DISCARD, 0, i);
        return n;
    }
    case AM_F_REQUEST:
        out[n++] = AM_ACT(AM_A_TAKE_TURN, 0, 0);
        out[n++] = AM_ACT(AM_A_LET_GO, 0, 0);
        return n;
    default: /* AM_F_GROUP */
        for (int i = st->n_mages; i < st->n_chars; i++)
            if (round_group_open(st, i))
                out[n++] = AM_ACT(AM_A_PICK, i, 0);
        return n;
    }
}

void am_round_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    switch (AM_KIND(a)) {
    case AM_A_CYCLE:
        am_to_void(st, f->arg[0], AM_B(a), AM_W_CYCLES);
        if (++f->arg[1] < 3 && st->mage[f->arg[0]].hand.n)
            return;
        am_draw(st, f->arg[0], f->arg[1]); /* three cycled, or the hand is empty */
        round_next_cycler(st);
        return;
    case AM_A_KEEP:
        am_draw(st, f->arg[0], f->arg[1]);
        round_next_cycler(st);
        return;
    case AM_A_DISCARD: {
        int m = f->arg[0];
        am_to_void(st, m, AM_B(a), AM_W_DISCARDS);
        if (st->mage[m].hand.n > st->mage[m].hand_max)
            return;
        carta_pending_pop(&st->pending);
        for (int k = m + 1; k < st->n_mages; k++)
            if (st->mage[k].hand.n > st->mage[k].hand_max) {
                carta_pending *g = carta_pending_push(&st->pending, AM_F_DISCARD, k);
                g->arg[0] = (int16_t)k;
                return;
            }
        round_expire(r, st);
        am_round_start(r, st);
        return;
    }
    case AM_A_TAKE_TURN: {
        int ch = f->arg[0];
        carta_pending_pop(&st->pending);
        round_turn_begin(r, st, ch);
        return;
    }
    case AM_A_LET_GO: {
        int next = -1, others = 0;
        for (int i = f->arg[0] + 1; i < st->n_mages; i++)
            if (round_able(st, i)) {
                next = next < 0 ? i : next;
                others++;
            }
        carta_event_add(&st->events, CARTA_EV_NOTE, f->seat, -1, -1, 0, -1, AM_W_LETS_GO, 0, 0);
        carta_pending_pop(&st->pending);
        if (others == 1) {
            round_turn_begin(r, st, next);
            return;
        }
        carta_pending *g = carta_pending_push(&st->pending, AM_F_REQUEST, next);
        g->arg[0] = (int16_t)next;
        return;
    }
    default: { /* AM_A_PICK */
        int ch = AM_A(a);
        if (!st->n_group)
            st->gm_kind = (uint8_t)round_class(st->ch[ch].rank);
        st->group[st->n_group++] = (uint8_t)ch;
        am_tell_at(st, ch, AM_W_PICKS);
        int more = 0;
        for (int i = st->n_mages; i < st->n_chars && st->n_group < class_size[st->gm_kind]; i++)
            more += round_group_open(st, i);
        if (more)
            return;
        carta_pending_pop(&st->pending);
        round_group_start(r, st);
        return;
    }
    }
}
