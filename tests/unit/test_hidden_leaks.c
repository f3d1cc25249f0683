/* test_hidden_leaks.c: the ways through hidden information that an audit found (issue 9), each
 * reproduced on the shipped card sets: stale card ids past a zone's count in an observation; a
 * typed chain that succeeds or fails according to a hidden card; and determinize forgetting what
 * a seat saw (a creature returned to a hand, a Realm returned on top of its deck). The generic
 * checks (test_generic.c, core/invariant.h) cover every state of random games; these pin the
 * cases down. Rules passages: Æmber glossary "Draw", "Discard", "Return to hand"; Arkhtide
 * rulebook "Realm Phase" (the unpicked Realms go to the top or the bottom of the Realm Deck). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "core/rng.h"
#include "games/aember/aember.h"
#include "games/arkhtide/state.h"
#include "support/test_actions.h"

extern const carta_game carta_game_aember, carta_game_arkhtide;

static carta_rules *open_game(const carta_game *g)
{
    char dir[1024];
    carta_error err = {0};
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
    carta_rules *r = g->open(dir, &err);
    if (!r)
        fail_msg("%s: %s", g->id, err.msg);
    return r;
}

/* Every slot past a zone's count holds 0 in every seat's observation, along random games
 * (the audit: Æmber seed 7, seat 0's view held seat 1's opening hand in its deck's slots 30-35). */
static void assert_zone_tail_clear(const uint16_t *cards, int n, int cap, const char *what)
{
    for (int i = n; i < cap; i++)
        if (cards[i] != 0)
            fail_msg("%s: slot %d past the count %d holds card id %u", what, i, n, cards[i]);
}

static void test_observations_hold_nothing_past_a_count(void **unused)
{
    (void)unused;
    const carta_game *ga = &carta_game_aember, *gk = &carta_game_arkhtide;
    carta_rules *ra = open_game(ga), *rk = open_game(gk);
    carta_action legal[CARTA_MAX_ACTIONS];
    carta_error err = {0};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        aember_state a, ao;
        ark_state k, ko;
        assert_int_equal(carta_perft_setup(ga, ra, seed, 2, &a, &err), CARTA_OK);
        assert_int_equal(carta_perft_setup(gk, rk, seed, 2, &k, &err), CARTA_OK);
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        for (int step = 0; step < 400; step++) {
            for (int seat = 0; seat < 2; seat++) {
                ga->observe(ra, &a, seat, &ao);
                gk->observe(rk, &k, seat, &ko);
                for (int p = 0; p < 2; p++) {
                    const aember_seat *s = &ao.seat[p];
                    const ark_seat *t = &ko.seat[p];
                    assert_zone_tail_clear(s->deck.cards, s->deck.n, AEMBER_DECK_MAX, "aember deck");
                    assert_zone_tail_clear(s->hand.cards, s->hand.n, AEMBER_DECK_MAX, "aember hand");
                    assert_zone_tail_clear(s->archives.cards, s->archives.n, AEMBER_DECK_MAX,
                                           "aember archives");
                    assert_zone_tail_clear(t->deck.cards, t->deck.n, ARK_ZONE_MAX, "arkhtide deck");
                    assert_zone_tail_clear(t->hand.cards, t->hand.n, ARK_ZONE_MAX, "arkhtide hand");
                    assert_zone_tail_clear(t->realm_deck.cards, t->realm_deck.n,
                                           ARK_REALM_DECK_MAX, "arkhtide Realm Deck");
                }
            }
            int n = ga->legal_actions(ra, &a, legal);
            if (n)
                assert_int_equal(ga->apply(ra, &a, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                                 CARTA_OK);
            n = gk->legal_actions(rk, &k, legal);
            if (n)
                assert_int_equal(gk->apply(rk, &k, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                                 CARTA_OK);
        }
    }
    ga->close(ra);
    gk->close(rk);
}

/* ---- typed chains ---- */

static int deck_find(const aember_zone *z, uint16_t card, uint16_t not_card)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] == card || (card == 0xFFFFu && z->cards[i] != not_card))
            return i;
    return -1;
}

static void deck_swap(aember_zone *z, int i, int j)
{
    uint16_t c = z->cards[i];
    z->cards[i] = z->cards[j];
    z->cards[j] = c;
}

/* Seat 0 in its main step, house clockwork, Springheel Tinker ("Play: Draw a card.") in hand and
 * a clockwork card `top` on top of its deck. */
static void tinker_position(const carta_rules *r, aember_state *st, uint16_t *top)
{
    const carta_game *g = &carta_game_aember;
    carta_error err = {0};
    assert_int_equal(carta_perft_setup(g, r, 2, 2, st, &err), CARTA_OK);
    uint16_t tinker = tact_card(g, r, "Springheel Tinker");
    int clockwork = aember_house_id(r, "clockwork");
    aember_seat *s = &st->seat[0];
    st->phase = AEMBER_PHASE_MAIN;
    st->active = 0;
    st->first_turn = 0;
    st->turn = 3;
    st->active_house = (uint8_t)clockwork;
    for (int i = 0; i < s->n_deck_list; i++)
        if (s->deck_list[i] == s->hand.cards[0])
            s->deck_list[i] = tinker;
    s->hand.cards[0] = tinker;
    *top = 0xFFFFu;
    for (int i = 0; i < s->deck.n && *top == 0xFFFFu; i++)
        if (aember_def(r, s->deck.cards[i])->house == clockwork && s->deck.cards[i] != tinker) {
            *top = s->deck.cards[i];
            deck_swap(&s->deck, i, s->deck.n - 1);
        }
    assert_int_not_equal(*top, 0xFFFFu);
}

/* "play Springheel Tinker discard X": whether it parses, and what it parses to, is the same for
 * every X whichever card the Tinker will draw (the audit: it failed for every X but the card on
 * top of the deck, a free look at it). */
static void test_chain_says_nothing_of_the_next_draw(void **unused)
{
    (void)unused;
    const carta_game *g = &carta_game_aember;
    carta_rules *r = open_game(g);
    aember_state st, twin;
    uint16_t top;
    tinker_position(r, &st, &top);
    twin = st;
    int other = deck_find(&twin.seat[0].deck, 0xFFFFu, top);
    assert_true(other >= 0);
    deck_swap(&twin.seat[0].deck, other, twin.seat[0].deck.n - 1); /* only the hidden order */
    unsigned char scratch[2 * sizeof(aember_state)];
    int parsed = 0;
    for (int i = 0; i < st.seat[0].n_deck_list; i++) {
        char typed[160];
        snprintf(typed, sizeof typed, "play Springheel Tinker discard %s",
                 g->card_name(r, st.seat[0].deck_list[i]));
        carta_chain a, b;
        carta_error ea = {0}, eb = {0};
        carta_status sa = carta_action_parse_chain(g, r, &st, 0, typed, scratch, &a, &ea);
        carta_status sb = carta_action_parse_chain(g, r, &twin, 0, typed, scratch, &b, &eb);
        if (sa != sb)
            fail_msg("'%s' %s on one deck order and %s on the other", typed,
                     sa == CARTA_OK ? "parses" : "fails", sb == CARTA_OK ? "parses" : "fails");
        if (sa == CARTA_OK) {
            assert_int_equal(a.n, b.n);
            assert_memory_equal(a.action, b.action, sizeof *a.action * (size_t)a.n);
            parsed++;
        }
    }
    /* The guess may name a card that was not drawn: that step does not hold in the true state. */
    for (int i = 0; i < st.seat[0].n_deck_list; i++) {
        char typed[160];
        uint16_t x = st.seat[0].deck_list[i];
        snprintf(typed, sizeof typed, "play Springheel Tinker discard %s", g->card_name(r, x));
        carta_chain c;
        carta_error e = {0};
        if (carta_action_parse_chain(g, r, &st, 0, typed, scratch, &c, &e) != CARTA_OK || x == top)
            continue;
        aember_state play = st;
        assert_int_equal(c.n, 2);
        assert_true(carta_chain_step_holds(g, r, &play, 0, &c, 0, scratch));
        assert_int_equal(g->apply(r, &play, c.action[0], NULL), CARTA_OK);
        assert_false(carta_chain_step_holds(g, r, &play, 0, &c, 1, scratch));
    }
    (void)parsed;
    g->close(r);
}

/* ---- determinize keeps what a seat saw ---- */

/* Æmber "Return to hand": a creature returned to its owner's hand is known to both players; the
 * opponent's observation shows it, and determinize for the opponent keeps it there. */
static void test_card_returned_to_hand_stays_known(void **unused)
{
    (void)unused;
    const carta_game *g = &carta_game_aember;
    carta_rules *r = open_game(g);
    aember_state st, obs, det;
    carta_error err = {0};
    assert_int_equal(carta_perft_setup(g, r, 4, 2, &st, &err), CARTA_OK);
    uint16_t card = 0xFFFFu;
    for (int i = 0; i < st.seat[1].deck.n && card == 0xFFFFu; i++)
        if (aember_def(r, st.seat[1].deck.cards[i])->type == AEMBER_CREATURE) {
            card = carta_zone_take(CARTA_ZONE_REF(&st.seat[1].deck), i, NULL);
        }
    assert_int_not_equal(card, 0xFFFFu);
    aember_card_in_play *c = aember_state_place(r, &st, 1, card, AEMBER_FLANK_RIGHT, 0);
    assert_non_null(c);
    aember_leave_play(r, &st, c->uid, AEMBER_TO_HAND);
    int last = st.seat[1].hand.n - 1;
    assert_int_equal(st.seat[1].hand.cards[last], card);
    g->observe(r, &st, 0, &obs);
    assert_int_equal(obs.seat[1].hand.cards[last], card);
    assert_int_equal(obs.seat[1].hand.cards[0], AEMBER_UNKNOWN); /* the rest stays hidden */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        det = st;
        g->determinize(r, &det, 0, seed);
        assert_int_equal(det.seat[1].hand.cards[last], card);
    }
    /* Shuffled into a deck, it is forgotten. */
    carta_zone_move(CARTA_ZONE_REF(&st.seat[1].hand), last, CARTA_ZONE_REF(&st.seat[1].deck));
    carta_zone_shuffle(CARTA_ZONE_REF(&st.seat[1].deck), &st.rng);
    g->observe(r, &st, 0, &obs);
    for (int i = 0; i < obs.seat[1].deck.n; i++)
        assert_int_equal(obs.seat[1].deck.cards[i], AEMBER_UNKNOWN);
    g->close(r);
}

/* Arkhtide "Realm Phase": a Realm its owner returns to the top of its Realm Deck is known to the
 * owner (and to no one else) until the deck is shuffled; determinize for the owner keeps it. */
static void test_realm_returned_on_top_stays_known(void **unused)
{
    (void)unused;
    const carta_game *g = &carta_game_arkhtide;
    carta_rules *r = open_game(g);
    ark_state st, obs, det;
    carta_action legal[CARTA_MAX_ACTIONS];
    carta_error err = {0};
    carta_rng rng;
    carta_rng_seed(&rng, 3);
    assert_int_equal(carta_perft_setup(g, r, 3, 2, &st, &err), CARTA_OK);
    /* random play until a seat has picked and is to return a Realm to the top */
    int steps = 0;
    while (!(st.phase == ARK_PHASE_REALM && st.pending.n == 0 &&
             st.seat[st.active].pick != ARK_NO_CARD && st.seat[st.active].look.n > 0)) {
        int n = g->legal_actions(r, &st, legal);
        assert_true(n > 0 && ++steps < 2000);
        assert_int_equal(g->apply(r, &st, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                         CARTA_OK);
    }
    int seat = st.active, other = !seat;
    uint16_t card = st.seat[seat].look.cards[0];
    char text[256];
    snprintf(text, sizeof text, "return %s to the top", g->card_name(r, card));
    tact_apply(g, r, &st, text);
    const ark_realm_zone *z = &st.seat[seat].realm_deck;
    assert_int_equal(z->cards[z->n - 1], card);
    g->observe(r, &st, seat, &obs);
    assert_int_equal(obs.seat[seat].realm_deck.cards[z->n - 1], card);
    g->observe(r, &st, other, &obs);
    assert_int_equal(obs.seat[seat].realm_deck.cards[z->n - 1], ARK_UNKNOWN);
    for (uint64_t seed = 1; seed <= 20; seed++) {
        det = st;
        g->determinize(r, &det, seat, seed);
        assert_int_equal(det.seat[seat].realm_deck.cards[z->n - 1], card);
    }
    g->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_observations_hold_nothing_past_a_count),
        cmocka_unit_test(test_chain_says_nothing_of_the_next_draw),
        cmocka_unit_test(test_card_returned_to_hand_stays_known),
        cmocka_unit_test(test_realm_returned_on_top_stays_known),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
