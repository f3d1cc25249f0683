/* test_archmajesty_large.c: Large characters (src/games/archmajesty/large.c; rulebook
 * ../shared/rulebooks/archmajesty.txt, CARD TERMINOLOGY, SUMMON: "squares if it has the Large
 * keyword"; docs/rulings/archmajesty.md R121-R126): a Large character holds its 2x2 block for
 * every occupancy question, distance is to its nearest square, the state's check refuses a
 * block off the map, on a wall or over another character, and the terminal's map draws it on
 * all four squares. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/text.h"
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

/* Cass against Bandit Ambush (walls C2, D2, C3, D3, I4, I5, E7, F7), at the first decision, its
 * first enemy made a Rimeback Troll (Large) at C5: it holds C5, D5, C6 and D6. Returns its slot. */
static int started_with_troll(am_state *st)
{
    carta_config c = {.n_seats = 2, .seed = 5};
    carta_error err = {0};
    assert_int_equal(G->deck_resolve(R, "Cass, Knight of the Red Rose", 1, &c.decks[0], &err),
                     CARTA_OK);
    assert_int_equal(G->deck_resolve(R, "Bandit Ambush", 1, &c.decks[1], &err), CARTA_OK);
    assert_int_equal(G->setup(R, st, &c, &err), CARTA_OK);
    int troll = st->n_mages, id = carta_catalog_find(R->catalog, "Rimeback Troll");
    assert_true(id >= 0 && am_enemy_of(R, id)->large);
    st->ch[troll].def = (uint16_t)id;
    st->ch[troll].large = 1;
    st->ch[troll].cell = (uint8_t)am_cell_parse("C5");
    st->ch[st->mage[0].ch].cell = (uint8_t)am_cell_parse("A1");
    assert_int_equal(G->check(R, st, &err), CARTA_OK);
    return troll;
}

static void test_the_block_is_occupied_on_all_four_squares(void **unused)
{
    (void)unused;
    static am_state st;
    int troll = started_with_troll(&st);
    static const char *const held[] = {"C5", "D5", "C6", "D6"};
    for (int k = 0; k < 4; k++)
        assert_int_equal(am_char_at(&st, am_cell_parse(held[k]), 0), troll);
    assert_int_equal(am_char_at(&st, am_cell_parse("E5"), 0), -1);
    assert_int_equal(am_char_at(&st, am_cell_parse("C4"), 0), -1);
    assert_false(am_fits(&st, troll, am_cell_parse("C2"), 0, -1)); /* C2 and D2 are walls */
    assert_false(am_fits(&st, troll, am_cell_parse("J5"), 0, -1)); /* K5 is off the map */
    assert_true(am_fits(&st, troll, am_cell_parse("D5"), 0, -1));  /* its own squares */
}

static void test_distance_is_to_the_nearest_square(void **unused)
{
    (void)unused;
    static am_state st;
    int troll = started_with_troll(&st), mage = st.mage[0].ch;
    assert_int_equal(am_dist_to(&st, troll, am_cell_parse("E4")), 1); /* D5 */
    assert_int_equal(am_dist_to(&st, troll, am_cell_parse("A5")), 2); /* C5 */
    assert_int_equal(am_dist_to(&st, troll, am_cell_parse("D6")), 0);
    st.ch[mage].cell = (uint8_t)am_cell_parse("F8");
    assert_int_equal(am_char_dist(&st, troll, mage), 2); /* D6 to F8 */
    assert_int_equal(am_block_dist(am_cell_parse("A1"), 1, am_cell_parse("C3"), 1), 1);
    assert_true(am_area_holds_char(&st, am_cell_parse("D6"), 0x22, troll));  /* D6 inside */
    assert_false(am_area_holds_char(&st, am_cell_parse("E6"), 0x22, troll)); /* none inside */
}

static void test_check_refuses_a_block_off_the_map_on_a_wall_or_over_another(void **unused)
{
    (void)unused;
    static am_state st;
    carta_error err = {0};
    int troll = started_with_troll(&st), other = troll + 1;
    st.ch[other].cell = (uint8_t)am_cell_parse("D6");
    assert_int_not_equal(G->check(R, &st, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, "share"));
    started_with_troll(&st);
    st.ch[troll].cell = (uint8_t)am_cell_parse("J5");
    assert_int_not_equal(G->check(R, &st, &err), CARTA_OK);
    st.ch[troll].cell = (uint8_t)am_cell_parse("B1"); /* C2 is a wall */
    assert_int_not_equal(G->check(R, &st, &err), CARTA_OK);
    st.ch[troll].cell = (uint8_t)am_cell_parse("C5");
    st.ch[troll].large = 0; /* its sheet says Large */
    carta_error_clear(&err);
    assert_int_not_equal(G->check(R, &st, &err), CARTA_OK);
    if (!strstr(err.msg, "its sheet says"))
        fail_msg("%s", err.msg);
}

/* The map's row of `row` (1-based) in the rendered text, its squares every 3 characters after a
 * 4-character label: the ground mark of column col (0-based). */
static char map_mark(const char *text, int row, int col)
{
    char label[8];
    snprintf(label, sizeof label, "\n%3d ", row);
    const char *line = strstr(text, label);
    assert_non_null(line);
    return line[1 + 4 + 3 * col];
}

static void test_the_terminal_map_draws_it_on_four_squares(void **unused)
{
    (void)unused;
    static am_state st;
    started_with_troll(&st);
    carta_text text = {0};
    G->render(R, &st, 0, &text);
    const char *s = carta_text_str(&text);
    assert_int_equal(map_mark(s, 5, 2), 'a');
    assert_int_equal(map_mark(s, 5, 3), 'a');
    assert_int_equal(map_mark(s, 6, 2), 'a');
    assert_int_equal(map_mark(s, 6, 3), 'a');
    assert_int_equal(map_mark(s, 5, 4), '.');
    assert_non_null(strstr(s, "Large (to D6)"));
    carta_text_free(&text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_block_is_occupied_on_all_four_squares),
        cmocka_unit_test(test_distance_is_to_the_nearest_square),
        cmocka_unit_test(test_check_refuses_a_block_off_the_map_on_a_wall_or_over_another),
        cmocka_unit_test(test_the_terminal_map_draws_it_on_four_squares),
    };
    return cmocka_run_group_tests(tests, open_rules, close_rules);
}
