/* test_essence_eval.c: Essence's evaluation for the AI (src/games/essence/evaluate.c): in
 * [-1, 1], exact on a finished game, higher with more Runes of one's Carta Essentia (essence.txt,
 * 6.1. WINNING THE GAME) and with the cards an exploration revealed (3.2: they join the hand),
 * and the state is never modified. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "games/essence/essence.h"
#include "support/essence_fixture.h"
#include "games/registry.h"

#define G essfx_game
#define R essfx_rules

/* A 2-player game after the picks, at the first player's first decision. */
static void started(ess_state *st, uint64_t seed)
{
    essfx_setup(st, 2, seed);
    carta_action legal[CARTA_MAX_ACTIONS];
    while (st->phase == ESS_PHASE_PICK) {
        assert_true(G->legal_actions(R, st, legal) > 0);
        G->apply(R, st, legal[0], NULL);
    }
}

/* An Essence card of rune `rune`, or -1. */
static int card_of_rune(int rune)
{
    for (int id = 0; id < R->n_cards; id++)
        if (R->card[id].kind == ESS_K_ESSENCE && R->card[id].rune == rune)
            return id;
    return -1;
}

static void test_more_runes_of_the_carta_are_worth_more(void **unused)
{
    (void)unused;
    static ess_state st, before;
    started(&st, 3);
    int seat = st.active;
    const ess_card *carta = ess_card_of(R, st.seat[seat].carta.cards[0]);
    st.seat[seat].hand.n = 0; /* a position for the evaluation alone: no census needed */
    double last = G->evaluate(R, &st, seat);
    for (int realm = 0; realm < ESS_REALMS; realm++) {
        int runes[2] = {carta->primary[realm], carta->secondary[realm][0]};
        for (int k = 0; k < 2; k++) {
            int card = card_of_rune(runes[k]);
            assert_true(card >= 0);
            carta_zone_push(CARTA_ZONE_REF(&st.seat[seat].hand), (uint16_t)card, 0);
            memcpy(&before, &st, sizeof st);
            double v = G->evaluate(R, &st, seat);
            assert_memory_equal(&before, &st, sizeof st);
            assert_true(v > last);
            assert_true(v >= -1.0 && v <= 1.0);
            assert_true(G->evaluate(R, &st, 1 - seat) == -v); /* two players: zero-sum */
            last = v;
        }
    }
    assert_int_equal(ess_runes_held(R, &st, seat, st.seat[seat].carta.cards[0]), 6);
    /* a revealed Rune counts as if in hand for the active player */
    ess_state *moved = malloc(sizeof *moved);
    memcpy(moved, &st, sizeof st);
    uint16_t last_card = moved->seat[seat].hand.cards[--moved->seat[seat].hand.n];
    moved->seat[seat].hand.cards[moved->seat[seat].hand.n] = 0;
    double without = G->evaluate(R, moved, seat);
    carta_zone_push(CARTA_ZONE_REF(&moved->revealed), last_card, 0);
    assert_true(G->evaluate(R, moved, seat) > without);
    free(moved);
}

static void test_a_finished_game_is_exact(void **unused)
{
    (void)unused;
    static ess_state st;
    started(&st, 5);
    ess_end(&st, 1, ESS_W_COMPLETED);
    assert_true(G->evaluate(R, &st, 1) == 1.0);
    assert_true(G->evaluate(R, &st, 0) == -1.0);
    started(&st, 5);
    ess_end(&st, -1, ESS_W_TURN_LIMIT);
    assert_true(G->evaluate(R, &st, 0) == 0.0);
}

static void test_values_stay_in_range_along_games(void **unused)
{
    (void)unused;
    static ess_state st, before;
    carta_action legal[CARTA_MAX_ACTIONS];
    carta_rng rng;
    carta_rng_seed(&rng, 9);
    int states = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        started(&st, seed);
        for (int step = 0; step < 1500 && G->to_act(R, &st) != CARTA_NO_SEAT; step++) {
            memcpy(&before, &st, sizeof st);
            for (int p = 0; p < st.n_seats; p++) {
                double v = G->evaluate(R, &st, p);
                assert_true(v >= -1.0 && v <= 1.0);
            }
            assert_memory_equal(&before, &st, sizeof st);
            states++;
            int n = G->legal_actions(R, &st, legal);
            G->apply(R, &st, legal[carta_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    assert_true(states > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_more_runes_of_the_carta_are_worth_more),
        cmocka_unit_test(test_a_finished_game_is_exact),
        cmocka_unit_test(test_values_stay_in_range_along_games),
    };
    return cmocka_run_group_tests(tests, essfx_open, essfx_close);
}
