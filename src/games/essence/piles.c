/* piles.c: moving Essence's cards between the Realm Stacks, the hands, the Graveyard and the Fate
 * piles, each move told as an event to the seats that may see the card. */
#include "games/essence/essence.h"

#include "core/assert.h"

int ess_realm_word(int realm) { return ESS_W_FOREST + realm; }

/* 3.2: "If there are no cards left in a Realm Stack when a player attempts to explore, gather all
 * cards from the Graveyard in the color of the same realm, shuffle them into a new stack". */
static void piles_rebuild(const carta_rules *r, ess_state *st, int realm)
{
    ess_pile *stack = &st->stack[realm];
    int moved = 0;
    for (int i = st->grave.n - 1; i >= 0; i--) {
        const ess_card *c = ess_card_of(r, st->grave.cards[i]);
        if (c->kind == ESS_K_ESSENCE || c->kind == ESS_K_MONSTER || c->kind == ESS_K_UNICORN) {
            if (c->realm != realm)
                continue;
            carta_zone_move(CARTA_ZONE_REF(&st->grave), i, CARTA_ZONE_REF(stack));
            moved++;
        }
    }
    if (!moved)
        return;
    carta_zone_shuffle(CARTA_ZONE_REF(stack), &st->rng);
    carta_event_add(&st->events, CARTA_EV_NOTE, st->active, -1, -1, 0, -1, ESS_W_REBUILDS, moved,
                    realm);
}

int ess_stack_top(const carta_rules *r, ess_state *st, int realm)
{
    if (!st->stack[realm].n)
        piles_rebuild(r, st, realm);
    return st->stack[realm].n ? st->stack[realm].cards[st->stack[realm].n - 1] : -1;
}

int ess_draw(const carta_rules *r, ess_state *st, int seat, int realm, int verb)
{
    if (ess_stack_top(r, st, realm) < 0)
        return 0;
    ess_pile *stack = &st->stack[realm];
    uint16_t card = stack->cards[stack->n - 1];
    uint8_t known = stack->known[stack->n - 1];
    carta_zone_take(CARTA_ZONE_REF(stack), stack->n - 1, NULL);
    ess_hand_add(st, seat, card, known);
    carta_event_move(&st->events, seat, card, (uint8_t)(CARTA_SEAT_BIT(seat) | known),
                     ess_realm_word(realm), ESS_W_HAND, verb);
    return 1;
}

void ess_hand_add(ess_state *st, int seat, uint16_t card, uint8_t known)
{
    int ok = carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].hand), card, known);
    CARTA_ASSERT(ok); /* a hand holds every realm card of the box */
    (void)ok;
}

int ess_hand_index(const ess_state *st, int seat, int card)
{
    const ess_pile *hand = &st->seat[seat].hand;
    for (int i = 0; i < hand->n; i++)
        if (hand->cards[i] == card)
            return i;
    return -1;
}

uint16_t ess_hand_take(ess_state *st, int seat, int card, uint8_t *known)
{
    int i = ess_hand_index(st, seat, card);
    CARTA_ASSERT(i >= 0);
    return carta_zone_take(CARTA_ZONE_REF(&st->seat[seat].hand), i, known);
}

void ess_to_grave(ess_state *st, int seat, uint16_t card, uint8_t seen, int from)
{
    carta_zone_push(CARTA_ZONE_REF(&st->grave), card, 0);
    carta_event_move(&st->events, seat, card, (uint8_t)(seen | CARTA_SEEN_ALL), from,
                     ESS_W_GRAVEYARD, ESS_W_DISCARDS);
}

/* 2.4: "If there are no Fate cards left when a player goes to draw, shuffle the Graveyard of
 * Fates into the Fate deck and draw a new card." */
int ess_fate_draw(const carta_rules *r, ess_state *st, int seat, int check)
{
    (void)r;
    if (!st->fate_deck.n) {
        if (!st->fate_grave.n) /* every Fate card kept as a reminder: the reminders go back */
            while (st->kept.n)
                carta_zone_move(CARTA_ZONE_REF(&st->kept), st->kept.n - 1,
                                CARTA_ZONE_REF(&st->fate_grave));
        while (st->fate_grave.n)
            carta_zone_move(CARTA_ZONE_REF(&st->fate_grave), st->fate_grave.n - 1,
                            CARTA_ZONE_REF(&st->fate_deck));
        carta_zone_shuffle(CARTA_ZONE_REF(&st->fate_deck), &st->rng);
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_SHUFFLES,
                        st->fate_deck.n, 0);
    }
    CARTA_ASSERT(st->fate_deck.n > 0); /* every Fate card on the table goes back by turn's end */
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&st->fate_deck), st->fate_deck.n - 1, NULL);
    carta_event_add(&st->events, CARTA_EV_REVEAL, seat, -1, card, CARTA_SEEN_ALL, -1,
                    ESS_W_FOR_COMBAT + check, 0, 0);
    return card;
}

void ess_fate_done(ess_state *st, uint16_t fate, int kept)
{
    if (fate != ESS_NONE)
        carta_zone_push(kept ? CARTA_ZONE_REF(&st->kept) : CARTA_ZONE_REF(&st->fate_grave), fate,
                        0);
}

/* 2.4: only the active player's Fate of the type matching the check offers its bonus. */
void ess_bonus_offer(const carta_rules *r, ess_state *st, int seat, int fate, int check)
{
    static const uint8_t type_of[] = {[ESS_CHECK_COMBAT] = ESS_WARRIOR,
                                      [ESS_CHECK_SPELL] = ESS_MAGUS,
                                      [ESS_CHECK_ABILITY] = ESS_TRICKSTER};
    const ess_card *c = ess_card_of(r, fate);
    if (seat != st->active || c->fate_type != type_of[check] || !c->bonus)
        return;
    carta_pending *b = carta_pending_push(&st->pending, ESS_FR_BONUS, seat);
    b->arg[0] = (int16_t)fate;
    b->arg[1] = (int16_t)check;
}
