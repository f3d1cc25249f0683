/* test_essence_responses.c: the opponents' responses in Essence are declared at the same moment
 * (essence.txt, 3.3. COMBAT PHASE: "If different opponents want to play Minions at the same time,
 * Minions will be played in order of Interference Strength"; 4.2: "If multiple players want to
 * cast a spell at the same time the active player always decides who goes first"). What one seat
 * declared is hidden from every other seat until all have declared: two true states that differ
 * only in that declaration look byte-identical, in observation, view and move text, to every
 * other seat; and a seat with nothing it could do is never asked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "games/essence/essence.h"
#include "support/essence_fixture.h"
#include "games/registry.h"

#define G essfx_game
#define R essfx_rules

/* For each pair of different declarations of the first deciding seat, every other seat sees the
 * same. Returns how many response states were compared. */
static int compare_declarations(const ess_state *st)
{
    static ess_state a, b, oa, ob;
    carta_action legal[CARTA_MAX_ACTIONS];
    int mover = G->to_act(R, st), n = G->legal_actions(R, st, legal);
    for (int i = 0; i < n; i++)
        for (int k = i + 1; k < n; k++) {
            memcpy(&a, st, sizeof a);
            memcpy(&b, st, sizeof b);
            assert_int_equal(G->apply(R, &a, legal[i], NULL), CARTA_OK);
            assert_int_equal(G->apply(R, &b, legal[k], NULL), CARTA_OK);
            if (!ess_deciding(R, &a)) /* the last declaration: everything is revealed */
                return 0;
            for (int v = 0; v < st->n_seats; v++) {
                if (v == mover)
                    continue;
                char ta[256], tb[256];
                G->describe_move(R, st, legal[i], v, ta, sizeof ta);
                G->describe_move(R, st, legal[k], v, tb, sizeof tb);
                assert_string_equal(ta, tb);
                G->observe(R, &a, v, &oa);
                G->observe(R, &b, v, &ob);
                assert_memory_equal(&oa, &ob, sizeof oa);
                char *ja = essfx_view_json(&oa, v), *jb = essfx_view_json(&ob, v);
                assert_string_equal(ja, jb);
                free(ja);
                free(jb);
            }
        }
    return 1;
}

static void test_a_declaration_is_hidden_until_all_have_declared(void **unused)
{
    (void)unused;
    static ess_state st;
    carta_action legal[CARTA_MAX_ACTIONS];
    int compared = 0;
    for (uint64_t seed = 1; seed <= 40 && compared < 30; seed++) {
        essfx_setup(&st, 3 + (int)(seed % 2), seed);
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        for (int step = 0; step < 3000 && G->to_act(R, &st) != CARTA_NO_SEAT; step++) {
            unsigned deciding = ess_deciding(R, &st);
            if (__builtin_popcount(deciding) >= 2)
                compared += compare_declarations(&st);
            int n = G->legal_actions(R, &st, legal);
            assert_true(n > 0);
            G->apply(R, &st, legal[carta_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    assert_true(compared >= 10);
}

/* A seat asked in a response always has something besides passing (3.3 "Combat ends when no
 * player can or wants to continue": a seat that cannot is not asked). */
static void test_no_seat_is_asked_only_to_pass(void **unused)
{
    (void)unused;
    static ess_state st;
    carta_action legal[CARTA_MAX_ACTIONS];
    int responses = 0;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        essfx_setup(&st, 2 + (int)(seed % 3), seed);
        carta_rng rng;
        carta_rng_seed(&rng, seed * 7);
        for (int step = 0; step < 3000 && G->to_act(R, &st) != CARTA_NO_SEAT; step++) {
            int n = G->legal_actions(R, &st, legal);
            if (ess_deciding(R, &st) || (st.phase == ESS_PHASE_ARCANE && !st.pending.n &&
                                          !st.responding)) {
                assert_true(n >= 2);
                responses += ess_deciding(R, &st) != 0;
            }
            G->apply(R, &st, legal[carta_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    assert_true(responses > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_declaration_is_hidden_until_all_have_declared),
        cmocka_unit_test(test_no_seat_is_asked_only_to_pass),
    };
    return cmocka_run_group_tests(tests, essfx_open, essfx_close);
}
