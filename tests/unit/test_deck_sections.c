/* test_deck_sections.c: a deck said in its named sections (core/deck_sections.h): Arkhtide's
 * Seeker, Main Deck and Realm Deck (arkhtide.txt, "Decks"), Leaders' Leader, Domain and deck
 * (leaders.txt, GAME SETUP), in `carta deck check`'s words and in a record's JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/deck_sections.h"
#include "games/registry.h"

static void said(const char *id, const char *deck_name, const char *want)
{
    const carta_game *g = carta_game_find(id);
    char dir[512], text[256];
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, id);
    carta_error err = {0};
    carta_rules *r = g->open(dir, &err);
    assert_non_null(r);
    carta_deck deck;
    assert_int_equal(g->deck_resolve(r, deck_name, 0, &deck, &err), CARTA_OK);
    carta_deck_sections_text(g, r, &deck, text, sizeof text);
    assert_string_equal(text, want);
    json_t *sections = carta_deck_sections_json(g, r, &deck);
    if (*want) {
        assert_non_null(sections);
        size_t total = 0;
        const char *key;
        json_t *list;
        json_object_foreach(sections, key, list)
            total += json_array_size(list);
        assert_int_equal(total, (size_t)deck.n_cards);
    } else {
        assert_null(sections);
    }
    json_decref(sections);
    g->close(r);
}

static void test_sections_said(void **unused)
{
    (void)unused;
    said("arkhtide", "Knives at Dusk", "Seeker 1, Main Deck 40, Realm Deck 7");
    said("leaders", "Iron Vanguard", "Leader 1, Domain 1, deck 30");
    said("aember", "random", "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_sections_said)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
