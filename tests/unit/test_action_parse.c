/* test_action_parse.c: typed actions (core/game.h): one action by number, text or prefix, and
 * several successive decisions typed as one phrase (carta_action_parse_chain), on every
 * registered rule system. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "core/rng.h"

enum { CHAIN = 4, STEPS = 300 };

/* The text of every action of a chain of decisions by one seat, built by picking random legal
 * actions while that seat stays to act and each text extends the previous one word-wise. */
static int random_chain(const carta_game *g, const carta_rules *r, void *copy, carta_rng *rng,
                        char *text, size_t cap)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int seat = g->to_act(r, copy), n_steps = 0;
    char prev[256] = "";
    while (n_steps < CHAIN && g->to_act(r, copy) == seat) {
        int n = g->legal_actions(r, copy, legal);
        carta_action a = legal[carta_rng_below(rng, (uint32_t)n)];
        char t[256];
        g->describe_action(r, copy, a, t, sizeof t);
        size_t plen = strlen(prev);
        if (n_steps > 0 && (strncmp(t, prev, plen) != 0 || t[plen] != ' '))
            break;
        assert_int_equal(g->apply(r, copy, a, NULL), CARTA_OK);
        snprintf(prev, sizeof prev, "%s", t);
        n_steps++;
    }
    snprintf(text, cap, "%s", prev);
    return n_steps;
}

/* A phrase typed at the first of several cumulative decisions applies all of them. */
static void test_chains_reach_the_same_state(void **unused)
{
    (void)unused;
    carta_rng rng;
    carta_rng_seed(&rng, 5);
    int chains = 0;
    for (int gi = 0; gi < carta_game_count(); gi++) {
        const carta_game *g = carta_game_at(gi);
        carta_error err = {0};
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_rules *r = g->open(dir, &err);
        assert_non_null(r);
        unsigned char *state = calloc(4, g->state_size);
        unsigned char *copy = state + g->state_size, *scratch = copy + g->state_size;
        assert_int_equal(carta_perft_setup(g, r, 11, g->min_seats, state, &err), CARTA_OK);
        carta_action legal[CARTA_MAX_ACTIONS], parsed[CHAIN];
        for (int step = 0; step < STEPS && g->to_act(r, state) != CARTA_NO_SEAT; step++) {
            int seat = g->to_act(r, state);
            memcpy(copy, state, g->state_size);
            char text[256];
            int n_steps = random_chain(g, r, copy, &rng, text, sizeof text);
            int n_parsed = 0;
            if (carta_action_parse_chain(g, r, state, seat, text, scratch, parsed, CHAIN,
                                         &n_parsed, &err) != CARTA_OK)
                fail_msg("%s: '%s' was not understood: %s", g->id, text, err.msg);
            memcpy(scratch, state, g->state_size);
            for (int i = 0; i < n_parsed; i++)
                assert_int_equal(g->apply(r, scratch, parsed[i], NULL), CARTA_OK);
            if (memcmp(scratch, copy, g->state_size) != 0)
                fail_msg("%s: '%s' led elsewhere", g->id, text);
            chains += n_steps > 1;
            int n = g->legal_actions(r, state, legal);
            assert_int_equal(g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                             CARTA_OK);
        }
        free(state);
        g->close(r);
    }
    print_message("%d multi-decision phrases checked\n", chains);
}

/* Nonsense is refused, and nothing is parsed. */
static void test_nonsense_is_refused(void **unused)
{
    (void)unused;
    for (int gi = 0; gi < carta_game_count(); gi++) {
        const carta_game *g = carta_game_at(gi);
        carta_error err = {0};
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_rules *r = g->open(dir, &err);
        unsigned char *state = calloc(3, g->state_size);
        assert_int_equal(carta_perft_setup(g, r, 3, g->min_seats, state, &err), CARTA_OK);
        carta_action out[CHAIN];
        int n = 7;
        carta_error_clear(&err);
        assert_int_not_equal(carta_action_parse_chain(g, r, state, g->to_act(r, state),
                                                      "fly to the moon", state + g->state_size,
                                                      out, CHAIN, &n, &err),
                             CARTA_OK);
        assert_int_equal(n, 0);
        assert_non_null(strstr(err.msg, "fly to the moon"));
        free(state);
        g->close(r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chains_reach_the_same_state),
        cmocka_unit_test(test_nonsense_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
