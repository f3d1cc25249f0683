/* test_core_view.c: the structured-view writer (core/view.h): the tree it builds, path lookup,
 * misuse marking the view broken, the text sink, and the difference of two views as lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/view.h"
#include "support/tide_fixture.h"

static const carta_game *G;
static carta_rules *R;

static int group_setup(void **unused)
{
    (void)unused;
    G = tidefx_game();
    R = tidefx_open();
    return 0;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

static int card(const char *name) { return G->card_id(R, name); }

/* A small view: a seat with a counter and a zone holding a known and a hidden card. */
static carta_view *small_view(int aember, int hidden_cards)
{
    carta_view *v = carta_view_new(G, R);
    uint16_t cards[4] = {(uint16_t)card("Ripple"), 0xFFFF, 0xFFFF, 0xFFFF};
    carta_view_str(v, "game", "template");
    carta_view_list(v, "seats");
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", 0);
    carta_view_map(v, "counters");
    carta_view_int(v, "aember", aember);
    carta_view_end(v);
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", cards, 1 + hidden_cards, 0xFFFF);
    carta_view_end(v);
    carta_view_end(v);
    carta_view_end(v);
    return v;
}

static void test_writer_builds_the_tree(void **unused)
{
    (void)unused;
    carta_view *v = small_view(3, 1);
    json_t *root = carta_view_json(v);
    assert_non_null(root);
    assert_int_equal(json_integer_value(carta_view_get(root, "seats.0.counters.aember")), 3);
    assert_int_equal(json_integer_value(carta_view_get(root, "seats.0.zones.hand.count")), 2);
    assert_string_equal(json_string_value(carta_view_get(root, "seats.0.zones.hand.cards.0.card")),
                        "Ripple");
    assert_int_equal(json_integer_value(carta_view_get(root, "seats.0.zones.hand.cards.0.id")),
                     card("Ripple"));
    assert_true(json_is_null(carta_view_get(root, "seats.0.zones.hand.cards.1.card")));
    assert_null(carta_view_get(root, "seats.1"));
    assert_null(carta_view_get(root, "seats.x"));
    assert_null(carta_view_get(root, "game.more"));
    carta_text t = {0};
    carta_view_text(root, &t);
    assert_non_null(strstr(carta_text_str(&t), "cards: Ripple, ?"));
    carta_text_free(&t);
    carta_view_free(v);
}

static void test_misuse_breaks_the_view(void **unused)
{
    (void)unused;
    carta_view *v = carta_view_new(G, R);
    carta_view_int(v, NULL, 1); /* a value with no key in a map */
    assert_null(carta_view_json(v));
    carta_view_free(v);
    v = carta_view_new(G, R);
    carta_view_list(v, "open"); /* never closed */
    assert_null(carta_view_json(v));
    carta_view_end(v);
    assert_non_null(carta_view_json(v));
    carta_view_end(v); /* closing the root */
    assert_null(carta_view_json(v));
    carta_view_free(v);
}

/* The difference names what changed: a counter, and a hidden card drawn (only as a count). */
static void test_diff_says_what_changed(void **unused)
{
    (void)unused;
    carta_view *a = small_view(3, 1), *b = small_view(1, 2);
    carta_text t = {0};
    carta_view_diff(carta_view_json(a), carta_view_json(b), &t);
    const char *s = carta_text_str(&t);
    assert_non_null(strstr(s, "player 1 aember: 3 -> 1"));
    assert_non_null(strstr(s, "player 1 hand: 2 -> 3 cards"));
    assert_null(strstr(s, "Ripple")); /* unchanged */
    carta_text_clear(&t);
    carta_view_diff(carta_view_json(a), carta_view_json(a), &t);
    assert_string_equal(carta_text_str(&t), "");
    carta_text_free(&t);
    carta_view_free(a);
    carta_view_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_writer_builds_the_tree),
        cmocka_unit_test(test_misuse_breaks_the_view),
        cmocka_unit_test(test_diff_says_what_changed),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
