/* board.c: pieces in play, zones, current stats and keywords, distance between Realms, leaving
 * play and death. */
#include "games/arkhtide/arkhtide.h"

#include <string.h>

#include "core/assert.h"

ark_piece *ark_place(ark_state *st, int seat, uint16_t card, int loc, int flags)
{
    if (st->n_pieces >= ARK_PIECE_MAX)
        return NULL;
    if (st->next_uid == 0)
        st->next_uid = 1;
    ark_piece *p = &st->pieces[st->n_pieces++];
    memset(p, 0, sizeof *p);
    p->card = card;
    p->uid = st->next_uid++;
    p->owner = (uint8_t)seat;
    p->loc = (uint8_t)loc;
    p->flags = (uint8_t)flags;
    return p;
}

int ark_find_uid(const ark_state *st, uint16_t uid)
{
    if (!uid)
        return -1;
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].uid == uid)
            return i;
    return -1;
}

int ark_seeker_index(const ark_state *st, int seat)
{
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].owner == seat && (st->pieces[i].flags & ARK_P_SEEKER))
            return i;
    return -1;
}

void ark_pool_push(ark_seat *s, uint16_t card, int owner)
{
    int pushed = carta_zone_push(CARTA_ZONE_REF(&s->pool), card, 0);
    CARTA_ASSERT(pushed); /* a pool holds fewer cards than every deck list together */
    if (pushed)
        s->pool_owner[s->pool.n - 1] = (uint8_t)(owner + 1);
}

int ark_draw(ark_state *st, int seat, int n)
{
    ark_seat *s = &st->seat[seat];
    int drawn = 0;
    while (drawn < n && s->deck.n > 0 && s->hand.n < ARK_ZONE_MAX) {
        ark_event_move(st, seat, s->deck.cards[s->deck.n - 1], CARTA_SEAT_BIT(seat),
                       ARK_W_MAIN_DECK, ARK_W_HAND, ARK_W_DRAWS);
        carta_zone_move(CARTA_ZONE_REF(&s->deck), s->deck.n - 1, CARTA_ZONE_REF(&s->hand));
        drawn++;
    }
    return drawn;
}

bool ark_in_group(const ark_state *st, int pi)
{
    const ark_piece *p = &st->pieces[pi];
    if (p->loc == ARK_LOC_SAFE)
        return false;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *q = &st->pieces[i];
        if (i != pi && q->owner == p->owner && q->loc == p->loc && !(q->flags & ARK_P_SEEKER))
            return true;
    }
    return false;
}

bool ark_cond_ok(const ark_state *st, int cond, int pi)
{
    if (cond == ARK_COND_IN_GROUP)
        return ark_in_group(st, pi);
    if (cond == ARK_COND_SEPARATED)
        return !ark_in_group(st, pi);
    return true;
}

/* Adds the constant buff/keyword steps of def (applied to piece pi) to mods/kw. */
static void board_constants(const ark_card_def *def, const ark_state *st, int pi, int *mods,
                            uint16_t *kw)
{
    if (!def->has_constant || st->pieces[pi].loc == ARK_LOC_SAFE)
        return; /* abilities work only on a Realm */
    for (int a = 0; a < def->n_abilities; a++) {
        const ark_ability *ab = &def->abilities[a];
        if (ab->timing != ARK_TM_CONSTANT || !ark_cond_ok(st, ab->cond, pi))
            continue;
        for (int i = ab->first; i < ab->first + ab->n; i++) {
            const ark_step *s = &def->steps[i];
            if (s->op == ARK_OP_BUFF && mods)
                for (int k = 0; k < 4; k++)
                    mods[k] += s->buff[k];
            else if (s->op == ARK_OP_KEYWORD && kw)
                *kw |= s->ref;
        }
    }
}

int ark_stat(const carta_rules *rules, const ark_state *st, int pi, int stat)
{
    const ark_piece *p = &st->pieces[pi];
    const ark_card_def *d = ark_def(rules, p->card);
    if (!d)
        return 0;
    int base = stat == ARK_STAT_SOUL     ? d->soul
               : stat == ARK_STAT_MELEE  ? d->melee
               : stat == ARK_STAT_RANGED ? d->ranged
                                         : (d->type == ARK_UNIT ? d->health : 0);
    if (base == ARK_NO_ATTACK && (stat == ARK_STAT_MELEE || stat == ARK_STAT_RANGED))
        return ARK_NO_ATTACK;
    int mods[4] = {p->soul_mod, p->melee_mod, p->ranged_mod, p->health_mod};
    board_constants(d, st, pi, mods, NULL);
    for (int i = 0; i < p->n_attach; i++) {
        const ark_card_def *a = ark_def(rules, ARK_ATTACH_CARD(p->attach[i]));
        if (!a)
            continue;
        mods[0] += a->soul;
        mods[1] += a->melee;
        mods[2] += a->ranged;
        mods[3] += a->health;
        board_constants(a, st, pi, mods, NULL);
    }
    int v = base + mods[stat];
    return v < 0 ? 0 : v;
}

uint16_t ark_keywords(const carta_rules *rules, const ark_state *st, int pi, int *reaping)
{
    const ark_piece *p = &st->pieces[pi];
    const ark_card_def *d = ark_def(rules, p->card);
    if (!d)
        return 0;
    uint16_t kw = (uint16_t)(d->kw | p->kw_round);
    int reap = d->reaping;
    board_constants(d, st, pi, NULL, &kw);
    for (int i = 0; i < p->n_attach; i++) {
        const ark_card_def *a = ark_def(rules, ARK_ATTACH_CARD(p->attach[i]));
        if (!a)
            continue;
        kw |= (uint16_t)(a->kw & ~ARK_KW_CASK);
        reap += a->reaping;
        board_constants(a, st, pi, NULL, &kw);
    }
    if (reap)
        kw |= ARK_KW_REAPING;
    if (reaping)
        *reaping = reap;
    return kw;
}

bool ark_alive(const ark_state *st, int seat)
{
    return seat >= 0 && seat < st->n_seats && !(st->seat[seat].flags & ARK_S_ELIMINATED);
}

int ark_next_seat(const ark_state *st, int seat)
{
    for (int i = 1; i <= st->n_seats; i++) {
        int s = (seat + i) % st->n_seats;
        if (ark_alive(st, s))
            return s;
    }
    return seat;
}

static bool board_occupied(const ark_state *st, int slot)
{
    return slot >= 0 && slot < ARK_REALMS && st->realms[slot].card != ARK_NO_CARD &&
           st->realms[slot].card != 0xFFFFu;
}

bool ark_realm_nearby(const ark_state *st, int a, int b)
{
    if (a == b || !board_occupied(st, a) || !board_occupied(st, b))
        return false;
    if (st->mode == ARK_MODE_DUEL)
        return true; /* the Neutral Realm and both players' Realms form a triangle */
    /* Desperate Measures: the players' Realms lie in a circle in seat order */
    int order[ARK_REALMS], n = 0, ia = -1, ib = -1;
    for (int s = 0; s < ARK_REALMS; s++)
        if (board_occupied(st, s)) {
            if (s == a)
                ia = n;
            if (s == b)
                ib = n;
            order[n++] = s;
        }
    (void)order;
    if (n <= 3)
        return true;
    int d = ia > ib ? ia - ib : ib - ia;
    return d == 1 || d == n - 1;
}

bool ark_can_enter(const ark_state *st, int seat, int from, int to)
{
    if (!board_occupied(st, to) || from == to)
        return false;
    if (from != ARK_LOC_SAFE)
        return ark_realm_nearby(st, from, to);
    if (st->mode == ARK_MODE_DUEL || !board_occupied(st, seat))
        return true; /* the Safe Zone is adjacent to all Realms */
    return to == seat || ark_realm_nearby(st, seat, to);
}

/* The bits of x with bit `slot` taken out and the higher ones moved down (the lock and use bits
 * follow their attached cards). */
static uint8_t board_bit_removed(uint8_t x, int slot)
{
    uint8_t low = (uint8_t)(x & ((1u << slot) - 1));
    uint8_t high = (uint8_t)((x >> (slot + 1)) << slot);
    return (uint8_t)(low | high);
}

bool ark_ability_ready(const ark_piece *p, int code)
{
    if (code >= 8)
        return !((p->attach_locked | p->attach_used) & (1u << (code - 8)));
    return !((p->locked | p->used) & (1u << code));
}

void ark_ability_used(ark_piece *p, int code)
{
    if (code >= 8) {
        p->attach_locked |= (uint8_t)(1u << (code - 8));
        p->attach_used |= (uint8_t)(1u << (code - 8));
    } else {
        p->locked |= (uint8_t)(1u << code);
        p->used |= (uint8_t)(1u << code);
    }
}

int ark_block_against(const ark_piece *p, int kind)
{
    int b = p->block;
    if (kind != ARK_DMG_MELEE)
        b -= p->block_only[0];
    if (kind != ARK_DMG_RANGED)
        b -= p->block_only[1];
    return b;
}

void ark_detach(const carta_rules *rules, ark_state *st, int pi, int slot)
{
    CARTA_ASSERT(pi >= 0 && pi < st->n_pieces && slot >= 0 && slot < st->pieces[pi].n_attach);
    ark_piece *p = &st->pieces[pi];
    uint16_t x = p->attach[slot];
    const ark_card_def *d = ark_def(rules, ARK_ATTACH_CARD(x));
    if (d && d->type == ARK_BINDING && !d->token) {
        CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&st->seat[ARK_ATTACH_SEAT(x)].chronicle),
                                     ARK_ATTACH_CARD(x), 0));
        ark_event_move(st, ARK_ATTACH_SEAT(x), ARK_ATTACH_CARD(x), CARTA_SEEN_ALL, ARK_W_PLAY,
                       ARK_W_CHRONICLE, 0);
    } else {
        ark_event(st, CARTA_EV_STATUS, ARK_ATTACH_SEAT(x), ARK_W_REMOVED, ARK_ATTACH_CARD(x), -1);
    }
    memmove(&p->attach[slot], &p->attach[slot + 1],
            (size_t)(p->n_attach - slot - 1) * sizeof p->attach[0]);
    p->n_attach--;
    /* the lock bits follow their cards */
    p->attach_locked = board_bit_removed(p->attach_locked, slot);
    p->attach_used = board_bit_removed(p->attach_used, slot);
}

void ark_extract(const carta_rules *rules, ark_state *st, int pi)
{
    CARTA_ASSERT(pi >= 0 && pi < st->n_pieces);
    ark_piece *p = &st->pieces[pi];
    ark_seat *se = &st->seat[p->owner];
    int q = 1 + ((ark_keywords(rules, st, pi, NULL) & ARK_KW_COLLECTOR) ? 1 : 0);
    for (int a = p->n_attach - 1; a >= 0; a--) {
        uint16_t card = ARK_ATTACH_CARD(p->attach[a]);
        const ark_card_def *d = ark_def(rules, card);
        if (!d || !(d->kw & ARK_KW_CASK) || ARK_ATTACH_SEAT(p->attach[a]) != p->owner)
            continue;
        q++; /* "the Binding with Cask can be extracted with it providing +1 Quintessence" */
        if (!d->token)
            ark_pool_push(se, card, p->owner);
        ark_event_move(st, p->owner, card, CARTA_SEEN_ALL, ARK_W_PLAY, ARK_W_POOL,
                       ARK_W_EXTRACTS);
        memmove(&p->attach[a], &p->attach[a + 1],
                (size_t)(p->n_attach - a - 1) * sizeof p->attach[0]);
        p->n_attach--;
    }
    ark_event_move(st, p->owner, p->card, CARTA_SEEN_ALL, ARK_W_PLAY, ARK_W_POOL, ARK_W_EXTRACTS);
    ark_gain_quintessence(st, p->owner, q, p->card);
    ark_remove_piece(rules, st, pi, ARK_TO_POOL);
}

/* Tells a piece leaving play: a death, or its move to a zone (an extraction tells itself). */
static void board_tell_leaving(ark_state *st, const ark_piece *p, int to)
{
    if (to == ARK_TO_CHRONICLE)
        ark_event(st, CARTA_EV_DESTROYED, p->owner, 0, p->card, -1);
    else if (to == ARK_TO_HAND)
        ark_event_move(st, p->owner, p->card, CARTA_SEEN_ALL, ARK_W_PLAY, ARK_W_HAND, 0);
    else if (to == ARK_TO_CHRONICLE_PLACED)
        ark_event_move(st, p->owner, p->card, CARTA_SEEN_ALL, ARK_W_PLAY, ARK_W_CHRONICLE, 0);
}

void ark_remove_piece(const carta_rules *rules, ark_state *st, int pi, int to)
{
    CARTA_ASSERT(pi >= 0 && pi < st->n_pieces);
    ark_piece *p = &st->pieces[pi];
    ark_seat *s = &st->seat[p->owner];
    board_tell_leaving(st, p, to);
    while (p->n_attach)
        ark_detach(rules, st, pi, p->n_attach - 1);
    /* a Token leaves the game (an extracted one is still worth its Quintessence) */
    /* it leaves play in plain sight: every seat knows it where it goes */
    if (p->flags & ARK_P_TOKEN)
        ;
    else if (to == ARK_TO_POOL)
        ark_pool_push(s, p->card, p->owner);
    else if (to == ARK_TO_CHRONICLE || to == ARK_TO_CHRONICLE_PLACED)
        CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->chronicle), p->card, CARTA_SEEN_ALL));
    else if (to == ARK_TO_HAND)
        CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->hand), p->card, CARTA_SEEN_ALL));
    memmove(&st->pieces[pi], &st->pieces[pi + 1],
            (size_t)(st->n_pieces - pi - 1) * sizeof st->pieces[0]);
    st->n_pieces--;
}

bool ark_critically_wounded(const carta_rules *rules, const ark_state *st, int pi)
{
    const ark_piece *p = &st->pieces[pi];
    if (p->flags & ARK_P_SEEKER)
        return false;
    int health = ark_stat(rules, st, pi, ARK_STAT_HEALTH);
    int left = health - p->wounds;
    return left * 2 < health;
}

void ark_lose_willpower(ark_state *st, int seat, int n, int cause)
{
    int before = st->seat[seat].willpower, w = before - n;
    st->seat[seat].willpower = (int8_t)(w < -99 ? -99 : w > 99 ? 99 : w);
    if (st->seat[seat].willpower != before)
        ark_event_counter(st, seat, ARK_W_WILLPOWER, st->seat[seat].willpower - before,
                          st->seat[seat].willpower, cause);
}

void ark_set_arkhe(ark_state *st, int seat, int value, int cause)
{
    int before = st->seat[seat].arkhe;
    st->seat[seat].arkhe = (uint8_t)value;
    if (value != before)
        ark_event_counter(st, seat, ARK_W_ARKHE, value - before, value, cause);
}

void ark_gain_quintessence(ark_state *st, int seat, int q, int cause)
{
    int before = st->seat[seat].quintessence, t = before + q;
    st->seat[seat].quintessence = (uint8_t)(t > 250 ? 250 : t);
    if (st->seat[seat].quintessence != before)
        ark_event_counter(st, seat, ARK_W_QUINTESSENCE, st->seat[seat].quintessence - before,
                          st->seat[seat].quintessence, cause);
}
