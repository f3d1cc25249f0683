/* test_arkhtide_simultaneous.c: the Realm Phase's picks are made at the same moment
 * (arkhtide.txt, "Realm Phase": "Resolve the following steps simultaneously ... Each Player: Looks
 * at the top 3 cards of their Realm Deck, Chooses 1 Realm card, Places it face down"). Every
 * Seeker is asked at once (core/simultaneous.h), each its own three cards, and the picks are
 * applied in seat order, so the record is one sequence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "core/simultaneous.h"
#include "games/arkhtide/arkhtide.h"
#include "games/registry.h"

static const carta_game *G;
static carta_rules *R;

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err = {0};
    G = carta_game_find("arkhtide");
    R = G->open(CARTA_DATA_DIR "/arkhtide", &err);
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* A 3-player game played at random until its first Realm Phase. */
static void to_realm_phase(ark_state *st)
{
    carta_config c = {.n_seats = 3, .seed = 11};
    carta_error err = {0};
    snprintf(c.mode, sizeof c.mode, "desperate");
    for (int s = 0; s < 3; s++)
        assert_int_equal(G->deck_resolve(R, "random", 100 + (uint64_t)s, &c.decks[s], &err), 0);
    assert_int_equal(G->setup(R, st, &c, &err), CARTA_OK);
    carta_rng rng;
    carta_rng_seed(&rng, 5);
    carta_action legal[CARTA_MAX_ACTIONS];
    while (st->phase != ARK_PHASE_REALM) {
        int n = G->legal_actions(R, st, legal);
        assert_true(n > 0);
        G->apply(R, st, legal[carta_rng_below(&rng, (uint32_t)n)], &err);
    }
}

static void test_every_seeker_picks_at_once(void **unused)
{
    (void)unused;
    ark_state *st = malloc(sizeof *st), *scratch = malloc(sizeof *st);
    to_realm_phase(st);
    assert_int_equal(carta_deciding(G, R, st), 7u);
    carta_action mine[3][4], out[CARTA_MAX_ACTIONS];
    int n_mine[3] = {0};
    for (int s = 2; s >= 0; s--) { /* asked in any order: the last seat first */
        int n;
        while ((n = carta_simultaneous_legal(G, R, st, s, mine[s], n_mine[s], scratch, out)) > 0)
            mine[s][n_mine[s]++] = out[n - 1];
        assert_int_equal(n, 0);
        assert_int_equal(n_mine[s], 3); /* a pick, then where the two others go */
    }
    const carta_action *picks[CARTA_MAX_SEATS] = {mine[0], mine[1], mine[2]};
    int counts[CARTA_MAX_SEATS] = {n_mine[0], n_mine[1], n_mine[2]};
    carta_error err = {0};
    assert_int_equal(carta_simultaneous_apply(G, R, st, picks, counts, scratch, &err), 9);
    assert_int_not_equal(st->phase, ARK_PHASE_REALM); /* all revealed */
    assert_int_equal(carta_simultaneous_check(G, R, st, scratch, &err), CARTA_OK);
    free(st);
    free(scratch);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_seeker_picks_at_once),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
