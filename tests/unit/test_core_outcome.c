/* test_core_outcome.c: who won, read from the returns and the teams (core/outcome.h): one
 * winner, a team winning together, a tie between some seats, a draw, a game not over. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/outcome.h"

/* A "state" here is its returns, with -1 in the first place while the game goes on. */
static int fake_to_act(const carta_rules *r, const void *state)
{
    (void)r;
    return ((const double *)state)[0] < 0 ? 0 : CARTA_NO_SEAT;
}

static void fake_returns(const carta_rules *r, const void *state, double *out)
{
    (void)r;
    memcpy(out, state, 4 * sizeof(double));
}

/* Seats 0-2 are the mages, seat 3 the Gamemaster. */
static int fake_team(const carta_rules *r, const void *state, int seat)
{
    (void)r;
    (void)state;
    return seat < 3 ? 0 : 1;
}

static const carta_game alone = {.id = "fake", .to_act = fake_to_act, .returns = fake_returns};
static const carta_game teams = {.id = "fake", .to_act = fake_to_act, .returns = fake_returns,
                                 .utility = CARTA_TEAM, .team = fake_team};

static const char *told(const carta_game *g, const double *returns, int n)
{
    static char buf[128];
    carta_outcome o;
    carta_outcome_of(g, NULL, returns, n, &o);
    carta_text t = {0};
    carta_outcome_text(&o, NULL, &t);
    snprintf(buf, sizeof buf, "%s", carta_text_str(&t));
    carta_text_free(&t);
    return buf;
}

static void test_one_winner(void **unused)
{
    (void)unused;
    double r[4] = {0, 1, 0, 0};
    assert_string_equal(told(&alone, r, 3), "player 2 wins");
    assert_int_equal(carta_outcome_winner(&alone, NULL, r, 3), 1);
}

static void test_team_wins_together(void **unused)
{
    (void)unused;
    double r[4] = {1, 1, 1, 0};
    assert_string_equal(told(&teams, r, 4), "players 1, 2 and 3 win");
    assert_int_equal(carta_outcome_winner(&teams, NULL, r, 4), 0);
}

static void test_tie_between_seats(void **unused)
{
    (void)unused;
    double r[4] = {0.5, 0, 0.5, 0};
    assert_string_equal(told(&alone, r, 4), "players 1 and 3 tie");
    assert_int_equal(carta_outcome_winner(&alone, NULL, r, 4), CARTA_NO_SEAT);
}

static void test_draw_and_not_over(void **unused)
{
    (void)unused;
    double draw[4] = {0.5, 0.5, 0, 0}, going[4] = {-1, 0, 0, 0};
    assert_string_equal(told(&alone, draw, 2), "a draw");
    assert_string_equal(told(&alone, going, 2), "not over");
    assert_int_equal(carta_outcome_winner(&alone, NULL, going, 2), CARTA_NO_SEAT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_winner),
        cmocka_unit_test(test_team_wins_together),
        cmocka_unit_test(test_tie_between_seats),
        cmocka_unit_test(test_draw_and_not_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
