/* test_arkhtide_eval.c: the Arkhtide evaluation (src/games/arkhtide/evaluate.c): finished games
 * are exactly 1 / -1 / 0, progress toward victory scores higher, the duel is antisymmetric, values
 * stay in [-1, 1] along random games, and greedy play with it beats random play.
 * Cards: tests/unit/arkhtide_test_cards.yaml, and the real set (data/arkhtide) for whole games. */
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
#include "games/arkhtide/arkhtide.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"

static const carta_game *G = &carta_game_arkhtide;
static carta_rules *R;     /* the test cards */
static carta_rules *RDATA; /* the real card set */

static int group_setup(void **unused) { (void)unused; return arkfx_open(&R, &RDATA); }
static int group_teardown(void **unused) { (void)unused; arkfx_close(R, RDATA); return 0; }

/* Positions on the test cards (support/arkhtide_fixture.h). */
static uint16_t card(const char *name) { return tact_card(G, R, name); }
static void blank(ark_state *st) { arkfx_blank(R, st); }

static int put(ark_state *st, int seat, const char *name, int loc)
{
    return arkfx_put(R, st, seat, name, loc);
}

/* Both Seekers are Test Seekers, both on the Neutral Realm (equal Soul), no other Realm: a
 * position that is the same for either seat (blank's Seekers differ in Soul). */
static void mirror(ark_state *st)
{
    blank(st);
    st->realms[0].card = st->realms[1].card = ARK_NO_CARD;
    st->realms[0].owner = st->realms[1].owner = -1;
    st->seat[1].seeker = st->pieces[1].card = card("Test Seeker");
    st->pieces[0].loc = st->pieces[1].loc = ARK_NEUTRAL_SLOT;
}

static double eval(const ark_state *st, int seat)
{
    double v = G->evaluate(R, st, seat);
    assert_true(v >= -1.0 && v <= 1.0);
    return v;
}

/* "The winner is the player who achieves one of these conditions first": a won game is 1 for the
 * winner and -1 for the loser, a True Tie 0 for both. */
static void test_finished_games(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    st.phase = ARK_PHASE_OVER;
    st.winner = 1;
    assert_true(G->evaluate(R, &st, 1) == 1.0);
    assert_true(G->evaluate(R, &st, 0) == -1.0);
    st.winner = -1;
    st.tied = 3;
    st.result = ARK_R_TRUE_TIE;
    assert_true(G->evaluate(R, &st, 0) == 0.0);
    assert_true(G->evaluate(R, &st, 1) == 0.0);
}

/* A game won for real through the rules (Willpower Defeat) evaluates to 1 and -1. */
static void test_won_by_willpower(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    st.seat[1].willpower = 1;
    put(&st, 0, "Test Brute", 1);
    tact_apply(G, R, &st, "strike Test Brute -> Blue Seeker melee");
    assert_int_equal(st.phase, ARK_PHASE_OVER);
    assert_true(G->evaluate(R, &st, 0) == 1.0);
    assert_true(G->evaluate(R, &st, 1) == -1.0);
}

/* Quintessence Victory: more Quintessence in the pool is better, and strictly so at every step;
 * an unfinished game never claims a certain result. */
static void test_more_quintessence_is_better(void **unused)
{
    (void)unused;
    ark_state st;
    mirror(&st);
    assert_true(eval(&st, 0) > -1e-9 && eval(&st, 0) < 1e-9); /* the same for both */
    double last = eval(&st, 0);
    for (int q = 1; q <= 12; q++) {
        st.seat[0].quintessence = (uint8_t)q;
        double v = eval(&st, 0);
        assert_true(v > last);
        assert_true(v < 1.0);
        last = v;
    }
    assert_true(last > 0.5); /* 12 against 0 is nearly won */
}

/* Willpower Defeat: lower Willpower is worse, and the last points weigh more. */
static void test_willpower(void **unused)
{
    (void)unused;
    ark_state st;
    mirror(&st);
    double v13 = eval(&st, 0);
    st.seat[0].willpower = 12;
    double v12 = eval(&st, 0);
    st.seat[0].willpower = 2;
    double v2 = eval(&st, 0);
    st.seat[0].willpower = 1;
    double v1 = eval(&st, 0);
    assert_true(v13 > v12 && v12 > v2 && v2 > v1);
    assert_true(v2 - v1 > v13 - v12);
}

/* Harvest: "The player with the highest total Soul harvests the Realm": a Soul lead on a Realm
 * is worth its Quintessence, more so the larger the lead and the later in the Round. */
static void test_soul_lead_on_a_realm(void **unused)
{
    (void)unused;
    ark_state st;
    mirror(&st);
    st.realms[0] = (ark_realm){card("Low Realm"), 0, 0, {0}, 0}; /* 4 Quintessence */
    st.pieces[0].loc = st.pieces[1].loc = 0;                    /* tied on it */
    double tied = eval(&st, 0);
    assert_true(tied > -1e-9 && tied < 1e-9);
    int g = put(&st, 0, "Test Grunt", 0); /* Soul 1 more for P1 */
    double lead = eval(&st, 0);
    assert_true(lead > tied);
    assert_true(eval(&st, 1) < 0);
    put(&st, 0, "Test Brute", 0); /* Soul 2 more */
    double big = eval(&st, 0);
    assert_true(big > lead);
    /* at Harvest the lead is sure: worth more than the same lead during Combat */
    st.pieces[g].loc = ARK_NEUTRAL_SLOT;
    st.n_pieces--; /* the Brute leaves: P1 leads by nothing on Low Realm, 1 on the Neutral */
    double combat = eval(&st, 0);
    st.phase = ARK_PHASE_HARVEST;
    st.harvest_left = (uint8_t)((1u << 0) | (1u << ARK_NEUTRAL_SLOT));
    assert_true(eval(&st, 0) > combat);
    /* a Realm already evaluated no longer counts */
    st.harvest_left = 1u << 0;
    assert_true(eval(&st, 0) < combat);
}

/* Extract Units: a Unit on a Realm brings 1 Quintessence, unless Critically Wounded (it dies);
 * a unit in the Safe Zone is still worth something for later Rounds. */
static void test_extraction(void **unused)
{
    (void)unused;
    ark_state st;
    mirror(&st);
    st.realms[0] = (ark_realm){card("Test Realm"), 0, 0, {0}, 0};
    st.realms[1] = (ark_realm){card("Low Realm"), 1, 0, {0}, 0};
    int a = put(&st, 0, "Test Grunt", 0); /* Health 4, alone on Test Realm */
    int b = put(&st, 1, "Test Grunt", 1); /* the same on Low Realm... */
    st.realms[1].card = card("Test Realm"); /* ... worth as much */
    double even = eval(&st, 0);
    assert_true(even > -1e-9 && even < 1e-9);
    st.pieces[a].wounds = 2; /* 2 left of 4: still extracted, slightly less sturdy */
    double hurt = eval(&st, 0);
    assert_true(hurt < even && hurt > -0.05);
    st.pieces[a].wounds = 3; /* Critically Wounded: it will die at Harvest */
    double critical = eval(&st, 0);
    assert_true(critical < hurt - 0.05);
    st.pieces[b].loc = ARK_LOC_SAFE; /* P2's Grunt back to its Safe Zone: P2 loses Test Realm */
    assert_true(eval(&st, 0) > critical + 0.1);
}

/* Seeker's Duel is symmetric: evaluate(s, 0) == -evaluate(s, 1) in every position along random
 * games, and every value lies in [-1, 1]; with more seats the values stay in range too. */
static void random_games(int n_seats, int games, bool symmetric)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    ark_state *st = malloc(sizeof *st);
    assert_non_null(st);
    int checked = 0;
    for (int g = 1; g <= games; g++) {
        carta_config config;
        memset(&config, 0, sizeof config);
        config.n_seats = n_seats;
        config.seed = (uint64_t)g;
        carta_error err;
        carta_error_clear(&err);
        for (int s = 0; s < n_seats; s++)
            if (G->deck_resolve(RDATA, "random", (uint64_t)g * 31 + (uint64_t)s,
                                &config.decks[s], &err) != CARTA_OK)
                fail_msg("deck: %s", err.msg);
        if (G->setup(RDATA, st, &config, &err) != CARTA_OK)
            fail_msg("setup: %s", err.msg);
        carta_rng rng;
        carta_rng_seed(&rng, (uint64_t)g);
        int n;
        while ((n = G->legal_actions(RDATA, st, legal)) > 0) {
            double sum = 0;
            for (int s = 0; s < n_seats; s++) {
                double v = G->evaluate(RDATA, st, s);
                assert_true(v >= -1.0 && v <= 1.0);
                if (!(st->seat[s].flags & ARK_S_ELIMINATED))
                    assert_true(v > -1.0 && v < 1.0); /* not over: never certain */
                sum += v;
            }
            if (symmetric && (sum > 1e-9 || sum < -1e-9))
                fail_msg("game %d: evaluate(0) + evaluate(1) = %g", g, sum);
            checked++;
            if (G->apply(RDATA, st, legal[carta_rng_below(&rng, (uint32_t)n)], &err) != CARTA_OK)
                fail_msg("legal action refused: %s", err.msg);
        }
        for (int s = 0; s < n_seats && st->winner >= 0; s++)
            assert_true(G->evaluate(RDATA, st, s) == (s == st->winner ? 1.0 : -1.0));
    }
    assert_true(checked > games * 20);
    free(st);
}

static void test_duel_antisymmetric(void **unused)
{
    (void)unused;
    random_games(2, 30, true);
}

static void test_more_seats_in_range(void **unused)
{
    (void)unused;
    random_games(3, 10, false);
    random_games(5, 10, false);
}

/* Plays one duel between two AIs (ai[0] in seat `first`); returns the winning seat or -1. */
static int play(carta_ai *ai[2], int first, uint64_t seed)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    ark_state *st = malloc(sizeof *st), *obs = malloc(sizeof *obs);
    assert_true(st && obs);
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = 2;
    config.seed = seed;
    carta_error err;
    carta_error_clear(&err);
    for (int s = 0; s < 2; s++)
        assert_int_equal(G->deck_resolve(RDATA, "random", seed * 7 + (uint64_t)s,
                                         &config.decks[s], &err),
                         CARTA_OK);
    assert_int_equal(G->setup(RDATA, st, &config, &err), CARTA_OK);
    int moves = 0;
    while (G->legal_actions(RDATA, st, legal) > 0) {
        int seat = G->to_act(RDATA, st);
        carta_action a;
        G->observe(RDATA, st, seat, obs);
        assert_int_equal(carta_ai_choose(ai[seat == first ? 0 : 1], obs, seat, &a), CARTA_OK);
        assert_int_equal(G->apply(RDATA, st, a, &err), CARTA_OK);
        assert_true(++moves < 100000);
    }
    int w = carta_outcome_winner(G, RDATA, st, 2);
    free(st);
    free(obs);
    return w;
}

/* The evaluation is a sane guide: greedy play (one ply on it) beats random play clearly. */
static void test_greedy_beats_random(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_ai *ai[2] = {carta_ai_new(G, RDATA, "greedy", 1, &err),
                       carta_ai_new(G, RDATA, "random", 2, &err)};
    assert_true(ai[0] && ai[1]);
    int games = 60, wins = 0;
    for (int g = 0; g < games; g++) {
        int first = g % 2;
        if (play(ai, first, 1000 + (uint64_t)g) == first)
            wins++;
    }
    printf("# greedy won %d of %d games against random\n", wins, games);
    assert_true(wins * 10 >= games * 7); /* at least 70% */
    carta_ai_free(ai[0]);
    carta_ai_free(ai[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finished_games),
        cmocka_unit_test(test_won_by_willpower),
        cmocka_unit_test(test_more_quintessence_is_better),
        cmocka_unit_test(test_willpower),
        cmocka_unit_test(test_soul_lead_on_a_realm),
        cmocka_unit_test(test_extraction),
        cmocka_unit_test(test_duel_antisymmetric),
        cmocka_unit_test(test_more_seats_in_range),
        cmocka_unit_test(test_greedy_beats_random),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
