/* test_ai.c: the AIs (src/ai): spec parsing, random and greedy choose legal actions from
 * observations, choices depend only on what the AI's seat may see (honesty), determinism, and
 * greedy beats random. Run against every registered rule system (High Tide, the template, is the
 * small one). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/outcome.h"
#include "ai/ai.h"
#include "core/rng.h"
#include "support/test_games.h"
#include "support/tide_fixture.h"

enum { GAME_ACTION_BOUND = 20000 };

/* ---- spec parsing ---- */

static void test_spec_parse_generic(void **unused)
{
    (void)unused;
    carta_ai_spec spec;
    carta_error err = {0};
    assert_int_equal(carta_ai_spec_parse("random", &spec, &err), CARTA_OK);
    assert_string_equal(spec.kind, "random");
    assert_int_equal(spec.n_opts, 0);
    assert_int_equal(carta_ai_spec_parse("mcts:ms=1000,threads=2", &spec, &err), CARTA_OK);
    assert_string_equal(spec.kind, "mcts");
    assert_int_equal(spec.n_opts, 2);
    assert_string_equal(carta_ai_spec_get(&spec, "ms"), "1000");
    assert_string_equal(carta_ai_spec_get(&spec, "threads"), "2");
    assert_null(carta_ai_spec_get(&spec, "depth"));
}

static void test_spec_parse_refuses_malformed(void **unused)
{
    (void)unused;
    static const char *const bad[] = {"", ":ms=1", "greedy:", "greedy:samples", "greedy:=3",
                                      "greedy:samples=", "greedy:a=1,a=2", "greedy:a=1,",
                                      "gre edy", "greedy:a=1,,b=2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carta_ai_spec spec;
        carta_error err = {0};
        if (carta_ai_spec_parse(bad[i], &spec, &err) != CARTA_ERR_INPUT)
            fail_msg("spec '%s' was accepted", bad[i]);
        assert_true(strlen(err.msg) > 0);
    }
}

static void test_ai_new_errors(void **unused)
{
    (void)unused;
    carta_error err = {0};
    const carta_game *g = tidefx_game();
    carta_rules *r = tidefx_open();
    carta_ai *ai = carta_ai_new(g, r, "minimax:depth=3,threads=2", 1, &err);
    assert_null(ai);
    assert_int_equal(err.status, CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "minimax"));
    carta_error_clear(&err);
    assert_null(carta_ai_new(g, r, "greedy:depth=3", 1, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "depth"));
    carta_error_clear(&err);
    assert_null(carta_ai_new(g, r, "greedy:samples=0", 1, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    carta_error_clear(&err);
    assert_null(carta_ai_new(g, r, "random:x=1", 1, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    ai = carta_ai_new(g, r, "greedy:samples=3", 1, &err);
    assert_non_null(ai);
    assert_string_equal(carta_ai_name(ai), "greedy:samples=3");
    carta_ai_free(ai);
    g->close(r);
}

/* ---- choosing ---- */

/* Plays games with the AI of spec in every seat, each choosing from its observation; every
 * choice must be legal in the true state. Returns the number of actions played. */
static long play_ai_games(const tgame *t, const char *spec, int n_games)
{
    const carta_game *g = t->g;
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    long total = 0;
    for (int game = 0; game < n_games; game++) {
        carta_error err = {0};
        carta_ai *ai = carta_ai_new(g, t->r, spec, 1000 + game, &err);
        assert_non_null(ai);
        tgame_setup(t, 77 + game, state);
        int seat, moves = 0;
        while ((seat = g->to_act(t->r, state)) != CARTA_NO_SEAT) {
            carta_action a;
            g->observe(t->r, state, seat, obs);
            assert_int_equal(carta_ai_choose(ai, obs, seat, &a), CARTA_OK);
            if (!tgame_is_legal(t, state, a))
                fail_msg("%s: %s chose %u, not legal", g->id, spec, (unsigned)a);
            assert_int_equal(g->apply(t->r, state, a, &err), CARTA_OK);
            assert_true(++moves < GAME_ACTION_BOUND);
        }
        /* Nobody may choose once the game is over. */
        carta_action a;
        g->observe(t->r, state, 0, obs);
        assert_int_equal(carta_ai_choose(ai, obs, 0, &a), CARTA_ERR_ILLEGAL);
        total += moves;
        carta_ai_free(ai);
    }
    free(state);
    free(obs);
    return total;
}

static void test_random_and_greedy_choose_legal_actions(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        assert_true(play_ai_games(&games[i], "random", 10) > 0);
        assert_true(play_ai_games(&games[i], "greedy", 3) > 0);
        assert_true(play_ai_games(&games[i], "greedy:samples=1", 2) > 0);
    }
    tgame_close_all(games, n);
}

static void test_choose_refuses_wrong_seat(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size);
        carta_error err = {0};
        tgame_setup(&games[i], 5, state);
        int seat = g->to_act(games[i].r, state), other = (seat + 1) % 2;
        g->observe(games[i].r, state, other, obs);
        carta_ai *ai = carta_ai_new(g, games[i].r, "greedy", 1, &err);
        carta_action a;
        assert_int_equal(carta_ai_choose(ai, obs, other, &a), CARTA_ERR_ILLEGAL);
        carta_ai_free(ai);
        free(state);
        free(obs);
    }
    tgame_close_all(games, n);
}

/* The same seed and the same observations give the same choices. */
static void test_ai_is_deterministic(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size);
        carta_error err = {0};
        carta_ai *a1 = carta_ai_new(g, games[i].r, "greedy", 42, &err);
        carta_ai *a2 = carta_ai_new(g, games[i].r, "greedy", 42, &err);
        tgame_setup(&games[i], 9, state);
        int seat;
        for (int k = 0; k < 200 && (seat = g->to_act(games[i].r, state)) != CARTA_NO_SEAT; k++) {
            carta_action x, y;
            g->observe(games[i].r, state, seat, obs);
            assert_int_equal(carta_ai_choose(a1, obs, seat, &x), CARTA_OK);
            assert_int_equal(carta_ai_choose(a2, obs, seat, &y), CARTA_OK);
            assert_int_equal(x, y);
            assert_int_equal(g->apply(games[i].r, state, x, &err), CARTA_OK);
        }
        carta_ai_free(a1);
        carta_ai_free(a2);
        free(state);
        free(obs);
    }
    tgame_close_all(games, n);
}

/* Honesty: along random games, for the seat to act, S' = determinize(copy of S, that seat, x)
 * changes only what the seat cannot see; an AI with a fixed seed must choose the same from
 * observe(S) as from observe(S'). */
static void check_honesty(const tgame *t, const char *spec)
{
    const carta_game *g = t->g;
    size_t size = g->state_size;
    void *state = malloc(size), *other = malloc(size), *obs = malloc(size),
         *obs2 = malloc(size);
    carta_error err = {0};
    carta_rng rng;
    carta_rng_seed(&rng, 4242);
    static carta_action legal[CARTA_MAX_ACTIONS];
    int checked = 0;
    for (int game = 0; game < 6; game++) {
        tgame_setup(t, 300 + game, state);
        int seat, n;
        for (int k = 0; k < 400 && (seat = g->to_act(t->r, state)) != CARTA_NO_SEAT; k++) {
            for (uint64_t x = 1; x <= 3; x++) {
                memcpy(other, state, size);
                g->determinize(t->r, other, seat, carta_mix64(x * 7919 + (uint64_t)k));
                g->observe(t->r, state, seat, obs);
                g->observe(t->r, other, seat, obs2);
                carta_ai *a1 = carta_ai_new(g, t->r, spec, 99 + (uint64_t)k, &err);
                carta_ai *a2 = carta_ai_new(g, t->r, spec, 99 + (uint64_t)k, &err);
                carta_action c1, c2;
                assert_int_equal(carta_ai_choose(a1, obs, seat, &c1), CARTA_OK);
                assert_int_equal(carta_ai_choose(a2, obs2, seat, &c2), CARTA_OK);
                if (c1 != c2)
                    fail_msg("%s: %s chose %u on the true state's observation but %u when only "
                             "hidden information differed (game %d, action %d)",
                             g->id, spec, (unsigned)c1, (unsigned)c2, game, k);
                carta_ai_free(a1);
                carta_ai_free(a2);
                checked++;
            }
            n = g->legal_actions(t->r, state, legal);
            assert_int_equal(g->apply(t->r, state, legal[carta_rng_below(&rng, (uint32_t)n)],
                                      &err),
                             CARTA_OK);
        }
    }
    assert_true(checked > 0);
    free(state);
    free(other);
    free(obs);
    free(obs2);
}

static void test_ai_honesty(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        check_honesty(&games[i], "random");
        check_honesty(&games[i], "greedy");
    }
    tgame_close_all(games, n);
}

/* The scripted expert (carta_game.expert) of every game that has one: legal choices along whole
 * games, and the same choice when only what its seat cannot see differs (docs/ai.md). */
static void test_expert_legal_and_honest(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games), with_expert = 0;
    for (int i = 0; i < n; i++) {
        if (!games[i].g->expert)
            continue;
        with_expert++;
        assert_true(play_ai_games(&games[i], "expert", 4) > 0);
        check_honesty(&games[i], "expert");
    }
    assert_true(with_expert >= 5); /* aember, arkhtide, leaders, essence, archmajesty */
    tgame_close_all(games, n);
}

/* Greedy against random on High Tide, seats alternating; greedy must win more than it loses. */
static void test_greedy_beats_random_on_template(void **unused)
{
    (void)unused;
    carta_error err = {0};
    tgame t = {tidefx_game(), tidefx_open()};
    void *state = malloc(sizeof(tide_state)), *obs = malloc(sizeof(tide_state));
    int greedy_wins = 0, random_wins = 0;
    for (int game = 0; game < 200; game++) {
        carta_ai *ai[2];
        int greedy_seat = game % 2;
        ai[greedy_seat] = carta_ai_new(t.g, t.r, "greedy", 500 + game, &err);
        ai[1 - greedy_seat] = carta_ai_new(t.g, t.r, "random", 900 + game, &err);
        tgame_setup(&t, 7000 + game, state);
        int seat;
        while ((seat = t.g->to_act(t.r, state)) != CARTA_NO_SEAT) {
            carta_action a;
            t.g->observe(t.r, state, seat, obs);
            assert_int_equal(carta_ai_choose(ai[seat], obs, seat, &a), CARTA_OK);
            assert_int_equal(t.g->apply(t.r, state, a, &err), CARTA_OK);
        }
        int w = carta_outcome_winner(t.g, t.r, state, 2);
        greedy_wins += w == greedy_seat;
        random_wins += w == 1 - greedy_seat;
        carta_ai_free(ai[0]);
        carta_ai_free(ai[1]);
    }
    assert_true(greedy_wins > random_wins);
    free(state);
    free(obs);
    t.g->close(t.r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_parse_generic),
        cmocka_unit_test(test_spec_parse_refuses_malformed),
        cmocka_unit_test(test_ai_new_errors),
        cmocka_unit_test(test_random_and_greedy_choose_legal_actions),
        cmocka_unit_test(test_choose_refuses_wrong_seat),
        cmocka_unit_test(test_ai_is_deterministic),
        cmocka_unit_test(test_ai_honesty),
        cmocka_unit_test(test_greedy_beats_random_on_template),
        cmocka_unit_test(test_expert_legal_and_honest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
