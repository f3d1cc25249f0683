/* test_core_event.c: the event list of a state (core/event.h): adding past the cap, hiding a
 * card from the seats that may not see it, the lines said to a seat, to "you" and to a
 * spectator, and moves told once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/event.h"
#include "core/zone.h"
#include "support/tide_fixture.h"

static carta_rules *R;
static carta_game G;

enum { W_NONE, W_AEMBER, W_DRAWS, W_HAND, W_DECK, W_PASSES, W_STUNNED, W_KEYS_FORGED };

static const char *word(const carta_rules *rules, int w)
{
    (void)rules;
    static const char *const words[] = {NULL, "Æmber", "draws", "hand", "deck", "passes",
                                        "stunned", "forged three keys"};
    return w >= 0 && w < (int)(sizeof words / sizeof words[0]) ? words[w] : NULL;
}

static int group_setup(void **unused)
{
    (void)unused;
    G = *tidefx_game(); /* High Tide's cards, with this test's own event words */
    G.event_word = word;
    R = tidefx_open();
    return 0;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G.close(R);
    return 0;
}

static int card(const char *name) { return G.card_id(R, name); }

static const char *said(const carta_events *e, int viewer)
{
    static carta_text t;
    carta_text_clear(&t);
    carta_events_text(&G, R, e, viewer, "", &t);
    return carta_text_str(&t);
}

static void test_steal_said_to_each_seat(void **unused)
{
    (void)unused;
    carta_events e = {0};
    carta_event_add(&e, CARTA_EV_STEAL, 1, 0, card("Ripple"), CARTA_SEEN_ALL, -1, W_AEMBER, 1, 2);
    assert_string_equal(said(&e, 0), "player 2 steals 1 Æmber from you with Ripple "
                                     "(you: 3 -> 2)\n");
    assert_string_equal(said(&e, 1), "you steal 1 Æmber from player 1 with Ripple "
                                     "(player 1: 3 -> 2)\n");
    assert_string_equal(said(&e, -1), "player 2 steals 1 Æmber from player 1 with Ripple "
                                      "(player 1: 3 -> 2)\n");
}

static void test_hidden_card_not_said(void **unused)
{
    (void)unused;
    carta_events e = {0};
    for (int i = 0; i < 3; i++)
        carta_event_move(&e, 0, card("Ripple"), CARTA_SEAT_BIT(0), W_DECK, W_HAND, W_DRAWS);
    carta_events seen = e, unseen = e;
    carta_events_observe(&seen, 0);
    carta_events_observe(&unseen, 1);
    assert_int_equal(carta_event_card_id(seen.ev[0].card), card("Ripple"));
    assert_int_equal(carta_event_card_id(unseen.ev[0].card), -2);
    assert_string_equal(said(&seen, 0), "you draw Ripple, Ripple, Ripple\n");
    assert_string_equal(said(&unseen, 1), "player 1 draws 3 cards\n");

    /* what seat 1 sees does not depend on the hidden card */
    carta_events other = e;
    carta_events_scramble(&other, 1, 99);
    assert_memory_not_equal(&other, &e, sizeof e);
    carta_events_observe(&other, 1);
    assert_memory_equal(&other, &unseen, sizeof e);
}

static void test_verbs_to_you(void **unused)
{
    (void)unused;
    carta_events e = {0};
    carta_event_add(&e, CARTA_EV_NOTE, 0, -1, -1, 0, -1, W_PASSES, 0, 0);
    carta_event_add(&e, CARTA_EV_STATUS, 0, -1, card("Ripple"), CARTA_SEEN_ALL, -1, W_STUNNED, 0,
                    0);
    carta_event_add(&e, CARTA_EV_FORGE, 0, -1, -1, 0, -1, W_AEMBER, 6, 1);
    carta_event_add(&e, CARTA_EV_WON, 0, -1, -1, 0, -1, W_KEYS_FORGED, 0, 0);
    assert_string_equal(said(&e, 0), "you pass\nRipple is stunned\nyou forge a key for 6 Æmber "
                                     "(1 key)\nyou win: forged three keys\n");
    assert_string_equal(said(&e, 1), "player 1 passes\nRipple is stunned\nplayer 1 forges a key "
                                     "for 6 Æmber (1 key)\nplayer 1 wins: forged three keys\n");
}

static void test_verbs_said_to_you(void **unused)
{
    (void)unused;
    static const char *const pairs[][2] = {{"loses", "lose"}, {"uses", "use"},
                                           {"passes", "pass"}, {"catches", "catch"},
                                           {"fixes", "fix"}, {"goes", "go"},
                                           {"draws", "draw"}, {"reaps with", "reap with"},
                                           {"readies", "ready"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char buf[32];
        carta_event_verb(pairs[i][0], 1, buf, sizeof buf);
        assert_string_equal(buf, pairs[i][1]);
    }
}

/* A spectator sees what every seat sees: a public card, not one only its owner sees. */
static void test_spectator_sees_public_cards(void **unused)
{
    (void)unused;
    carta_events e = {0};
    carta_event_add(&e, CARTA_EV_ACT, 0, -1, card("Ripple"), CARTA_SEEN_ALL, -1, W_PASSES, 0, 0);
    carta_event_move(&e, 0, card("Breaker"), CARTA_SEAT_BIT(0), W_DECK, W_HAND, W_DRAWS);
    carta_events_observe(&e, CARTA_NO_SEAT);
    assert_int_equal(carta_event_card_id(e.ev[0].card), card("Ripple"));
    assert_int_equal(carta_event_card_id(e.ev[1].card), -2);
}

static void test_cap_counts_dropped(void **unused)
{
    (void)unused;
    carta_events e = {0};
    for (int i = 0; i < CARTA_EVENT_MAX + 5; i++)
        carta_event_add(&e, CARTA_EV_DAMAGE, 0, -1, card("Ripple"), CARTA_SEEN_ALL, -1, 0, 1, 0);
    assert_int_equal(e.n, CARTA_EVENT_MAX);
    assert_int_equal(e.dropped, 5);
    assert_non_null(strstr(said(&e, 0), "(and 5 more events)\n"));
    carta_events_clear(&e);
    carta_events zero = {0};
    assert_memory_equal(&e, &zero, sizeof e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steal_said_to_each_seat),
        cmocka_unit_test(test_hidden_card_not_said),
        cmocka_unit_test(test_verbs_to_you),
        cmocka_unit_test(test_cap_counts_dropped),
        cmocka_unit_test(test_verbs_said_to_you),
        cmocka_unit_test(test_spectator_sees_public_cards),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
