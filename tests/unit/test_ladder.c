/* test_ladder.c: the ratings of `carta ladder` (sim/ladder.h): known answers of the
 * Bradley-Terry fit with its prior, intervals that narrow with games, an AI that never lost
 * still finite, and refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "core/store.h"
#include "sim/ladder.h"

static void pair(ladder_results *r, int i, int j, int games, double i_score)
{
    r->games[i][j] = r->games[j][i] = games;
    r->score[i][j] = i_score;
    r->score[j][i] = games - i_score;
}

/* Two AIs: B scores 300 of 400 against the anchor A. With one virtual draw each against the
 * anchor's level, B's odds are 300.5 : 100.5, 400 log10(300.5 / 100.5) = 190.3 Elo; the interval
 * is about +-1.96 x 400/ln 10 / sqrt(401 x 0.75 x 0.25) = +-39 Elo. */
static void test_two_ais(void **unused)
{
    (void)unused;
    ladder_results r = {.n = 2, .ai = {"greedy", "mcts"}};
    pair(&r, 1, 0, 400, 300);
    ladder_rating out[2];
    carta_error err = {0};
    assert_int_equal(ladder_fit(&r, out, &err), CARTA_OK);
    assert_true(fabs(out[0].elo) < 1e-9);
    if (fabs(out[1].elo - 400 * log10(300.5 / 100.5)) > 0.05)
        fail_msg("elo %f", out[1].elo);
    double half = (out[1].hi - out[1].lo) / 2;
    if (fabs(half - 1.96 * 400 / log(10) / sqrt(401 * 0.7494 * 0.2506)) > 0.5)
        fail_msg("half-width %f", half);
    assert_true(fabs(out[1].score - 0.75) < 1e-12);
    /* four times the games: half the interval */
    pair(&r, 1, 0, 1600, 1200);
    ladder_rating more[2];
    assert_int_equal(ladder_fit(&r, more, &err), CARTA_OK);
    assert_true(fabs((more[1].hi - more[1].lo) / 2 - half / 2) < 1.0);
}

/* Three AIs in a chain of 64%: each about 100 Elo above the one before, the top one's
 * interval wider than the middle one's (it meets the anchor only through it and directly). */
static void test_three_ais(void **unused)
{
    (void)unused;
    ladder_results r = {.n = 3, .ai = {"random", "greedy", "mcts"}};
    pair(&r, 1, 0, 1000, 640);
    pair(&r, 2, 1, 1000, 640);
    pair(&r, 2, 0, 1000, 760);
    ladder_rating out[3];
    carta_error err = {0};
    assert_int_equal(ladder_fit(&r, out, &err), CARTA_OK);
    assert_true(out[1].elo > 80 && out[1].elo < 120);
    assert_true(out[2].elo > 180 && out[2].elo < 220);
    assert_true(out[1].lo < out[1].elo && out[1].elo < out[1].hi);
    /* a draw is half a win: all draws between equals gives equal ratings */
    ladder_results d = {.n = 2, .ai = {"a", "b"}};
    pair(&d, 0, 1, 100, 50);
    assert_int_equal(ladder_fit(&d, out, &err), CARTA_OK);
    assert_true(fabs(out[1].elo) < 1e-6);
}

/* An AI that won every game is still rated (the prior), well above; one that played no game is
 * refused. */
static void test_undefeated_and_absent(void **unused)
{
    (void)unused;
    ladder_results r = {.n = 2, .ai = {"random", "mcts"}};
    pair(&r, 1, 0, 200, 200);
    ladder_rating out[3];
    carta_error err = {0};
    assert_int_equal(ladder_fit(&r, out, &err), CARTA_OK);
    assert_true(isfinite(out[1].elo) && out[1].elo > 600);
    assert_true(isfinite(out[1].hi));
    ladder_results absent = {.n = 3, .ai = {"random", "mcts", "greedy"}};
    pair(&absent, 1, 0, 10, 5);
    assert_int_not_equal(ladder_fit(&absent, out, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, "greedy played no game"));
}

/* `carta ladder` end to end on High Tide: a real round robin stored twice in --db, the second
 * read back the first; a bad AI spec or a game of the wrong size is refused. */
static void test_ladder_command(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/carta_ladder_XXXXXX", db[64];
    assert_non_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/l.sqlite", dir);
    char *run[] = {"template", "--ais", "random,greedy", "--games", "20", "--threads", "1",
                   "--db", db, "--label", "v1", "--json"};
    assert_int_equal(cli_cmd_ladder(12, run), CLI_EXIT_OK);
    run[10] = "v2";
    assert_int_equal(cli_cmd_ladder(12, run), CLI_EXIT_OK);
    carta_error err = {0};
    carta_store *store = carta_store_open(db, &err);
    assert_non_null(store);
    int64_t id = 0;
    char *label = NULL, *text = NULL;
    assert_int_equal(carta_store_last_ladder(store, "template", &id, &label, &text, &err),
                     CARTA_OK);
    assert_int_equal(id, 2);
    assert_string_equal(label, "v2");
    json_t *ladder = json_loads(text, 0, NULL);
    json_t *greedy = json_array_get(json_object_get(ladder, "ratings"), 1);
    assert_string_equal(json_string_value(json_object_get(greedy, "ai")), "greedy");
    assert_int_equal(json_integer_value(json_object_get(greedy, "games")), 20);
    double elo = json_number_value(json_object_get(greedy, "elo"));
    assert_true(json_number_value(json_object_get(greedy, "ci_low")) < elo);
    json_decref(ladder);
    free(label);
    free(text);
    carta_store_close(store);
    char *bad[] = {"template", "--ais", "random,telepath"};
    assert_int_equal(cli_cmd_ladder(3, bad), CLI_EXIT_USAGE);
    char *one[] = {"template", "--ais", "random"};
    assert_int_equal(cli_cmd_ladder(3, one), CLI_EXIT_USAGE);
    char path[96];
    snprintf(path, sizeof path, "rm -rf %s", dir);
    assert_int_equal(system(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_ais),
        cmocka_unit_test(test_three_ais),
        cmocka_unit_test(test_undefeated_and_absent),
        cmocka_unit_test(test_ladder_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
