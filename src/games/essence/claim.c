/* claim.c: WINNING THE GAME (6.1): the active player reveals the six Runes of their Carta
 * Essentia and makes a Fate check counted as a Spell; on a I the opponent to their left draws one
 * of them at random into the Graveyard, and the player may try again while still able. */
#include "games/essence/essence.h"

#include <string.h>

#include "core/assert.h"

enum { CLAIM_RUNES = 2 * ESS_REALMS };

/* The six Runes of cards[0..n-1] (a hand) one would reveal for Carta Essentia carta: per realm
 * the primary and one of the two secondaries, real Runes first, Unicorn Blood for what is
 * missing. Writes the indexes into idx (-1 where none) and returns how many of the six are met. */
static int claim_proof(const carta_rules *r, const uint16_t *cards, int n, int carta, int *idx)
{
    const ess_card *goal = ess_card_of(r, carta);
    uint8_t used[ESS_PILE_MAX + ESS_REVEAL_MAX];
    memset(used, 0, (size_t)n); /* on the hot path (can_claim in every legal list): n bytes */
    int met = 0;
    for (int slot = 0; slot < CLAIM_RUNES; slot++) {
        int realm = slot / 2, primary = slot % 2 == 0;
        idx[slot] = -1;
        for (int i = 0; i < n && idx[slot] < 0; i++) {
            const ess_card *c = ess_card_of(r, cards[i]);
            if (used[i] || c->kind != ESS_K_ESSENCE)
                continue;
            if (primary ? c->rune == goal->primary[realm]
                        : c->rune == goal->secondary[realm][0] ||
                              c->rune == goal->secondary[realm][1])
                idx[slot] = i;
        }
        if (idx[slot] >= 0) {
            used[idx[slot]] = 1;
            met++;
        }
    }
    for (int slot = 0; slot < CLAIM_RUNES; slot++)
        for (int i = 0; i < n && idx[slot] < 0; i++)
            if (!used[i] && ess_card_of(r, cards[i])->kind == ESS_K_UNICORN) {
                idx[slot] = i;
                used[i] = 1;
                met++;
            }
    return met;
}

int ess_runes_held(const carta_rules *r, const ess_state *st, int seat, int carta)
{
    int idx[CLAIM_RUNES];
    const ess_pile *hand = &st->seat[seat].hand;
    return carta >= 0 && carta < r->n_cards ? claim_proof(r, hand->cards, hand->n, carta, idx)
                                            : 0;
}

/* For the AI: as ess_runes_held, counting the cards the seat's exploration has revealed (they
 * join its hand when the exploration ends). */
int ess_runes_within_reach(const carta_rules *r, const ess_state *st, int seat, int carta)
{
    if (seat != st->active || !st->revealed.n)
        return ess_runes_held(r, st, seat, carta);
    const ess_pile *hand = &st->seat[seat].hand;
    uint16_t cards[ESS_PILE_MAX + ESS_REVEAL_MAX];
    int idx[CLAIM_RUNES];
    memcpy(cards, hand->cards, hand->n * sizeof *cards);
    memcpy(cards + hand->n, st->revealed.cards, st->revealed.n * sizeof *cards);
    return carta >= 0 && carta < r->n_cards
               ? claim_proof(r, cards, hand->n + st->revealed.n, carta, idx)
               : 0;
}

int ess_can_claim(const carta_rules *r, const ess_state *st, int seat)
{
    return seat == st->active && st->seat[seat].carta.n &&
           ess_runes_held(r, st, seat, st->seat[seat].carta.cards[0]) == CLAIM_RUNES;
}

void ess_claim_begin(const carta_rules *r, ess_state *st, int seat)
{
    int idx[CLAIM_RUNES];
    const ess_pile *hand = &st->seat[seat].hand;
    int met = claim_proof(r, hand->cards, hand->n, st->seat[seat].carta.cards[0], idx);
    CARTA_ASSERT(met == CLAIM_RUNES);
    (void)met;
    uint16_t cards[CLAIM_RUNES];
    for (int k = 0; k < CLAIM_RUNES; k++)
        cards[k] = st->seat[seat].hand.cards[idx[k]];
    carta_pending *f = carta_pending_push(&st->pending, ESS_FR_CLAIM, seat);
    f->arg[0] = ESS_ST_FATE;
    f->arg[1] = (int16_t)ESS_NONE;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_CLAIMS, 0, 0);
    for (int k = 0; k < CLAIM_RUNES; k++) {
        ess_hand_take(st, seat, cards[k], NULL);
        f->arg[4 + k] = (int16_t)cards[k];
        carta_event_move(&st->events, seat, cards[k], CARTA_SEEN_ALL, ESS_W_HAND, ESS_W_TABLE,
                         0);
    }
}

static void claim_runes_back(ess_state *st, carta_pending *f)
{
    for (int k = 0; k < CLAIM_RUNES; k++)
        if ((uint16_t)f->arg[4 + k] != ESS_NONE) {
            ess_hand_add(st, f->seat, (uint16_t)f->arg[4 + k], CARTA_SEEN_ALL);
            f->arg[4 + k] = (int16_t)ESS_NONE;
        }
}

static void claim_fate_away(ess_state *st, carta_pending *f)
{
    ess_fate_done(st, (uint16_t)f->arg[1], f->arg[3] & ESS_CAST_FATE_KEPT);
    f->arg[1] = (int16_t)ESS_NONE;
}

int ess_claim_step(const carta_rules *r, ess_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int seat = f->seat;
    if (f->arg[0] == ESS_ST_FATE) {
        int fate = ess_fate_draw(r, st, seat, ESS_CHECK_SPELL);
        const ess_card *c = ess_card_of(r, fate);
        int n = c->number + ess_passive(r, st, seat, ESS_PA_SPELL_FATE) + st->turn_spell_fate;
        f->arg[1] = (int16_t)fate;
        f->arg[2] = (int16_t)(n > 6 ? 6 : n);
        f->arg[0] = ESS_ST_EFFECT;
        /* "considered to be Casting a Spell for Fate Bonuses": those that bear on a check */
        if (c->bonus == ESS_BO_SPELL_TURN || c->bonus == ESS_BO_DRAW)
            ess_bonus_offer(r, st, seat, fate, ESS_CHECK_SPELL);
        return 0;
    }
    if (f->arg[2] >= 2) {
        uint16_t carta = st->seat[seat].carta.cards[0];
        carta_event_add(&st->events, CARTA_EV_REVEAL, seat, -1, carta, CARTA_SEEN_ALL, -1,
                        ESS_W_FOR_ETERNITY, f->arg[2], 0);
        st->seat[seat].carta.seen = CARTA_SEEN_ALL;
        ess_end(st, seat, ESS_W_COMPLETED);
        return 0;
    }
    int left = (seat + 1) % st->n_seats, k = (int)carta_rng_below(&st->rng, CLAIM_RUNES);
    uint16_t lost = (uint16_t)f->arg[4 + k];
    f->arg[4 + k] = (int16_t)ESS_NONE;
    carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, ESS_W_CLAIM_FAILS,
                    f->arg[2], 0);
    carta_event_add(&st->events, CARTA_EV_ACT, left, seat, lost, CARTA_SEEN_ALL, -1,
                    ESS_W_DRAWN_AT_RANDOM, 0, 0);
    ess_to_grave(st, seat, lost, CARTA_SEEN_ALL, ESS_W_TABLE);
    claim_runes_back(st, f);
    claim_fate_away(st, f);
    carta_pending_pop(&st->pending);
    if (ess_can_claim(r, st, seat))
        carta_pending_push(&st->pending, ESS_FR_RETRY, seat);
    return 0;
}

/* The game ends: every card a pending decision holds on the table goes back (payments and
 * Runes to their owner's hand, Fates to the Graveyard of Fates), and the winner is told. */
void ess_end(ess_state *st, int winner, int reason)
{
    while (st->pending.n) {
        carta_pending *f = carta_pending_top(&st->pending);
        if (f->kind == ESS_FR_CLAIM) {
            claim_runes_back(st, f);
            claim_fate_away(st, f);
        } else if (f->kind == ESS_FR_CAST) {
            for (int k = 0; k < f->arg[3]; k++)
                ess_hand_add(st, f->seat, (uint16_t)f->arg[4 + k], CARTA_SEEN_ALL);
            ess_fate_done(st, (uint16_t)f->arg[7], 0);
        } else if (f->kind == ESS_FR_ABILITY) {
            ess_fate_done(st, (uint16_t)f->arg[1], 0);
        }
        carta_pending_pop(&st->pending);
    }
    memset(&st->pending, 0, sizeof st->pending);
    st->responding = 0;
    for (int p = 0; p < ESS_SEATS; p++)
        st->seat[p].decl = ESS_DECL_NONE;
    st->phase = ESS_PHASE_OVER;
    st->winner = (int8_t)winner;
    st->end = (uint8_t)reason;
    if (winner >= 0)
        carta_event_add(&st->events, CARTA_EV_WON, winner, -1, -1, 0, -1, reason, 0, 0);
    else
        carta_event_add(&st->events, CARTA_EV_DRAWN, -1, -1, -1, 0, -1, reason, 0, 0);
}
