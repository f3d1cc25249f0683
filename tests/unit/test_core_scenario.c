/* test_core_scenario.c: the scenario runner, on High Tide (the template rule system, found
 * through the registry): passing, failing and malformed scenarios, each failure reported as
 * "file:line: FAIL name: ..." and counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/scenario.h"
#include "games/_template/state.h"
#include "games/registry.h"

#define FIX CARTA_TESTS_DIR "/unit/fixtures/scenarios/"
#define DATA_ROOT CARTA_DATA_DIR

/* "sloppy": High Tide plus a bogus action 500 that apply refuses after changing the state. */
static const carta_game *tide;
static carta_game sloppy;
static carta_game_yaml sloppy_yaml;

static carta_rules *sloppy_open(const char *dir, carta_error *err)
{
    (void)dir;
    return tide->open(CARTA_DATA_DIR "/template", err);
}

static int sloppy_legal(const carta_rules *r, const void *state, carta_action *out)
{
    int n = tide->legal_actions(r, state, out);
    if (n)
        out[n++] = 500;
    return n;
}

static carta_status sloppy_apply(const carta_rules *r, void *state, carta_action a,
                                 carta_error *err)
{
    if (a == 500) {
        ((tide_state *)state)->turn++;
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "sloppy refusal");
    }
    return tide->apply(r, state, a, err);
}

/* The registry's games, and the sloppy template with the template's YAML face. */
static const carta_game_yaml *find_game(const char *id)
{
    if (strcmp(id, "sloppy") != 0)
        return carta_game_yaml_find(id);
    const carta_game_yaml *y = carta_game_yaml_find("template");
    tide = y->game;
    sloppy = *tide;
    sloppy.id = "sloppy";
    sloppy.open = sloppy_open;
    sloppy.legal_actions = sloppy_legal;
    sloppy.apply = sloppy_apply;
    sloppy_yaml = *y;
    sloppy_yaml.game = &sloppy;
    return &sloppy_yaml;
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
    has_line(&r, FIX "fail.yaml:8: FAIL do-not-legal: step 2: expected 'lead Maelstrom' to be "
                     "legal, but: 'lead Maelstrom' is not a legal action now (type 'actions' to "
                     "list them); legal: 'lead Ripple'");
    has_line(&r, FIX "fail.yaml:16: FAIL fail-but-legal: step 1: expected 'lead Ripple' to be "
                     "refused, but 'lead Ripple' was legal and applied");
    has_line(&r, FIX "fail.yaml:23: FAIL wrong-count: step 1: expected 3 legal actions, found 2: "
                     "'lead Ripple', 'lead Maelstrom'");
    has_line(&r, FIX "fail.yaml:30: FAIL not-legal: step 1: expected 'lead Breaker' to be legal, "
                     "found it is not; legal: 'lead Ripple'");
    has_line(&r, FIX "fail.yaml:37: FAIL not-illegal: step 1: expected 'lead ripple' to be "
                     "illegal, found it is legal");
    has_line(&r, FIX "fail.yaml:45: FAIL wrong-winner: step 2: expected winner 0, found 1 (turn 1, "
                     "game over)");
    has_line(&r, FIX "fail.yaml:52: FAIL wrong-to-act: step 1: expected to_act 0, found 1 (turn 1, "
                     "player 2 to lead)");
    has_line(&r, FIX "fail.yaml:61: FAIL wrong-expect: step 3: scores (seats.*.counters.score): "
                     "expected [2, 0], found [1, 0]");
    has_line(&r, FIX "fail.yaml:68: FAIL refused-but-changed: step 1: 'lead ?' was refused "
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
    has_line(&r, FIX "malformed.yaml:49: FAIL leaked-card: error: unknown card 'Comet' in hand");
    has_line(&r, FIX "malformed.yaml:52: FAIL (scenario 9): error: a scenario must be a map "
                     "(game, name, rule, ...)");
    has_line(&r, FIX "malformed.yaml:58: FAIL bad-deck: error: deck 1: unknown deck 'Moon Deck' "
                     "(prebuilt decks: 'Tide and Ebb'; or a deck file path, or random)");
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
    has_line(&r, FIX "view_fail.yaml:8: FAIL wrong-count: step 2: seats.1.zones.hand.count: "
                     "expected 3, found 1");
    has_line(&r, FIX "view_fail.yaml:15: FAIL wrong-card: step 1: seats.0.zones.hand.cards.0: "
                     "expected Maelstrom, found Ripple");
    has_line(&r, FIX "view_fail.yaml:22: FAIL no-such-path: step 1: seats.0.zones.hands.count: "
                     "expected 1, found nothing");
    has_line(&r, FIX "view_fail.yaml:29: FAIL too-few: step 1: seats.0.counters.score: expected at "
                     "least 1, found 0");
    has_line(&r, FIX "view_fail.yaml:36: FAIL unknown-card: step 1: error: unknown card 'Nebula' "
                     "in seats.0.zones.hand.cards.0");
    has_line(&r, FIX "view_fail.yaml:43: FAIL no-events: step 1: events: expected {kind: steal, "
                     "amount: 1}, found no events");
    has_line(&r, FIX "view_fail.yaml:50: FAIL deck-accepted: step 1: expected the deck to be "
                     "refused, but the game accepts it");
    has_line(&r, FIX "view_fail.yaml:57: FAIL wrong-reason: step 1: expected 'lead Breaker' to be "
                     "refused because of 'sleepy', but it was refused with: 'lead Breaker' is not "
                     "a legal action now (type 'actions' to list them)");
    has_line(&r, FIX "view_fail.yaml:64: FAIL setup-accepted: step 1: expected the setup to be "
                     "refused, but the game set it up");
    has_line(&r, FIX "view_fail.yaml:71: FAIL old-key: step 1: hands (seats.*.zones.hand.count): "
                     "expected [1, 2], found [1, 1]");
    free(r.report);
}

static void test_registry_entry_point(void **state)
{
    (void)state;
    /* The registry's own lookup: the template is there, the sloppy test double is not. */
    assert_non_null(carta_game_yaml_find("template"));
    assert_null(carta_game_yaml_find("sloppy"));
    char *report = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&report, &size);
    int passed = -1, failed = -1;
    carta_error err = {0};
    assert_int_equal(carta_scenario_run_file(FIX "pass.yaml", DATA_ROOT, carta_game_yaml_find,
                                             out, &passed, &failed, &err),
                     CARTA_OK);
    assert_int_equal(carta_scenario_run_file(FIX "fail.yaml", DATA_ROOT, carta_game_yaml_find,
                                             out, &passed, &failed, &err),
                     CARTA_OK);
    fclose(out);
    assert_int_equal(passed, 0); /* fail.yaml's counts: run_file sets them per file */
    assert_int_equal(failed, 9);
    assert_non_null(strstr(report, FIX "pass.yaml: 4 passed, 0 failed\n"));
    assert_non_null(strstr(report, "FAIL refused-but-changed: error: unknown game 'sloppy'"));
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
