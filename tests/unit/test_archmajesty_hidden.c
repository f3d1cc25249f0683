/* test_archmajesty_hidden.c: what an Opportunity question tells (archmajesty.txt, CARD
 * TERMINOLOGY, OPPORTUNITY; docs/rulings/archmajesty.md R152: a mage whose deck as built holds an
 * "Opportunity:" card is asked at every opportunity). The hand is public (The Hand: "always
 * visible to everyone else ... including the Gamemaster"); the order of the deck is seen by no
 * one, its owner included (The Deck). Two true states that differ only in where the Omen lies in
 * the deck look byte-identical to every seat before and after the attack that provides the
 * opportunity, and after the answer: observation, view with the events, the seat to act and its
 * legal actions. The same states with the Omen in hand instead differ to the Gamemaster. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>
#include <libfyaml.h>

#include "core/game_yaml.h"
#include "core/view.h"
#include "games/archmajesty/archmajesty.h"
#include "games/registry.h"

static const carta_game *G;
static const carta_game_yaml *Y;
static carta_rules *R;

static int open_rules(void **unused)
{
    (void)unused;
    carta_error err = {0};
    G = carta_game_find("archmajesty");
    Y = carta_game_yaml_find("archmajesty");
    R = G && Y ? G->open(CARTA_DATA_DIR "/archmajesty", &err) : NULL;
    return R ? 0 : -1;
}

static int close_rules(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* Cass beside a Bandit Captain who throws a knife at her; hand and deck as given. */
static void position(am_state *st, const char *hand, const char *deck)
{
    char text[1024];
    snprintf(text, sizeof text,
             "encounter: Bandit Ambush\n"
             "dice: [2]\n"
             "mages: [{mage: \"Cass, Knight of the Red Rose\", at: A1, hand: [%s], deck: [%s],\n"
             "         equipment: []}]\n"
             "enemies: [{name: Bandit Captain, at: D1}, {name: Bandit Cutthroat, at: J8}]\n"
             "active: 1\n",
             hand, deck);
    struct fy_document *doc = fy_document_build_from_string(NULL, text, FY_NT);
    assert_non_null(doc);
    carta_error err = {0};
    memset(st, 0, sizeof *st);
    if (Y->scenario_position(R, st, fy_document_root(doc), "twin", &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    fy_document_destroy(doc);
}

static void play(am_state *st, const char *typed)
{
    carta_action a;
    carta_error err = {0};
    if (carta_action_parse(G, R, st, typed, &a, &err) != CARTA_OK ||
        G->apply(R, st, a, &err) != CARTA_OK)
        fail_msg("'%s': %s", typed, err.msg);
}

/* Whether seat sees a and b alike: observation, view with events, seat to act, legal actions. */
static int seen_alike(const am_state *a, const am_state *b, int seat)
{
    static am_state oa, ob;
    static carta_action la[CARTA_MAX_ACTIONS], lb[CARTA_MAX_ACTIONS];
    G->observe(R, a, seat, &oa);
    G->observe(R, b, seat, &ob);
    carta_view *va = carta_view_observation(G, R, &oa, seat);
    carta_view *vb = carta_view_observation(G, R, &ob, seat);
    json_t *ja = carta_view_json(va), *jb = carta_view_json(vb);
    int alike = memcmp(&oa, &ob, sizeof oa) == 0 && ja && jb && json_equal(ja, jb) &&
                G->to_act(R, a) == G->to_act(R, b);
    carta_view_free(va);
    carta_view_free(vb);
    if (alike && G->to_act(R, a) == seat) {
        int n = G->legal_actions(R, a, la);
        alike = n == G->legal_actions(R, b, lb) && memcmp(la, lb, (size_t)n * sizeof *la) == 0;
    }
    return alike;
}

static void test_the_question_says_nothing_of_the_deck(void **unused)
{
    (void)unused;
    static am_state top, bottom, in_hand;
    position(&top, "Kindle", "Omen of Ruin, Kindle, Kindle");
    position(&bottom, "Kindle", "Kindle, Kindle, Omen of Ruin");
    position(&in_hand, "Omen of Ruin", "Kindle, Kindle, Kindle");
    /* one deck as built (a position lists it hand first): the twins differ in the deck alone */
    bottom.mage[0].list = in_hand.mage[0].list = top.mage[0].list;
    int gm = am_gm_seat(&top);
    assert_false(seen_alike(&top, &in_hand, gm)); /* a hand is public */
    static const char *const steps[] = {"attack with Thrown Knife", "target mage 1 at A1",
                                        "let the opportunity pass"};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        for (int seat = 0; seat <= gm; seat++)
            if (!seen_alike(&top, &bottom, seat))
                fail_msg("before '%s' seat %d can tell where the Omen lies in the deck",
                         steps[i], seat);
        if (i == 2) { /* the question is asked with the Omen in the deck: pass is all it offers */
            carta_action legal[CARTA_MAX_ACTIONS];
            assert_int_equal(G->to_act(R, &top), 0);
            assert_int_equal(G->legal_actions(R, &top, legal), 1);
        }
        play(&top, steps[i]);
        play(&bottom, steps[i]);
    }
    for (int seat = 0; seat <= gm; seat++)
        assert_true(seen_alike(&top, &bottom, seat));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_question_says_nothing_of_the_deck),
    };
    return cmocka_run_group_tests(tests, open_rules, close_rules);
}
