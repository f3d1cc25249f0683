/* test_template.c: what High Tide's rules tests (tests/scenarios/template) cannot say: its setup
 * options (docs/new-game.md, "High Tide, the template's rules": `--option hand_size=N`,
 * `--option points_to_win=N`; scenario files give setup no options), and its scenario position
 * reader (src/games/_template/scenario.c): what it builds keeps the game's check, what it
 * refuses it refuses with the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/options.h"
#include "games/_template/tide.h"
#include "support/tide_fixture.h"

static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    G = tidefx_game();
    R = tidefx_open();
    return 0;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* Sets up two players with the prebuilt deck and the options of list ("" for none). */
static carta_status setup_with(tide_state *st, const char *list, carta_error *err)
{
    carta_config c = {.n_seats = 2, .seed = 3};
    for (int p = 0; p < 2; p++)
        assert_int_equal(G->deck_resolve(R, "Tide and Ebb", 0, &c.decks[p], err), CARTA_OK);
    if (list[0] && carta_options_parse(G, &c, list, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return G->setup(R, st, &c, err);
}

/* "Each draws 3 (`--option hand_size=N`)". */
static void test_hand_size_option(void **unused)
{
    (void)unused;
    tide_state st;
    carta_error err = {0};
    static const int sizes[] = {3, 1, 5, 8};
    static const char *const lists[] = {"", "hand_size=1", "hand_size=5", "hand_size=8"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(setup_with(&st, lists[i], &err), CARTA_OK);
        for (int p = 0; p < 2; p++) {
            assert_int_equal(st.seat[p].hand.n, sizes[i]);
            assert_int_equal(st.seat[p].deck.n, 12 - sizes[i]);
        }
        assert_int_equal(G->check(R, &st, &err), CARTA_OK);
    }
    assert_int_equal(setup_with(&st, "hand_size=9", &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "hand_size"));
}

/* "The first to 25 points (`--option points_to_win=N`) wins": the same game, played the same
 * way, ends at the first tide that brings a player to the target. */
static void test_points_to_win_option(void **unused)
{
    (void)unused;
    static const char *const lists[] = {"", "points_to_win=5", "points_to_win=60"};
    static const int targets[] = {25, 5, 60};
    for (int i = 0; i < 3; i++) {
        tide_state st;
        carta_error err = {0};
        assert_int_equal(setup_with(&st, lists[i], &err), CARTA_OK);
        assert_int_equal(st.target, targets[i]);
        carta_action legal[CARTA_MAX_ACTIONS];
        int best = 0;
        while (G->legal_actions(R, &st, legal) > 0) {
            assert_int_equal(G->apply(R, &st, legal[0], &err), CARTA_OK);
            for (int p = 0; p < 2; p++)
                best = st.seat[p].score > best ? st.seat[p].score : best;
            assert_true(best < targets[i] || st.phase == TIDE_PHASE_OVER);
        }
        assert_int_equal(st.phase, TIDE_PHASE_OVER);
        assert_int_equal(st.end, best >= targets[i] ? TIDE_W_TARGET_REACHED
                                                    : TIDE_W_NO_CARD_TO_LEAD);
        if (targets[i] == 5) /* 5 points come within a few tides */
            assert_int_equal(st.end, TIDE_W_TARGET_REACHED);
    }
    tide_state st;
    carta_error err = {0};
    assert_int_equal(setup_with(&st, "points_to_win=4", &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "points_to_win"));
}

/* Positions the reader builds keep every invariant of the game's check. */
static void test_positions_keep_the_check(void **unused)
{
    (void)unused;
    static const char *const positions[] = {
        "players: [{hand: [Ripple]}, {}]",
        "{active: 1, turn: 7, seed: 9, points_to_win: 30, players: [{score: 29, hand: [Ripple],"
        " deck: [Swell, Breaker], discard: [Squall]}, {score: 3, hand: [Maelstrom]}, {}]}",
        "{players: [{hand: [Ripple]}, {hand: [Squall]}, {hand: [Ripple]}, {}],"
        " tide: [Swell, {card: Undertow, owner: 2}], asked: 1}",
        "{active: 2, players: [{}, {}, {hand: [Ripple]}],"
        " tide: [Swell, {card: Maelstrom, owner: 1}], asked: 1}",
        "players: [{score: 3}, {score: 5}]",
        "{points_to_win: 5, players: [{score: 6, hand: [Ripple]}, {}]}",
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        tide_state st;
        carta_error err = {0};
        tidefx_position(R, &st, positions[i]);
        if (G->check(R, &st, &err) != CARTA_OK)
            fail_msg("position %d: %s", (int)i, err.msg);
        assert_int_equal(st.events.n, 0); /* a position is no action */
    }
    /* The window: player 4 passed the Undertow; player 2 is asked, then player 3. */
    tide_state st;
    tidefx_position(R, &st, positions[2]);
    assert_int_equal(st.phase, TIDE_PHASE_ANSWER);
    assert_int_equal(G->to_act(R, &st), 1);
    assert_int_equal(st.window.passed, 1u << 3);
    /* The last answerer asked again: everyone else passed. */
    tidefx_position(R, &st, positions[3]);
    assert_int_equal(G->to_act(R, &st), 1);
    assert_int_equal(st.window.passed, 1u << 0);
    /* Deck lists: every card a seat owns, wherever it is. */
    tidefx_position(R, &st, positions[1]);
    assert_int_equal(st.seat[0].deck_list.n, 4);
    assert_int_equal(st.seat[1].deck_list.n, 1);
    assert_int_equal(st.seat[0].deck.cards[st.seat[0].deck.n - 1], G->card_id(R, "Swell"));
    /* Ends: no card to lead, and a score at the target. */
    tidefx_position(R, &st, positions[4]);
    assert_int_equal(G->to_act(R, &st), CARTA_NO_SEAT);
    tidefx_position(R, &st, positions[5]);
    assert_int_equal(G->to_act(R, &st), CARTA_NO_SEAT);
}

static void refused(const char *yaml, const char *why)
{
    tide_state st;
    carta_error err = {0};
    if (tidefx_try_position(R, &st, yaml, &err) != CARTA_ERR_INPUT || !strstr(err.msg, why))
        fail_msg("position '%s': expected a refusal saying '%s', got '%s'", yaml, why, err.msg);
    assert_non_null(strstr(err.msg, "position:1: error: "));
}

static void test_positions_refused(void **unused)
{
    (void)unused;
    refused("players: [{hand: [Ripple]}]", "needs 'players': a list of 2 to 4 players");
    refused("players: [{}, {}, {}, {}, {}]", "a list of 2 to 4 players");
    refused("seats: 2", "unknown key 'seats' in a template position");
    refused("{active: 2, players: [{}, {}]}", "'active' is seat 2 of 2 players");
    refused("{turn: 0, players: [{}, {}]}", "turn");
    refused("{points_to_win: 4, players: [{}, {}]}", "points_to_win");
    refused("players: [[Ripple], {}]", "a player is a map {score, hand, deck, discard}");
    refused("players: [{hands: [Ripple]}, {}]", "unknown key 'hands' in a player");
    refused("players: [{hand: [Nope]}, {}]", "unknown card 'Nope' in hand");
    refused("players: [{score: 256}, {}]", "score");
    refused("players: [{hand: [Ripple, Ripple, Ripple, Swell, Swell, Swell, Breaker, Breaker,"
            " Breaker, Undertow, Undertow, Undertow, Riptide, Riptide, Riptide, Squall, Squall,"
            " Squall, Maelstrom, Maelstrom, Maelstrom]}, {}]",
            "'hand' holds at most 20 cards");
    refused("players: [{hand: [Ripple, Ripple, Ripple, Swell, Swell, Swell, Breaker, Breaker,"
            " Breaker, Undertow], deck: [Undertow, Undertow, Riptide, Riptide, Riptide, Squall,"
            " Squall, Squall, Maelstrom, Maelstrom, Maelstrom]}, {}]",
            "player 0 owns 21 cards; a deck has at most 20");
    refused("{players: [{}, {}], tide: Swell}", "'tide' needs a list of cards, the lead first");
    refused("{players: [{}, {}], tide: [{card: Swell, owner: 1}]}",
            "the lead is the active seat's (0)");
    refused("{players: [{}, {}], tide: [Swell, Squall]}",
            "an answer on the tide is {card: Name, owner: seat}");
    refused("{players: [{}, {}], tide: [Swell, {card: Squall}]}", "owner");
    refused("{players: [{}, {}], tide: [Swell, {card: Squall, owner: 0}]}",
            "the leader (seat 0) does not answer");
    refused("{players: [{}, {}], tide: [Swell, {card: Swell, owner: 1}]}",
            "an answer must be stronger than the card before it");
    refused("{players: [{}, {}], tide: [Swell, {card: Squall, owner: 2}]}", "owner");
    refused("{players: [{}, {}], tide: [Swell, {card: Squall, owner: 1, face: up}]}",
            "unknown key 'face' in a tide card");
    refused("{players: [{}, {}], asked: 1}", "'asked' needs cards on the tide");
    refused("{players: [{}, {}], tide: [Swell], asked: 0}",
            "the leader (seat 0) is not asked to answer");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_size_option),
        cmocka_unit_test(test_points_to_win_option),
        cmocka_unit_test(test_positions_keep_the_check),
        cmocka_unit_test(test_positions_refused),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
