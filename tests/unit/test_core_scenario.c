/* test_core_scenario.c: the scenario runner, on the toy duel: passing, failing and malformed
 * scenarios, each failure reported as "file:line: FAIL name: ..." and counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/scenario.h"
#include "support/toy_game.h"
#include "games/registry.h"

#define FIX CARTA_TESTS_DIR "/unit/fixtures/scenarios/"
#define DATA_ROOT CARTA_TESTS_DIR "/unit/fixtures"

/* "sloppy": the toy duel plus a bogus action 500 that apply refuses after changing the state. */
static carta_game sloppy;

static carta_rules *sloppy_open(const char *dir, carta_error *err)
{
    (void)dir;
    return carta_toy_game.open(NULL, err);
}

static int sloppy_legal(const carta_rules *r, const void *state, carta_action *out)
{
    int n = carta_toy_game.legal_actions(r, state, out);
    if (n)
        out[n++] = 500;
    return n;
}

static carta_status sloppy_apply(const carta_rules *r, void *state, carta_action a,
                                 carta_error *err)
{
    if (a == 500) {
        ((carta_toy_state *)state)->turn++;
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "sloppy refusal");
    }
    return carta_toy_game.apply(r, state, a, err);
}

/* The toy with its view, and the sloppy toy, with the toy's YAML face. */
static carta_game toy_viewed;
static carta_game_yaml toy_yaml, sloppy_yaml;

static const carta_game_yaml *find_game(const char *id)
{
    toy_viewed = carta_toy_game;
    toy_viewed.view = carta_toy_view;
    toy_yaml = (carta_game_yaml){&toy_viewed, carta_toy_add_cards, carta_toy_position,
                                 &carta_toy_expect};
    if (strcmp(id, "toy") == 0)
        return &toy_yaml;
    if (strcmp(id, "sloppy") == 0) {
        sloppy = toy_viewed;
        sloppy.id = "sloppy";
        sloppy.open = sloppy_open;
        sloppy.legal_actions = sloppy_legal;
        sloppy.apply = sloppy_apply;
        sloppy_yaml = toy_yaml;
        sloppy_yaml.game = &sloppy;
        return &sloppy_yaml;
    }
    return NULL;
}

typedef struct run_result {
    carta_status status;
    int passed, failed;
    int lines;
    char *report;
    carta_error err;
} run_result;

static run_result run(const char *path)
{
    run_result r;
    memset(&r, 0, sizeof r);
    size_t size = 0;
    FILE *out = open_memstream(&r.report, &size);
    assert_non_null(out);
    r.status = carta_scenario_run_file(path, DATA_ROOT, find_game, out, &r.passed, &r.failed,
                                       &r.err);
    fclose(out);
    for (const char *p = r.report; *p; p++)
        r.lines += *p == '\n';
    return r;
}

/* The report must hold this exact line. */
static void has_line(const run_result *r, const char *line)
{
    const char *p = r->report;
    size_t n = strlen(line);
    while ((p = strstr(p, line))) {
        if ((p == r->report || p[-1] == '\n') && p[n] == '\n')
            return;
        p++;
    }
    fail_msg("report lacks line:\n%s\nreport:\n%s", line, r->report);
}

static void test_passing_file(void **state)
{
    (void)state;
    run_result r = run(FIX "pass.yaml");
    if (r.failed)
        fail_msg("%s", r.report);
    assert_int_equal(r.status, CARTA_OK);
    assert_int_equal(r.passed, 4);
    assert_int_equal(r.failed, 0);
    assert_int_equal(r.lines, 1);
    has_line(&r, FIX "pass.yaml: 4 passed, 0 failed");
    free(r.report);
}

static void test_failing_steps(void **state)
{
    (void)state;
    run_result r = run(FIX "fail.yaml");
    assert_int_equal(r.status, CARTA_OK);
    assert_int_equal(r.passed, 0);
    assert_int_equal(r.failed, 9);
    assert_int_equal(r.lines, 10); /* one per scenario (each stops at its first failure) */
    has_line(&r, FIX "fail.yaml:8: FAIL do-not-legal: step 2: expected 'play Nova' to be legal, "
                     "but: 'play Nova' is not a legal action now (type 'actions' to list them); "
                     "legal: 'play Spark'");
    has_line(&r, FIX "fail.yaml:16: FAIL fail-but-legal: step 1: expected 'play Spark' to be "
                     "refused, but 'play Spark' was legal and applied");
    has_line(&r, FIX "fail.yaml:23: FAIL wrong-count: step 1: expected 3 legal actions, found 2: "
                     "'play Spark', 'play Nova'");
    has_line(&r, FIX "fail.yaml:30: FAIL not-legal: step 1: expected 'play Torch' to be legal, "
                     "found it is not; legal: 'play Spark'");
    has_line(&r, FIX "fail.yaml:37: FAIL not-illegal: step 1: expected 'play spark' to be "
                     "illegal, found it is legal");
    has_line(&r, FIX "fail.yaml:45: FAIL wrong-winner: step 2: expected winner 0, found 1 (turn 1, "
                     "game over)");
    has_line(&r, FIX "fail.yaml:52: FAIL wrong-to-act: step 1: expected to_act 0, found 1 (turn 1, "
                     "seat 1 to play)");
    has_line(&r, FIX "fail.yaml:60: FAIL wrong-expect: step 2: score (seats.*.score): expected "
                     "[2, 0], found [1, 0]");
    has_line(&r, FIX "fail.yaml:67: FAIL refused-but-changed: step 1: 'play ?' was refused "
                     "(sloppy refusal) but the state changed");
    has_line(&r, FIX "fail.yaml: 0 passed, 9 failed");
    free(r.report);
}

static void test_malformed_scenarios(void **state)
{
    (void)state;
    run_result r = run(FIX "malformed.yaml");
    assert_int_equal(r.status, CARTA_OK);
    assert_int_equal(r.passed, 1);
    assert_int_equal(r.failed, 11);
    has_line(&r, FIX "malformed.yaml:6: FAIL typo-key: error: unknown key 'stpes' in a scenario "
                     "(expected one of: game, name, rule, cards, setup, position, steps, notes)");
    has_line(&r, FIX "malformed.yaml:9: FAIL (scenario 2): error: missing required key 'name'");
    has_line(&r, FIX "malformed.yaml:14: FAIL unknown-game: error: unknown game 'chess'");
    has_line(&r, FIX "malformed.yaml:21: FAIL typo-key: error: duplicate scenario name 'typo-key' "
                     "in this file");
    has_line(&r, FIX "malformed.yaml:26: FAIL no-rule: error: missing required key 'rule'");
    has_line(&r, FIX "malformed.yaml:31: FAIL both-starts: error: a scenario needs exactly one "
                     "of 'setup' and 'position'");
    has_line(&r, FIX "malformed.yaml:44: FAIL bad-step: step 2: error: unknown key 'dont' in a "
                     "step (expected one of: do, fail, legal, illegal, actions, winner, to_act, "
                     "expect, events, said, random)");
    has_line(&r, FIX "malformed.yaml:49: FAIL leaked-card: error: unknown card in 'hands'");
    has_line(&r, FIX "malformed.yaml:52: FAIL (scenario 9): error: a scenario must be a map "
                     "(game, name, rule, ...)");
    has_line(&r, FIX "malformed.yaml:58: FAIL bad-deck: error: deck 1: toy deck 'Spark, Moon': "
                     "unknown card 'Moon'");
    has_line(&r, FIX "malformed.yaml:66: FAIL bad-count: step 1: error: 'actions' needs a whole "
                     "number 0..1024");
    has_line(&r, FIX "malformed.yaml: 1 passed, 11 failed");
    free(r.report);
}

static void test_unreadable_files(void **state)
{
    (void)state;
    run_result r = run(FIX "broken.yaml");
    assert_int_equal(r.status, CARTA_ERR_INPUT);
    assert_int_equal(r.passed, 1);
    assert_int_equal(r.failed, 1);
    assert_non_null(strstr(r.err.msg, FIX "broken.yaml:"));
    assert_non_null(strstr(r.report, FIX "broken.yaml:"));
    assert_non_null(strstr(r.report, "FAIL (scenario 2): error: "));
    has_line(&r, FIX "broken.yaml: 1 passed, 1 failed");
    free(r.report);

    r = run(FIX "missing.yaml");
    assert_int_equal(r.status, CARTA_ERR_IO);
    assert_int_equal(r.passed + r.failed, 0);
    assert_non_null(strstr(r.err.msg, "missing.yaml: error: cannot open"));
    free(r.report);
}

static void test_view_expectations(void **state)
{
    (void)state;
    run_result r = run(FIX "view.yaml");
    if (r.failed)
        fail_msg("%s", r.report);
    assert_int_equal(r.passed, 2);
    free(r.report);

    /* a wrong expectation names the file, the line, the step, the path, expected and found */
    r = run(FIX "view_fail.yaml");
    assert_int_equal(r.status, CARTA_OK);
    assert_int_equal(r.passed, 0);
    assert_int_equal(r.failed, 10);
    has_line(&r, FIX "view_fail.yaml:8: FAIL wrong-count: step 2: seats.1.hand.count: expected 3, "
                     "found 1");
    has_line(&r, FIX "view_fail.yaml:15: FAIL wrong-card: step 1: seats.0.hand.cards.0: expected "
                     "Nova, found Spark");
    has_line(&r, FIX "view_fail.yaml:22: FAIL no-such-path: step 1: seats.0.hands.count: expected "
                     "1, found nothing");
    has_line(&r, FIX "view_fail.yaml:29: FAIL too-few: step 1: seats.0.score: expected at least "
                     "1, found 0");
    has_line(&r, FIX "view_fail.yaml:36: FAIL unknown-card: step 1: error: unknown card 'Nebula' "
                     "in seats.0.hand.cards.0");
    has_line(&r, FIX "view_fail.yaml:43: FAIL no-events: step 1: events: expected {kind: steal, "
                     "amount: 1}, found no events");
    has_line(&r, FIX "view_fail.yaml:50: FAIL deck-accepted: step 1: expected the deck to be "
                     "refused, but the game accepts it");
    has_line(&r, FIX "view_fail.yaml:57: FAIL wrong-reason: step 1: expected 'play Torch' to be "
                     "refused because of 'sleepy', but it was refused with: 'play Torch' is not "
                     "a legal action now (type 'actions' to list them)");
    has_line(&r, FIX "view_fail.yaml:64: FAIL setup-accepted: step 1: expected the setup to be "
                     "refused, but the game set it up");
    has_line(&r, FIX "view_fail.yaml:71: FAIL old-key: step 1: hand (seats.*.hand.count): "
                     "expected [1, 2], found [1, 1]");
    free(r.report);
}

static void test_registry_entry_point(void **state)
{
    (void)state;
    /* The registry's lookup, where the toy is not. */
    assert_null(carta_game_yaml_find("toy"));
    char *report = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&report, &size);
    int passed = -1, failed = -1;
    carta_error err = {0};
    assert_int_equal(carta_scenario_run_file(FIX "pass.yaml", DATA_ROOT, carta_game_yaml_find,
                                             out, &passed, &failed, &err),
                     CARTA_OK);
    fclose(out);
    assert_int_equal(passed, 0);
    assert_int_equal(failed, 4);
    assert_non_null(strstr(report, "FAIL play-scores-power: error: unknown game 'toy'"));
    free(report);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_passing_file),
        cmocka_unit_test(test_failing_steps),
        cmocka_unit_test(test_malformed_scenarios),
        cmocka_unit_test(test_unreadable_files),
        cmocka_unit_test(test_view_expectations),
        cmocka_unit_test(test_registry_entry_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
