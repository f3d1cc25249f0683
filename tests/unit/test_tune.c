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
#include "cli/cli.h"
#include "core/rng.h"
#include "games/leaders/leaders.h"
#include "games/registry.h"
#include "sim/logit.h"
#include "sim/spsa.h"
#include "support/test_games.h"

#include <dirent.h>
#include <sys/stat.h>

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

/* How many entries a folder holds besides . and .. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* A weights file is written whole: beside its path and renamed over it, so a tuner stopped
 * mid-write leaves the last file, and nothing else is left behind; a folder that is not there is
 * named in the error and nothing is made. */
static void test_weights_written_whole(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/carta-test-write-XXXXXX", path[96], missing[128];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/w.yaml", dir);
    carta_error err = {0};
    double w[3] = {11.0, 0.5, 30.0}, back[3];
    assert_int_equal(carta_eval_weights_write(path, "test", "first", table, 3, w, &err), CARTA_OK);
    struct stat first;
    assert_int_equal(stat(path, &first), 0);
    w[0] = 13.0;
    assert_int_equal(carta_eval_weights_write(path, "test", "second", table, 3, w, &err), CARTA_OK);
    assert_int_equal(carta_eval_weights_load(path, table, 3, back, &err), CARTA_OK);
    assert_true(back[0] == 13.0 && back[1] == 0.5 && back[2] == 30.0);
    assert_int_equal(entries(dir), 1);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(sb.st_ino != first.st_ino); /* a new file renamed over, not rewritten in place */
    assert_true(sb.st_mode & S_IRGRP);

    snprintf(missing, sizeof missing, "%s/no/such/w.yaml", dir);
    assert_int_equal(carta_eval_weights_write(missing, "test", "x", table, 3, w, &err),
                     CARTA_ERR_IO);
    assert_non_null(strstr(err.msg, missing));
    assert_int_equal(entries(dir), 1);
    remove(path);
    rmdir(dir);
}

/* carta tune names a --by it does not know, before any game. */
static void test_tune_refuses_an_unknown_by(void **unused)
{
    (void)unused;
    char *argv[] = {"aember", "--by", "guess", "--out", "/tmp/never-written.yaml", NULL};
    char log[] = "/tmp/carta-test-stderr-XXXXXX";
    int fd = mkstemp(log), saved = dup(2);
    assert_true(fd >= 0 && saved >= 0);
    fflush(stderr);
    dup2(fd, 2);
    int rc = cli_cmd_tune(5, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    char said[512] = "";
    ssize_t n = pread(fd, said, sizeof said - 1, 0);
    said[n > 0 ? n : 0] = 0;
    close(fd);
    remove(log);
    assert_int_equal(rc, CLI_EXIT_USAGE);
    assert_non_null(strstr(said, "--by is outcome or match, not 'guess'"));
    assert_int_equal(access("/tmp/never-written.yaml", F_OK), -1);
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

/* Every rule system's evaluation has its weights as data, and the shipped file equals the
 * compiled-in numbers (behaviour unchanged until tuned; docs/ai.md, "Evaluations as data"). */
static void test_shipped_files_are_the_defaults(void **unused)
{
    (void)unused;
    static const char *const tunable[] = {"aember", "arkhtide", "leaders", "essence",
                                          "archmajesty"};
    for (size_t k = 0; k < sizeof tunable / sizeof *tunable; k++) {
        const carta_game *g = carta_game_find(tunable[k]);
        assert_non_null(g);
        if (!g->eval_weights || !g->eval_features || !g->evaluate_with)
            fail_msg("%s: its evaluation's weights are not data", g->id);
        double w[CARTA_EVAL_WEIGHTS_MAX];
        char path[512];
        carta_error err = {0};
        snprintf(path, sizeof path, "%s/%s/%s", CARTA_DATA_DIR, g->id, CARTA_EVAL_FILE);
        assert_int_equal(access(path, R_OK), 0);
        assert_int_equal(carta_eval_weights_load(path, g->eval_weights, g->n_eval_weights, w,
                                                 &err),
                         CARTA_OK);
        for (int i = 0; i < g->n_eval_weights; i++)
            if (fabs(w[i] - g->eval_weights[i].standard) > 1e-12)
                fail_msg("%s: %s is %g in %s, %g compiled in", g->id, g->eval_weights[i].key,
                         w[i], path, g->eval_weights[i].standard);
    }
}

/* A copy of game's data directory (links to its card files) with its own weights file. */
static void data_dir_with_weights(const carta_game *g, const char *text, char *dir, size_t cap)
{
    char from[512], path[1200];
    snprintf(from, sizeof from, "%s/%s", CARTA_DATA_DIR, g->id);
    snprintf(dir, cap, "/tmp/carta-test-data-%s-%d", g->id, (int)getpid());
    mkdir(dir, 0700);
    DIR *d = opendir(from);
    assert_non_null(d);
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "ai") == 0)
            continue;
        char target[1200];
        snprintf(target, sizeof target, "%s/%s", from, e->d_name);
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        assert_int_equal(symlink(target, path), 0);
    }
    closedir(d);
    snprintf(path, sizeof path, "%s/ai", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/%s", dir, CARTA_EVAL_FILE);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void data_dir_remove(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* Opened with a file that halves the evaluation's scale, g evaluates with those weights. */
static void check_weights_read(const carta_game *g)
{
    char dir[256], text[64];
    double w[CARTA_EVAL_WEIGHTS_MAX], half[CARTA_EVAL_WEIGHTS_MAX];
    carta_error err = {0};
    int k = g->n_eval_weights - 1;
    assert_int_equal(carta_eval_weights_load(NULL, g->eval_weights, k + 1, w, &err), CARTA_OK);
    memcpy(half, w, sizeof w);
    half[k] = w[k] / 2;
    snprintf(text, sizeof text, "scale: %.17g\n", half[k]);
    data_dir_with_weights(g, text, dir, sizeof dir);
    tgame t = {g, g->open(dir, &err)};
    if (!t.r)
        fail_msg("%s: %s", g->id, err.msg);
    void *st = malloc(g->state_size);
    carta_action legal[CARTA_MAX_ACTIONS];
    tgame_setup(&t, 5, st);
    int differs = 0;
    for (int step = 0; step < 400 && g->to_act(t.r, st) != CARTA_NO_SEAT; step++) {
        double v = g->evaluate(t.r, st, 0);
        assert_true(v == g->evaluate_with(t.r, half, st, 0));
        differs |= v != g->evaluate_with(t.r, w, st, 0);
        assert_int_equal(g->apply(t.r, st, legal[g->legal_actions(t.r, st, legal) - 1], &err),
                         CARTA_OK);
    }
    if (!differs)
        fail_msg("%s: the weights file changed nothing", g->id);
    free(st);
    g->close(t.r);
    data_dir_remove(dir);
}

/* Each rule system reads its weights file at open: a bad one is refused naming the file, the
 * line and the key; a good one changes the evaluation. */
static void test_open_reads_the_weights_file(void **unused)
{
    (void)unused;
    for (int i = 0; i < carta_game_count(); i++) {
        const carta_game *g = carta_game_at(i);
        if (!g->eval_weights)
            continue;
        char dir[256], text[256];
        carta_error err = {0};
        snprintf(text, sizeof text, "scale: 2\n%s: many\n", g->eval_weights[0].key);
        data_dir_with_weights(g, text, dir, sizeof dir);
        assert_null(g->open(dir, &err));
        if (!strstr(err.msg, "ai/evaluation.yaml:2:") || !strstr(err.msg, g->eval_weights[0].key))
            fail_msg("%s: %s", g->id, err.msg);
        data_dir_remove(dir);
        data_dir_with_weights(g, "scale: 2\nnot_a_weight: 1\n", dir, sizeof dir);
        carta_error_clear(&err);
        assert_null(g->open(dir, &err));
        if (!strstr(err.msg, "ai/evaluation.yaml:2:") || !strstr(err.msg, "not_a_weight"))
            fail_msg("%s: %s", g->id, err.msg);
        data_dir_remove(dir);
        check_weights_read(g);
    }
}

/* How each evaluation squashes its weighted sum (divided by the scale) into [-1, 1]. */
static double squash(const char *game, double x)
{
    if (!strcmp(game, "arkhtide"))
        return 0.99 * tanh(x);
    if (!strcmp(game, "essence"))
        return x > 1 ? 1 : x < -1 ? -1 : x;
    if (!strcmp(game, "archmajesty"))
        return x > 0.99 ? 0.99 : x < -0.99 ? -0.99 : x;
    return x / (1 + fabs(x)) * 0.99; /* aember, leaders */
}

/* Whether evaluate scores st as its features do: not once over, and in Leaders not while a
 * decision is open (evaluate settles it first). */
static int features_apply(const tgame *t, const void *st)
{
    if (t->g->to_act(t->r, st) == CARTA_NO_SEAT)
        return 0;
    if (!strcmp(t->g->id, "leaders"))
        return carta_pending_peek(&((const leaders_state *)st)->pending) == NULL;
    return 1;
}

/* Along random games, evaluate(state, seat) = squash(sum of w[i] * feature[i] / scale): the
 * features are what carta tune fits the weights on. */
static void test_features_match_evaluate(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const tgame *t = &games[i];
        const carta_game *g = t->g;
        if (!g->eval_features)
            continue;
        void *st = malloc(g->state_size);
        carta_action legal[CARTA_MAX_ACTIONS];
        carta_rng rng;
        carta_rng_seed(&rng, 11);
        double w[CARTA_EVAL_WEIGHTS_MAX];
        carta_error err = {0};
        int k = g->n_eval_weights - 1, checked = 0;
        assert_int_equal(carta_eval_weights_load(NULL, g->eval_weights, k + 1, w, &err), CARTA_OK);
        for (int game = 0; game < 4; game++) {
            tgame_setup(t, 300 + game, st);
            for (int step = 0; step < 3000 && g->to_act(t->r, st) != CARTA_NO_SEAT; step++) {
                for (int seat = 0; seat < 2 && features_apply(t, st); seat++, checked++) {
                    double f[CARTA_EVAL_WEIGHTS_MAX], d = 0;
                    g->eval_features(t->r, st, seat, f);
                    for (int j = 0; j < k; j++)
                        d += w[j] * f[j];
                    double want = squash(g->id, d / w[k]), got = g->evaluate(t->r, st, seat);
                    if (fabs(want - got) > 1e-9)
                        fail_msg("%s game %d step %d seat %d: evaluate %.12f, features %.12f",
                                 g->id, game, step, seat, got, want);
                }
                int m = g->legal_actions(t->r, st, legal);
                assert_int_equal(g->apply(t->r, st, legal[carta_rng_below(&rng, (uint32_t)m)],
                                          &err),
                                 CARTA_OK);
            }
        }
        assert_true(checked > 100);
        free(st);
    }
    tgame_close_all(games, n);
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

/* A match between two weight sets where the one nearer a hidden target wins more often: each
 * of 40 games is won by plus with chance (1 + tanh(4 (fit(plus) - fit(minus)))) / 2, fit the
 * negated squared distance in units. SPSA on these noisy scores finds the target (docs/ai.md,
 * "Tuning by matches"). */
static double toy_fit(const double *w, const double *target, const double *unit, int k)
{
    double d = 0;
    for (int i = 0; i < k; i++)
        d += (w[i] - target[i]) * (w[i] - target[i]) / (unit[i] * unit[i]);
    return -d;
}

static void test_spsa_finds_the_better_weights(void **unused)
{
    (void)unused;
    const double start[3] = {10.0, 1.2, -0.3}, target[3] = {13.0, 0.7, -0.5};
    spsa s;
    assert_int_equal(spsa_init(&s, start, 3, 1500, 0.2, 0.1, 0.05, 7), 0);
    carta_rng games;
    carta_rng_seed(&games, 11);
    for (int round = 0; round < 1500; round++) {
        double plus[3], minus[3];
        spsa_perturb(&s, plus, minus);
        double p = (1 + tanh(4 * (toy_fit(plus, target, s.unit, 3) -
                                  toy_fit(minus, target, s.unit, 3)))) / 2;
        int wins = 0;
        for (int g = 0; g < 40; g++)
            wins += carta_rng_below(&games, 1000000) < p * 1000000;
        spsa_update(&s, (2.0 * wins - 40) / 40);
    }
    double w[3];
    spsa_weights(&s, w);
    for (int i = 0; i < 3; i++)
        assert_true(fabs(w[i] - target[i]) < 0.15 * fabs(target[i]));
    assert_int_equal(spsa_init(&s, start, 0, 10, 0.2, 0.1, 0.05, 1), -1);
    assert_int_equal(spsa_init(&s, start, 3, 10, 0, 0.1, 0.05, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weights_read),
        cmocka_unit_test(test_weights_refused),
        cmocka_unit_test(test_weights_written_whole),
        cmocka_unit_test(test_tune_refuses_an_unknown_by),
        cmocka_unit_test(test_shipped_files_are_the_defaults),
        cmocka_unit_test(test_open_reads_the_weights_file),
        cmocka_unit_test(test_features_match_evaluate),
        cmocka_unit_test(test_fit_recovers_known_weights),
        cmocka_unit_test(test_spsa_finds_the_better_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
