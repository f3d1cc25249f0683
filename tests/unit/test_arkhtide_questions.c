/* test_arkhtide_questions.c: the question an Arkhtide decision asks in words (the view's
 * "question", question.c): what is asked, for which card or effect, about what; and the players
 * named as the other games name them ("player 1"). Rulebook: ../shared/rulebooks/arkhtide.txt.
 * Positions: tests/unit/support/arkhtide_fixture.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games/arkhtide/arkhtide.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"

static const carta_game *G = &carta_game_arkhtide;
static carta_rules *R;     /* the test cards */
static carta_rules *RDATA; /* the real card set (unused here; the fixture opens both) */

static int group_setup(void **unused) { (void)unused; return arkfx_open(&R, &RDATA); }
static int group_teardown(void **unused) { (void)unused; arkfx_close(R, RDATA); return 0; }

static void act(ark_state *st, const char *text) { tact_apply(G, R, st, text); }

static void hand(ark_state *st, int seat, const char *name)
{
    carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].hand), tact_card(G, R, name), 0);
}

/* The question seat reads in its observation. */
static const char *asked(const ark_state *st, int seat)
{
    static ark_state obs;
    static char q[384];
    G->observe(R, st, seat, &obs);
    ark_question(R, &obs, q, sizeof q);
    return q;
}

/* arkhtide.txt, "Feat": a Feat's effect picks its target when it resolves; the question names
 * the Feat, what it does and whom it may choose. */
static void test_target_question_names_effect(void **unused)
{
    (void)unused;
    ark_state st;
    arkfx_blank(R, &st);
    arkfx_put(R, &st, 1, "Test Grunt", 1);
    hand(&st, 0, "Test Bolt");
    act(&st, "feat Test Bolt by Test Seeker");
    assert_string_equal(asked(&st, 0),
                        "Test Bolt: deal 3 Damage to which enemy Unit or Seeker (Close or "
                        "Nearby)?");
}

/* arkhtide.txt, "Amplify Damage": "It is always the active player who has to decide first,
 * whether to amplify the Damage or not"; "Shielding". */
static void test_damage_questions_name_instance(void **unused)
{
    (void)unused;
    ark_state st;
    arkfx_blank(R, &st);
    arkfx_put(R, &st, 0, "Test Brute", 1);
    arkfx_put(R, &st, 1, "Test Grunt", 1);
    hand(&st, 0, "Test Shield");
    hand(&st, 1, "Test Shield");
    act(&st, "strike Test Brute -> Test Grunt melee");
    assert_string_equal(asked(&st, 0), "4 Damage to Test Grunt from Test Brute: Amplify it "
                                       "(discard a card from your hand: +1 Damage, once per "
                                       "instance), or pass?");
    act(&st, "no");
    act(&st, "no");
    assert_string_equal(asked(&st, 1), "4 Damage to Test Grunt from Test Brute (Block 0 so far): "
                                       "Shield it with a Feat or Binding from your hand (pay "
                                       "its Arkh\xc3\xa9 cost, add its Block), or let the Damage "
                                       "through?");
}

/* The board and the current step name players "player 1", as Æmber and Leaders do. */
static void test_players_named_in_words(void **unused)
{
    (void)unused;
    ark_state st;
    char line[160];
    arkfx_blank(R, &st);
    G->describe_state(R, &st, line, sizeof line);
    assert_string_equal(line, "round 1, combat phase, player 1 to act");
    carta_text board = {0};
    G->render(R, &st, 0, &board);
    assert_non_null(strstr(carta_text_str(&board), "player 2 Blue Seeker: Willpower 13"));
    assert_non_null(strstr(carta_text_str(&board), "Realm Low Realm of player 2"));
    assert_non_null(strstr(carta_text_str(&board), "Blue Seeker (Seeker, player 2): soul 1"));
    assert_null(strstr(carta_text_str(&board), "P1"));
    carta_text_free(&board);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_target_question_names_effect),
        cmocka_unit_test(test_damage_questions_name_instance),
        cmocka_unit_test(test_players_named_in_words),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
