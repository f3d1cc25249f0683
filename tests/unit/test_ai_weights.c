/* test_ai_weights.c: the AI option weights=FILE (src/ai/ai_eval.h; docs/ai.md, "Evaluations as
 * data"): greedy and mcts read the file once when made; with the shipped file they play as
 * without; with other weights they play otherwise, while an AI beside them on the same rules
 * keeps the rules' own; a bad file, a missing one, or a game without weights is refused with
 * a clear error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "core/eval_weights.h"
#include "support/temp_file.h"
#include "support/test_games.h"
#include "support/tide_fixture.h"

enum { STEPS = 120 };

static carta_ai *ai_make(const tgame *t, const char *spec, uint64_t seed)
{
    carta_error err = {0};
    carta_ai *ai = carta_ai_new(t->g, t->r, spec, seed, &err);
    if (!ai)
        fail_msg("%s: %s: %s", t->g->id, spec, err.msg);
    return ai;
}

/* Plays STEPS actions of one game with `a` choosing; `b` and `c` choose from the same
 * observations beside it. Returns how often b differed from a, and fails if c ever did. */
static int count_differences(const tgame *t, carta_ai *a, carta_ai *b, carta_ai *c)
{
    const carta_game *g = t->g;
    void *st = malloc(g->state_size), *obs = malloc(g->state_size);
    carta_error err = {0};
    int differ = 0, seat;
    tgame_setup(t, 21, st);
    for (int k = 0; k < STEPS && (seat = g->to_act(t->r, st)) != CARTA_NO_SEAT; k++) {
        carta_action x, y, z;
        g->observe(t->r, st, seat, obs);
        assert_int_equal(carta_ai_choose(a, obs, seat, &x), CARTA_OK);
        assert_int_equal(carta_ai_choose(b, obs, seat, &y), CARTA_OK);
        assert_int_equal(carta_ai_choose(c, obs, seat, &z), CARTA_OK);
        differ += x != y;
        if (x != z)
            fail_msg("%s step %d: two AIs of one spec and seed chose apart", g->id, k);
        assert_int_equal(g->apply(t->r, st, x, &err), CARTA_OK);
    }
    free(st);
    free(obs);
    return differ;
}

/* A weights file for g with every feature's weight negated (the scale kept). */
static void write_negated(const carta_game *g, char *path, size_t cap)
{
    char text[2048] = "";
    for (int i = 0; i + 1 < g->n_eval_weights; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s: %.17g\n",
                 g->eval_weights[i].key, -g->eval_weights[i].standard);
    temp_file_write("weights", text, path, cap);
}

/* With the shipped file, greedy:weights=FILE chooses as greedy (same seed); with negated weights
 * it chooses otherwise, and a default greedy made beside it still chooses as greedy. */
static void check_greedy(const tgame *t)
{
    char shipped[512], spec[700], negated[128];
    snprintf(shipped, sizeof shipped, "%s/%s/%s", CARTA_DATA_DIR, t->g->id, CARTA_EVAL_FILE);
    snprintf(spec, sizeof spec, "greedy:weights=%s", shipped);
    carta_ai *a = ai_make(t, "greedy", 3), *b = ai_make(t, spec, 3);
    carta_ai *c = ai_make(t, "greedy", 3);
    assert_int_equal(count_differences(t, a, b, c), 0);
    carta_ai_free(b);
    carta_ai_free(c);
    write_negated(t->g, negated, sizeof negated);
    snprintf(spec, sizeof spec, "greedy:weights=%s", negated);
    b = ai_make(t, spec, 3);
    c = ai_make(t, "greedy", 3);
    carta_ai_free(a);
    a = ai_make(t, "greedy", 3);
    if (count_differences(t, a, b, c) == 0)
        fail_msg("%s: greedy with negated weights chose as greedy", t->g->id);
    unlink(negated);
    carta_ai_free(a);
    carta_ai_free(b);
    carta_ai_free(c);
}

static void test_greedy_weights(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games), tried = 0;
    for (int i = 0; i < n; i++)
        if (games[i].g->eval_weights) {
            check_greedy(&games[i]);
            tried++;
        }
    assert_true(tried >= 5);
    tgame_close_all(games, n);
}

/* mcts at a fixed budget: the shipped file plays as the rules' own weights; negated weights
 * play otherwise. */
static void test_mcts_weights(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const tgame *t = &games[i];
        if (!t->g->eval_weights)
            continue;
        char spec[700], negated[128];
        snprintf(spec, sizeof spec, "mcts:iters=40,weights=%s/%s/%s", CARTA_DATA_DIR, t->g->id,
                 CARTA_EVAL_FILE);
        carta_ai *a = ai_make(t, "mcts:iters=40", 5), *b = ai_make(t, spec, 5);
        carta_ai *c = ai_make(t, "mcts:iters=40", 5);
        assert_int_equal(count_differences(t, a, b, c), 0);
        carta_ai_free(a);
        carta_ai_free(b);
        carta_ai_free(c);
        write_negated(t->g, negated, sizeof negated);
        snprintf(spec, sizeof spec, "mcts:iters=40,weights=%s", negated);
        a = ai_make(t, "mcts:iters=40", 5);
        b = ai_make(t, spec, 5);
        c = ai_make(t, "mcts:iters=40", 5);
        if (count_differences(t, a, b, c) == 0)
            fail_msg("%s: mcts with negated weights chose as mcts", t->g->id);
        unlink(negated);
        carta_ai_free(a);
        carta_ai_free(b);
        carta_ai_free(c);
    }
    tgame_close_all(games, n);
}

/* carta_ai_new refuses spec with an error holding each of want (NULL-terminated). */
static void check_refused(const carta_game *g, const carta_rules *r, const char *spec,
                          const char *const *want)
{
    carta_error err = {0};
    assert_null(carta_ai_new(g, r, spec, 1, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    for (; *want; want++)
        if (!strstr(err.msg, *want))
            fail_msg("%s: '%s' lacks '%s'", spec, err.msg, *want);
}

static void test_bad_weights_refused(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    char bad[128], spec[300];
    temp_file_write("weights", "leader_hp: 3\nscale: twenty\n", bad, sizeof bad);
    for (int i = 0; i < n; i++) {
        const tgame *t = &games[i];
        if (strcmp(t->g->id, "leaders"))
            continue;
        const char *const typo[] = {"AI 'greedy'", bad, ":2:", "'scale' must be a number", NULL};
        snprintf(spec, sizeof spec, "greedy:weights=%s", bad);
        check_refused(t->g, t->r, spec, typo);
        const char *const in_mcts[] = {"AI 'mcts'", bad, ":2:", "scale", NULL};
        snprintf(spec, sizeof spec, "mcts:iters=10,weights=%s", bad);
        check_refused(t->g, t->r, spec, in_mcts);
        const char *const missing[] = {"AI 'mcts'", "/nonexistent/w.yaml", NULL};
        check_refused(t->g, t->r, "mcts:weights=/nonexistent/w.yaml", missing);
    }
    unlink(bad);
    temp_file_write("weights", "scale: 2\nlader_hp: 3\n", bad, sizeof bad);
    for (int i = 0; i < n; i++)
        if (!strcmp(games[i].g->id, "leaders")) {
            const char *const unknown[] = {bad, ":2:", "unknown weight 'lader_hp'", NULL};
            snprintf(spec, sizeof spec, "greedy:weights=%s", bad);
            check_refused(games[i].g, games[i].r, spec, unknown);
        }
    unlink(bad);
    tgame_close_all(games, n);
    carta_rules *r = tidefx_open(); /* High Tide's evaluation has no weights as data */
    const char *const none[] = {"has no evaluation weights", NULL};
    check_refused(tidefx_game(), r, "greedy:weights=x.yaml", none);
    tidefx_game()->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_greedy_weights),
        cmocka_unit_test(test_mcts_weights),
        cmocka_unit_test(test_bad_weights_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
