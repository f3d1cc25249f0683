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
#include "games/registry.h"

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

/* Applies the chain's steps to state while they hold; returns how many were applied. */
static int apply_chain(const carta_game *g, const carta_rules *r, void *state, int seat,
                       const carta_chain *chain, void *scratch)
{
    int i = 0;
    for (; i < chain->n && carta_chain_step_holds(g, r, state, seat, chain, i, scratch); i++)
        assert_int_equal(g->apply(r, state, chain->action[i], NULL), CARTA_OK);
    return i;
}

/* A phrase typed at the first of several cumulative decisions applies all of them, unless a step
 * revealed what the rest named (then the steps up to it apply, and the player is asked again).
 * Whether and how a phrase parses is the same in a twin state that differs only in what the
 * typing seat cannot see (docs: a failed chain must not be a free look at a hidden card). */
static void test_chains_reach_the_same_state(void **unused)
{
    (void)unused;
    carta_rng rng;
    carta_rng_seed(&rng, 5);
    int chains = 0, whole = 0;
    for (int gi = 0; gi < carta_game_count(); gi++) {
        const carta_game *g = carta_game_at(gi);
        carta_error err = {0};
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_rules *r = g->open(dir, &err);
        assert_non_null(r);
        unsigned char *state = calloc(5, g->state_size);
        unsigned char *copy = state + g->state_size, *scratch = copy + g->state_size;
        unsigned char *twin = scratch + 2 * g->state_size;
        assert_int_equal(carta_perft_setup(g, r, 11, g->min_seats, state, &err), CARTA_OK);
        carta_action legal[CARTA_MAX_ACTIONS];
        for (int step = 0; step < STEPS && g->to_act(r, state) != CARTA_NO_SEAT; step++) {
            int seat = g->to_act(r, state);
            memcpy(copy, state, g->state_size);
            char text[256];
            int n_steps = random_chain(g, r, copy, &rng, text, sizeof text);
            carta_chain chain, twin_chain;
            carta_status got = carta_action_parse_chain(g, r, state, seat, text, scratch, &chain,
                                                        &err);
            memcpy(twin, state, g->state_size);
            g->determinize(r, twin, seat, 1000 + (uint64_t)step);
            carta_error twin_err = {0};
            carta_status twin_got =
                carta_action_parse_chain(g, r, twin, seat, text, scratch, &twin_chain, &twin_err);
            if (got != twin_got || (got == CARTA_OK && (chain.n != twin_chain.n ||
                                                        memcmp(chain.action, twin_chain.action,
                                                               sizeof *chain.action *
                                                                   (size_t)chain.n))))
                fail_msg("%s: '%s' parses differently when only what seat %d cannot see "
                         "changes", g->id, text, seat);
            if (got == CARTA_OK) {
                memcpy(twin, state, g->state_size);
                int applied = apply_chain(g, r, twin, seat, &chain, scratch);
                if (applied == chain.n && memcmp(twin, copy, g->state_size) != 0)
                    fail_msg("%s: '%s' led elsewhere", g->id, text);
                whole += applied == chain.n && n_steps > 1;
            } else if (n_steps == 1) {
                fail_msg("%s: '%s' was not understood: %s", g->id, text, err.msg);
            }
            chains += n_steps > 1;
            int n = g->legal_actions(r, state, legal);
            assert_int_equal(g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                             CARTA_OK);
        }
        free(state);
        g->close(r);
    }
    print_message("%d multi-decision phrases checked, %d applied whole\n", chains, whole);
    assert_true(whole > 0);
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
        carta_chain out;
        out.n = 7;
        carta_error_clear(&err);
        assert_int_not_equal(carta_action_parse_chain(g, r, state, g->to_act(r, state),
                                                      "fly to the moon", state + g->state_size,
                                                      &out, &err),
                             CARTA_OK);
        assert_int_equal(out.n, 0);
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
