/* test_tune.c: evaluations as data (core/eval_weights.h) and their fit (sim/logit.h): the
 * weights file is read, a bad one is refused naming file, line and key, and the logistic
 * regression recovers known weights from synthetic samples. docs/ai.md, "Expert players and
 * evaluations as data". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/eval_weights.h"
#include "core/game.h"
#include "core/rng.h"
#include "games/registry.h"
#include "sim/logit.h"

static const carta_eval_weight table[] = {
    {"key", "a key", 10.0},
    {"pool", "an Æmber", 1.2},
    {"scale", "the scale", 30.0},
};

static const char *write_tmp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/carta-test-weights-%d.yaml", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

static void test_weights_read(void **unused)
{
    (void)unused;
    double w[3];
    carta_error err = {0};
    assert_int_equal(carta_eval_weights_load("/nonexistent/evaluation.yaml", table, 3, w, &err),
                     CARTA_OK);
    assert_true(w[0] == 10.0 && w[1] == 1.2 && w[2] == 30.0);
    const char *path = write_tmp("# tuned\nkey: 12.5\nscale: 20\n");
    assert_int_equal(carta_eval_weights_load(path, table, 3, w, &err), CARTA_OK);
    assert_true(w[0] == 12.5 && w[1] == 1.2 && w[2] == 20.0); /* pool kept its default */
    remove(path);
}

static void test_weights_refused(void **unused)
{
    (void)unused;
    double w[3];
    carta_error err = {0};
    const char *path = write_tmp("key: 12\nkeyz: 3\n");
    assert_int_equal(carta_eval_weights_load(path, table, 3, w, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, ":2:"));
    assert_non_null(strstr(err.msg, "keyz"));
    memset(&err, 0, sizeof err);
    path = write_tmp("key: 12\npool: lots\n");
    assert_int_equal(carta_eval_weights_load(path, table, 3, w, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, ":2:"));
    assert_non_null(strstr(err.msg, "'pool' must be a number"));
    memset(&err, 0, sizeof err);
    path = write_tmp("- key\n- pool\n");
    assert_int_equal(carta_eval_weights_load(path, table, 3, w, &err), CARTA_ERR_INPUT);
    remove(path);
}

/* Æmber's shipped file equals its compiled-in numbers (behaviour unchanged until tuned). */
static void test_aember_file_is_the_defaults(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    assert_non_null(g);
    assert_non_null(g->eval_weights);
    double w[CARTA_EVAL_WEIGHTS_MAX];
    carta_error err = {0};
    assert_int_equal(carta_eval_weights_load(CARTA_DATA_DIR "/aember/ai/evaluation.yaml",
                                             g->eval_weights, g->n_eval_weights, w, &err),
                     CARTA_OK);
    for (int i = 0; i < g->n_eval_weights; i++)
        assert_true(fabs(w[i] - g->eval_weights[i].standard) < 1e-12);
}

/* Samples drawn from a known logistic model: the fit comes back close to its weights. */
static void test_fit_recovers_known_weights(void **unused)
{
    (void)unused;
    enum { N = 20000, K = 3 };
    static const double truth[K] = {1.5, -0.8, 0.3};
    double *x = malloc(sizeof *x * N * K), *y = malloc(sizeof *y * N), b[K];
    carta_rng rng;
    carta_rng_seed(&rng, 7);
    for (int i = 0; i < N; i++) {
        double s = 0;
        for (int j = 0; j < K; j++) {
            x[i * K + j] = (carta_rng_next(&rng) / 4294967296.0) * 4 - 2;
            s += truth[j] * x[i * K + j];
        }
        double p = 1 / (1 + exp(-s));
        y[i] = carta_rng_next(&rng) / 4294967296.0 < p ? 1.0 : 0.0;
    }
    assert_true(logit_fit(x, y, N, K, 0.0, b) > 0);
    for (int j = 0; j < K; j++)
        if (fabs(b[j] - truth[j]) > 0.1)
            fail_msg("weight %d: fitted %.3f, true %.3f", j, b[j], truth[j]);
    assert_int_equal(logit_fit(x, y, 0, K, 0.0, b), -1);
    free(x);
    free(y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights_read),
        cmocka_unit_test(test_weights_refused),
        cmocka_unit_test(test_aember_file_is_the_defaults),
        cmocka_unit_test(test_fit_recovers_known_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
