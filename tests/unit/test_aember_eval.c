/* test_aember_eval.c: the Æmber evaluation (src/games/aember/evaluate.c): finished games are
 * exactly 1 / -1 / 0, the duel is antisymmetric, and the "house" feature counts what the active
 * house can still bring this turn, so that greedy play chooses the house with the most to do and
 * uses it before ending the turn. Cards: tests/unit/aember_test_cards.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "games/aember/aember.h"
#include "support/aember_fixture.h"
#include "support/test_actions.h"

static carta_rules *R;
static const carta_game *G = &carta_game_aember;

static int group_setup(void **unused)
{
    (void)unused;
    R = aemfx_open(NULL);
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

static uint16_t put(aember_state *st, int seat, const char *name)
{
    return aemfx_put(R, st, seat, name);
}

static aember_card_in_play *at(aember_state *st, uint16_t uid)
{
    for (int i = 0; i < st->seat[0].n_line; i++)
        if (st->seat[0].line[i].uid == uid)
            return &st->seat[0].line[i];
    fail_msg("no creature %d in seat 1's battle line", uid);
    return NULL;
}

static double house_feature(const aember_state *st, int seat)
{
    double f[AEMBER_EVW_COUNT];
    aember_eval_features(R, st, seat, f);
    return f[AEMBER_EVW_HOUSE];
}

/* A finished game is decided: 1 for the winner, -1 for the loser, 0 for both in a draw
 * (aember.txt: "The 1st player to force all 3 of their keys immediately wins the game"). */
static void test_finished_games(void **unused)
{
    (void)unused;
    aember_state st;
    aemfx_blank(R, &st);
    st.phase = AEMBER_PHASE_OVER;
    st.winner = 1;
    assert_true(G->evaluate(R, &st, 1) == 1.0);
    assert_true(G->evaluate(R, &st, 0) == -1.0);
    st.winner = -1;
    st.draw = 1;
    assert_true(G->evaluate(R, &st, 0) == 0.0);
}

/* aember.txt, the turn: "The active player can play, discard or use any number of cards of the
 * active house" and "When a player uses a creature to reap, the player exhausts the creature,
 * gains 1 Æmber". The feature is the Æmber still to be had that way this turn: the bonus of the
 * active house's cards in hand and a reap of each of its creatures still ready and not stunned
 * (aember.txt: a stunned creature's next use only removes the stun). */
static void test_house_counts_the_active_house_left_to_use(void **unused)
{
    (void)unused;
    aember_state st;
    aemfx_blank(R, &st); /* seat 0 active, house red, main step */
    aemfx_give(R, &st, 0, "Test Bomb");     /* red, Æmber bonus 1 */
    aemfx_give(R, &st, 0, "Test Elusive");  /* blue: not this turn's */
    put(&st, 0, "Test Grunt");              /* red, ready: a reap */
    at(&st, put(&st, 0, "Test Brute"))->flags |= AEMBER_F_EXHAUSTED;
    at(&st, put(&st, 0, "Test Tiny"))->flags |= AEMBER_F_STUNNED;
    put(&st, 0, "Test Taunter");            /* blue */
    aemfx_give(R, &st, 1, "Test Bomb");     /* the other player's: not active */
    put(&st, 1, "Test Grunt");
    assert_true(house_feature(&st, 0) == 2.0);
    assert_true(house_feature(&st, 1) == -2.0);

    /* Before the house is chosen nothing is counted yet. */
    st.phase = AEMBER_PHASE_HOUSE;
    assert_true(house_feature(&st, 0) == 0.0);
}

/* The duel is antisymmetric: what one seat gains the other loses. */
static void test_antisymmetric(void **unused)
{
    (void)unused;
    aember_state st;
    aemfx_blank(R, &st);
    st.seat[0].aember = 4;
    st.seat[1].keys = 1;
    put(&st, 0, "Test Grunt");
    aemfx_give(R, &st, 0, "Test Bomb");
    double a = G->evaluate(R, &st, 0), b = G->evaluate(R, &st, 1);
    assert_true(a > -1.0 && a < 1.0);
    assert_true(a + b < 1e-12 && a + b > -1e-12);
}

/* With the feature, greedy play chooses the house with the most to do ("chooses one of their 3
 * houses to activate") though choosing changes nothing else on the table: here blue, the second
 * of the three, whose two creatures can reap. */
static void test_greedy_chooses_the_fullest_house(void **unused)
{
    (void)unused;
    aember_state st, obs;
    aemfx_blank(R, &st);
    st.phase = AEMBER_PHASE_HOUSE;
    put(&st, 0, "Test Elusive");
    put(&st, 0, "Test Taunter");
    for (uint64_t seed = 1; seed <= 8; seed++) {
        carta_error err = {0};
        carta_ai *ai = carta_ai_new(G, R, "greedy", seed, &err);
        assert_non_null(ai);
        G->observe(R, &st, 0, &obs);
        carta_action a;
        assert_int_equal(carta_ai_choose(ai, &obs, 0, &a), CARTA_OK);
        char text[128];
        G->describe_action(R, &obs, a, text, sizeof text);
        assert_string_equal(text, "house blue");
        carta_ai_free(ai);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finished_games),
        cmocka_unit_test(test_house_counts_the_active_house_left_to_use),
        cmocka_unit_test(test_antisymmetric),
        cmocka_unit_test(test_greedy_chooses_the_fullest_house),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
