/* test_mcts.c: information-set MCTS (src/ai/mcts.c): options, legal choices from observations,
 * determinism for a seed and an iterations budget (one and two threads), honesty (the choice does
 * not change when only what the seat cannot see changes), a full arena, and finding a win in one.
 * Run on every registered rule system with random decks; the strength tests on High Tide, the
 * template. */
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
#include "ai/mcts.h"
#include "core/rng.h"
#include "support/test_games.h"
#include "games/_template/tide.h"
#include "support/tide_fixture.h"

/* Sets up a game as tgame_setup does, then plays `plies` random actions (fewer if the game
 * ends) so the position is a mid-game one. */
static void setup_position(const tgame *t, uint64_t seed, int plies, void *state)
{
    const carta_game *g = t->g;
    carta_error err = {0};
    tgame_setup(t, seed, state);
    carta_rng rng;
    carta_rng_seed(&rng, seed ^ 0x5eed);
    static carta_action legal[CARTA_MAX_ACTIONS];
    for (int k = 0; k < plies; k++) {
        int n = g->legal_actions(t->r, state, legal);
        if (n <= 0)
            break;
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)n)];
        /* Never end the game here: the tests need a seat to act. */
        unsigned char saved[1 << 16];
        assert_true(g->state_size <= sizeof saved);
        memcpy(saved, state, g->state_size);
        assert_int_equal(g->apply(t->r, state, a, &err), CARTA_OK);
        if (g->to_act(t->r, state) == CARTA_NO_SEAT) {
            memcpy(state, saved, g->state_size);
            break;
        }
    }
}

/* The choice of a fresh search made from spec with seed, from observe(state) for the seat to act. */
static carta_action choose_fresh(const tgame *t, const char *spec, const void *state,
                                 uint64_t seed)
{
    const carta_game *g = t->g;
    void *obs = malloc(g->state_size);
    int seat = g->to_act(t->r, state);
    assert_int_not_equal(seat, CARTA_NO_SEAT);
    g->observe(t->r, state, seat, obs);
    carta_mcts *m = tgame_mcts(t, spec);
    carta_action a = 0;
    assert_int_equal(carta_mcts_search(m, obs, seat, seed, &a), CARTA_OK);
    carta_mcts_free(m);
    free(obs);
    return a;
}

/* ---- options ---- */

static void test_options(void **unused)
{
    (void)unused;
    carta_ai_spec spec;
    carta_mcts_options opt;
    carta_error err = {0};
    assert_int_equal(carta_ai_spec_parse("mcts", &spec, &err), CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_int_equal(opt.ms, CARTA_MCTS_DEFAULT_MS);
    assert_int_equal(opt.iters, 0);
    assert_int_equal(opt.threads, 1);
    assert_int_equal(opt.rollout, CARTA_MCTS_ROLLOUT_EVAL);
    assert_int_equal(carta_ai_spec_parse("mcts:iters=500,threads=3,c=0.7,rollout=random,depth=4",
                                         &spec, &err),
                     CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_int_equal(opt.iters, 500);
    assert_int_equal(opt.ms, 0);
    assert_int_equal(opt.threads, 3);
    assert_true(opt.c > 0.69 && opt.c < 0.71);
    assert_int_equal(opt.rollout, CARTA_MCTS_ROLLOUT_RANDOM);
    assert_int_equal(opt.depth, 4);
    assert_int_equal(carta_ai_spec_parse("mcts:playout=eps:0.25,reuse=0,widen=1.5,parallel=tree,"
                                         "early=0,norm=0",
                                         &spec, &err),
                     CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_true(opt.eps > 0.24 && opt.eps < 0.26);
    assert_int_equal(opt.reuse, 0);
    assert_true(opt.widen > 1.49 && opt.widen < 1.51);
    assert_int_equal(opt.tree, 1);
    assert_int_equal(opt.early, 0);
    assert_int_equal(opt.norm, 0);
    assert_int_equal(carta_ai_spec_parse("mcts:playout=greedy", &spec, &err), CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_true(opt.eps == 0.0);
    assert_int_equal(carta_ai_spec_parse("mcts:playout=random,reuse=1,parallel=root,early=1,"
                                         "norm=1",
                                         &spec, &err),
                     CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_true(opt.eps == 1.0);
    assert_int_equal(opt.reuse + opt.early + opt.norm, 3);
    assert_int_equal(opt.tree, 0);
    assert_int_equal(opt.expert, 0);
    assert_int_equal(carta_ai_spec_parse("mcts:playout=expert", &spec, &err), CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_true(opt.expert == 1 && opt.eps == 0.0);
    assert_int_equal(carta_ai_spec_parse("mcts:playout=expert:0.25", &spec, &err), CARTA_OK);
    assert_int_equal(carta_mcts_options_parse(NULL, &spec, &opt, &err), CARTA_OK);
    assert_true(opt.expert == 1 && opt.eps > 0.24 && opt.eps < 0.26);

    static const char *const bad[][2] = {
        {"mcts:iters=0", "iters"},        {"mcts:ms=-5", "ms"},
        {"mcts:iters=10,ms=10", "both"},  {"mcts:threads=0", "threads"},
        {"mcts:threads=65", "threads"},   {"mcts:c=abc", "c must"},
        {"mcts:rollout=smart", "rollout"}, {"mcts:depth=x", "depth"},
        {"mcts:speed=3", "speed"},        {"mcts:iters=12k", "iters"},
        {"mcts:playout=eps:2", "playout=eps"}, {"mcts:playout=smart", "playout must"},
        {"mcts:playout=eps:", "playout must"}, {"mcts:reuse=2", "reuse must be 0 or 1"},
        {"mcts:playout=expert:x", "playout=expert:E"}, {"mcts:playout=experts", "playout must"},
        {"mcts:widen=-1", "widen must"},  {"mcts:parallel=both", "parallel must be root or tree"},
        {"mcts:early=yes", "early must"}, {"mcts:norm=2", "norm must"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carta_error_clear(&err);
        assert_int_equal(carta_ai_spec_parse(bad[i][0], &spec, &err), CARTA_OK);
        if (carta_mcts_options_parse(NULL, &spec, &opt, &err) != CARTA_ERR_INPUT)
            fail_msg("'%s' was accepted", bad[i][0]);
        if (!strstr(err.msg, bad[i][1]))
            fail_msg("'%s': message '%s' does not say '%s'", bad[i][0], err.msg, bad[i][1]);
    }
}

/* ---- choosing ---- */

/* Along random games, the search picks a legal action of the true state for the seat to act, and
 * runs exactly its iterations. */
static void test_chooses_legal_actions(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    static const char *const specs[] = {"mcts:iters=120", "mcts:iters=120,rollout=random",
                                        "mcts:iters=120,threads=2,depth=0",
                                        "mcts:iters=120,playout=eps:0.3,widen=1,norm=1",
                                        "mcts:iters=120,threads=2,parallel=tree,reuse=0"};
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size);
        for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
            carta_mcts *m = tgame_mcts(&games[i], specs[s]);
            for (int pos = 0; pos < 6; pos++) {
                setup_position(&games[i], 11 + (uint64_t)pos, pos * 9, state);
                int seat = g->to_act(games[i].r, state);
                g->observe(games[i].r, state, seat, obs);
                carta_action a;
                assert_int_equal(carta_mcts_search(m, obs, seat, 5 + (uint64_t)pos, &a),
                                 CARTA_OK);
                if (!tgame_is_legal(&games[i], state, a))
                    fail_msg("%s: %s chose %u, not legal", g->id, specs[s], (unsigned)a);
                carta_mcts_stats st;
                carta_mcts_last_stats(m, &st);
                assert_true(st.iterations == 120 || st.iterations == 0); /* 0: one legal action */
                assert_true(st.nodes <= 122 + 1);
                /* The seat not to act may not choose. */
                int other = (seat + 1) % 2;
                g->observe(games[i].r, state, other, obs);
                assert_int_equal(carta_mcts_search(m, obs, other, 1, &a), CARTA_ERR_ILLEGAL);
            }
            carta_mcts_free(m);
        }
        free(state);
        free(obs);
    }
    tgame_close_all(games, n);
}

/* Same seed, same observation, iters budget: same choice, with one thread or with two. */
static void test_deterministic(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        void *state = malloc(games[i].g->state_size);
        for (int pos = 0; pos < 5; pos++) {
            setup_position(&games[i], 40 + (uint64_t)pos, 5 + pos * 7, state);
            for (int th = 1; th <= 3; th++) {
                if (th == 3 && !games[i].g->expert)
                    break;
                const char *spec = th == 1   ? "mcts:iters=200"
                                   : th == 2 ? "mcts:iters=200,threads=2"
                                             : "mcts:iters=30,threads=2,playout=expert,depth=4";
                carta_action a = choose_fresh(&games[i], spec, state, 77);
                carta_action b = choose_fresh(&games[i], spec, state, 77);
                if (a != b)
                    fail_msg("%s: %s chose %u then %u from the same seed", games[i].g->id, spec,
                             (unsigned)a, (unsigned)b);
            }
        }
        free(state);
    }
    tgame_close_all(games, n);
}

/* A search reused across decisions gives the same choice as a fresh one (no state leaks from one
 * decision to the next). */
static void test_reuse_matches_fresh(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size);
        carta_mcts *m = tgame_mcts(&games[i], "mcts:iters=150");
        for (int pos = 0; pos < 5; pos++) {
            setup_position(&games[i], 60 + (uint64_t)pos, 3 + pos * 5, state);
            int seat = g->to_act(games[i].r, state);
            g->observe(games[i].r, state, seat, obs);
            carta_action a;
            assert_int_equal(carta_mcts_search(m, obs, seat, 9, &a), CARTA_OK);
            assert_int_equal(a, choose_fresh(&games[i], "mcts:iters=150", state, 9));
        }
        carta_mcts_free(m);
        free(state);
        free(obs);
    }
    tgame_close_all(games, n);
}

/* Honesty: S' = determinize(copy of S, seat, x) differs from S only in what seat cannot see
 * (other hands, deck orders, the PRNG); the search must choose the same from observe(S) as from
 * observe(S'), for a fixed seed and iterations budget. */
static void check_honesty(const tgame *t, const char *spec)
{
    const carta_game *g = t->g;
    size_t size = g->state_size;
    void *state = malloc(size), *other = malloc(size);
    int checked = 0, differed = 0;
    for (int pos = 0; pos < 8; pos++) {
        setup_position(t, 500 + (uint64_t)pos, pos * 6, state);
        int seat = g->to_act(t->r, state);
        carta_action truth = choose_fresh(t, spec, state, 31 + (uint64_t)pos);
        for (uint64_t x = 1; x <= 3; x++) {
            memcpy(other, state, size);
            g->determinize(t->r, other, seat, carta_mix64(x * 7919 + (uint64_t)pos));
            differed += memcmp(other, state, size) != 0;
            carta_action c = choose_fresh(t, spec, other, 31 + (uint64_t)pos);
            if (c != truth)
                fail_msg("%s: %s chose %u on the true state but %u when only hidden "
                         "information differed (position %d, x %d)",
                         g->id, spec, (unsigned)truth, (unsigned)c, pos, (int)x);
            checked++;
        }
    }
    assert_true(checked > 0);
    assert_true(differed > 0); /* the hidden information really changed */
    free(state);
    free(other);
}

static void test_honesty(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        check_honesty(&games[i], "mcts:iters=150");
        check_honesty(&games[i], "mcts:iters=100,rollout=random");
        check_honesty(&games[i], "mcts:iters=120,threads=2");
        check_honesty(&games[i], "mcts:iters=120,playout=eps:0.2,widen=1,norm=1");
        if (games[i].g->expert) /* the expert plays out from each seat's own observation */
            check_honesty(&games[i], "mcts:iters=40,playout=expert:0.3,depth=4");
    }
    tgame_close_all(games, n);
}

/* Tree reuse along a game is honest and deterministic: the seat's search is fed the observations
 * of the true game and, beside it, of a twin whose hidden information (what seat 0 cannot see)
 * was redrawn at the start, the other seats' actions applied to both. While seat 0's
 * observations of the two are equal, the two searches (same seeds, reuse=1, histories of their
 * own) must choose alike, and legally. Some searches must start from a kept subtree. */
static int twin_game(const tgame *t, const char *spec, uint64_t seed, long *reused)
{
    const carta_game *g = t->g;
    size_t size = g->state_size;
    unsigned char *truth = malloc(size), *twin = malloc(size), *a_obs = malloc(size),
                  *b_obs = malloc(size);
    setup_position(t, seed, 0, truth);
    memcpy(twin, truth, size);
    g->determinize(t->r, twin, 0, carta_mix64(seed));
    carta_mcts *a = tgame_mcts(t, spec), *b = tgame_mcts(t, spec);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    carta_error err = {0};
    int compared = 0, seat;
    carta_action legal[CARTA_MAX_ACTIONS], act;
    for (int k = 0; k < 400 && (seat = g->to_act(t->r, truth)) != CARTA_NO_SEAT; k++) {
        if (seat == 0) {
            g->observe(t->r, truth, 0, a_obs);
            g->observe(t->r, twin, 0, b_obs);
            if (memcmp(a_obs, b_obs, size) != 0)
                break; /* something seat 0 sees differs now: the twins part */
            carta_action other;
            assert_int_equal(carta_mcts_search(a, a_obs, 0, seed + (uint64_t)k, &act), CARTA_OK);
            assert_int_equal(carta_mcts_search(b, b_obs, 0, seed + (uint64_t)k, &other),
                             CARTA_OK);
            if (act != other)
                fail_msg("%s: %s chose %u and %u when only hidden information differed "
                         "(seed %d, action %d)",
                         g->id, spec, (unsigned)act, (unsigned)other, (int)seed, k);
            if (!tgame_is_legal(t, truth, act))
                fail_msg("%s: %s chose %u, not legal", g->id, spec, (unsigned)act);
            carta_mcts_stats st;
            carta_mcts_last_stats(a, &st);
            *reused += st.reused > 0;
            compared++;
        } else {
            int n = g->legal_actions(t->r, truth, legal);
            act = legal[carta_rng_below(&rng, (uint32_t)n)];
            if (!tgame_is_legal(t, twin, act))
                break;
        }
        assert_int_equal(g->apply(t->r, truth, act, &err), CARTA_OK);
        assert_int_equal(g->apply(t->r, twin, act, &err), CARTA_OK);
    }
    carta_mcts_free(a);
    carta_mcts_free(b);
    free(truth);
    free(twin);
    free(a_obs);
    free(b_obs);
    return compared;
}

static void test_reuse_honest_and_deterministic(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    static const char *const specs[] = {"mcts:iters=150", "mcts:iters=150,threads=2",
                                        "mcts:iters=120,playout=eps:0.2,widen=1,norm=1"};
    for (int i = 0; i < n; i++)
        for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
            long reused = 0;
            int compared = 0;
            for (uint64_t seed = 1; seed <= 6; seed++)
                compared += twin_game(&games[i], specs[s], 700 + seed, &reused);
            assert_true(compared > 0);
            if (reused == 0)
                print_message("%s: %s never reused a subtree in %d decisions\n", games[i].g->id,
                              specs[s], compared);
        }
    tgame_close_all(games, n);
}

/* Reuse keeps the subtree: along a game of Æmber-like length, some searches start from a kept
 * subtree, and with reuse=0 none does. */
static void test_reuse_keeps_subtrees(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games), games_reusing = 0;
    for (int i = 0; i < n; i++) {
        long with = 0, without = 0;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            twin_game(&games[i], "mcts:iters=100", 900 + seed, &with);
            twin_game(&games[i], "mcts:iters=100,reuse=0", 900 + seed, &without);
        }
        assert_int_equal(without, 0);
        games_reusing += with > 0;
    }
    assert_true(games_reusing >= n / 2); /* a game whose every move draws may never reuse */
    tgame_close_all(games, n);
}

/* Time management: with early=1 a search whose best action is clear (High Tide's winning
 * Maelstrom) stops well before its time is up; with early=0 it runs it out. */
static void test_early_stop(void **unused)
{
    (void)unused;
    tgame t = {tidefx_game(), tidefx_open()};
    tide_state s;
    tidefx_position(t.r, &s,
                    "{turn: 5, players: [{score: 24, hand: [Ripple, Swell, Breaker, Maelstrom],"
                    " deck: [Swell, Ripple], discard: [Riptide, Squall]},"
                    " {score: 22, hand: [Squall, Undertow], deck: [Riptide, Squall],"
                    " discard: [Ripple, Swell]}]}");
    tide_state obs;
    t.g->observe(t.r, &s, 0, &obs);
    static const char *const specs[] = {"mcts:ms=400", "mcts:ms=400,early=0",
                                        "mcts:ms=400,threads=2,parallel=tree"};
    for (size_t k = 0; k < 3; k++) {
        carta_mcts *m = tgame_mcts(&t, specs[k]);
        carta_action a;
        assert_int_equal(carta_mcts_search(m, &obs, 0, 3, &a), CARTA_OK);
        assert_int_equal(a, TIDE_ACT(TIDE_A_LEAD, 3));
        carta_mcts_stats st;
        carta_mcts_last_stats(m, &st);
        if (st.early != (k != 1))
            fail_msg("%s: early %d after %.3f s", specs[k], st.early, st.seconds);
        if (k != 1)
            assert_true(st.seconds < 0.39);
        carta_mcts_free(m);
    }
    t.g->close(t.r);
}

/* A tiny arena fills up; the search still runs its iterations and answers legally. */
static void test_full_arena(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size);
        carta_mcts *m = tgame_mcts(&games[i], "mcts:iters=400,nodes=8");
        setup_position(&games[i], 3, 0, state);
        int seat = g->to_act(games[i].r, state);
        g->observe(games[i].r, state, seat, obs);
        carta_action a;
        assert_int_equal(carta_mcts_search(m, obs, seat, 1, &a), CARTA_OK);
        assert_true(tgame_is_legal(&games[i], state, a));
        carta_mcts_stats st;
        carta_mcts_last_stats(m, &st);
        if (st.iterations) {
            assert_int_equal(st.iterations, 400);
            if (st.nodes != 8)
                fail_msg("%s: %ld nodes", g->id, st.nodes);
            assert_true(st.full);
        }
        carta_mcts_free(m);
        free(state);
        free(obs);
    }
    tgame_close_all(games, n);
}

/* A time budget stops by itself and answers legally. */
static void test_time_budget(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        void *state = malloc(games[i].g->state_size);
        setup_position(&games[i], 8, 10, state);
        carta_action a = choose_fresh(&games[i], "mcts:ms=20,threads=2", state, 4);
        assert_true(tgame_is_legal(&games[i], state, a));
        free(state);
    }
    tgame_close_all(games, n);
}

/* ---- strength ---- */

/* High Tide, player 1 to lead at 24 points against 22, 25 to win. Leading Maelstrom (8), which
 * nothing beats, takes the tide and wins; any other lead lets player 2, whose cards (hidden, but
 * all stronger than Breaker) answer it, take the tide and win. MCTS must lead Maelstrom, with
 * either rollout, whatever the seed. */
static void test_finds_win_in_one(void **unused)
{
    (void)unused;
    tgame t = {tidefx_game(), tidefx_open()};
    tide_state s;
    tidefx_position(t.r, &s,
                    "{turn: 5, players: [{score: 24, hand: [Ripple, Swell, Breaker, Maelstrom],"
                    " deck: [Swell, Ripple], discard: [Riptide, Squall]},"
                    " {score: 22, hand: [Squall, Undertow], deck: [Riptide, Squall],"
                    " discard: [Ripple, Swell]}]}");
    carta_action legal[CARTA_MAX_ACTIONS], lead_maelstrom = TIDE_ACT(TIDE_A_LEAD, 3);
    assert_int_equal(t.g->legal_actions(t.r, &s, legal), 4);
    assert_int_equal(t.g->action_card(t.r, &s, lead_maelstrom), t.g->card_id(t.r, "Maelstrom"));
    static const char *const specs[] = {"mcts:iters=300", "mcts:iters=300,rollout=random",
                                        "mcts:iters=300,threads=3,depth=2",
                                        "mcts:iters=300,playout=eps:0.2,widen=1,norm=1",
                                        "mcts:iters=300,threads=2,parallel=tree"};
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
        for (uint64_t seed = 1; seed <= 5; seed++)
            if (choose_fresh(&t, specs[k], &s, seed) != lead_maelstrom)
                fail_msg("%s (seed %d) missed the winning Maelstrom", specs[k], (int)seed);
    t.g->close(t.r);
}

/* Over whole High Tide games, MCTS at a small budget beats a random player, seats alternated. */
static void test_beats_random_on_template(void **unused)
{
    (void)unused;
    carta_error err = {0};
    tgame t = {tidefx_game(), tidefx_open()};
    tide_state s, obs;
    carta_mcts *m = tgame_mcts(&t, "mcts:iters=200");
    carta_rng rng;
    carta_rng_seed(&rng, 12);
    carta_action legal[CARTA_MAX_ACTIONS];
    int mcts_wins = 0, random_wins = 0;
    for (int game = 0; game < 60; game++) {
        int mcts_seat = game % 2, seat;
        setup_position(&t, 9000 + (uint64_t)game, 0, &s);
        while ((seat = t.g->to_act(t.r, &s)) != CARTA_NO_SEAT) {
            carta_action a;
            if (seat == mcts_seat) {
                t.g->observe(t.r, &s, seat, &obs);
                assert_int_equal(carta_mcts_search(m, &obs, seat, carta_rng_next(&rng), &a),
                                 CARTA_OK);
            } else {
                int n = t.g->legal_actions(t.r, &s, legal);
                a = legal[carta_rng_below(&rng, (uint32_t)n)];
            }
            assert_int_equal(t.g->apply(t.r, &s, a, &err), CARTA_OK);
        }
        int w = carta_outcome_winner(t.g, t.r, &s, 2);
        mcts_wins += w == mcts_seat;
        random_wins += w == 1 - mcts_seat;
    }
    if (mcts_wins <= 2 * random_wins)
        fail_msg("mcts won %d, random %d", mcts_wins, random_wins);
    carta_mcts_free(m);
    t.g->close(t.r);
}

/* ---- the "mcts" AI kind ---- */

/* Through carta_ai: bad options are refused with the option's name; whole games are played with
 * legal choices; two AIs with one seed choose alike from observations that differ only in what
 * the seat cannot see. */
static void test_ai_kind(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    carta_error err = {0};
    assert_null(carta_ai_new(games[0].g, games[0].r, "mcts:depht=3", 1, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "depht"));
    assert_non_null(strstr(carta_ai_kinds(), "mcts"));
    for (int i = 0; i < n; i++) { /* a rule system's own defaults parse; a spec overrides them */
        const carta_game *g = games[i].g;
        carta_ai_spec spec;
        carta_mcts_options opt;
        assert_int_equal(carta_ai_spec_parse("mcts", &spec, &err), CARTA_OK);
        if (carta_mcts_options_parse(g, &spec, &opt, &err) != CARTA_OK)
            fail_msg("%s: its mcts_defaults '%s': %s", g->id, g->mcts_defaults, err.msg);
        if (strcmp(g->id, "essence") == 0) {
            assert_int_equal(opt.expert, 1);
            assert_int_equal(carta_ai_spec_parse("mcts:playout=random", &spec, &err), CARTA_OK);
            assert_int_equal(carta_mcts_options_parse(g, &spec, &opt, &err), CARTA_OK);
            assert_true(opt.expert == 0 && opt.eps == 1.0);
        }
        if (strcmp(g->id, "aember") == 0) { /* docs/ai.md, "Longer play-outs in Æmber" */
            assert_int_equal(opt.depth, 24);
            assert_int_equal(carta_ai_spec_parse("mcts:depth=12", &spec, &err), CARTA_OK);
            assert_int_equal(carta_mcts_options_parse(g, &spec, &opt, &err), CARTA_OK);
            assert_int_equal(opt.depth, 12);
        }
    }
    for (int i = 0; i < n; i++)
        if (!games[i].g->expert) { /* High Tide, the template, has no expert to play out */
            carta_error_clear(&err);
            assert_null(carta_ai_new(games[i].g, games[i].r, "mcts:playout=expert", 1, &err));
            assert_non_null(strstr(err.msg, "playout=expert needs game"));
        }
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *obs = malloc(g->state_size),
             *other = malloc(g->state_size), *obs2 = malloc(g->state_size);
        carta_error_clear(&err);
        carta_ai *ai = carta_ai_new(g, games[i].r, "mcts:iters=60", 3, &err);
        if (!ai)
            fail_msg("%s: %s", g->id, err.msg);
        assert_string_equal(carta_ai_name(ai), "mcts:iters=60");
        setup_position(&games[i], 21, 0, state);
        int seat, moves = 0;
        while ((seat = g->to_act(games[i].r, state)) != CARTA_NO_SEAT && moves < 3000) {
            carta_action a, b;
            g->observe(games[i].r, state, seat, obs);
            assert_int_equal(carta_ai_choose(ai, obs, seat, &a), CARTA_OK);
            if (!tgame_is_legal(&games[i], state, a))
                fail_msg("%s: mcts chose %u, not legal", g->id, (unsigned)a);
            if (moves % 10 == 0) { /* honesty through the public API */
                memcpy(other, state, g->state_size);
                g->determinize(games[i].r, other, seat, 1234 + (uint64_t)moves);
                g->observe(games[i].r, other, seat, obs2);
                carta_ai *x = carta_ai_new(g, games[i].r, "mcts:iters=60", 50, &err);
                carta_ai *y = carta_ai_new(g, games[i].r, "mcts:iters=60", 50, &err);
                assert_int_equal(carta_ai_choose(x, obs, seat, &a), CARTA_OK);
                assert_int_equal(carta_ai_choose(y, obs2, seat, &b), CARTA_OK);
                if (a != b)
                    fail_msg("%s: mcts chose %u and %u when only hidden information differed",
                             g->id, (unsigned)a, (unsigned)b);
                carta_ai_free(x);
                carta_ai_free(y);
            }
            assert_int_equal(g->apply(games[i].r, state, a, &err), CARTA_OK);
            moves++;
        }
        assert_int_equal(g->to_act(games[i].r, state), CARTA_NO_SEAT);
        carta_ai_free(ai);
        free(state);
        free(obs);
        free(other);
        free(obs2);
    }
    tgame_close_all(games, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_chooses_legal_actions),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_reuse_matches_fresh),
        cmocka_unit_test(test_honesty),
        cmocka_unit_test(test_reuse_honest_and_deterministic),
        cmocka_unit_test(test_reuse_keeps_subtrees),
        cmocka_unit_test(test_early_stop),
        cmocka_unit_test(test_full_arena),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_finds_win_in_one),
        cmocka_unit_test(test_beats_random_on_template),
        cmocka_unit_test(test_ai_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
