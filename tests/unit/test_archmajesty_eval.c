/* test_archmajesty_eval.c: Archmajesty's evaluation for the AI (src/games/archmajesty/evaluate.c):
 * in [-1, 1], exact on a finished encounter, the two sides' values opposite, higher for the mages
 * as the enemies lose hit points and as the mages close in, and the state never modified. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/archmajesty/archmajesty.h"
#include "games/registry.h"

static const carta_game *G;
static carta_rules *R;

static int open_rules(void **unused)
{
    (void)unused;
    carta_error err = {0};
    G = carta_game_find("archmajesty");
    R = G ? G->open(CARTA_DATA_DIR "/archmajesty", &err) : NULL;
    return R ? 0 : -1;
}

static int close_rules(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* Cass against Bandit Ambush, at the first decision. */
static void started(am_state *st)
{
    carta_config c = {.n_seats = 2, .seed = 5};
    carta_error err = {0};
    assert_int_equal(G->deck_resolve(R, "Cass, Knight of the Red Rose", 1, &c.decks[0], &err),
                     CARTA_OK);
    assert_int_equal(G->deck_resolve(R, "Bandit Ambush", 1, &c.decks[1], &err), CARTA_OK);
    assert_int_equal(G->setup(R, st, &c, &err), CARTA_OK);
}

static void test_the_sides_values_are_opposite_and_in_range(void **unused)
{
    (void)unused;
    static am_state st, before;
    started(&st);
    memcpy(&before, &st, sizeof st);
    double mage = G->evaluate(R, &st, 0), gm = G->evaluate(R, &st, 1);
    assert_memory_equal(&before, &st, sizeof st);
    assert_true(mage >= -1 && mage <= 1);
    assert_true(mage + gm > -1e-9 && mage + gm < 1e-9);
}

static void test_enemy_damage_is_worth_more_to_the_mages(void **unused)
{
    (void)unused;
    static am_state st;
    started(&st);
    double before = G->evaluate(R, &st, 0);
    st.ch[st.n_mages].hp -= 6;
    assert_true(G->evaluate(R, &st, 0) > before);
    assert_true(G->evaluate(R, &st, 1) < -before);
}

static void test_closing_in_is_worth_more_to_the_mages(void **unused)
{
    (void)unused;
    static am_state st;
    started(&st);
    int mage = st.mage[0].ch, enemy = st.n_mages;
    st.ch[mage].cell = (uint8_t)am_cell(0, 7);
    double far = G->evaluate(R, &st, 0);
    int near = am_nearest_free(&st, st.ch[enemy].cell, 0);
    assert_true(near >= 0);
    st.ch[mage].cell = (uint8_t)near;
    assert_true(G->evaluate(R, &st, 0) > far);
}

static void test_a_finished_encounter_is_its_result(void **unused)
{
    (void)unused;
    static am_state st;
    started(&st);
    am_end(&st, AM_ALLIES, AM_W_MAGES_WIN);
    assert_true(G->evaluate(R, &st, 0) == 1.0);
    assert_true(G->evaluate(R, &st, 1) == -1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_sides_values_are_opposite_and_in_range),
        cmocka_unit_test(test_enemy_damage_is_worth_more_to_the_mages),
        cmocka_unit_test(test_closing_in_is_worth_more_to_the_mages),
        cmocka_unit_test(test_a_finished_encounter_is_its_result),
    };
    return cmocka_run_group_tests(tests, open_rules, close_rules);
}
