/* test_leaders_eval.c: the Leaders evaluation (src/games/leaders/evaluate.c): finished games are
 * exactly 1 / -1 / 0; Leader health dominates, then material and threats; a declared action is
 * scored as if it resolved; the value is antisymmetric between the two seats and never changes
 * the state. Uses the real card set (data/leaders). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/leaders/leaders.h"
#include "support/leaders_fixture.h"
#include "support/test_actions.h"
#include "games/registry.h"

static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    G = carta_game_find("leaders");
    if (!G)
        return -1;
    R = G->open(CARTA_DATA_DIR "/leaders", &err);
    if (!R)
        fprintf(stderr, "cannot open the Leaders card set: %s\n", err.msg);
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* Positions: support/leaders_fixture.h. */
static uint16_t card(const char *name) { return tact_card(G, R, name); }
static int cell(const char *name) { return leadfx_cell(name); }

/* Turn 5, seat 0 active, main step; Vaska (14) on C1 for seat 0 and Vaska on C6 for seat 1,
 * both Ironmarch with full Barracks; three cards in each hand and deck. */
static void blank(leaders_state *st)
{
    leadfx_blank(R, st, 5, "Vaska the Iron Crown", "Ironmarch");
    for (int p = 0; p < 2; p++) {
        leaders_seat *s = &st->seat[p];
        for (int i = 0; i < 3; i++) {
            s->hand.cards[s->hand.n++] = card("Sidestep");
            s->deck.cards[s->deck.n++] = card("Sidestep");
        }
        s->deck_list = s->deck;
    }
}

static leaders_char *place(leaders_state *st, const char *at, const char *kind, int owner,
                           int dir)
{
    return leadfx_place(R, st, at, kind, owner, dir);
}

static double ev(const leaders_state *st, int seat) { return G->evaluate(R, st, seat); }

/* ---- tests ---- */

/* Rulebook, "Objective of the game": the first to kill the enemy Leader wins. A finished game
 * is exactly 1 for the winner and -1 for the loser; a draw (turn limit) is 0. */
static void test_finished_games(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.phase = LEADERS_PHASE_OVER;
    st.winner = 0;
    assert_true(ev(&st, 0) == 1.0);
    assert_true(ev(&st, 1) == -1.0);
    st.winner = 1;
    assert_true(ev(&st, 0) == -1.0);
    assert_true(ev(&st, 1) == 1.0);
    st.winner = -1;
    st.draw = 1;
    assert_true(ev(&st, 0) == 0.0);
    assert_true(ev(&st, 1) == 0.0);
}

/* An even position is 0; an unfinished game never claims a certain result. */
static void test_even_and_open(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 0;
    assert_true(fabs(ev(&st, 0)) < 1e-9);
    st.board[cell("C6")].health = 1; /* one blow from defeat, but not defeated */
    double v = ev(&st, 0);
    assert_true(v > 0.3 && v < 1.0);
}

/* Leader health dominates: each point the enemy Leader loses raises the value, and losing
 * health of one's own Leader weighs more than a Unit's worth of material. */
static void test_leader_health(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    double prev = ev(&st, 0);
    for (int h = 13; h >= 1; h--) {
        st.board[cell("C6")].health = (uint8_t)h;
        double v = ev(&st, 0);
        assert_true(v > prev);
        prev = v;
    }
    leaders_state a, b;
    blank(&a);
    blank(&b);
    a.board[cell("C1")].health = 10; /* seat 0: 4 health down, one more Pikeman */
    place(&a, "A2", "Pikeman", 0, LEADERS_NORTH);
    a.seat[0].n_barracks--;
    assert_true(ev(&a, 0) < ev(&b, 0));
}

/* More material on the board (a Unit summoned from the Barracks, a healthier Unit) is better;
 * a card in hand is worth something. */
static void test_material(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    double base = ev(&st, 0);
    leaders_char *pk = place(&st, "A2", "Pikeman", 0, LEADERS_NORTH);
    st.seat[0].n_barracks--;
    double with_unit = ev(&st, 0);
    assert_true(with_unit > base);
    pk->health = 1;
    assert_true(ev(&st, 0) < with_unit);
    pk->health = 3;
    st.seat[0].hand.n--;
    assert_true(ev(&st, 0) < with_unit);
}

/* Threats: a ready Pikeman of the seat to act with an enemy Unit in its attack pattern is worth
 * more facing it than facing away; and threatening the enemy Leader is worth more still. */
static void test_threats(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 0;
    leaders_char *pk = place(&st, "B3", "Pikeman", 0, LEADERS_SOUTH);
    place(&st, "B4", "Shieldbearer", 1, LEADERS_SOUTH);
    double away = ev(&st, 0);
    pk->dir = LEADERS_NORTH;
    double facing = ev(&st, 0);
    assert_true(facing > away);

    leaders_state lead;
    blank(&lead);
    lead.active = 0;
    place(&lead, "C4", "Pikeman", 0, LEADERS_NORTH); /* C6 two cells ahead: in reach */
    place(&lead, "B4", "Shieldbearer", 1, LEADERS_SOUTH);
    leaders_state unit;
    blank(&unit);
    unit.active = 0;
    place(&unit, "B3", "Pikeman", 0, LEADERS_NORTH);
    place(&unit, "B4", "Shieldbearer", 1, LEADERS_SOUTH);
    assert_true(ev(&lead, 0) > ev(&unit, 0));
}

/* A declared attack waiting for the defender's answer is scored as if the defender passed:
 * the same as the resolved attack (ruling 18: the defender answers; rulebook "Battles"). */
static void test_pending_attack_settles(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 0;
    place(&st, "B3", "Pikeman", 0, LEADERS_NORTH);
    place(&st, "B4", "Crossbowman", 1, LEADERS_SOUTH); /* 2 health: the Pikeman kills it */
    st.seat[1].deck_list.cards[st.seat[1].deck_list.n++] = card("Parry"); /* may defend */
    st.seat[0].hand.n = 0; /* no Attack card decision */
    double before = ev(&st, 0);
    carta_error err;
    assert_int_equal(G->apply(R, &st, leaders_act(LEADERS_A_ATTACK, cell("B3"), cell("B4"), 0),
                              &err), CARTA_OK);
    assert_int_equal(G->to_act(R, &st), 1); /* the defender's answer window is open */
    double declared = ev(&st, 0);
    leaders_state passed = st;
    assert_int_equal(G->apply(R, &passed, leaders_act(LEADERS_A_PASS, 0, 0, 0), &err),
                     CARTA_OK);
    assert_int_equal(passed.board[cell("B4")].kind, card("Pikeman")); /* killed, conquered */
    assert_true(fabs(declared - ev(&passed, 0)) < 1e-12);
    assert_true(declared > before);
}

/* A Unit being summoned (its cell still to choose) already counts on the board. */
static void test_pending_summon(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 0;
    double before = ev(&st, 0);
    carta_error err;
    assert_int_equal(G->apply(R, &st, leaders_act(LEADERS_A_SUMMON, 0, 0, card("Pikeman")),
                              &err), CARTA_OK);
    assert_true(ev(&st, 0) > before);
}

/* Along random games from every prebuilt deck pairing: evaluate(s, 0) == -evaluate(s, 1), the
 * value lies in [-1, 1] (strictly inside while nothing is pending and the game goes on), and the
 * state is unchanged. */
static void test_symmetric_and_pure(void **unused)
{
    (void)unused;
    static const char *decks[] = {"iron-vanguard", "nightblade-hunt", "storm-conclave",
                                  "crown-of-embers"};
    carta_action legal[CARTA_MAX_ACTIONS];
    int checked = 0, pending = 0;
    for (int g = 0; g < 8; g++) {
        carta_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.n_seats = 2;
        cfg.seed = 100 + (uint64_t)g;
        carta_error err;
        for (int p = 0; p < 2; p++)
            assert_int_equal(G->deck_resolve(R, decks[(g + p * (1 + g / 4)) % 4], cfg.seed,
                                             &cfg.decks[p], &err), CARTA_OK);
        leaders_state st, copy;
        assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
        uint64_t pick = cfg.seed * 0x9E3779B97F4A7C15ull;
        for (int step = 0; step < 3000 && st.phase != LEADERS_PHASE_OVER; step++) {
            memcpy(&copy, &st, sizeof st);
            double v0 = ev(&st, 0), v1 = ev(&st, 1);
            assert_memory_equal(&copy, &st, sizeof st);
            assert_true(fabs(v0 + v1) < 1e-9);
            assert_true(v0 >= -1.0 && v0 <= 1.0);
            if (st.pending.n == 0) /* a declared lethal blow may settle to a certain result */
                assert_true(v0 > -1.0 && v0 < 1.0);
            checked++;
            pending += st.pending.n > 0;
            int n = G->legal_actions(R, &st, legal);
            assert_true(n > 0);
            pick = pick * 6364136223846793005ull + 1442695040888963407ull;
            assert_int_equal(G->apply(R, &st, legal[(pick >> 33) % (uint64_t)n], &err),
                             CARTA_OK);
        }
        if (st.phase == LEADERS_PHASE_OVER && st.winner >= 0) {
            assert_true(ev(&st, st.winner) == 1.0);
            assert_true(ev(&st, 1 - st.winner) == -1.0);
        }
    }
    assert_true(checked > 500);
    assert_true(pending > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finished_games),
        cmocka_unit_test(test_even_and_open),
        cmocka_unit_test(test_leader_health),
        cmocka_unit_test(test_material),
        cmocka_unit_test(test_threats),
        cmocka_unit_test(test_pending_attack_settles),
        cmocka_unit_test(test_pending_summon),
        cmocka_unit_test(test_symmetric_and_pure),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
