/* check.c: what holds in every Essence state (carta_game.check): every card of the box in exactly
 * one place (core/census.h, the box counted as six lists: a realm's cards each, the Fate cards,
 * the Carta Essentia, the Avatars and spell cards), a stack holding its realm's cards only,
 * counters and frames in range. */
#include "games/essence/essence.h"

#include "core/census.h"

extern const carta_game carta_game_essence;

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "essence: " __VA_ARGS__)

enum { LIST_FATE = ESS_REALMS, LIST_CARTA, LIST_REST, LISTS };

static int check_list_of(const ess_card *c)
{
    switch (c->kind) {
    case ESS_K_ESSENCE:
    case ESS_K_MONSTER:
    case ESS_K_UNICORN: return c->realm;
    case ESS_K_FATE: return LIST_FATE;
    case ESS_K_CARTA: return LIST_CARTA;
    default: return LIST_REST;
    }
}

static void check_add(carta_census *c, const carta_rules *r, uint16_t card, const char *place)
{
    if (card != ESS_NONE)
        carta_census_add(c, check_list_of(ess_card_of(r, card)), card, place);
}

static void check_add_all(carta_census *c, const carta_rules *r, const uint16_t *cards, int n,
                          const char *place)
{
    for (int i = 0; i < n; i++)
        check_add(c, r, cards[i], place);
}

static void check_frames(carta_census *c, const carta_rules *r, const ess_state *st)
{
    for (int i = 0; i < st->pending.n; i++) {
        const carta_pending *f = &st->pending.frame[i];
        if (f->kind == ESS_FR_CAST) {
            for (int k = 0; k < f->arg[3]; k++)
                check_add(c, r, (uint16_t)f->arg[4 + k], "a spell's payment");
            check_add(c, r, (uint16_t)f->arg[7], "a Spell Fate");
        } else if (f->kind == ESS_FR_ABILITY) {
            check_add(c, r, (uint16_t)f->arg[1], "an Ability Fate");
        } else if (f->kind == ESS_FR_CLAIM) {
            check_add(c, r, (uint16_t)f->arg[1], "a Carta Essentia's Fate");
            for (int k = 4; k < 10; k++)
                check_add(c, r, (uint16_t)f->arg[k], "the Runes revealed");
        }
    }
}

static carta_status check_cards(const carta_rules *r, const ess_state *st, carta_error *err)
{
    static _Thread_local carta_census c;
    carta_census_init(&c, &carta_game_essence, r, LISTS, r->n_cards);
    c.list_name = "box";
    for (int id = 0; id < r->n_cards; id++) {
        const ess_card *card = &r->card[id];
        if (card->kind == ESS_K_SPELL && card->dark)
            continue; /* one physical card per light side */
        uint16_t ids[8];
        for (int k = 0; k < card->copies; k++)
            ids[k] = (uint16_t)id;
        carta_census_expect(&c, check_list_of(card), ids, card->copies);
    }
    for (int k = 0; k < ESS_REALMS; k++)
        check_add_all(&c, r, st->stack[k].cards, st->stack[k].n, "a Realm Stack");
    check_add_all(&c, r, st->grave.cards, st->grave.n, "the Graveyard");
    check_add_all(&c, r, st->revealed.cards, st->revealed.n, "the revealed cards");
    check_add_all(&c, r, st->fate_deck.cards, st->fate_deck.n, "the Fate Deck");
    check_add_all(&c, r, st->fate_grave.cards, st->fate_grave.n, "the Graveyard of Fates");
    check_add_all(&c, r, st->kept.cards, st->kept.n, "the kept Fates");
    check_add_all(&c, r, st->carta_box.cards, st->carta_box.n, "the box");
    check_add_all(&c, r, st->avatars.cards, st->avatars.n, "the Avatars set aside");
    check_add(&c, r, st->combat.monster, "the combat");
    check_add(&c, r, st->combat.fate, "the Combat Fate");
    for (int i = 0; i < st->combat.n_support; i++)
        check_add(&c, r, st->combat.support[i].card, "the Support Stack");
    for (int i = 0; i < st->combat.n_interfere; i++)
        check_add(&c, r, st->combat.interfere[i].card, "the Interference Stack");
    for (int p = 0; p < st->n_seats; p++) {
        check_add_all(&c, r, st->seat[p].hand.cards, st->seat[p].hand.n, "a hand");
        check_add_all(&c, r, st->seat[p].carta.cards, st->seat[p].carta.n, "a Carta Essentia");
        check_add(&c, r, st->seat[p].avatar, "an Avatar in play");
    }
    for (int s = 0; s < ESS_SPELLS; s++) {
        const ess_card *side = ess_card_of(r, st->aether[s]);
        check_add(&c, r, side->dark ? side->back : st->aether[s], "the Aether");
    }
    check_frames(&c, r, st);
    return carta_census_finish(&c, err);
}

carta_status ess_check(const carta_rules *r, const void *state, carta_error *err)
{
    const ess_state *st = state;
    int over = st->phase == ESS_PHASE_OVER;
    if (st->n_seats < 2 || st->n_seats > ESS_SEATS || st->active < 0 ||
        st->active >= st->n_seats || st->phase > ESS_PHASE_OVER || st->n_picked > st->n_seats)
        return CHECK_FAIL(err, "%d seats, active %d, phase %d, %d picked", st->n_seats,
                          st->active, st->phase, st->n_picked);
    if (st->turn > ESS_TURN_LIMIT || (st->phase == ESS_PHASE_PICK) != (st->turn == 0))
        return CHECK_FAIL(err, "turn %d in phase %d", st->turn, st->phase);
    if (st->combat.monster != ESS_NONE && st->phase != ESS_PHASE_COMBAT && !over)
        return CHECK_FAIL(err, "a combat under way in phase %d", st->phase);
    if (st->combat.n_interfere > ESS_INTERFERE_MAX || st->combat.n_support > ESS_SUPPORT_MAX)
        return CHECK_FAIL(err, "%d interfering and %d supporting Minions",
                          st->combat.n_interfere, st->combat.n_support);
    if (st->responding && (over || (st->responding & CARTA_SEAT_BIT(st->active))))
        return CHECK_FAIL(err, "seats %#x respond in phase %d (active %d)", st->responding,
                          st->phase, st->active);
    for (int p = 0; p < ESS_SEATS; p++) {
        if (st->seat[p].decl != ESS_DECL_NONE && !(st->responding & CARTA_SEAT_BIT(p)))
            return CHECK_FAIL(err, "seat %d declared outside a response", p);
        if (p < st->n_seats && st->turn && st->seat[p].avatar == ESS_NONE)
            return CHECK_FAIL(err, "seat %d plays with no Avatar", p);
        if (p < st->n_seats && st->seat[p].carta.n != 1)
            return CHECK_FAIL(err, "seat %d holds %d Carta Essentia", p, st->seat[p].carta.n);
    }
    for (int k = 0; k < ESS_REALMS; k++)
        for (int i = 0; i < st->stack[k].n; i++)
            if (ess_card_of(r, st->stack[k].cards[i])->realm != k)
                return CHECK_FAIL(err, "'%s' in the %s stack", carta_catalog_name(r->catalog,
                                  st->stack[k].cards[i]), ess_realm_name(k));
    if (carta_pending_check(&st->pending, over, ESS_FR_QUEUE, ESS_FR_LAST, st->n_seats,
                            "essence", err))
        return CARTA_ERR_STATE;
    if (over != (st->end != 0))
        return CHECK_FAIL(err, "phase %d with end reason %d", st->phase, st->end);
    return check_cards(r, st, err);
}
